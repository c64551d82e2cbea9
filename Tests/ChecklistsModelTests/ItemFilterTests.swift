import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// The filter syntax (`ItemFilter`): read in one place for the app's `f`,
/// smart lists and `list --filter`, and written back the same way.
@Suite("Filters: the syntax")
struct ItemFilterSyntaxTests {
    /// What is typed, and the filter it reads as, written back in its one order.
    static let table: [(typed: String, printed: String)] = [
        ("", ""),
        ("#work", "#work"),
        ("#work #Home #WORK", "#work #Home"),
        ("!", "!low"),
        ("!!", "!medium"),
        ("!!!", "!high"),
        ("!High", "!high"),
        ("!none", "!none"),
        ("!!+", "!medium+"),
        ("!low+", "!low+"),
        ("due:overdue", "due:overdue"),
        ("due:today", "due:today"),
        ("due:0d", "due:today"),
        ("due:week", "due:week"),
        ("due:6d", "due:week"),
        ("due:3d", "due:3d"),
        ("DUE:None", "due:none"),
        ("list:Work", "list:Work"),
        ("list:\"Home office\"", "list:\"Home office\""),
        ("has:reminder", "has:reminder"),
        ("is:open", ""),
        ("is:checked", "is:checked"),
        ("is:any", "is:any"),
        ("started", "started"),
        ("milk", "milk"),
        ("\"oat milk\"", "\"oat milk\""),
        ("\"started\"", "\"started\""),
        ("\"#work\"", "\"#work\""),
        ("10:30 re:invoice", "10:30 re:invoice"),
        ("milk #errands due:today !high list:Home", "list:Home #errands !high due:today milk"),
        // Inside quotes \" is a quote and \\ a backslash; any other backslash is itself.
        (#"list:"Bob's \"Den\"""#, #"list:"Bob's \"Den\"""#),
        (#"list:"C:\Users\x y""#, #"list:"C:\\Users\\x y""#),
        (#""say \"hi\"""#, #""say \"hi\"""#),
        (#"a\b"#, #"a\b"#),
    ]

    @Test("any list name, quotes and backslashes in it too, makes a list: word that reads back as that name")
    func listNamesRoundTrip() throws {
        for name in ["Work", "Home office", #"Bob's "Den""#, #"a"b"#, #"C:\dir\"#, #"\""#, "  padded  ", "日本 \"語\""] {
            let printed = ItemFilter(listName: name).text
            try expectEqual(ItemFilter.parse(printed).listName, name, "\(name) printed as \(printed)")
        }
    }

    @Test("each word reads as what it says, and prints back in one order that reads the same again")
    func readsAndPrints() throws {
        for (typed, printed) in Self.table {
            let filter = try ItemFilter.parse(typed)
            expectEqual(filter.text, printed, "\(typed)")
            try expectEqual(ItemFilter.parse(filter.text), filter, "\(typed) printed as \(filter.text)")
        }
    }

    @Test("the parts a filter is made of")
    func parts() throws {
        let filter = try ItemFilter.parse("#work !!+ due:3d list:\"Home office\" has:reminder is:any started oat \"x y\"")
        expectEqual(filter.tags, ["work"])
        #expect(filter.priority == .medium && filter.priorityOrHigher)
        expectEqual(filter.due, .within(days: 3))
        expectEqual(filter.listName, "Home office")
        #expect(filter.hasReminder && filter.startedOnly)
        expectEqual(filter.state, .any)
        expectEqual(filter.words, ["oat", "x y"])
    }

    /// Bad words: each an error that says what is allowed, never text.
    static let bad: [(typed: String, says: String)] = [
        ("due:someday", "due: takes overdue, today, week, none, 3d"),
        ("due:-1d", "due: takes"),
        ("!urgent", "try ! !! !!! !low !medium !high !none (+ or higher)"),
        ("!!!!", "try ! !!"),
        ("!none+", "try ! !!"),
        ("is:done", "is: takes open, checked or any"),
        ("has:note", "has: takes reminder"),
        ("list:", "list: takes a list's name"),
        ("#", "a tag needs a name after #"),
        ("list:\"Home", "a quote is not closed"),
    ]

    @Test("a bad word is one error naming the word and what is allowed")
    func badWords() {
        for (typed, says) in Self.bad {
            do {
                _ = try ItemFilter.parse(typed)
                Issue.record("\(typed) was read")
            } catch {
                #expect(error.description.contains(says), "\(typed): \(error.description)")
            }
        }
    }

    @Test("the token readers quick add shares: #tag and !priority")
    func tokenReaders() {
        expectEqual(ItemFilter.tag(in: "#work"), "work")
        #expect(ItemFilter.tag(in: "work") == nil)
        expectEqual(ItemFilter.priority(in: "!!")?.priority, .medium)
        expectEqual(ItemFilter.priority(in: "!high+")?.orHigher, true)
        #expect(ItemFilter.priority(in: "wow!") == nil)
        #expect(ItemFilter.priority(in: "!urgent") == nil)
    }
}

/// Filters read from a real SQLite file: what the query returns is what
/// `ItemFilter.matches` says of every item, and the counts.
@Suite("Filters: the storage")
struct FilterStorageTests {
    let folder = TemporaryFolder()
    let calendar = Fixed.style.dayCalendar

    func database() throws -> (ChecklistsDatabase, [Item]) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let home = try database.checklistSummaries()[0].id
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Home office", icon: .folder), now: Fixed.now) else {
            throw StorageError.notFound(what: "the list")
        }
        func add(_ list: Int64, _ text: String, due: String? = nil, start: String? = nil, remind: Bool = false, priority: Priority = .none,
                 tags: [String] = [], note: String = "") throws {
            let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, shouldRemind: remind, note: note, priority: priority,
                                  tags: tags, startDate: start.map { Fixed.date($0) })
            _ = try database.apply(.addItem(checklistID: list, draft), now: Fixed.now)
        }
        try add(home, "Pay rent", due: "2026-11-19 09:00", priority: .high)
        try add(work, "Report", due: "2026-11-21 17:00", remind: true, priority: .high, tags: ["work"])
        try add(work, "Call the bank", due: "2026-11-24 09:00", priority: .medium, tags: ["Work", "phone"])
        try add(work, "Plan", start: "2026-11-25 00:00", tags: ["work"])
        try add(home, "Café beans", priority: .low, note: "the oat ones")
        try add(home, "Taxes", due: "2026-12-10 09:00", tags: ["work"])
        try add(home, "Milk", due: "2026-11-21 08:00")
        let all = try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil)
        let milk = all.first { $0.item.text == "Milk" }!.item
        try database.apply(.setChecked(itemID: milk.id, true), now: Fixed.now)
        let items = try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil)
        return (database, items.map(\.item))
    }

    static let filters = ["", "#work", "#work #phone", "!high", "!!+", "!none", "due:overdue", "due:today", "due:3d", "due:week", "due:none",
                          "list:\"home office\"", "list:List #work", "has:reminder", "is:checked", "is:any", "started", "cafe", "OAT",
                          "#work due:3d !medium+", "is:any milk", "list:Nowhere"]

    @Test("a text word that splits a character (a Thai vowel alone, or across two characters) finds what the rule finds, through either look-up")
    func wordsInsideCharacters() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        for text in ["ที่ดิน land", "ทดสอบ test", "กี่ how many"] {
            _ = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: nil)), now: Fixed.now)
        }
        let items = try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil).map(\.item)
        // "ี" is one scalar (the folded text's own look-up); "ี่ด" three, across
        // two characters (the trigram index's).
        for (typed, found) in [("\u{e35}", ["ที่ดิน land", "กี่ how many"]), ("\u{e35}\u{e48}\u{e14}", ["ที่ดิน land"])] {
            let filter = try ItemFilter.parse(typed)
            let results = try database.filteredItems(filter, now: Fixed.now, calendar: calendar, limit: 100)
            expectEqual(Set(results.items.map(\.item.text)), Set(found), "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
            let expected = items.filter { filter.matches($0, listName: "List", now: Fixed.now, calendar: calendar) }
            expectEqual(Set(expected.map(\.text)), Set(found))
        }
    }

    @Test("every filter finds exactly the items its rule matches, in the due order, with the counts")
    func queryAgreesWithTheRule() throws {
        defer { folder.remove() }
        let (database, items) = try database()
        let names = Dictionary(uniqueKeysWithValues: try database.checklistSummaries().map { ($0.id, $0.checklist.name) })
        for typed in Self.filters {
            let filter = try ItemFilter.parse(typed)
            let results = try database.filteredItems(filter, now: Fixed.now, calendar: calendar, limit: 100)
            let expected = items.filter { filter.matches($0, listName: names[$0.checklistID]!, now: Fixed.now, calendar: calendar) }
                .sorted { ($0.dueDate ?? .distantFuture, $0.id) < ($1.dueDate ?? .distantFuture, $1.id) }
            expectEqual(results.items.map(\.item.text), expected.map(\.text), "\(typed)")
            expectEqual(results.matching, expected.count, "\(typed)")
            try expectEqual(database.filteredCount(filter, now: Fixed.now, calendar: calendar), (typed == "list:Nowhere" ? nil : expected.count))
        }
        // Spelled out, so the rule itself is checked too.
        let work = try database.filteredItems(try ItemFilter.parse("#work"), now: Fixed.now, calendar: calendar, limit: 100)
        expectEqual(work.items.map(\.item.text), ["Report", "Call the bank", "Taxes", "Plan"])
        expectEqual(work.inScope, 6)
        let office = try database.filteredItems(try ItemFilter.parse("list:\"Home office\" !high"), now: Fixed.now, calendar: calendar, limit: 100)
        expectEqual(office.items.map(\.item.text), ["Report"])
        #expect(office.inScope == 3 && office.hidden == 2)
        #expect(try database.filteredItems(try ItemFilter.parse("due:today"), now: Fixed.now, calendar: calendar, limit: 100).items.map(\.item.text)
            == ["Pay rent", "Report"])
        #expect(try database.filteredItems(try ItemFilter.parse("list:Nowhere"), now: Fixed.now, calendar: calendar, limit: 100).listFound == false)
    }

    @Test("a page shorter than all the matches still counts them all")
    func limitedPage() throws {
        defer { folder.remove() }
        let (database, _) = try database()
        let results = try database.filteredItems(ItemFilter(), now: Fixed.now, calendar: calendar, limit: 2)
        expectEqual(results.items.map(\.item.text), ["Pay rent", "Report"])
        expectEqual(results.matching, 6)
    }

    @Test("many matches across the lists are read in order on the pending indexes, dated then undated, and still counted")
    func manyMatches() throws {
        defer { folder.remove() }
        let (database, _) = try database()
        let list = try database.checklistSummaries()[0].id
        for number in 1...10 {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "Undated \(number)", dueDate: nil)), now: Fixed.now)
        }
        // 16 open items, more than four pages of 3: the ordered reads.
        let first = try database.filteredItems(ItemFilter(), now: Fixed.now, calendar: calendar, limit: 3)
        expectEqual(first.items.map(\.item.text), ["Pay rent", "Report", "Call the bank"])
        expectEqual(first.matching, 16)
        // The one dated item without a priority, then the undated ones by id.
        let undated = try database.filteredItems(try ItemFilter.parse("!none"), now: Fixed.now, calendar: calendar, limit: 2)
        expectEqual(undated.matching, 12)
        expectEqual(undated.items.map(\.item.text), ["Taxes", "Plan"])
        let tail = try database.filteredItems(ItemFilter(), now: Fixed.now, calendar: calendar, limit: 3).items
        let all = try database.filteredItems(ItemFilter(), now: Fixed.now, calendar: calendar, limit: 100).items
        expectEqual(tail, Array(all.prefix(3)))
        // Past the dated ones, the undated in the order they were added.
        expectEqual(all.suffix(3).map(\.item.text), ["Undated 8", "Undated 9", "Undated 10"])
        let three = try database.filteredItems(try ItemFilter.parse("is:open"), now: Fixed.now, calendar: calendar, limit: 3)
        expectEqual(three.items.map(\.item.text), first.items.map(\.item.text))
    }

    @Test("smart lists: kept by name, counted, renamed, a taken name or a bad filter refused, deleted and brought back by undo")
    func smartLists() throws {
        defer { folder.remove() }
        let (database, _) = try database()
        let urgent = try database.saveSmartList(id: nil, name: " Urgent at work ", filter: "#work !high", now: Fixed.now)
        try database.saveSmartList(id: nil, name: "Anything", filter: "", now: Fixed.now)
        try expectEqual(database.smartLists().map(\.name), ["Anything", "Urgent at work"])
        try expectEqual(database.smartListCounts(now: Fixed.now, calendar: calendar).map(\.count), [6, 1])
        try expectEqual(database.smartList(named: "urgent AT work")?.id, urgent.id)
        #expect(throws: StorageError.badSmartList(reason: "A smart list is already called “Anything”; choose another name.")) {
            try database.saveSmartList(id: urgent.id, name: "anything", filter: "", now: Fixed.now)
        }
        #expect(throws: StorageError.badSmartList(reason: "The filter does not read: “!urgent” is not a filter: "
            + "try ! !! !!! !low !medium !high !none (+ or higher).")) {
            try database.saveSmartList(id: nil, name: "Bad", filter: "!urgent", now: Fixed.now)
        }
        #expect(throws: StorageError.emptyText(what: "smart list's name")) {
            try database.saveSmartList(id: nil, name: "  ", filter: "", now: Fixed.now)
        }
        try database.saveSmartList(id: urgent.id, name: "Urgent", filter: "#work !medium+", now: Fixed.now)
        try expectEqual(database.smartListCounts(now: Fixed.now, calendar: calendar).map { "\($0.smartList.name) \($0.count ?? -1)" }, ["Anything 6", "Urgent 2"])
        try database.deleteSmartList(id: urgent.id, now: Fixed.now)
        try expectEqual(database.smartLists().map(\.name), ["Anything"])
        let undone = try database.step(.undo, now: Fixed.now, askAboutElsewhere: false, confirmed: nil)
        #expect("\(undone)".contains("delete smart list “Urgent”"))
        try expectEqual(database.smartLists(), [SmartList(id: 2, name: "Anything", filter: ""), SmartList(id: urgent.id, name: "Urgent", filter: "#work !medium+")])
    }

    @Test("a filter of more texts and tags than the limit is refused with the count; one kept before the limit counts nothing, the others count on")
    func tooManyWords() throws {
        defer { folder.remove() }
        let (database, _) = try database()
        // At the limit the count's one SQL expression still reads (SQLite caps its depth at 1,000).
        let most = (1...ItemFilter.wordLimit).map { $0.isMultiple(of: 2) ? "#tag\($0)" : "word\($0)" }.joined(separator: " ")
        try database.saveSmartList(id: nil, name: "Most", filter: most, now: Fixed.now)
        let tooMany = (1...900).map { "word\($0)" }.joined(separator: " ")
        #expect(throws: ItemFilterError.tooManyWords(900, limit: 100)) { try ItemFilter.parse(tooMany) }
        #expect(throws: StorageError.badSmartList(reason: "The filter does not read: 900 words and tags is too many for a filter: keep it to 100.")) {
            try database.saveSmartList(id: nil, name: "Pasted", filter: tooMany, now: Fixed.now)
        }
        // Kept by a copy of the app before the limit: the home screen's counts still load.
        try database.writeWithoutHistoryForTesting("INSERT INTO smartList (name, filter, position) VALUES ('Pasted', '\(tooMany)', 9)")
        try expectEqual(database.smartListCounts(now: Fixed.now, calendar: calendar).map { "\($0.smartList.name) \($0.count ?? -1)" }, ["Most 0", "Pasted -1"])
        // Made in code past the parser, the same words fail to read, and say so:
        // a read never reports "the change was not saved".
        var past = ItemFilter()
        past.words = (1...1_500).map { "word\($0)" }
        let failure = #expect(throws: StorageError.self) { try database.filteredCount(past, now: Fixed.now, calendar: calendar) }
        expectEqual(failure?.statusLine, "Could not read the database (Expression tree is too large (maximum depth 1000)); nothing was changed.")
    }

    @Test("a smart list whose list is gone counts nothing and says so (nil), the others count on")
    func listGone() throws {
        defer { folder.remove() }
        let (database, _) = try database()
        try database.saveSmartList(id: nil, name: "Office", filter: "list:\"Home office\"", now: Fixed.now)
        try expectEqual(database.smartListCounts(now: Fixed.now, calendar: calendar).map(\.count), [3])
        let office = try database.checklistSummaries().first { $0.checklist.name == "Home office" }!
        try database.apply(.deleteChecklist(id: office.id), now: Fixed.now)
        try expectEqual(database.smartListCounts(now: Fixed.now, calendar: calendar).map(\.count), [nil])
    }
}
