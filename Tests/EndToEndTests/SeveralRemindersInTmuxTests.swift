import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Several reminders as a user meets them in the built binary: typed under
/// Remind Me in Item Detail at 40 and 120 columns, read back by the command
/// line, removed with d; and one of them ringing alone while the others
/// stay pending.
@Suite("Several reminders in tmux", .serialized)
struct SeveralRemindersInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    /// Opens "Pay rent" (due 2030, Remind Me on) in Item Detail and types
    /// two reminders under Remind Me: a day before, and "2 days before 18:00".
    func addTwoReminders(width: Int, height: Int) -> TmuxSession {
        expectEqual(command(["add", "--list", "List", "Pay rent", "--due", "2030-01-02 09:00", "--remind"]).status, 0)
        let tmux = TmuxSession(width: width, height: height, command: "TZ=UTC " + app)
        #expect(tmux.waitFor("1 Remaining"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("[ ] Pay rent"), "\(tmux.text)")
        tmux.press("Enter", "Tab", "Tab")
        #expect(tmux.waitFor("› Remind Me"), "\(tmux.text)")
        tmux.press("a")
        tmux.type("1d")
        tmux.press("Enter")
        #expect(tmux.waitFor("1 day before"), "\(tmux.text)")
        tmux.press("a")
        tmux.type("2 days before 18:00")
        tmux.press("Enter")
        return tmux
    }

    @Test("120×14: two reminders typed under Remind Me get rows of their own; Ctrl-S saves them; the command line lists all three")
    func widePane() throws {
        let tmux = addTwoReminders(width: 120, height: 14)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("1 day 15 hours before"), "\(tmux.text)")
        let screen = tmux.screen()
        let remind = try #require(screen.firstIndex { $0.hasPrefix("  Remind Me") }, "\(tmux.text)")
        #expect(screen[remind].hasPrefix("  Remind Me   [x] On"), "\(tmux.text)")
        // Nearest the due time first; the cursor stays on the one just typed.
        expectEqual(screen[remind + 1], "              1 day before", "\(tmux.text)")
        expectEqual(screen[remind + 2], "›             1 day 15 hours before", "\(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitFor("[ ] Pay rent"), "\(tmux.text)")
        let listed = command(["list", "--json"]).output
        #expect(listed.contains(#""reminders": [{"before": "0m"}, {"before": "1d"}, {"before": "1d15h"}]"#), "\(listed)")
        #expect(listed.contains(#""nextReminder": "2029-12-31T18:00:00+00:00""#), "\(listed)")
    }

    @Test("40×16: the rows fit; d on a reminder's row removes it and Ctrl-S saves the rest")
    func narrowPaneRemoves() throws {
        let tmux = addTwoReminders(width: 40, height: 16)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("1 day 15 hours before"), "\(tmux.text)")
        #expect(tmux.screen().allSatisfy { TextWidth.columns(of: $0) <= 40 }, "\(tmux.text)")
        // The cursor is on the reminder just typed: d removes it.
        tmux.press("d")
        #expect(tmux.waitUntil { !$0.contains("1 day 15 hours before") }, "\(tmux.text)")
        #expect(tmux.text.contains("1 day before"), "\(tmux.text)")
        tmux.press("C-s")
        // At 40 columns the due date and the next reminder's bell leave the text a few columns.
        #expect(tmux.waitFor(" [ ] Pay r…  Jan 2, 2030 🔔 Jan 1, 2030"), "\(tmux.text)")
        let listed = command(["list", "--json"]).output
        #expect(listed.contains(#""reminders": [{"before": "0m"}, {"before": "1d"}]"#), "\(listed)")
    }

    @Test("one of an item's reminders rings alone as a banner; the one at the due time stays pending")
    func oneRingsAlone() throws {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let list = try store.checklistSummaries()[0].id
        // The app runs on the machine's clock, and so does the rule here.
        let now = Date()
        let due = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 7200)
        let draft = ItemDraft(text: "Call the bank", dueDate: due, shouldRemind: true, reminders: [.beforeDue(minutes: 60)])
        guard case let .item(id) = try store.apply(.addItem(checklistID: list, draft), now: now) else {
            Issue.record("not added"); return
        }
        // Due dates are whole minutes: the hour-before reminder is brought
        // a few seconds ahead with a snooze of its own.
        try store.apply(.snooze(itemID: id, until: now.addingTimeInterval(4), reminder: .beforeDue(minutes: 60)), now: now)
        let tmux = TmuxSession(width: 80, height: 20, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("1 Remaining"), "\(tmux.text)")
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "banner: \(tmux.text)")
        #expect(tmux.text.contains("Call the bank"), "\(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitUntil { !$0.contains("┌ Reminder") }, "\(tmux.text)")
        try expectEqual(store.pendingReminders(ofItem: id), [.atDue: due])
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })
    }
}
