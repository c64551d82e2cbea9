import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Reminders in the built binary, in tmux. The pending reminder is written
/// through the model API before the app starts (noticing other processes'
/// writes while running is a later issue). Due dates are whole minutes, so a
/// reminder a few seconds ahead is set with a snooze, which moves only the
/// reminder time.
@Suite("Reminders in tmux", .serialized)
struct RemindersInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// Adds `text` with Remind Me on and its reminder at `at`.
    func pendingReminder(at: Date, text: String = "Call the bank") throws {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let list = try store.checklistSummaries()[0].id
        // The app under test runs on the machine's clock, so the reminder
        // rule does too.
        let now = Date()
        let due = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 3600)
        guard case let .item(id) = try store.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: due, shouldRemind: true)),
                                                   now: now) else {
            throw StorageError.notFound(what: "the new item")
        }
        try store.apply(.snooze(itemID: id, until: at), now: now)
    }

    @Test("a reminder that fires while help is open shows over help; Esc dismisses it, help stays, q closes help")
    func firesOverHelp() throws {
        try pendingReminder(at: Date().addingTimeInterval(4))
        let tmux = TmuxSession(width: 80, height: 20, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("1 Remaining"))
        tmux.press("?")
        #expect(tmux.waitFor("Keys"), "help: \(tmux.text)")
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "banner over help: \(tmux.text)")
        #expect(tmux.text.contains("Call the bank"))
        tmux.press("Escape")
        #expect(tmux.waitUntil { !$0.contains("┌ Reminder") }, "after Esc: \(tmux.text)")
        #expect(tmux.text.contains("Keys"), "help is still open: \(tmux.text)")
        tmux.press("q")
        #expect(tmux.waitFor("1 Remaining"), "help closed: \(tmux.text)")
    }

    @Test("at 40×12, a banner holding wide characters dismissed over help leaves help's rows whole")
    func wideBannerOverHelpLeavesNoGap() throws {
        try pendingReminder(at: Date().addingTimeInterval(3), text: "東京 出張の準備 🙂")
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("1 Remaining"))
        tmux.press("?")
        #expect(tmux.waitFor("   ↓ j"), "help: \(tmux.text)")
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "banner over help: \(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitUntil { !$0.contains("┌ Reminder") }, "after Esc: \(tmux.text)")
        // The rows the banner covered are drawn again whole: a character
        // written over half of a wide one must not be lost on the terminal.
        #expect(tmux.waitFor("   ↓ j"), "help after the banner: \(tmux.text)")
    }

    @Test("a reminder fires as a banner and a bell on another screen, and snoozing schedules it again")
    func firesOnAnotherScreen() throws {
        try pendingReminder(at: Date().addingTimeInterval(4))
        let tmux = TmuxSession(width: 80, height: 20, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("1 Remaining"))
        tmux.tmux(["new-window", "-d", "-t", tmux.target])    // the bell flag shows on a window not in front
        // The user is in List Detail: a on the list's row (on the item, due
        // today and so in the Due view, a would add an item).
        tmux.press("G", "a")
        #expect(tmux.waitFor("Add Checklist"))
        #expect(!tmux.text.contains("┌ Reminder"))
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "banner: \(tmux.text)")
        #expect(tmux.text.contains("Call the bank"))
        #expect(tmux.text.contains("in List · due"))
        #expect(tmux.tmux(["display-message", "-p", "-t", tmux.target + ":0", "#{window_bell_flag}"]).output.hasPrefix("1"))
        tmux.press("z")
        #expect(tmux.waitFor("Snooze until:") && tmux.text.contains("1 5 minutes  2 1 hour  3 tomorrow 9:00  Esc back"))
        let before = Date()
        tmux.press("1")
        // The status line says until when, as the rows say it.
        #expect(tmux.waitFor("Snoozed until "), "after snooze: \(tmux.text)")
        #expect(tmux.text.contains(": “Call the bank”"), "after snooze: \(tmux.text)")
        #expect(!tmux.text.contains("┌ Reminder"))
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let item = try #require(try store.itemsPage(checklistID: store.checklistSummaries()[0].id, sortOrder: .added, offset: 0, limit: 1).items.first)
        let snoozedTo = try #require(try store.reminderDate(ofItem: item.id))
        #expect(abs(snoozedTo.timeIntervalSince(before) - 300) < 5)
    }

    @Test("a reminder that came due while the app was closed shows as missed at the next start, once")
    func missedAtStart() throws {
        try pendingReminder(at: Date().addingTimeInterval(-120))
        let tmux = TmuxSession(width: 80, height: 20, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("┌ Missed reminder"), "start: \(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitUntil { !$0.contains("Missed reminder") })
        tmux.press("q")
        #expect(tmux.waitUntil { _ in tmux.isDead })
        let again = TmuxSession(width: 80, height: 20, command: app)
        defer { again.kill() }
        #expect(again.waitFor("Checklists"))
        usleep(500_000)
        #expect(!again.text.contains("Missed reminder"), "shown twice: \(again.text)")
    }

    @Test("two copies on one database deliver a reminder once between them")
    func twoCopiesDeliverOnce() throws {
        try pendingReminder(at: Date().addingTimeInterval(4))
        let first = TmuxSession(width: 80, height: 20, command: app)
        let second = TmuxSession(width: 80, height: 20, command: app)
        defer { first.kill(); second.kill(); folder.remove() }
        #expect(first.waitFor("Checklists") && second.waitFor("Checklists"))
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && !(first.text.contains("┌ Reminder") || second.text.contains("┌ Reminder")) { usleep(50_000) }
        usleep(1_500_000)                                    // give the other copy time to (wrongly) show it too
        let shown = [first, second].filter { $0.text.contains("┌ Reminder") }.count
        expectEqual(shown, 1, "first: \(first.text)\nsecond: \(second.text)")
    }
}
