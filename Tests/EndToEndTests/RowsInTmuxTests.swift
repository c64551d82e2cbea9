import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// What rows say, in the built binary: at 40×12 (the README's narrow pane)
/// and at 200×50. The app runs on the machine's clock with LANG=C.UTF-8
/// (English) and TZ=UTC, so the expected words are computed with the same
/// style and the same moment, not typed in: "Tomorrow" must be right at any
/// hour of the day the test runs.
@Suite("Rows in tmux", .serialized)
struct RowsInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }
    let style = DueDateStyle(locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)

    static func minute(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// "Errands" with `overdue` items due an hour ago and "Call the bank",
    /// Remind Me on, due in 26 hours; "Groceries" with "Milk" due in 3 days.
    /// Returns the bank's id.
    @discardableResult
    func errands(overdue: Int, now: Date = Date()) throws -> Int64 {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        guard case let .checklist(list) = try store.apply(.addChecklist(name: "Errands", icon: .none), now: now),
              case let .checklist(groceries) = try store.apply(.addChecklist(name: "Groceries", icon: .groceries), now: now) else {
            throw StorageError.notFound(what: "the new lists")
        }
        let anHourAgo = Self.minute(now).addingTimeInterval(-3600)
        try store.applyAll((1...max(1, overdue)).map {
            .addItem(checklistID: list, ItemDraft(text: "Overdue \($0)", dueDate: anHourAgo))
        }, now: now)
        guard case let .item(bank) = try store.apply(.addItem(checklistID: list, ItemDraft(
            text: "Call the bank", dueDate: Self.minute(now).addingTimeInterval(26 * 3600), shouldRemind: true)), now: now) else {
            throw StorageError.notFound(what: "the new item")
        }
        try store.apply(.addItem(checklistID: groceries, ItemDraft(text: "Milk", dueDate: Self.minute(now).addingTimeInterval(3 * 86_400))), now: now)
        return bank
    }

    /// The display column where `needle` starts on the first line holding
    /// it (every line before it is ASCII or measured by TextWidth).
    func column(of needle: String, in lines: [String]) -> Int? {
        for line in lines {
            if let range = line.range(of: needle) { return TextWidth.columns(of: String(line[..<range.lowerBound])) }
        }
        return nil
    }

    @Test("40×12: a list row under a full Due view, bells and dates in one column, the past-due note, the typed preview in full")
    func narrowPane() throws {
        let now = Date()
        try errands(overdue: 8, now: now)
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        func expectScreen(_ what: String, showing texts: [String]) {
            #expect(tmux.waitUntil { screen in texts.allSatisfy { screen.contains($0) } }, "\(what): \(tmux.text)")
        }
        // Eight overdue: the Due view shows what fits and still a list.
        expectScreen("home", showing: ["Due today and overdue", "Lists", "Errands", "9 Remaining",
                                       "more: checklists list --due today"])

        // Errands: the bell on the bank's row, every date in one column.
        tmux.press("G", "k", "k", "Enter")
        expectScreen("Errands", showing: ["[ ] Call the bank", "🔔"])
        let lines = tmux.screen()
        let overdueDate = style.relative(Self.minute(now).addingTimeInterval(-3600), now: now, form: .compact)
        let bankDate = style.relative(Self.minute(now).addingTimeInterval(26 * 3600), now: now, form: .compact)
        let bankRow = try #require(lines.first { $0.contains("Call the bank") })
        // The date, then only the padding of the date column, then the
        // bell: "Tomorrow" fills that column, "Wed" (late in the day, when 26
        // hours ahead is two days on) leaves more of it blank.
        let afterDate = try #require(bankRow.range(of: bankDate).map { bankRow[$0.upperBound...] }, "\(bankRow)")
        #expect(afterDate.first == " " && afterDate.drop { $0 == " " }.hasPrefix("🔔"), "\(bankRow)")
        expectEqual(column(of: "! " + overdueDate, in: lines).map { $0 + 2 }, column(of: bankDate, in: lines), "\(lines)")

        // The first overdue item: Remind Me on says it will not ring.
        tmux.press("g", "Enter")
        expectScreen("item detail", showing: ["Edit Item", "Overdue"])
        tmux.press("Tab", "Tab", "Space")
        expectScreen("the past-due note", showing: ["[x] On  won't ring: past"])

        // A date in words, its first letter opening them: the preview
        // beneath the field, in full.
        tmux.press("Tab", "Enter")
        expectScreen("the picker", showing: ["▸"])
        tmux.type("fri 17:00")
        let resolved = try DueDateParser(calendar: style.calendar).parse("fri 17:00", now: Date()).get()
        expectScreen("the preview", showing: ["Date: fri 17:00", "→ " + style.formatWithWeekday(resolved), "Esc:back to the fields"])
        tmux.press("Escape")
        expectScreen("back to the fields", showing: ["▸"])
        tmux.press("Enter", "Escape")
        expectScreen("the question keeps its keys", showing: ["Discard changes? (y/n)", "y yes  n no  Esc cancel"])
        tmux.press("y")
        expectScreen("back on Errands", showing: ["[ ] Call the bank"])
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })
    }

    @Test("40×12: a reminder's banner keeps its keys, snoozing says until when, the row shows the new time")
    func narrowSnooze() throws {
        let bank = try errands(overdue: 1)
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        try store.apply(.snooze(itemID: bank, until: Date().addingTimeInterval(3)), now: Date())
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("┌ Reminder", timeout: 20), "banner: \(tmux.text)")
        #expect(tmux.waitUntil { $0.contains("Esc:dismiss") && $0.contains("z:snooze") }, "banner keys: \(tmux.text)")
        tmux.press("z")
        #expect(tmux.waitUntil { $0.contains("Snooze until:") && $0.contains("3:tomorrow 9:00 Esc:back") }, "choices: \(tmux.text)")
        let before = Date()
        tmux.press("2")
        // The app's clock read a moment after `before`: the minute may have turned.
        let candidates = [before, before.addingTimeInterval(2)].map { $0.addingTimeInterval(3600) }
        let until = candidates.map { "Snoozed until " + style.relative($0, now: before, form: .inSentence) }
        #expect(tmux.waitUntil { screen in until.contains { screen.contains($0) } }, "status: \(tmux.text)")
        // The Due view does not show the bank (due tomorrow); its list does.
        tmux.press("G", "k", "k", "Enter")
        let rowTimes = candidates.map { "🔔 " + style.relative($0, now: before, form: .compact) }
        #expect(tmux.waitUntil { screen in rowTimes.contains { screen.contains($0) } }, "row: \(tmux.text)")
    }

    @Test("200×50: the Due view's list names and dates line up next to the text, not at the far edge")
    func widePane() throws {
        let now = Date()
        try errands(overdue: 2, now: now)
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let groceries = try #require(try store.checklistSummaries().first { $0.checklist.name == "Groceries" })
        try store.apply(.addItem(checklistID: groceries.id, ItemDraft(text: "Buy bread before the bakery closes", dueDate: Self.minute(now).addingTimeInterval(-60))), now: now)
        let tmux = TmuxSession(width: 200, height: 50, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitUntil { $0.contains("Buy bread before the bakery closes") && $0.contains("Overdue 2") }, "home: \(tmux.text)")
        let lines = tmux.screen()
        let rows = lines.filter { $0.contains("Overdue 1") || $0.contains("Buy bread") }
        expectEqual(rows.count, 2)
        let errandsColumn = try #require(column(of: "Errands ", in: rows))
        let groceriesColumn = try #require(column(of: "Groceries ", in: rows))
        expectEqual(errandsColumn, groceriesColumn, "\(rows)")
        // Right after the longest text, two columns apart.
        expectEqual(errandsColumn, 5 + TextWidth.columns(of: "Buy bread before the bakery closes") + 2, "\(rows)")
        let overdueDate = style.relative(Self.minute(now).addingTimeInterval(-3600), now: now)
        let breadDate = style.relative(Self.minute(now).addingTimeInterval(-60), now: now)
        let dateColumn = try #require(column(of: overdueDate, in: rows.filter { $0.contains("Overdue 1") }))
        expectEqual(column(of: breadDate, in: rows.filter { $0.contains("Buy bread") }), dateColumn, "\(rows)")
        #expect(dateColumn < 80, "the date sits next to the text: \(rows)")

        // A checklist at 200 columns: the date right after the text too.
        tmux.press("G", "k", "Enter")
        #expect(tmux.waitFor("by due date") && tmux.waitFor("[ ] Milk"), "Groceries: \(tmux.text)")
        let milkDate = style.relative(Self.minute(now).addingTimeInterval(3 * 86_400), now: now)
        let milk = try #require(tmux.screen().first { $0.contains("[ ] Milk") })
        expectEqual(column(of: milkDate, in: [milk]).map { $0 < 60 }, true, "\(milk)")
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })
    }
}
