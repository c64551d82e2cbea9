import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

@Suite("export and import: exact round trips, one transaction, errors by line")
struct ExportImportTests {
    let source = Harness()
    /// Its own UIDs, as two machines' would be: the imported items keep theirs.
    let target = Harness(uidPrefix: "target-")

    /// A database with what a round trip could lose: an id gap from a
    /// deleted item, a snoozed reminder, a delivered one, a checked item, a
    /// sort order, an icon, the open list, and hostile text.
    private func fillSource() throws {
        let database = try source.database()
        try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now)
        _ = source.add("Milk", list: "Groceries", due: "tomorrow 9:00", remind: true)
        let snoozed = source.add("Call \"mum\" \\ \u{1B}[31m\u{202E}\u{85}", list: "List", due: "2026-11-21 11:00", remind: true)
        let delivered = source.add("Delivered", list: "List", due: "2026-11-21 10:45", remind: true)
        let checked = source.add("日本語 👨‍👩‍👧", list: "List", due: "2026-11-20 09:00")
        let gone = source.add("Gone", list: "List", due: "2026-11-23 09:00")
        try database.apply(.snooze(itemID: snoozed, until: Fixed.date("2026-11-21 11:05").addingTimeInterval(17)), now: Fixed.now)
        try database.apply(.setChecked(itemID: checked, true), now: Fixed.now)
        try database.apply(.deleteItem(id: gone), now: Fixed.now)
        _ = try database.claimDueReminders(now: Fixed.date("2026-11-21 10:50"))
        #expect(try database.reminderDate(ofItem: delivered) == nil)
        try database.apply(.setSortOrder(checklistID: 2, .text), now: Fixed.now)
        try database.apply(.setOpenChecklist(id: 2), now: Fixed.now)
        try database.apply(.addChecklist(name: "Empty", icon: .none), now: Fixed.now)
        try database.apply(.deleteChecklist(id: 3), now: Fixed.now)
        try database.apply(.addChecklist(name: "Empty too", icon: .photos), now: Fixed.now)
    }

    private func export(_ harness: Harness) -> String {
        harness.lines { context in try ExportImportCommands.export(context: context) }.joined(separator: "\n")
    }

    private func importText(_ text: String, replace: Bool = false, into harness: Harness) -> CommandLineError? {
        let file = harness.folder.file("import.json")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return harness.run { context in try ExportImportCommands.importFile(path: file, replace: replace, context: context) }
    }

    @Test("export then import into a new database gives an identical database")
    func roundTrip() throws {
        try fillSource()
        let text = export(source)
        #expect(importText(text, into: target) == nil)
        let before = try source.database(), after = try target.database()
        try expectEqual(after.snapshot(), before.snapshot())
        try expectEqual(after.checklistSummaries(), before.checklistSummaries())
        try expectEqual(after.openChecklistID(), 2)
        try expectEqual(after.nextReminderDate(), before.nextReminderDate())
        expectEqual(export(target), text)
        // Ids go on from the same place: the deleted item's and list's ids are not handed out again.
        expectEqual(source.add("Next", list: "List"), target.add("Next", list: "List"))
        try before.apply(.addChecklist(name: "Next", icon: .none), now: Fixed.now)
        try after.apply(.addChecklist(name: "Next", icon: .none), now: Fixed.now)
        try expectEqual(after.checklists().map(\.id), before.checklists().map(\.id))
        try expectEqual(after.checklists().map(\.id).max(), 5)
    }

    @Test("several reminders, one snoozed alone, and a priority come back from a round trip each with its own pending time")
    func severalRemindersRoundTrip() throws {
        let database = try source.database()
        let rent = source.add("Pay rent", list: "List", due: "2026-11-24 09:00", remind: true)
        var draft = try #require(try database.item(id: rent)).draft
        draft.priority = .high
        draft.reminders += [.beforeDue(minutes: 1440), .at(Fixed.date("2026-11-22 18:00"))]
        try database.apply(.updateItem(id: rent, draft), now: Fixed.now)
        try database.apply(.snooze(itemID: rent, until: Fixed.date("2026-11-23 10:00"), reminder: .beforeDue(minutes: 1440)), now: Fixed.now)
        let text = export(source)
        #expect(text.contains(#""reminders": [{"before": "1d""#), "\(text)")
        #expect(importText(text, into: target) == nil)
        let after = try target.database()
        try expectEqual(after.snapshot(), database.snapshot())
        try expectEqual(after.pendingReminders(ofItem: rent), [.atDue: Fixed.date("2026-11-24 09:00"),
                                                             .beforeDue(minutes: 1440): Fixed.date("2026-11-23 10:00"),
                                                             .at(Fixed.date("2026-11-22 18:00")): Fixed.date("2026-11-22 18:00")])
        try expectEqual(after.item(id: rent)?.priority, .high)
        expectEqual(export(target), text)
        // Each rings once, at its own time, in the imported database too.
        try expectEqual(after.claimDueReminders(now: Fixed.date("2026-11-22 18:00")).map(\.reminder), [.at(Fixed.date("2026-11-22 18:00"))])
        try expectEqual(after.claimDueReminders(now: Fixed.date("2026-11-23 10:00")).map(\.reminder), [.beforeDue(minutes: 1440)])
        #expect(try after.claimDueReminders(now: Fixed.date("2026-11-23 10:00")).isEmpty)
    }

    @Test("the export document: header, one line per list and per item, dates in the user's zone with their offset")
    func exportShape() throws {
        try fillSource()
        source.style = DueDateStyle(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        expectEqual(export(source).components(separatedBy: "\n"), [
            "{",
            #"  "format": "checklists","#,
            #"  "version": 3,"#,
            #"  "lastListId": 4,"#,
            #"  "lastItemId": 5,"#,
            #"  "openList": 2,"#,
            #"  "listOrder": "byName","#,
            #"  "smartLists": [],"#,
            #"  "lists": ["#,
            #"    {"id": 1, "name": "List", "icon": "none", "sortOrder": "dueDate", "position": 1, "items": ["#,
            #"      {"id": 2, "text": "Call \"mum\" \\ \u001b[31m\u202e\u0085", "due": "2026-11-21T12:00:00+01:00", "checked": false, "remind": true, "reminder": "2026-11-21T12:05:17+01:00", "position": 1, "uid": "uid-2", "modified": "2026-11-21T11:30:00+01:00"},"#,
            #"      {"id": 3, "text": "Delivered", "due": "2026-11-21T11:45:00+01:00", "checked": false, "remind": true, "reminder": null, "position": 2, "uid": "uid-3", "modified": "2026-11-21T11:30:00+01:00"},"#,
            #"      {"id": 4, "text": "日本語 👨‍👩‍👧", "due": "2026-11-20T10:00:00+01:00", "checked": true, "remind": false, "reminder": null, "position": 3, "uid": "uid-4", "modified": "2026-11-21T11:30:00+01:00", "completed": "2026-11-21T11:30:00+01:00"}"#,
            #"    ]},"#,
            #"    {"id": 2, "name": "Groceries", "icon": "groceries", "sortOrder": "text", "position": 2, "items": ["#,
            #"      {"id": 1, "text": "Milk", "due": "2026-11-22T10:00:00+01:00", "checked": false, "remind": true, "reminder": "2026-11-22T10:00:00+01:00", "position": 1, "uid": "uid-1", "modified": "2026-11-21T11:30:00+01:00"}"#,
            #"    ]},"#,
            #"    {"id": 4, "name": "Empty too", "icon": "photos", "sortOrder": "dueDate", "position": 3, "items": []}"#,
            "  ]",
            "}",
        ])
    }

    @Test("the lists' order set by hand, what each list hides, a folded parent and the smart lists come back from a round trip; --replace replaces the smart lists too")
    func viewSettingsRoundTrip() throws {
        let database = try source.database()
        try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now)
        try database.apply(.addChecklist(name: "Work", icon: .none), now: Fixed.now)
        let trip = source.add("Trip")
        let tickets = source.add("Tickets")
        try database.apply(.setParent(itemID: tickets, parentID: trip), now: Fixed.now)
        try database.apply(.setCollapsed(itemID: trip, true), now: Fixed.now)
        try database.apply(.moveList(id: 3, down: false), now: Fixed.now)
        try database.apply(.setListOrder(.byHand), now: Fixed.now)
        try database.apply(.setHidesChecked(checklistID: 1, true), now: Fixed.now)
        try database.apply(.setHidesNotStarted(checklistID: 2, true), now: Fixed.now)
        try database.saveSmartList(id: nil, name: "Due soon", filter: "due<=7d not:checked", now: Fixed.now)
        try database.saveSmartList(id: nil, name: "Shop", filter: "list:Groceries", now: Fixed.now)

        let text = export(source)
        let lines = text.components(separatedBy: "\n")
        expectEqual(Array(lines[5...11]), [
            #"  "openList": null,"#,
            #"  "listOrder": "byHand","#,
            #"  "smartLists": ["#,
            #"    {"id": 1, "name": "Due soon", "filter": "due<=7d not:checked"},"#,
            #"    {"id": 2, "name": "Shop", "filter": "list:Groceries"}"#,
            #"  ],"#,
            #"  "lists": ["#,
        ])
        expectEqual(lines.filter { $0.hasPrefix(#"    {"id""#) && $0.contains("sortOrder") }, [
            #"    {"id": 1, "name": "List", "icon": "none", "sortOrder": "dueDate", "position": 3, "hidesChecked": true, "items": ["#,
            #"    {"id": 2, "name": "Groceries", "icon": "groceries", "sortOrder": "dueDate", "position": 1, "hidesNotStarted": true, "items": []},"#,
            #"    {"id": 3, "name": "Work", "icon": "none", "sortOrder": "dueDate", "position": 2, "items": []}"#,
        ])
        #expect(lines.contains { $0.contains(#""text": "Trip""#) && $0.contains(#""folded": true"#) }, "\(text)")
        #expect(lines.contains { $0.contains(#""text": "Tickets""#) && !$0.contains("folded") }, "\(text)")

        #expect(importText(text, into: target) == nil)
        let after = try target.database()
        try expectEqual(after.snapshot(), database.snapshot())
        try expectEqual(after.listOrder(), .byHand)
        try expectEqual(after.checklistSummaries().map(\.checklist.name), ["Groceries", "Work", "List"])
        try expectEqual(after.smartLists(), database.smartLists())
        try expectEqual(after.item(id: trip)?.isCollapsed, true)
        expectEqual(export(target), text)

        // Replacing a database replaces its smart lists and its order as well.
        let other = Harness()
        try other.database().saveSmartList(id: nil, name: "Old", filter: "tag:old", now: Fixed.now)
        try other.database().apply(.setListOrder(.byHand), now: Fixed.now)
        _ = other.add("Mine")
        let older = text.replacingOccurrences(of: #""listOrder": "byHand","#, with: #""listOrder": "byName","#)
            .replacingOccurrences(of: #"    {"id": 1, "name": "Due soon", "filter": "due<=7d not:checked"},"# + "\n", with: "")
        #expect(importText(older, replace: true, into: other) == nil)
        try expectEqual(other.database().smartLists().map(\.name), ["Shop"])
        try expectEqual(other.database().listOrder(), .byName)
    }

    @Test("a file of an older version, with none of the settings, imports as by name, nothing hidden or folded, and no smart lists")
    func olderFileHasDefaults() throws {
        try target.database().saveSmartList(id: nil, name: "Old", filter: "tag:old", now: Fixed.now)
        #expect(importText(Self.valid, replace: true, into: target) == nil)
        let after = try target.database()
        try expectEqual(after.smartLists(), [])
        try expectEqual(after.listOrder(), .byName)
        let list = try #require(try after.checklists().first)
        #expect(!list.hidesChecked && !list.hidesNotStarted)
        #expect(try after.snapshot().lists.flatMap(\.items).allSatisfy { !$0.item.isCollapsed })
    }

    @Test("an empty database exports as a valid document that imports back")
    func emptyExport() throws {
        let database = try source.database()
        try database.apply(.deleteChecklist(id: 1), now: Fixed.now)
        let text = export(source)
        #expect(text.hasSuffix(#""lists": []"# + "\n}"))
        #expect(importText(text, into: target) == nil)
        try expectEqual(target.database().snapshot(), database.snapshot())
    }

    @Test("import into a database with data is refused (exit 2) unless --replace, which replaces everything in one go")
    func importIntoNonEmpty() throws {
        try fillSource()
        let text = export(source)
        _ = target.add("Mine", due: "tomorrow 9:00")
        let error = importText(text, into: target)
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description.contains("already holds 1 list(s) and 1 item(s); nothing was imported. Give --replace"), true)
        try expectEqual(target.database().checklistSummaries()[0].itemCount, 1)
        #expect(importText(text, replace: true, into: target) == nil)
        try expectEqual(target.database().snapshot().lists, source.database().snapshot().lists)
        // The target had handed out item 1..1 only; ids stay unique either way.
        try expectEqual(target.database().snapshot().lastItemID, 5)
    }

    @Test("import keeps ids the replaced database handed out from coming back")
    func replaceKeepsHigherCounters() throws {
        let database = try target.database()
        for index in 0..<8 { _ = target.add("t\(index)", due: "tomorrow 9:00") }
        try database.apply(.deleteItem(id: 8), now: Fixed.now)
        _ = source.add("Only", due: "tomorrow 9:00")
        #expect(importText(export(source), replace: true, into: target) == nil)
        expectEqual(target.add("After", due: "tomorrow 9:00"), 9)
    }

    /// A valid document with one line replaced, and where the error must point.
    private static let valid = """
        {
          "format": "checklists",
          "version": 1,
          "lists": [
            {"id": 1, "name": "List", "items": [
              {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"},
              {"id": 2, "text": "Eggs", "due": "2026-11-22T09:00:00Z", "checked": true, "remind": true}
            ]}
          ]
        }
        """

    @Test("a bad file changes nothing and says which line and column, and what is wrong", arguments: [
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk" "due": "2026-11-22T09:00:00+00:00"}"#,
         #"import.json:6:32: expected ',' or '}' but found '"'"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "  ", "due": "2026-11-22T09:00:00+00:00"}"#,
         "import.json:6:25: item 1: the text is empty; type some text first"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Mi\u0000lk", "due": "2026-11-22T09:00:00+00:00"}"#,
         "import.json:6:25: item 1: the text contains a NUL character (U+0000), which cannot be stored; remove it and try again"),
        (#"    {"id": 1, "name": "List", "items": ["#, #"    {"id": 1, "name": "Li\u0000st", "items": ["#,
         "import.json:5:23: list 1: the name contains a NUL character (U+0000), which cannot be stored; remove it and try again"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "due": "2026-02-31T09:00:00+00:00"}"#,
         #"import.json:6:40: item 1: due must be a date like "2026-12-24T18:00:00+01:00" (years 1970-9999, with its UTC offset)"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00"}"#,
         #"import.json:6:40: item 1: due must be a date like "2026-12-24T18:00:00+01:00" (years 1970-9999, with its UTC offset)"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:30+00:00"}"#,
         "import.json:6:40: item 1: due dates are whole minutes (seconds must be 00)"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 2, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#,
         "import.json:7:7: item id 2 appears twice"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1.5, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#,
         "import.json:6:14: the item's id must be a whole number from 1 to 9007199254740991"),
        // An id at SQLite's last one leaves no id for the next add.
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 9223372036854775807, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#,
         "import.json:6:14: the item's id must be a whole number from 1 to 9007199254740991"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "txt": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#,
         #"import.json:6:24: an item: unknown field "txt" (expected checked, completed, due, folded, ical, id, lastDone, modified, note, parent, position, priority, remind, reminder, reminders, repeat, repeatStart, start, tags, text, uid)"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00", "reminder": "2026-11-22T09:00:00+00:00"}"#,
         #"import.json:6:81: item 1: a pending reminder needs "remind": true and "checked": false"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#,
         #"import.json:6:7: an item: the field "id" is missing"#),
        (#"    {"id": 1, "name": "List", "items": ["#, #"    {"id": 1, "name": "List", "icon": "house", "items": ["#,
         #"import.json:5:39: list 1: icon: unknown value "house" (one of none, appointments, birthdays, chores, drinks, folder, groceries, inbox, photos, trips)"#),
        (#"  "version": 1,"#, #"  "version": 4,"#,
         "import.json:3:14: written by a newer version of Checklists (format version 4); install it to import this file"),
        (#"  "format": "checklists","#, #"  "format": "todo","#,
         #"import.json:2:13: not a Checklists export ("format": "checklists" is missing)"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, "      {\"id\": 1, \"text\": \"Mi\tlk\", \"due\": \"2026-11-22T09:00:00+00:00\"}",
         #"import.json:6:28: a control character must be written as an escape such as \u0001"#),
        ("  ]\n}", "  ],\n}", "import.json:10:1: expected a key in double quotes but found '}'"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "text": "Eggs", "due": "2026-11-22T09:00:00+00:00"}"#,
         #"import.json:6:33: the key "text" appears twice"#),
        (#"    {"id": 1, "name": "List", "items": ["#, #"    {"id": 1, "name": "List", "id": 2, "items": ["#,
         #"import.json:5:31: the key "id" appears twice"#),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "uid": "ab\u0085c"}"#,
         "import.json:6:40: item 1: uid must be text without control characters"),
        (#"      {"id": 1, "text": "Milk", "due": "2026-11-22T09:00:00+00:00"}"#, #"      {"id": 1, "text": "Milk", "uid": "abc\u007f"}"#,
         "import.json:6:40: item 1: uid must be text without control characters"),
        (#"  "version": 1,"#, #"  "version": 1, "smartLists": [{"id": 1, "name": "Soon", "filter": "is:maybe"}],"#,
         "import.json:3:68: a smart list's filter: “is:maybe” is not a filter: is: takes open, checked or any"),
        (#"  "version": 1,"#, #"  "version": 1, "smartLists": [{"id": 1, "name": "Soon", "filter": ""}, {"id": 2, "name": "soon ", "filter": ""}],"#,
         #"import.json:3:91: another smart list is already called "Soon" (names are told apart without case)"#),
        (#"    {"id": 1, "name": "List", "items": ["#, #"    {"id": 1, "name": "List", "hidesChecked": "yes", "items": ["#,
         "import.json:5:47: list 1: hidesChecked must be true or false"),
    ])
    func badFile(line: String, replacement: String, message: String) throws {
        _ = try target.database()
        let before = try target.database().snapshot()
        #expect(Self.valid.contains(line))
        let error = importText(Self.valid.replacingOccurrences(of: line, with: replacement), into: target)
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, target.folder.path + "/" + message + "; nothing was imported")
        try expectEqual(target.database().snapshot(), before)
    }

    @Test("a uid's control characters are found in its UTF-8 exactly as Unicode's category Cc names them, for every scalar")
    func uidControlCharacters() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isControl = scalar.properties.generalCategory == .control
            if SnapshotReader.holdsControlCharacter("a\(Character(scalar))b") != isControl { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty)
        #expect(!SnapshotReader.holdsControlCharacter("A1B2C3D4-0000-4000-8000-00000000000À¡"))
    }

    @Test("a large file is read on two cores into what one core reads, and a file with a problem is reported as one core reports it")
    func readOnTwoCores() throws {
        try fillSource()
        let exported = export(source)
        let base = """
            {"format": "checklists", "version": 3, "lists": [
              {"id": 1, "name": "A", "items": [
                {"id": 1, "text": "Milk", "uid": "u1"},
                {"id": 2, "text": "Eggs \\"x\\" {[ \\\\", "uid": "u2", "note": "two\\nlines"}]},
              {"items": [
                {"id": 3, "text": "Tea", "uid": "u3"}], "id": 2, "name": "B"}]}
            """
        func read(_ text: String, twoCoresFrom threshold: Int) -> Result<Snapshot, CommandLineError> {
            Result { () throws(CommandLineError) in try SnapshotReader.read(Array(text.utf8), name: "f.json", twoCoresFrom: threshold) }
        }
        // More items than the cores share out in parts, over three lists,
        // so a part joined out of order changes the snapshot.
        let lists: [String] = (1...3).map { (list: Int) -> String in
            let items: [String] = (1...23).map { (item: Int) -> String in
                let id = list * 100 + item
                return #"{"id": \#(id), "text": "Item \#(id)", "uid": "u\#(id)"}"#
            }
            return #"{"id": \#(list), "name": "L\#(list)", "items": ["# + items.joined(separator: ", ") + "]}"
        }
        let many = #"{"format": "checklists", "version": 3, "lists": ["# + lists.joined(separator: ", ") + "]}"
        // Valid files: read on two cores, into the same snapshot.
        for (text, count) in [(exported, 4), (base, 3), (many, 69)] {
            #expect(SnapshotReader.readOnTwoCores(Array(text.utf8), name: "f.json") != nil)
            let twoCores = read(text, twoCoresFrom: 0)
            expectEqual(twoCores, read(text, twoCoresFrom: .max))
            #expect((try? twoCores.get())?.lists.flatMap(\.items).count == count)
        }
        let expectedIDs: [Int64] = (1...3).flatMap { (list: Int) -> [Int64] in (1...23).map { Int64(list * 100 + $0) } }
        #expect((try? read(many, twoCoresFrom: 0).get())?.lists.flatMap { $0.items.map(\.item.id) } == expectedIDs)
        #expect((try? read(base, twoCoresFrom: 0).get())?.lists.map { $0.items.map(\.item.checklistID) } == [[1, 1], [2]])
        // Files with a problem: given up on two cores, and worded as ever.
        let problems = [
            base.replacingOccurrences(of: #""id": 3, "text""#, with: #""id": 1, "text""#),
            base.replacingOccurrences(of: #""uid": "u3""#, with: #""uid": "u1""#),
            base.replacingOccurrences(of: #""text": "Tea""#, with: #""text": "Tea"#),
            base.replacingOccurrences(of: #""text": "Tea""#, with: #""txt": "Tea""#),
            base.replacingOccurrences(of: #""text": "Tea""#, with: "\"text\": \"T\nea\""),
            base.replacingOccurrences(of: #""name": "B""#, with: #""name": """#),
            base.replacingOccurrences(of: #"{"id": 3"#, with: #"["id": 3"#),
            base + " x",
            String(base.dropLast(2)),
        ]
        for text in problems {
            #expect(SnapshotReader.readOnTwoCores(Array(text.utf8), name: "f.json") == nil)
            let twoCores = read(text, twoCoresFrom: 0)
            expectEqual(twoCores, read(text, twoCoresFrom: .max))
            #expect((try? twoCores.get()) == nil)
        }
    }

    @Test("members in any order: the lists before the format and version, a list's items before its id and name; a file that is not an export is still named as such")
    func membersInAnyOrder() throws {
        let reordered = """
            {"lists": [
              {"items": [{"text": "Milk", "id": 1, "due": "2026-11-22T09:00:00+00:00"}], "name": "Shop", "id": 4},
              {"id": 5, "items": [{"id": 2, "text": "Eggs"}], "name": "Home"}
             ],
             "version": 3, "format": "checklists", "openList": 5}
            """
        #expect(importText(reordered, into: target) == nil)
        let snapshot = try target.database().snapshot()
        expectEqual(snapshot.lists.map(\.checklist.name), ["Shop", "Home"])
        expectEqual(snapshot.lists.map { $0.items.map(\.item.checklistID) }, [[4], [5]])
        expectEqual(snapshot.lists.map { $0.items.map(\.item.text) }, [["Milk"], ["Eggs"]])
        expectEqual(snapshot.openChecklistID, 5)

        // Before its format is read, a bad item is not what is reported.
        let other = target.folder.path + "/"
        expectEqual(importText(#"{"lists": [{"id": 1, "name": "L", "items": [{"id": "x"}]}], "format": "todo"}"#, into: target)?.description, other + #"import.json:1:71: not a Checklists export ("format": "checklists" is missing); nothing was imported"#)
        expectEqual(importText(#"{"lists": [{"id": 1, "name": "L", "items": [{"id": "x"}]}], "version": 9, "format": "checklists"}"#, into: target)?.description, other + "import.json:1:72: written by a newer version of Checklists (format version 9); install it to import this file; nothing was imported")
        // A list whose id follows its items: a bad item there names the list
        // it could not know yet, and the list's own problem waits its turn.
        expectEqual(importText(#"{"format": "checklists", "version": 3, "lists": [{"items": [{"id": 1}], "id": 1, "name": ""}]}"#, into: target)?.description, other + #"import.json:1:61: item 1: the field "text" is missing; nothing was imported"#)
        expectEqual(importText(#"{"format": "checklists", "version": 3, "lists": [{"items": [], "id": 1, "name": 7}]}"#, into: target)?.description, other + "import.json:1:81: list 1: name must be a string; nothing was imported")
    }

    @Test("the valid sample imports, with defaults for fields left out")
    func validSample() throws {
        #expect(importText(Self.valid, into: target) == nil)
        let snapshot = try target.database().snapshot()
        expectEqual(snapshot.lists.map(\.checklist.name), ["List"])
        expectEqual(snapshot.lists[0].items.map(\.item.isChecked), [false, true])
        expectEqual(snapshot.lastItemID, 2)
    }

    @Test("a file that is not UTF-8, or not there")
    func unreadableFiles() throws {
        let file = target.folder.file("latin1.json")
        try Data([0x7B, 0x0A, 0x22, 0xE9, 0x22, 0x3A, 0x31, 0x7D]).write(to: URL(fileURLWithPath: file))
        let error = target.run { context in try ExportImportCommands.importFile(path: file, replace: false, context: context) }
        expectEqual(error?.description, "\(file):2:2: the text is not valid UTF-8; nothing was imported")
        let missing = target.run { context in try ExportImportCommands.importFile(path: "/nonexistent/x.json", replace: false, context: context) }
        expectEqual(missing?.exitStatus, 1)
        expectEqual(missing?.description, "cannot read /nonexistent/x.json: No such file or directory")
        #expect(!target.fileExists)
    }

    @Test("a file is read whole whatever its size says: a regular file, a pipe (whose size is 0), and a folder is refused")
    func readWhole() throws {
        let text = Array(String(repeating: "0123456789abcdef", count: 20_000).utf8)
        let file = target.folder.file("whole.json")
        try Data(text).write(to: URL(fileURLWithPath: file))
        let descriptor = open(file, O_RDONLY)
        defer { close(descriptor) }
        try expectEqual(ExportImportCommands.readWhole(descriptor, name: file), text)

        let (pipeEnd, writer) = try Self.pipe(writing: text)
        try expectEqual(ExportImportCommands.readWhole(pipeEnd, name: "a pipe"), text)
        writer.wait()
        close(pipeEnd)

        let folder = open(target.folder.path, O_RDONLY)
        defer { close(folder) }
        #expect(throws: CommandLineError.badInput("cannot read \(target.folder.path): it is a folder or cannot be read")) {
            try ExportImportCommands.readWhole(folder, name: target.folder.path)
        }
        let error = target.run { context in try ExportImportCommands.importFile(path: target.folder.path, replace: false, context: context) }
        expectEqual(error?.description, "cannot read \(target.folder.path): it is a folder or cannot be read")
        #expect(!target.fileExists)
    }

    @Test("more than an import reads is refused, whether the size says so (a file) or the stream runs on (a pipe, /dev/zero)")
    func tooLargeToImport() throws {
        // A sparse file of 1 GiB and a byte: refused by its size, before a byte is read.
        let file = target.folder.file("huge.json")
        expectEqual(FileManager.default.createFile(atPath: file, contents: Data("[".utf8)), true)
        expectEqual(truncate(file, off_t(ExportImportCommands.largestInput) + 1), 0)
        let error = target.run { context in try ExportImportCommands.importFile(path: file, replace: false, context: context) }
        expectEqual(error?.description, "\(file) holds more than 1073741824 bytes, the most an import reads; nothing was imported")
        expectEqual(error?.exitStatus, 2)
        #expect(!target.fileExists)
        // A stream is stopped at the limit, here a small one, and one at the limit is read.
        let text = Array(String(repeating: "x", count: 300_000).utf8)
        let (pipeEnd, writer) = try Self.pipe(writing: text)
        #expect(throws: CommandLineError.badInput("a pipe holds more than 200000 bytes, the most an import reads; nothing was imported")) {
            try ExportImportCommands.readWhole(pipeEnd, name: "a pipe", limit: 200_000)
        }
        close(pipeEnd)
        writer.wait()
        let (exact, exactWriter) = try Self.pipe(writing: text)
        try expectEqual(ExportImportCommands.readWhole(exact, name: "a pipe", limit: 300_000).count, 300_000)
        exactWriter.wait()
        close(exact)
    }

    /// A pipe's read end, and a semaphore the thread writing `bytes` into it
    /// signals when done. The writer blocks SIGPIPE for itself, so a read
    /// end closed early ends its writing (EPIPE) rather than the process.
    static func pipe(writing bytes: [UInt8]) throws -> (Int32, DispatchSemaphore) {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        let writeEnd = ends[1]
        let done = DispatchSemaphore(value: 0)
        let writer = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            bytes.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(writeEnd, buffer.baseAddress! + written, buffer.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(writeEnd)
            done.signal()
        }
        writer.start()
        return (ends[0], done)
    }

    @Test("- reads standard input")
    func standardInput() throws {
        try fillSource()
        let text = export(source)
        #expect(target.run { context in
            try ExportImportCommands.importFile(path: "-", replace: false, context: context, readStandardInput: { Array(text.utf8) })
        } == nil)
        try expectEqual(target.database().snapshot(), source.database().snapshot())
    }
}
