import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The disk failing under the built app in tmux: filling up, and turning read-only. These mount real
/// filesystems, which needs root with CAP_SYS_ADMIN; where that is not
/// permitted (most containers) they are skipped with the reason shown, and
/// the portable disk-full tests (StorageTests, StoreTests: SQLITE_FULL made
/// with max_page_count) still run everywhere.
@Suite("Disk faults under the app in tmux", .serialized)
struct DiskFaultsInTmuxTests {
    func app(_ database: String) -> String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    func cli(_ arguments: [String], _ database: String) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary] + arguments + ["--db", database])
    }

    /// Adds an item through the form and waits until the list shows it,
    /// which it does only after the database took it.
    func addItem(_ text: String, in tmux: TmuxSession) {
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"), "form: \(tmux.text)")
        tmux.type(text)
        tmux.press("C-s")
        #expect(tmux.waitFor("[ ] \(text)"), "\(text) saved: \(tmux.text)")
    }

    /// Starts the app on `database` and adds "saved before" to its list.
    func startWithOneItem(_ database: String) -> TmuxSession {
        let tmux = TmuxSession(width: 80, height: 24, command: app(database))
        #expect(tmux.waitFor("(No Items)"), "start: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("No items. Press a to add one."))
        addItem("saved before", in: tmux)
        return tmux
    }

    /// Adding "never saved" and checking off "saved before" both fail with
    /// `message`, and the screen shows neither as saved.
    func expectEditsRefused(saying message: String, in tmux: TmuxSession) {
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"))
        tmux.type("never saved")
        tmux.press("C-s")
        #expect(tmux.waitFor(message), "after Done: \(tmux.text)")
        // The form stays open with what was typed: nothing claims it was saved.
        #expect(tmux.text.contains("Add Item") && tmux.text.contains("never saved"), "\(tmux.text)")
        tmux.press("Escape")
        // The typing is a change: Esc asks before dropping it.
        #expect(tmux.waitFor("Discard changes? (y/n)"), "after Esc: \(tmux.text)")
        tmux.press("y")
        #expect(tmux.waitUntil { $0.contains("[ ] saved before") && !$0.contains("never saved") }, "list: \(tmux.text)")
        tmux.press("Space")
        #expect(tmux.waitFor(message), "checking off: \(tmux.text)")
        #expect(tmux.text.contains("[ ] saved before"), "shown as checked: \(tmux.text)")
        #expect(!tmux.text.localizedCaseInsensitiveContains("locked") && !tmux.text.contains("I/O"), "\(tmux.text)")
    }

    @Test("a full disk: the edit fails with a clear message and is not shown as saved, the app keeps going, the command line exits 3; with space back the next edit saves, and every edit shown as saved is kept",
          .enabled(if: ScratchMount.isPermitted, "needs permission to mount a tmpfs (root with CAP_SYS_ADMIN)"))
    func diskFull() throws {
        let mount = try #require(ScratchMount(sizeKiB: 1024))
        let database = mount.path + "/checklists.sqlite"
        let tmux = startWithOneItem(database)
        defer { tmux.kill(); mount.remove() }

        #expect(mount.fill(), "the tmpfs did not fill up")
        expectEditsRefused(saying: "The disk is full", in: tmux)

        let refused = cli(["add", "--list", "List", "from the shell"], database)
        expectEqual(refused.status, 3)
        expectEqual(refused.output, "checklists: \(StorageError.diskFull(path: database).description)\n")

        mount.removeFile()
        mount.removeFile("probe")
        tmux.press("Space")
        #expect(tmux.waitUntil { $0.contains("[x] saved before") && !$0.contains("disk is full") }, "with space back: \(tmux.text)")
        addItem("saved after", in: tmux)
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })

        let listed = cli(["list", "--all"], database)
        expectEqual(listed.status, 0)
        let lines = listed.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("saved before") && $0.contains(" x ") }, "\(listed.output)")
        #expect(lines.contains { $0.contains("saved after") }, "\(listed.output)")
        #expect(!listed.output.contains("never saved") && !listed.output.contains("from the shell"), "\(listed.output)")
    }

    @Test("the disk turned read-only under the app: a clear message (not 'locked', not an SQLite error), the data still shown, the edit not shown as saved; once the disk is mounted again the next edit saves",
          .enabled(if: ReadOnlyFailingMount.isPossible, "needs root, loop devices, mkfs.ext4 and ext4's trigger_fs_error"))
    func turnedReadOnly() throws {
        let mount = try #require(ReadOnlyFailingMount())
        let database = mount.path + "/checklists.sqlite"
        let tmux = startWithOneItem(database)
        defer { tmux.kill(); mount.remove() }

        #expect(mount.failIntoReadOnly())
        expectEditsRefused(saying: "became read-only", in: tmux)

        let refused = cli(["add", "--list", "List", "from the shell"], database)
        expectEqual(refused.status, 3)
        expectEqual(refused.output, "checklists: \(StorageError.readOnly(path: database).description)\n")

        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })
        // A filesystem the kernel made read-only stays so until it is
        // unmounted: the disk is "fixed" by mounting it again, so the app
        // starts again too.
        #expect(mount.mountAgain())
        let again = TmuxSession(width: 80, height: 24, command: app(database))
        defer { again.kill() }
        #expect(again.waitFor("[ ] saved before"), "after mounting again: \(again.text)")
        #expect(!again.text.contains("never saved"))
        addItem("saved after", in: again)
        again.press("C-c")
        #expect(again.waitUntil { _ in again.isDead })

        let listed = cli(["list", "--all"], database)
        expectEqual(listed.status, 0)
        #expect(listed.output.contains("saved before") && listed.output.contains("saved after"), "\(listed.output)")
        #expect(!listed.output.contains("never saved") && !listed.output.contains("from the shell"), "\(listed.output)")
    }

    @Test("starting on a read-only filesystem: the app and the command line say so, exit 3, and leave the file unchanged",
          .enabled(if: ScratchMount.isPermitted, "needs permission to mount a tmpfs (root with CAP_SYS_ADMIN)"))
    func startOnReadOnly() throws {
        let mount = try #require(ScratchMount())
        let folder = TemporaryFolder()
        let database = mount.path + "/checklists.sqlite"
        let status = folder.file("status")
        defer { mount.remove(); folder.remove() }
        expectEqual(cli(["add", "--list", "List", "saved before"], database).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(mount.makeReadOnly())

        let tmux = TmuxSession(width: 100, height: 10, command: "\(app(database)); echo $? > \(shellQuoted(status)); \(AppInTmuxTests.holdPane)")
        defer { tmux.kill() }
        #expect(waitForFile(status))
        try expectEqual(String(contentsOfFile: status, encoding: .utf8), "3\n")
        #expect(tmux.waitFor("cannot be written"), "message: \(tmux.text)")

        let refused = cli(["add", "--list", "List", "never saved"], database)
        expectEqual(refused.status, 3)
        expectEqual(refused.output, "checklists: \(StorageError.readOnly(path: database).description)\n")
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: database)), before)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
    }
}
