import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// `--start` on add and edit, `--no-start`, the `~` mark and "(starts …)"
/// in `list` lines, `list --json`'s start, and what has not started left out
/// of `list --due` and `status`, on a real database. The harness's clock is
/// Saturday 21 November 2026, 10:30 UTC.
@Suite("start dates from the command line")
struct StartCommandsTests {
    let harness = Harness()

    @discardableResult
    private func add(_ text: String, due: String? = nil, start: String?, repeat repeatText: String? = nil) -> Int64 {
        Int64(harness.lines { context in
            try ItemCommands.add(text: text, list: "List", due: due, remind: false, repeat: repeatText, start: start, context: context)
        }.first ?? "") ?? 0
    }

    private func list(due: DueFilter? = nil, json: Bool = false) -> [String] {
        harness.lines { context in try ItemQueryCommands.list(list: nil, due: due, all: false, json: json, context: context) }
    }

    @Test("a day without a time starts at 00:00, \"fri\" typed on a Friday is that day, and a time is kept")
    func parsing() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parser = DueDateParser(calendar: calendar)
        try expectEqual(parser.parseStart("mon", now: Fixed.now).get(), Fixed.date("2026-11-23 00:00"))
        try expectEqual(parser.parseStart("sat", now: Fixed.now).get(), Fixed.date("2026-11-21 00:00"))
        try expectEqual(parser.parseStart("dec 20", now: Fixed.now).get(), Fixed.date("2026-12-20 00:00"))
        try expectEqual(parser.parseStart("tomorrow 9:00", now: Fixed.now).get(), Fixed.date("2026-11-22 09:00"))
        try expectEqual(parser.parseStart("+2h", now: Fixed.now).get(), Fixed.date("2026-11-21 12:30"))
        // A due date typed the same way keeps its meaning: 09:00, next week once today's has passed.
        try expectEqual(parser.parse("sat", now: Fixed.now).get(), Fixed.date("2026-11-28 09:00"))
    }

    @Test("add --start: list marks what has not started with ~ and says when; --due and status leave it out")
    func listing() throws {
        add("Submit timesheet 提出", due: "fri 17:00", start: "mon", repeat: "weekly")
        add("Pay rent", due: "today 18:00", start: nil)
        add("Read the contract", due: "today 17:00", start: "today 15:00")
        expectEqual(list(), [
            "3  ~  Nov 21, 2026, 5:00 PM  List  Read the contract (starts Today 3:00 PM)",
            "2     Nov 21, 2026, 6:00 PM  List  Pay rent",
            "1  ~  Nov 27, 2026, 5:00 PM  List  Submit timesheet 提出 (starts Mon)",
        ])
        expectEqual(list(due: .week), ["2     Nov 21, 2026, 6:00 PM  List  Pay rent"])
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["1 due today"])
        expectEqual(list(json: true)[3], #"  {"id": 1, "text": "Submit timesheet 提出", "list": "List", "listId": 1, "due": "2026-11-27T17:00:00+00:00", "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": "FREQ=WEEKLY", "lastDone": null, "note": "", "priority": "none", "tags": [], "start": "2026-11-23T00:00:00+00:00", "parent": null}"#)
    }

    @Test("a start after the due date, or a repeat's start a whole repeat early, is one line, exit 2, and changes nothing")
    func refused() throws {
        let error = harness.run { context in
            try ItemCommands.add(text: "late", list: "List", due: "mon 9:00", remind: false, start: "tue", context: context)
        }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, "the start is not before the due date: move --start or the due date")
        let early = harness.run { context in
            try ItemCommands.add(text: "weekly", list: "List", due: "fri 17:00", remind: false, repeat: "weekly", start: "2026-11-20 9:00", context: context)
        }
        expectEqual(early?.description, "a repeating item must start before it is due and less than one repeat before: move --start")
        #expect(list().isEmpty)
        let id = add("report", due: "fri 17:00", start: "wed")
        let moved = harness.run { context in try ItemCommands.edit(id: id, text: nil, due: "tue 9:00", remind: nil, context: context) }
        expectEqual(moved?.description, "the start is not before the due date: move --start or the due date")
        try expectEqual(harness.item(id)?.dueDate, Fixed.date("2026-11-27 17:00"))
        let both = harness.run { context in
            try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, start: "mon", noStart: true, context: context)
        }
        expectEqual(both?.description, "--start and --no-start contradict each other; give one")
        let unreadable = harness.run { context in
            try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, start: "someday", context: context)
        }
        expectEqual(unreadable?.exitStatus, 2)
        expectEqual(unreadable?.description.hasPrefix("--start: "), true)
        try expectEqual(harness.item(id)?.startDate, Fixed.date("2026-11-25 00:00"))
    }

    @Test("edit --start moves the start, --no-start removes it and the item is due again")
    func editing() throws {
        let id = add("report", due: "today 17:00", start: "today 15:00")
        #expect(list(due: .today).isEmpty)
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, start: "today 9:00", context: context) } == nil)
        try expectEqual(harness.item(id)?.startDate, Fixed.date("2026-11-21 09:00"))
        expectEqual(list(due: .today), ["1     Nov 21, 2026, 5:00 PM  List  report"])
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, noStart: true, context: context) } == nil)
        #expect(try harness.item(id)?.startDate == nil)
        try expectEqual(harness.item(id)?.dueDate, Fixed.date("2026-11-21 17:00"))
    }
}
