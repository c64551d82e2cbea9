import Foundation
import Testing
import GRDB
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// `list` and `list --json` print their items as they are read, in chunks
/// of whole lines: the lines must be those a table gathered whole prints.
@Suite("list streamed: the same lines as a whole table, in chunks")
struct StreamingListTests {
    let harness = Harness()

    /// A context that keeps each chunk `list` writes.
    private final class Chunks: @unchecked Sendable {
        var written: [[UInt8]] = []
        var bytes: [UInt8] { written.flatMap { $0 } }
        var lines: [String] { String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    private func run(_ chunks: Chunks, all: Bool = false, json: Bool = false) throws {
        var context = harness.context
        context.outputLines = { chunks.written.append($0) }
        try ItemQueryCommands.list(list: nil, due: nil, all: all, json: json, context: context)
    }

    /// What `Table`, which measures every cell of every row before printing
    /// (as `list` did), prints for the same items.
    private func gatheredTable(all: Bool = false) throws -> [String] {
        let items = try harness.database().listedItems(checklistID: nil, includeChecked: all, dueFrom: nil, before: nil)
        var table = Table(ItemQueryCommands.ListingColumns.alignments)
        for listed in items { table.add(ItemQueryCommands.ListingColumns.cells(listed, context: harness.context)) }
        var lines: [String] = []
        var context = harness.context
        context.outputUTF8 = { lines = String(decoding: $0, as: UTF8.self).components(separatedBy: "\n") }
        table.output(to: context)
        return lines
    }

    /// A database of `count` items in three lists (one named in CJK), a
    /// third of them dated, with English, CJK, emoji, combining and
    /// right-to-left texts; every seventh checked off.
    private func fillMany(_ count: Int, longText: String? = nil) throws {
        let texts = ["Buy milk", "牛乳を買う", "🎂 Order the cake", "Crème brûlée", "שלום עולם", "東京 → 大阪 🚄", "e\u{301}clair", "👨‍👩‍👧 family"]
        let names = ["List", "買い物", "Café 🍰"]
        var lists = names.enumerated().map { Snapshot.List(checklist: Checklist(id: Int64($0.offset + 1), name: $0.element), items: []) }
        for index in 0..<count {
            let id = Int64(index + 1)
            let list = index % names.count
            let due = index % 3 == 0 ? Fixed.now.addingTimeInterval(Double(index - count / 2) * 3_600 * 7) : nil
            let text = index == count / 2 ? (longText ?? texts[0]) : "\(texts[index % texts.count]) \(index)"
            let item = Item(id: id, checklistID: Int64(list + 1), text: text, isChecked: index % 7 == 3,
                            dueDate: due.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 / 60).rounded(.down) * 60) }, position: id)
            lists[list].items.append(Snapshot.Entry(item: item, remindAt: nil, uid: "uid-\(id)"))
        }
        let snapshot = Snapshot(lists: lists, openChecklistID: nil, lastChecklistID: Int64(names.count), lastItemID: Int64(count))
        _ = try ChecklistsDatabase.open(DatabaseLocation(path: harness.path, createsFolder: false), creatingFrom: snapshot)
    }

    @Test("mixed text: each column padded by display width, the text never padded, undated and CJK rows aligned")
    func smallMixedListing() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "買い物", icon: .groceries), now: Fixed.now)
        try database.apply(.addChecklist(name: "Café", icon: .none), now: Fixed.now)
        _ = harness.add("Pay rent", list: "List", due: "2026-11-20 09:00")
        _ = harness.add("牛乳を買う 🥛", list: "買い物", due: "2026-11-21 18:00")
        _ = harness.add("Crème brûlée", list: "Café")
        let lines = harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: context) }
        expectEqual(lines, [
            "1  !  Nov 20, 2026, 9:00 AM  List    Pay rent",
            "2     Nov 21, 2026, 6:00 PM  買い物  牛乳を買う 🥛",
            "3                            Café    Crème brûlée",
        ])
        try expectEqual(gatheredTable(), lines)
    }

    @Test("widths from the pending items alone: a checked item's longer id and wider list leave the columns as the whole table has them")
    func widthsFromPendingItemsOnly() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "買い物 🛒 Groceries", icon: .groceries), now: Fixed.now)
        try database.apply(.addChecklist(name: "Café", icon: .none), now: Fixed.now)
        let rent = harness.add("Pay rent\u{1B}[31m", list: "List", due: "2026-11-20 09:00", remind: true, repeatRule: "monthly")
        harness.run { context in try ItemCommands.edit(id: rent, text: nil, due: nil, remind: nil, note: "the landlord's IBAN", context: context) }
        _ = harness.add("👨‍👩‍👧 e\u{301}clair שלום", list: "Café")
        for index in 0..<10 { _ = harness.add("牛乳 \(index)", list: "買い物 🛒 Groceries", due: "2026-11-21 18:00") }
        // The wide list's items and the largest id are all checked off.
        for id in Int64(3)...12 { harness.run { context in try ItemCommands.setChecked(id: id, true, context: context) } }
        let lines = harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: context) }
        expectEqual(lines, [
            "1  !  Nov 20, 2026, 9:00 AM  List  Pay rent␛[31m",
            "2                            Café  👨‍👩‍👧 éclair שלום",
        ])
        try expectEqual(gatheredTable(), lines)
        let all = Chunks()
        try run(all, all: true)
        #expect(all.lines == (try gatheredTable(all: true)))
        expectEqual(all.lines.count, 12)
    }

    @Test("many rows: several chunks of whole lines, equal to the whole table, every text at one display column")
    func manyRowsInChunks() throws {
        try fillMany(3_000)
        let chunks = Chunks()
        try run(chunks)
        #expect(chunks.written.count > 1)
        #expect(chunks.written.allSatisfy { $0.last == 0x0A })
        let lines = chunks.lines
        let items = try harness.database().listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil)
        expectEqual(lines.count, items.count)
        #expect(lines == (try gatheredTable()))
        // Each line is its item's text after the other columns, padded so
        // that the text starts at one display column on every line.
        var starts = Set<Int>()
        for (line, listed) in zip(lines, items) {
            #expect(line.hasSuffix("  " + TextWidth.sanitized(listed.item.text)))
            starts.insert(TextWidth.columns(of: String(line.dropLast(listed.item.text.count))))
        }
        expectEqual(starts.count, 1)
        let cjkList = try #require(lines.first { $0.contains("買い物") })
        #expect(cjkList.contains("買い物   "))   // 6 columns, padded to the width of "Café 🍰" (7)
        let all = Chunks()
        try run(all, all: true)
        #expect(all.lines == (try gatheredTable(all: true)))
        expectEqual(all.lines.count, 3_000)
    }

    /// 4,320 pending items due on the 1st to the 9th of each month of 2026
    /// at 1 to 10 o'clock ("Jan 1, 2026, 1:00 AM", 20 columns, and at 10
    /// o'clock 21), and one due "Dec 28, 2025, 10:00 AM" or "Dec 28, 2026,
    /// 10:00 AM" (22: as wide as a date of those years can be), first or
    /// last in due order. The dated items'
    /// ids have five digits and the undated ones' two, and the newest
    /// 4,200 items are checked off.
    private func fillDated(widestFirst: Bool) throws {
        var items: [Item] = []
        var id: Int64 = 10_000
        func add(_ text: String, due: Date?, checked: Bool = false) {
            items.append(Item(id: id, checklistID: 1, text: text, isChecked: checked, dueDate: due, position: id))
            id += 1
        }
        let widest = Fixed.instant(widestFirst ? "2025-12-28T10:00:00Z" : "2026-12-28T10:00:00Z")
        if widestFirst { add("the widest date 🗓", due: widest) }
        for month in 1...12 {
            for day in 1...9 {
                for hour in 1...10 {
                    for minute in [0, 15, 30, 45] {
                        let text = String(format: "2026-%02d-%02dT%02d:%02d:00Z", month, day, hour, minute)
                        add("買い物 \(month)/\(day) \(hour):\(minute) 🛒", due: Fixed.instant(text))
                    }
                }
            }
        }
        if !widestFirst { add("the widest date 🗓", due: widest) }
        for _ in 0..<4_200 { add("done long ago", due: nil, checked: true) }
        for small in Int64(1)...20 {
            items.append(Item(id: small, checklistID: 1, text: "undated café \(small)", isChecked: false, dueDate: nil, position: small))
        }
        let list = Snapshot.List(checklist: Checklist(id: 1, name: "Inbox"),
                                 items: items.map { Snapshot.Entry(item: $0, remindAt: nil, uid: "uid-\($0.id)") })
        let snapshot = Snapshot(lists: [list], openChecklistID: nil, lastChecklistID: 1, lastItemID: id - 1)
        _ = try ChecklistsDatabase.open(DatabaseLocation(path: harness.path, createsFolder: false), creatingFrom: snapshot)
    }

    @Test("the widest date first: the due column as wide as it and the ids as wide as the largest dated one, once the dates stop being measured")
    func widestDateFirst() throws {
        try fillDated(widestFirst: true)
        let chunks = Chunks()
        try run(chunks)
        let lines = chunks.lines
        expectEqual(lines.count, 4_321 + 20)
        expectEqual(lines.first, "10000  !  Dec 28, 2025, 10:00 AM  Inbox  the widest date 🗓")
        expectEqual(lines[1], "10001  !  Jan 1, 2026, 1:00 AM    Inbox  買い物 1/1 1:0 🛒")
        expectEqual(lines.last, "   20                             Inbox  undated café 20")
        #expect(lines == (try gatheredTable()))
    }

    @Test("the widest date last: every date measured, past those a column narrower, the due column as wide as the last")
    func widestDateLast() throws {
        try fillDated(widestFirst: false)
        let chunks = Chunks()
        try run(chunks)
        let lines = chunks.lines
        expectEqual(lines[4_319], "14319     Dec 9, 2026, 10:45 AM   Inbox  買い物 12/9 10:45 🛒")
        expectEqual(lines[4_320], "14320     Dec 28, 2026, 10:00 AM  Inbox  the widest date 🗓")
        #expect(lines == (try gatheredTable()))
    }

    @Test("a text of a very long line: printed whole, after columns as wide as the other rows'")
    func veryLongLastColumn() throws {
        let long = String(repeating: "長い行 long line ", count: 20_000)
        try fillMany(40, longText: long)
        let chunks = Chunks()
        try run(chunks)
        let lines = chunks.lines
        let longLine = try #require(lines.first { $0.hasSuffix("  " + long) })
        let short = try #require(lines.first { $0.hasSuffix("  Buy milk 8") })
        expectEqual(TextWidth.columns(of: String(longLine.dropLast(long.count))), TextWidth.columns(of: String(short.dropLast("Buy milk 8".count))))
        #expect(lines == (try gatheredTable()))
    }

    @Test("every part of the text cell read in place: priority marks, tags, a start to come, controls in texts, tags and list names")
    func textCellParts() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "買い物\u{1B}[1m", icon: .groceries), now: Fixed.now)
        _ = harness.lines { context in
            try ItemCommands.add(text: "Pay rent 💸", list: "List", due: "2026-11-20 09:00", remind: false, priority: "high",
                                 tags: ["home", "money"], context: context)
        }
        _ = harness.lines { context in
            try ItemCommands.add(text: "牛乳を買う\u{7}", list: "買い物\u{1B}[1m", due: nil, remind: false, priority: "low",
                                 tags: ["家"], context: context)
        }
        _ = harness.lines { context in
            try ItemCommands.add(text: "Plan trip ✈️ \u{202E}evil", list: "List", due: "2026-11-25 10:00", remind: false,
                                 start: "2026-11-23 09:00", context: context)
        }
        let lines = harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: context) }
        expectEqual(lines, [
            "1  !  Nov 20, 2026, 9:00 AM   List        !!! Pay rent 💸 #home #money",
            "3  ~  Nov 25, 2026, 10:00 AM  List        Plan trip ✈️ evil (starts Monday 9:00 AM)",
            "2                             買い物␛[1m  ! 牛乳を買う␇ #家",
        ])
        try expectEqual(gatheredTable(), lines)
    }

    @Test("undated lines: the cells between the id and the text, made once for each mark and list, are each line's own")
    func undatedMiddleCells() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "買い物", icon: .groceries), now: Fixed.now)
        func add(_ text: String, list: String, start: String? = nil) {
            _ = harness.lines { context in
                try ItemCommands.add(text: text, list: list, due: nil, remind: false, start: start, context: context)
            }
        }
        add("Milk", list: "List")
        add("牛乳", list: "買い物")
        add("Trip", list: "List", start: "2026-12-23 09:00")
        add("卵", list: "買い物", start: "2026-12-23 09:00")
        add("Bread", list: "List")
        add("お茶", list: "買い物")
        add("Jam", list: "List", start: "2026-12-24 09:00")
        harness.run { context in try ItemCommands.setChecked(id: 5, true, context: context) }
        harness.run { context in try ItemCommands.setChecked(id: 6, true, context: context) }
        let all = Chunks()
        try run(all, all: true)
        expectEqual(all.lines, [
            "1       List    Milk",
            "2       買い物  牛乳",
            "3  ~    List    Trip (starts Dec 23, 9:00 AM)",
            "4  ~    買い物  卵 (starts Dec 23, 9:00 AM)",
            "5  x    List    Bread",
            "6  x    買い物  お茶",
            "7  ~    List    Jam (starts Dec 24, 9:00 AM)",
        ])
        #expect(all.lines == (try gatheredTable(all: true)))
    }

    @Test("text another program stored as bytes that are not UTF-8: each bad sequence shown as �, as every other reader shows it")
    func illFormedStoredText() throws {
        _ = harness.add("placeholder", list: "List", due: "2026-11-20 09:00")
        _ = harness.add("placeholder", list: "List")
        // Another program's connection: the search index's trigger needs a
        // fold, and what it stores does not matter to the listing.
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: DatabaseFunction("search_fold", argumentCount: 1, pure: true) { $0[0] }) }
        let queue = try DatabaseQueue(path: harness.path, configuration: configuration)
        try queue.write { db in
            // "caf" and a cut C3; "ta", C0 AF (an overlong "/"), "g"; "é" whole, ED A0 80 (a surrogate) and a lone 80.
            try db.execute(sql: "UPDATE item SET text = CAST(X'636166C3' AS TEXT), tags = CAST(X'7461C0AF67' AS TEXT) WHERE id = 1")
            try db.execute(sql: "UPDATE item SET text = CAST(X'4F4B20C3A920EDA08020802021' AS TEXT) WHERE id = 2")
        }
        try queue.close()
        // The bytes written, not lines decoded from them: decoding would
        // repair what the listing let through.
        let chunks = Chunks()
        try run(chunks)
        let expected = [
            "1  !  Nov 20, 2026, 9:00 AM  List  caf� #ta��g",
            "2                            List  OK é ��� � !",
        ]
        expectEqual(chunks.bytes, Array(expected.map { $0 + "\n" }.joined().utf8))
        try expectEqual(gatheredTable(), expected)
        let json = Chunks()
        try run(json, json: true)
        let document = String(decoding: json.bytes, as: UTF8.self)
        expectEqual(Array(document.utf8), json.bytes, "the JSON is well-formed UTF-8 as written")
        #expect(document.contains(#""text": "caf\#u{FFFD}""#))
        #expect(document.contains(#""tags": ["ta\#u{FFFD}\#u{FFFD}g"]"#))
        #expect(document.contains(#""text": "OK é \#u{FFFD}\#u{FFFD}\#u{FFFD} \#u{FFFD} !""#))
    }

    @Test("--json read in place: each item as the whole item writes it, with reminders, a repeat, a note, tags, a start and a parent")
    func jsonLinesAsWholeItems() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "買い物\u{1B}[1m", icon: .groceries), now: Fixed.now)
        _ = harness.lines { context in
            try ItemCommands.add(text: "Pay rent 💸 \"now\"", list: "List", due: "2026-11-28 09:00", remind: true, repeat: "monthly",
                                 note: "IBAN\nline two\u{7}", priority: "high", remindBefore: ["1h", "1d"], tags: ["home", "money"],
                                 context: context)
        }
        _ = harness.lines { context in
            try ItemCommands.add(text: "牛乳を買う\u{202E}", list: "買い物\u{1B}[1m", due: "2026-11-25 10:00", remind: false,
                                 tags: ["家"], start: "2026-11-23 09:00", parent: nil, context: context)
        }
        _ = harness.lines { context in
            try ItemCommands.add(text: "Book hotel 🏨", list: "List", due: nil, remind: false, parent: 1, context: context)
        }
        harness.run { context in try ItemCommands.setChecked(id: 2, true, context: context) }
        let items = try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil)
        expectEqual(items.count, 3)
        var whole: [String] = []
        for listed in items {
            var out = JSONBytes()
            ItemQueryCommands.writeJSON(listed, context: harness.context, to: &out)
            whole.append(String(decoding: out.bytes, as: UTF8.self))
        }
        let chunks = Chunks()
        try run(chunks, all: true, json: true)
        let lines = chunks.lines
        expectEqual(lines.count, 5)
        expectEqual(Array(lines.dropFirst().dropLast()), whole.enumerated().map { "  " + $0.element + ($0.offset < 2 ? "," : "") })
        let rent = try #require(lines.first { $0.contains("Pay rent") })
        #expect(rent.contains(#""remind": true, "reminders": [{"#))
        #expect(!rent.contains(#""nextReminder": null"#))
        #expect(rent.contains(#""repeat": "FREQ=MONTHLY""#))
        #expect(rent.contains(#""note": "IBAN\nline two\u0007""#))
        #expect(rent.contains(#""tags": ["home", "money"]"#))
        #expect(lines.contains { $0.contains(#""text": "Book hotel 🏨""#) && $0.contains(#""parent": 1}"#) })
    }

    @Test("--json as literal lines: checked and Remind Me in all four pairs, overdue with and without a repeat, a last done, every priority, a start, a parent")
    func jsonEveryForm() throws {
        // Now is Saturday 21 November 2026, 10:30 UTC.
        _ = harness.lines { context in   // 1: overdue, repeats, medium, Remind Me
            try ItemCommands.add(text: "Rent", list: "List", due: "2026-11-20 09:00", remind: true, repeat: "monthly", priority: "medium",
                                 context: context)
        }
        _ = harness.lines { context in   // 2: overdue, no repeat, low, then checked
            try ItemCommands.add(text: "Milk", list: "List", due: "2026-11-21 08:00", remind: false, priority: "low",
                                 start: "2026-11-19 09:00", context: context)
        }
        _ = harness.lines { context in   // 3: checked with Remind Me, high, a sub-item of 1
            try ItemCommands.add(text: "Call", list: "List", due: "2026-11-25 10:00", remind: true, priority: "high", parent: 1,
                                 context: context)
        }
        _ = harness.lines { context in   // 4: repeats daily, done once: a last done, not overdue
            try ItemCommands.add(text: "Water", list: "List", due: "2026-11-21 08:00", remind: false, repeat: "daily", context: context)
        }
        _ = harness.lines { context in   // 5: overdue, no repeat, tags
            try ItemCommands.add(text: "Taxes", list: "List", due: "2026-11-20 10:00", remind: false, tags: ["home", "money"],
                                 context: context)
        }
        harness.run { context in try ItemCommands.setChecked(id: 2, true, context: context) }
        harness.run { context in try ItemCommands.setChecked(id: 3, true, context: context) }
        harness.run { context in try ItemCommands.setChecked(id: 4, true, context: context) }
        let chunks = Chunks()
        try run(chunks, all: true, json: true)
        // Rent's one reminder was due before now, so none is pending; a
        // checked item is never overdue; Water, done now, moved to tomorrow.
        expectEqual(chunks.lines, [
            "[",
            #"  {"id": 1, "text": "Rent", "list": "List", "listId": 1, "due": "2026-11-20T09:00:00+00:00", "checked": false, "remind": true, "reminders": [{"before": "0m"}], "nextReminder": null, "overdue": true, "repeat": "FREQ=MONTHLY", "lastDone": null, "note": "", "priority": "medium", "tags": [], "start": null, "parent": null},"#,
            #"  {"id": 5, "text": "Taxes", "list": "List", "listId": 1, "due": "2026-11-20T10:00:00+00:00", "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": true, "repeat": null, "lastDone": null, "note": "", "priority": "none", "tags": ["home", "money"], "start": null, "parent": null},"#,
            #"  {"id": 2, "text": "Milk", "list": "List", "listId": 1, "due": "2026-11-21T08:00:00+00:00", "checked": true, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": null, "lastDone": null, "note": "", "priority": "low", "tags": [], "start": "2026-11-19T09:00:00+00:00", "parent": null},"#,
            #"  {"id": 4, "text": "Water", "list": "List", "listId": 1, "due": "2026-11-22T08:00:00+00:00", "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": "FREQ=DAILY", "lastDone": "2026-11-21T10:30:00+00:00", "note": "", "priority": "none", "tags": [], "start": null, "parent": null},"#,
            #"  {"id": 3, "text": "Call", "list": "List", "listId": 1, "due": "2026-11-25T10:00:00+00:00", "checked": true, "remind": true, "reminders": [{"before": "0m"}], "nextReminder": null, "overdue": false, "repeat": null, "lastDone": null, "note": "", "priority": "high", "tags": [], "start": null, "parent": 1}"#,
            "]",
        ])
    }

    @Test("--json over many rows: one valid document of the same items, in chunks")
    func jsonManyRows() throws {
        try fillMany(3_000)
        let chunks = Chunks()
        try run(chunks, all: true, json: true)
        #expect(chunks.written.count > 1)
        guard case .array(let elements) = try JSONParser.parse(chunks.bytes).value else {
            Issue.record("not a JSON array")
            return
        }
        let items = try harness.database().listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil)
        expectEqual(elements.count, 3_000)
        let read = elements.map { element -> (id: String, text: String) in
            guard case .object(let members) = element.value,
                  case .number(let id) = members.first(where: { $0.key == "id" })?.value.value,
                  case .string(let text) = members.first(where: { $0.key == "text" })?.value.value
            else { return ("", "") }
            return (id, text)
        }
        expectEqual(read.map(\.id), items.map { String($0.item.id) })
        expectEqual(read.map(\.text), items.map(\.item.text))
        // Each element on its own line, as before.
        expectEqual(chunks.lines.first, "[")
        expectEqual(chunks.lines.last, "]")
        expectEqual(chunks.lines.count, 3_002)
    }
}
