import Foundation
import Testing
import ChecklistsConfig
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A config file names commands to run, so one that another user could
/// have changed is refused, on real files and folders. The tests run as
/// root: "another user" is nobody (65534), and root's own files are ours.
@Suite("config.toml only when only its owner can change it")
struct ConfigTrustTests {
    static let commands = "[sync]\npassword_command = [\"pass\", \"show\", \"dav\"]\n"
    static let consequence = "and it can name commands to run"

    /// A private folder under the temp folder (itself sticky, so it passes),
    /// one per test: whatever umask the tests run under, only the folders a
    /// test makes open to others are.
    let folder = TemporaryFolder()

    init() {
        chmod(folder.path, 0o700)
    }

    /// A folder `name` made in the test's folder, with `mode` whatever the umask.
    func subfolder(_ name: String, mode: mode_t = 0o700) throws -> String {
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        chmod(path, mode)
        return path
    }

    func write(_ path: String, mode: mode_t = 0o600) throws {
        try Self.commands.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
    }

    func refusal(_ path: String) -> String? {
        do {
            _ = try Config.load(ConfigLocation(path: path, origin: "--config"))
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a file only its owner can write, in folders only their owners can write, is read")
    func ownFile() throws {
        defer { folder.remove() }
        try write(folder.file("config.toml"), mode: 0o644)
        try expectEqual(Config.load(ConfigLocation(path: folder.file("config.toml"), origin: "--config")).sync.passwordCommand, ["pass", "show", "dav"])
    }

    @Test("a world-writable file is refused, naming it and the chmod that fixes it")
    func worldWritableFile() throws {
        defer { folder.remove() }
        let path = folder.file("config.toml")
        try write(path, mode: 0o666)
        expectEqual(refusal(path), "\(path): other users can change it (group/world-writable), \(Self.consequence); run chmod go-w \(path)")
        // At the default place too: only a missing default file means the defaults.
        #expect(throws: ConfigError.self) { try Config.load(ConfigLocation(path: path, origin: "the default")) }
        chmod(path, 0o620)
        expectEqual(refusal(path), "\(path): other users can change it (group/world-writable), \(Self.consequence); run chmod go-w \(path)")
    }

    @Test("a file in a group-writable folder is refused, naming the folder")
    func groupWritableFolder() throws {
        defer { folder.remove() }
        let shared = try subfolder("shared", mode: 0o775)
        try write(shared + "/config.toml")
        expectEqual(refusal(shared + "/config.toml"), "\(shared)/config.toml: other users can change its folder \(shared) (group/world-writable), \(Self.consequence); run chmod go-w \(shared)")
    }

    @Test("a world-writable folder with the sticky bit (as /tmp) is fine: others cannot replace what is ours in it")
    func stickyFolder() throws {
        defer { folder.remove() }
        let sticky = try subfolder("sticky", mode: 0o1777)
        try FileManager.default.createDirectory(atPath: sticky + "/own", withIntermediateDirectories: false)
        chmod(sticky + "/own", 0o700)
        try write(sticky + "/own/config.toml")
        try write(sticky + "/config.toml")
        #expect(refusal(sticky + "/own/config.toml") == nil)
        #expect(refusal(sticky + "/config.toml") == nil)
        // Without the sticky bit the same folder is refused.
        chmod(sticky, 0o777)
        expectEqual(refusal(sticky + "/own/config.toml")?.contains("other users can change its folder \(sticky) "), true)
    }

    @Test("a file or folder another user owns is refused; root's are ours")
    func anotherOwner() throws {
        defer { folder.remove() }
        let path = folder.file("config.toml")
        try write(path)
        try #require(chown(path, 65534, 65534) == 0, "the tests need to run as root to give a file away")
        expectEqual(refusal(path), "\(path): another user (uid 65534) owns it, \(Self.consequence); run chown root \(path)")
        try #require(chown(path, 0, 0) == 0)
        #expect(refusal(path) == nil)
        let theirs = try subfolder("theirs")
        try write(theirs + "/config.toml")
        try #require(chown(theirs, 65534, 65534) == 0)
        expectEqual(refusal(theirs + "/config.toml"), "\(theirs)/config.toml: its folder \(theirs) belongs to another user (uid 65534), \(Self.consequence); move it to a folder of yours")
    }

    @Test("a link is judged by the file it leads to, and named as the user wrote it")
    func link() throws {
        defer { folder.remove() }
        let target = folder.file("real.toml")
        let link = folder.file("config.toml")
        try write(target, mode: 0o666)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        expectEqual(refusal(link), "\(link): other users can change it (group/world-writable), \(Self.consequence); run chmod go-w \(link)")
        chmod(target, 0o600)
        #expect(refusal(link) == nil)
        // A link from a folder of ours to a file in a group-writable one names the real folder.
        let shared = try subfolder("shared", mode: 0o770)
        try write(shared + "/real.toml")
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shared + "/real.toml")
        expectEqual(refusal(link)?.hasSuffix("run chmod go-w \(shared)"), true, "\(refusal(link) ?? "accepted")")
    }

    @Test("a folder, a FIFO or a file of more than 1 MiB is refused at once, not read")
    func notASettingsFile() throws {
        defer { folder.remove() }
        expectEqual(refusal(try subfolder("settings")), "\(folder.file("settings")): a folder; name a settings file (or /dev/null for none)")
        // Opened for reading, a FIFO with no writer would block forever.
        let fifo = folder.file("fifo")
        expectEqual(mkfifo(fifo, 0o600), 0)
        expectEqual(refusal(fifo), "\(fifo): not a regular file; name a settings file (or /dev/null for none)")
        let large = folder.file("disk.img")
        try write(large)
        expectEqual(truncate(large, 1 << 20), 0)
        #expect(refusal(large)?.contains("bytes, more than") != true, "1 MiB is still read: \(refusal(large) ?? "accepted")")
        expectEqual(truncate(large, (1 << 20) + 1), 0)
        expectEqual(refusal(large), "\(large): 1048577 bytes, more than a settings file's 1048576; name the settings file")
    }

    @Test("--config /dev/null still means no settings, though everyone may write it")
    func devNull() throws {
        try expectEqual(Config.load(ConfigLocation(path: "/dev/null", origin: "--config")), .defaults)
    }
}
