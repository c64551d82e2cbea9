import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The running app follows changes other processes commit: shown at once
/// (the test allows seconds only as a safety net; the delay is measured by
/// the benchmark), the selection kept, reminders of new items armed.
@Suite("Live dashboard in tmux", .serialized)
struct LiveDashboardInTmuxTests {
    let folder = TemporaryFolder()
    var databasePath: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(databasePath) }

    /// Runs `checklists SUBCOMMAND ...` on the test database, as a second
    /// tmux pane or a script would; returns its output (the new id for add).
    @discardableResult
    func cli(_ arguments: String...) -> String {
        let result = runCommand([PackagePaths.binary] + arguments + ["--db", databasePath],
                                environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
        expectEqual(result.status, 0, "checklists \(arguments): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func openDatabase() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: databasePath, createsFolder: false))
    }

    @discardableResult
    func addItem(_ database: ChecklistsDatabase, _ text: String, due: Date, remind: Bool = false) throws -> Int64 {
        let list = try database.checklistSummaries()[0].id
        // The app under test runs on the machine's clock, so the reminder
        // rule does too, here and below.
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: due, shouldRemind: remind)),
                                                      now: Date()) else {
            throw StorageError.notFound(what: "the new item")
        }
        return id
    }

    /// A whole minute `days` from now (due dates are whole minutes).
    func day(_ days: Double) -> Date {
        Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + days * 86_400) / 60).rounded(.down) * 60)
    }

    @Test("`checklists add` in a second process shows up in the open list, and the selection stays on the same item")
    func otherProcessAdds() throws {
        let database = try openDatabase()
        try addItem(database, "Book flights", due: day(5))
        try addItem(database, "Renew passport", due: day(9))
        let tmux = TmuxSession(width: 80, height: 16, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("2 Remaining"))
        tmux.press("Enter")
        #expect(tmux.waitFor("Book flights"))
        tmux.press("Down")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("Renew passport") == true })
        // Sorted by due date, the new item lands above the selection.
        cli("add", "--list", "List", "Pack the bags", "--due", Fixed.text(day(7)))
        #expect(tmux.waitFor("Pack the bags"), "not shown: \(tmux.text)")
        #expect(tmux.text.contains("3 Remaining"))
        expectEqual(tmux.selectedRow?.contains("Renew passport"), true, "selection moved: \(tmux.selectedRow ?? "none")")
        // An item checked off elsewhere shows checked.
        let flights = try #require(try database.pendingItems(dueBefore: day(6), startedBy: Date(), limit: 5).first { $0.item.text == "Book flights" })
        cli("done", "\(flights.id)")
        #expect(tmux.waitFor("2 Remaining"), "check not shown: \(tmux.text)")
        #expect(tmux.text.contains("[x] Book flights"))
    }

    @Test("the reminder of an item added from the command line fires in the running app; a snooze moved nearer fires again")
    func reminderOfNewItemFires() throws {
        let tmux = TmuxSession(width: 80, height: 20, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"))
        let id = try #require(Int64(cli("add", "--list", "List", "Water the plants", "--due", Fixed.text(day(1)), "--remind")))
        #expect(tmux.waitFor("1 Remaining"))
        let database = try openDatabase()
        #expect(try database.reminderDate(ofItem: id) != nil)
        // The due date is tomorrow; the reminder is brought to a few seconds from now.
        try database.apply(.snooze(itemID: id, until: Date().addingTimeInterval(3)), now: Date())
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "no banner: \(tmux.text)")
        #expect(tmux.text.contains("Water the plants"))
        tmux.press("z")
        tmux.press("1")
        #expect(tmux.waitFor("Snoozed until ") && tmux.text.contains("“Water the plants”"), "after snooze: \(tmux.text)")
        #expect(!tmux.text.contains("┌ Reminder"))
        // Five minutes is long for a test: another process moves the snooze
        // to a few seconds ahead; the app re-arms and fires it again.
        let snoozed = try #require(try database.reminderDate(ofItem: id))
        #expect(snoozed.timeIntervalSinceNow > 200)
        try database.apply(.snooze(itemID: id, until: Date().addingTimeInterval(3)), now: Date())
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "snooze did not fire again: \(tmux.text)")
        #expect(try database.reminderDate(ofItem: id) == nil)
    }

    @Test("the Due view on the home screen lists overdue items from every list, and follows changes")
    func dueView() throws {
        let database = try openDatabase()
        try addItem(database, "Pay the rent", due: day(-1))
        let tmux = TmuxSession(width: 80, height: 16, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Due today and overdue"))
        #expect(tmux.text.contains("! Pay the rent"))
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Work", icon: .folder), now: Date()) else {
            Issue.record("no list id"); return
        }
        try database.apply(.addItem(checklistID: work, ItemDraft(text: "Send the report", dueDate: day(-2))), now: Date())
        #expect(tmux.waitFor("Send the report"), "not shown: \(tmux.text)")
        #expect(tmux.text.contains("Work"))
        // The selection stayed on the rent (the report was added above it).
        // Its row leaves the view; the status line names what was checked.
        tmux.press("Space")
        #expect(tmux.waitUntil { !$0.contains("! Pay the rent") }, "still due: \(tmux.text)")
        #expect(tmux.text.contains("Checked “Pay the rent”; u undoes it."), "\(tmux.text)")
        tmux.press("Enter")       // the selection is now on the report: open it
        #expect(tmux.waitFor("Edit Item"), "not opened: \(tmux.text)")
        #expect(tmux.text.contains("Send the report"))
    }
}
