import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

@Suite("add, done, undone, delete, edit on a real database")
struct ItemCommandsTests {
    let harness = Harness()

    // MARK: add

    @Test("add prints the new id; the text is stored as given; the due date is parsed as the picker does")
    func addPrintsID() throws {
        let first = harness.add("Buy milk", due: "tomorrow 9:00")
        let second = harness.add("esc \u{1B}[31m red", due: "+2h")
        expectEqual(second, first + 1)
        let item = try #require(try harness.item(first))
        expectEqual(item.text, "Buy milk")
        expectEqual(item.dueDate, Fixed.date("2026-11-22 09:00"))
        try expectEqual(harness.item(second)?.text, "esc \u{1B}[31m red")
        try expectEqual(harness.item(second)?.dueDate, Fixed.date("2026-11-21 12:30"))
    }

    @Test("a reminder given whose time has passed is kept and said on stderr, once; one still ahead says nothing; output stays the id")
    func pastReminderNoticed() throws {
        let printed = harness.lines { context in
            try ItemCommands.add(text: "Pay rent", list: nil, due: "2026-11-22 09:00", remind: true,
                                 remindBefore: ["2d", "1h"], context: context)
        }
        #expect(printed.count == 1 && Int64(printed[0]) != nil, "\(printed)")
        expectEqual(harness.notices, ["the reminder 2 days before (Nov 20, 2026, 9:00 AM) has already passed; it will not ring"])
        let id = try #require(Int64(printed[0]))
        try expectEqual(harness.item(id)?.reminders, [.atDue, .beforeDue(minutes: 60), .beforeDue(minutes: 2880)])
        #expect(harness.run { context in
            try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, remindAt: ["2026-11-21 08:00", "2026-11-21 18:00"], context: context)
        } == nil)
        expectEqual(harness.notices.last, "the reminder (Nov 21, 2026, 8:00 AM) has already passed; it will not ring")
        expectEqual(harness.notices.count, 2)
    }

    @Test("without --due, no due date (as a new item in the app); without --list, the Inbox, made once, not the first list by name")
    func addDefaults() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "Work", icon: .folder), now: Fixed.now)
        try database.apply(.addChecklist(name: "groceries", icon: .groceries), now: Fixed.now)
        let id = harness.add("Eggs", list: nil)
        let item = try #require(try harness.item(id))
        #expect(item.dueDate == nil)
        let names = try database.checklists().reduce(into: [Int64: String]()) { $0[$1.id] = $1.name }
        expectEqual(names[item.checklistID], "Inbox")
        let again = try #require(try harness.item(harness.add("Milk", list: nil)))
        expectEqual(again.checklistID, item.checklistID)
        try expectEqual(database.checklists().filter { $0.name == "Inbox" }.count, 1)
    }

    @Test("[add] default_list: add without --list goes there, matched as --list is; a name no list has is an error naming the lists")
    func addToTheDefaultList() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "Work", icon: .folder), now: Fixed.now)
        let printed = harness.lines { context in
            try ItemCommands.add(text: "Report", list: nil, due: nil, remind: false, defaultList: " work ", context: context)
        }
        let added = try #require(Int64(printed.first ?? ""))
        let item = try #require(try harness.item(added))
        try expectEqual(database.checklistSummary(id: item.checklistID)?.checklist.name, "Work")
        let error = harness.run { context in
            try ItemCommands.add(text: "Report", list: nil, due: nil, remind: false, defaultList: "Shopping", context: context)
        }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, #"config [add] default_list: no list is named "Shopping"; the lists are "List", "Work""#)
        try expectEqual(database.checklists().map(\.name), ["List", "Work"])
    }

    @Test("add --quick reads the line; without it, or with nothing read, the text stays as given, trailing spaces trimmed")
    func addQuick() throws {
        let printed = harness.lines { context in
            try ItemCommands.add(text: "Pay rent tomorrow 18:00 #home !! ", list: "List", due: nil, remind: false, quick: true, context: context)
        }
        let quickID = try #require(Int64(printed.first ?? ""))
        let quick = try #require(try harness.item(quickID))
        expectEqual(quick.text, "Pay rent")
        expectEqual(quick.dueDate, Fixed.date("2026-11-22 18:00"))
        #expect(quick.tags == ["home"] && quick.priority == .medium)
        let plain = try #require(try harness.item(harness.add("Pay rent tomorrow 18:00 #home !!  ")))
        expectEqual(plain.text, "Pay rent tomorrow 18:00 #home !!")
        #expect(plain.dueDate == nil && plain.tags == [] && plain.priority == .none)
        let clash = harness.run { context in
            try ItemCommands.add(text: "Pay rent !high", list: "List", due: nil, remind: false, priority: "low", quick: true, context: context)
        }
        expectEqual(clash?.description, "the text says priority high and --priority says low; give one")
    }

    @Test("--list matches the exact name, else ignoring case and surrounding spaces")
    func addToList() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now)
        let id = harness.add("Eggs", list: " groceries ")
        let item = try #require(try harness.item(id))
        try expectEqual(database.checklistSummary(id: item.checklistID)?.checklist.name, "Groceries")
    }

    @Test("--list naming no list: exit 1, a message naming the lists, nothing added")
    func addToUnknownList() throws {
        _ = try harness.database()
        let error = harness.run { context in
            try ItemCommands.add(text: "Eggs", list: "Shopping", due: nil, remind: false, context: context)
        }
        expectEqual(error?.exitStatus, 1)
        expectEqual(error?.description, #"no list is named "Shopping"; the lists are "List""#)
        try expectEqual(harness.database().checklistSummaries()[0].itemCount, 0)
    }

    @Test("a list or priority a letter or two off is offered, never taken; one far off gets the choices")
    func misspeltListAndPriority() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "Einkauf 🛒", icon: .groceries), now: Fixed.now)
        let cases: [(list: String, message: String)] = [
            ("einkauf", #"no list is named "einkauf"; did you mean "Einkauf 🛒"?"#),
            ("Lsit", #"no list is named "Lsit"; did you mean "List"?"#),
            ("Work", #"no list is named "Work"; the lists are "Einkauf 🛒", "List""#),
        ]
        for (list, message) in cases {
            let error = harness.run { context in
                try ItemCommands.add(text: "Eggs", list: list, due: nil, remind: false, context: context)
            }
            expectEqual(error?.exitStatus, 1, "\(list)")
            expectEqual(error?.description, message)
        }
        for (typed, message) in [("hgh", #"--priority: "hgh" is not a priority; did you mean "high"?"#),
                                 ("Meduim", #"--priority: "Meduim" is not a priority; did you mean "medium"?"#),
                                 ("urgent", #"--priority: "urgent" is not a priority; give none, low, medium or high"#)] {
            #expect(throws: CommandLineError.badInput(message)) { try Inputs.priority(typed) }
        }
        try expectEqual(harness.database().checklistSummaries().map(\.itemCount), [0, 0])
    }

    @Test("with no lists at all, add makes the Inbox and adds to it")
    func addWithoutLists() throws {
        let database = try harness.database()
        try database.apply(.deleteChecklist(id: database.checklists()[0].id), now: Fixed.now)
        let id = harness.add("Eggs", list: nil)
        try expectEqual(database.checklists().map(\.name), ["Inbox"])
        try expectEqual(harness.item(id)?.checklistID, database.checklists()[0].id)
    }

    @Test("empty or blank text: exit 2, and no database is even created",
          arguments: ["", "   ", "\n\t "])
    func addBlank(text: String) {
        let error = harness.run { context in
            try ItemCommands.add(text: text, list: nil, due: nil, remind: false, context: context)
        }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, "the item text is empty; give some text")
        #expect(!harness.fileExists)
    }

    @Test("dates that do not exist or cannot be read: exit 2 with the parser's message, nothing written",
          arguments: [
            ("nonsense", #"--due: can't read "nonsense": try "tomorrow 9:00", "fri 17:00", "+2h" or "2026-12-24 18:00""#),
            ("2027-02-31 10:00", "--due: February 2027 has only 28 days"),
            ("0000-01-01 10:00", "--due: year 0 is out of range (1970-9999)"),
            ("99999-01-01 10:00", "--due: year 99999 is out of range (1970-9999)"),
            ("+999999d", #"--due: "+999999d" is more than 100 years ahead: type the date itself, for example "2126-12-24 18:00""#),
            ("+99999999999999999999999h", #"--due: "+99999999999999999999999h" is more than 100 years ahead: type the date itself, for example "2126-12-24 18:00""#),
            ("", #"--due: type a date, for example "tomorrow 9:00""#),
          ])
    func addBadDate(due: String, message: String) {
        let error = harness.run { context in
            try ItemCommands.add(text: "Eggs", list: nil, due: due, remind: false, context: context)
        }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, message)
        #expect(!harness.fileExists)
    }

    @Test("--remind with a future due date schedules the reminder; with a past one, none (the reminder rule)")
    func addRemind() throws {
        let future = harness.add("Call", due: "tomorrow 9:00", remind: true)
        let past = harness.add("Late", due: "2026-11-20 09:00", remind: true)
        let quiet = harness.add("Quiet", due: "tomorrow 9:00")
        try expectEqual(harness.reminder(future), Fixed.date("2026-11-22 09:00"))
        #expect(try harness.reminder(past) == nil)
        #expect(try harness.reminder(quiet) == nil)
        try expectEqual(harness.item(past)?.shouldRemind, true)
    }

    @Test("wall times are read in the user's time zone")
    func addInTimeZone() throws {
        harness.style = DueDateStyle(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let id = harness.add("Brot", due: "2026-12-24 18:00")
        try expectEqual(harness.item(id)?.dueDate, Fixed.date("2026-12-24 17:00"))
    }

    // MARK: done, undone, delete

    @Test("done cancels the reminder, undone brings it back while the due date is ahead; both are idempotent")
    func doneAndUndone() throws {
        let id = harness.add("Call", due: "tomorrow 9:00", remind: true)
        #expect(harness.run { context in try ItemCommands.setChecked(id: id, true, context: context) } == nil)
        try expectEqual(harness.item(id)?.isChecked, true)
        #expect(try harness.reminder(id) == nil)
        #expect(harness.run { context in try ItemCommands.setChecked(id: id, true, context: context) } == nil)
        #expect(harness.output.isEmpty)
        #expect(harness.run { context in try ItemCommands.setChecked(id: id, false, context: context) } == nil)
        try expectEqual(harness.item(id)?.isChecked, false)
        try expectEqual(harness.reminder(id), Fixed.date("2026-11-22 09:00"))
        // Once the due date has passed, unchecking schedules nothing.
        harness.run { context in try ItemCommands.setChecked(id: id, true, context: context) }
        harness.now = Fixed.date("2026-11-23 09:00")
        harness.run { context in try ItemCommands.setChecked(id: id, false, context: context) }
        #expect(try harness.reminder(id) == nil)
    }

    @Test("delete removes the item and its reminder")
    func delete() throws {
        let id = harness.add("Call", due: "tomorrow 9:00", remind: true)
        #expect(harness.run { context in try ItemCommands.delete(id: id, context: context) } == nil)
        #expect(try harness.item(id) == nil)
        #expect(try harness.database().nextReminderDate() == nil)
    }

    @Test("an id that is not an item: exit 1 for done, undone, delete and edit, with a hint", arguments: [0, 99, -3])
    func unknownID(id: Int64) throws {
        _ = try harness.database()
        let commands: [(CommandLineContext) throws -> Void] = [
            { context in try ItemCommands.setChecked(id: id, true, context: context) },
            { context in try ItemCommands.setChecked(id: id, false, context: context) },
            { context in try ItemCommands.delete(id: id, context: context) },
            { context in try ItemCommands.edit(id: id, text: "x", due: nil, remind: nil, context: context) },
        ]
        for command in commands {
            let error = harness.run(command)
            expectEqual(error?.exitStatus, 1)
            expectEqual(error?.description, "there is no item \(id); `checklists list --all` shows the ids")
        }
    }

    // MARK: edit

    @Test("edit --text keeps the due date and a snoozed reminder as they are")
    func editText() throws {
        let id = harness.add("Call", due: "tomorrow 9:00", remind: true)
        try harness.database().apply(.snooze(itemID: id, until: Fixed.date("2026-11-22 10:00")), now: Fixed.now)
        #expect(harness.run { context in
            try ItemCommands.edit(id: id, text: "Call mum", due: nil, remind: nil, context: context)
        } == nil)
        let item = try #require(try harness.item(id))
        expectEqual(item.text, "Call mum")
        expectEqual(item.dueDate, Fixed.date("2026-11-22 09:00"))
        try expectEqual(harness.reminder(id), Fixed.date("2026-11-22 10:00"))
    }

    @Test("edit --due moves the reminder; --no-remind cancels it; --remind schedules it")
    func editDueAndRemind() throws {
        let id = harness.add("Call", due: "tomorrow 9:00", remind: true)
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: "fri 17:00", remind: nil, context: context) }
        try expectEqual(harness.item(id)?.dueDate, Fixed.date("2026-11-27 17:00"))
        try expectEqual(harness.reminder(id), Fixed.date("2026-11-27 17:00"))
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: false, context: context) }
        try expectEqual(harness.item(id)?.shouldRemind, false)
        #expect(try harness.reminder(id) == nil)
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: true, context: context) }
        try expectEqual(harness.reminder(id), Fixed.date("2026-11-27 17:00"))
    }

    @Test("edit with nothing to change, blank text or a bad date: exit 2, item unchanged")
    func editBadInput() throws {
        let id = harness.add("Call", due: "tomorrow 9:00")
        let cases: [(String?, String?, Bool?, String)] = [
            (nil, nil, nil, "nothing to change: give --text, --due, --no-due, --remind, --no-remind, --remind-before, --remind-at, --no-remind-before, --no-reminders, --repeat, --no-repeat, --note, --priority, --tag, --no-tag, --no-tags, --start, --no-start or --parent"),
            ("  ", nil, nil, "--text: the item text is empty; give some text"),
            (nil, "31.02.2027", nil, "--due: February 2027 has only 28 days"),
        ]
        for (text, due, remind, message) in cases {
            let error = harness.run { context in
                try ItemCommands.edit(id: id, text: text, due: due, remind: remind, context: context)
            }
            expectEqual(error?.exitStatus, 2)
            expectEqual(error?.description, message)
        }
        try expectEqual(harness.item(id)?.text, "Call")
        try expectEqual(harness.item(id)?.dueDate, Fixed.date("2026-11-22 09:00"))
    }
}
