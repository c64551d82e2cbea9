import Foundation
import Synchronization
import ChecklistsModel
import ChecklistsUI
// Starting processes and the tmux driver live with the tools, which use them
// too; every test that imports TestSupport sees them as before.
@_exported import ChecklistsToolSupport

/// A fresh folder under the system temp directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "checklists-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Fixed times, so tests never read the clock.
public enum Fixed {
    /// Saturday 21 November 2026, 10:30:00 UTC.
    public static let now = Date(timeIntervalSince1970: 1_795_257_000)

    public static func date(_ text: String, timeZone: String = "UTC") -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    /// An instant written with an explicit UTC offset, e.g. "2026-11-20T10:00:30+01:00".
    public static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { fatalError("bad fixture \(text)") }
        return date
    }

    /// A date as `date(_:)` reads it and a user types it: "2026-11-22 09:00" in `timeZone`.
    public static func text(_ date: Date, timeZone: String = "UTC") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// English (US) in UTC: the locale screen tests are written in. A new one
    /// each time: DueDateStyle caches formatters and strings for the app's one
    /// render thread, and tests run in parallel.
    public static var style: DueDateStyle { DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!) }
    public static var context: UIContext { UIContext(dateStyle: style, unicode: true) }
}

/// Every statement a database ran, in order: what `ChecklistsDatabase.traced` records.
public final class StatementLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var statements: [String] { lines.withLock { $0 } }
    public func clear() { lines.withLock { $0 = [] } }
    func record(_ sql: String) { lines.withLock { $0.append(sql) } }
}

public extension ChecklistsDatabase {
    /// A new database in `folder`, as the app would create it.
    static func temporary(in folder: TemporaryFolder, name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file(name), createsFolder: false),
                                    options: .init(busyTimeout: 1))
    }

    /// The database at `name` in `folder`, opened (or created) with every
    /// statement it runs recorded in `log`.
    static func traced(in folder: TemporaryFolder, name: String, log: StatementLog) throws -> ChecklistsDatabase {
        var options = Options(busyTimeout: 1)
        options.statementTrace = { log.record($0) }
        return try open(DatabaseLocation(path: folder.file(name), createsFolder: false), options: options)
    }

    /// The database at `path` with its first list open, holding an item
    /// long overdue and one far ahead, neither reminding (so the app under
    /// test may run on the machine's clock): what the colour tests look at.
    static func withOverdueAndAheadItems(at path: String) throws {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        let list = try database.checklistSummaries()[0].id
        let now = Date()
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "long overdue", dueDate: Date(timeIntervalSince1970: 1_000_000_020))), now: now)
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "far ahead", dueDate: Date(timeIntervalSince1970: 4_000_000_000))), now: now)
        try database.apply(.setOpenChecklist(id: list), now: now)
    }
}

/// The package root, found from this file, for tests that run the built binary.
public enum PackagePaths {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The `checklists` binary next to the test bundle (SwiftPM builds it
    /// because the end-to-end tests depend on it).
    public static var binary: String { product("checklists") }

    /// A built executable of the package, next to the test bundle or in
    /// the debug build's folder (a test target names it among its
    /// dependencies so that SwiftPM builds it).
    public static func product(_ name: String) -> String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path,
            root + "/.build/debug/" + name,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }
}

/// Waits (polling every 50 ms, up to `timeout`) until `path` holds a whole
/// line, as a shell's `echo $? > file` leaves it; returns whether it did.
public func waitForFile(_ path: String, timeout: TimeInterval = 15) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return true }
        usleep(50_000)
    }
    return false
}

/// The file's text without surrounding white space ("" when unreadable):
/// for the one-line files shell commands in tests write.
public func fileLine(_ path: String) -> String {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A small tmpfs that can be made read-only or full: the only honest
/// read-only test when the tests run as root, who ignores file modes.
public struct ScratchMount: Sendable {
    public let path: String

    /// Whether this process may mount at all (root with CAP_SYS_ADMIN; not in
    /// most containers), found by mounting a tiny tmpfs once.
    public static let isPermitted: Bool = {
        guard let probe = ScratchMount(sizeKiB: 64) else { return false }
        probe.remove()
        return true
    }()

    public init?(sizeKiB: Int = 1024) {
        let path = NSTemporaryDirectory() + "checklists-mount-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard runCommand(["mount", "-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0700", "tmpfs", path]).status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        self.path = path
    }

    /// Only works while no process has a file on it open for writing: the
    /// kernel refuses (EBUSY) to make such a filesystem read-only.
    public func makeReadOnly() -> Bool {
        runCommand(["mount", "-o", "remount,ro", path]).status == 0
    }

    /// Fills every free block with `name`; returns whether the disk is now full.
    @discardableResult
    public func fill(with name: String = "filler") -> Bool {
        runCommand(["dd", "if=/dev/zero", "of=" + path + "/" + name, "bs=4096"])
        return runCommand(["sh", "-c", "echo x > \(shellQuoted(path + "/probe"))"]).status != 0
    }

    public func removeFile(_ name: String = "filler") {
        unlink(path + "/" + name)
    }

    public func remove() {
        unmount(path)
    }
}

/// An ext4 image on a loop device, mounted with `errors=remount-ro`: the way
/// a filesystem really turns read-only under a running program. (A tmpfs
/// cannot: `mount -o remount,ro` fails with EBUSY while any file on it is
/// open for writing, and a running app keeps its database, WAL and -shm
/// open.) `failIntoReadOnly()` raises an ext4 error through sysfs; from then
/// on every write fails with EROFS until the filesystem is unmounted.
public struct ReadOnlyFailingMount: Sendable {
    public let path: String
    private let image: String

    /// Root, mkfs.ext4, loop devices and ext4's trigger_fs_error: found by
    /// trying once.
    public static let isPossible: Bool = {
        guard let probe = ReadOnlyFailingMount(sizeMiB: 4) else { return false }
        defer { probe.remove() }
        return probe.triggerFile != nil
    }()

    public init?(sizeMiB: Int = 8) {
        let base = NSTemporaryDirectory() + "checklists-ext4-" + UUID().uuidString
        path = base
        image = base + ".img"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard runCommand(["truncate", "-s", "\(sizeMiB)M", image]).status == 0,
              runCommand(["mkfs.ext4", "-q", "-F", "-O", "^has_journal", image]).status == 0,
              mountImage() else {
            unmount(path)
            unlink(image)
            return nil
        }
    }

    private func mountImage() -> Bool {
        runCommand(["mount", "-o", "loop,errors=remount-ro", image, path]).status == 0
            && chmod(path, 0o700) == 0
    }

    private var triggerFile: String? {
        let device = runCommand(["findmnt", "-n", "-o", "SOURCE", path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = "/sys/fs/ext4/\((device as NSString).lastPathComponent)/trigger_fs_error"
        return device.isEmpty || !FileManager.default.fileExists(atPath: file) ? nil : file
    }

    /// What the kernel does on a filesystem error: every write fails with EROFS.
    public func failIntoReadOnly() -> Bool {
        guard let file = triggerFile else { return false }
        return runCommand(["sh", "-c", "echo checklists-test > \(shellQuoted(file))"]).status == 0
    }

    /// The disk repaired: unmounted and mounted again, writable. Only once
    /// nothing has a file on it open.
    public func mountAgain() -> Bool {
        unmount(path, removing: false)
        return mountImage()
    }

    public func remove() {
        unmount(path)
        unlink(image)
    }
}

/// Unmounts, retrying while a process that was just killed still holds a
/// file open, and detaching lazily as a last resort so no test leaves a
/// mount behind.
private func unmount(_ path: String, removing: Bool = true) {
    var unmounted = runCommand(["mountpoint", "-q", path]).status != 0
    for _ in 0..<50 where !unmounted {
        unmounted = runCommand(["umount", path]).status == 0
        if !unmounted { usleep(100_000) }
    }
    if !unmounted { runCommand(["umount", "-l", path]) }
    if removing { try? FileManager.default.removeItem(atPath: path) }
}
