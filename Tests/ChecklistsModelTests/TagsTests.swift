import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// Tags on real SQLite files: v17 on a database of v16, stored, searched,
/// listed with `tags` (a condition of the streamed listing), counted, and
/// undone; read from and written to iCalendar's CATEGORIES.
@Suite("Tags on a real SQLite file")
struct TagsTests {
    let folder = TemporaryFolder()
    let now = Fixed.now

    func open(_ name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file(name), createsFolder: false), options: .init(busyTimeout: 1))
    }

    @discardableResult
    func add(_ database: ChecklistsDatabase, _ list: Int64, _ text: String, tags: [String] = []) throws -> Int64 {
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: nil, tags: tags)), now: now) else {
            Issue.record("adding \(text) returned no id")
            return 0
        }
        return id
    }

    @Test("typed tags: spaces or commas separate, # is optional, each once in its first spelling; other apps' spaces read as -")
    func parsing() {
        expectEqual(Tags.parse("#work home,Work  errands, #"), ["work", "home", "errands"])
        expectEqual(Tags.tag("Home Office"), "Home-Office")
        #expect(Tags.tag("##") == nil)
        #expect(Tags.contains(["Work"], "WORK"))
    }

    @Test("merged as a set against the last synced tags: added on either side kept, removed on one side gone")
    func mergedAsSet() {
        expectEqual(Tags.merged(base: ["a"], ours: ["a", "here"], theirs: ["a", "there"]), ["a", "here", "there"])
        expectEqual(Tags.merged(base: ["a", "b"], ours: ["a"], theirs: ["a", "b", "c"]), ["a", "c"])
        expectEqual(Tags.merged(base: [], ours: ["Work"], theirs: ["work", "home"]), ["Work", "home"])
    }

    @Test("v17 on a database of v16: another app's CATEGORIES (every line) in an imported object become the item's tags, and are searched")
    func migratesFromVersion16() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try olderDatabase(at: path, upTo: "v16: several reminders")
            let object = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:u2\r\nSUMMARY:two\r\nCATEGORIES:Work,Home Office\r\n"
                + "CATEGORIES:errands\\,urgent\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List');
                    INSERT INTO item (id, checklistID, text, uid) VALUES (1, 1, 'mine', 'u1'), (2, 1, 'two', 'u2');
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
                try db.execute(sql: "UPDATE item SET calendarObject = ? WHERE id = 2", arguments: [object])
            }
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        try expectEqual(database.item(id: 1)?.tags, [])
        try expectEqual(database.item(id: 2)?.tags, ["Work", "Home-Office", "errands-urgent"])
        try expectEqual(database.search(SearchQuery("#work")!, limit: 10).items.map(\.id), [2])
    }

    @Test("stored with the item, changed by an edit and undone; searched by #tag or tag; listed by all of several tags, case ignored")
    func storedListedSearched() throws {
        let database = try open()
        let list = try database.checklists()[0].id
        let both = try add(database, list, "Call the bank", tags: ["Work", "phone"])
        try add(database, list, "Buy milk", tags: ["home"])
        let untagged = try add(database, list, "Read")
        try expectEqual(open().item(id: both)?.tags, ["Work", "phone"])
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil, tags: ["work"]).map(\.id), [both])
        try expectEqual(database.listedItems(checklistID: list, includeChecked: true, dueFrom: nil, before: nil, tags: ["PHONE", "work"]).map(\.id), [both])
        #expect(try database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil, tags: ["work", "home"]).isEmpty)
        try expectEqual(database.search(SearchQuery("#work")!, limit: 10).items.map(\.id), [both])
        try expectEqual(database.search(SearchQuery("phone")!, limit: 10).items.map(\.id), [both])
        try database.apply(.updateItem(id: untagged, ItemDraft(text: "Read", dueDate: nil, tags: ["work"])), now: now)
        try expectEqual(database.tagCounts(), [TagCount(tag: "home", openItems: 1), TagCount(tag: "phone", openItems: 1),
                                            TagCount(tag: "Work", openItems: 2)])
        try database.apply(.setChecked(itemID: both, true), now: now)
        try expectEqual(database.taggedItems("WORK", limit: 10).map(\.id), [untagged])
        _ = try database.step(.undo, now: now)
        _ = try database.step(.undo, now: now)
        try expectEqual(database.item(id: untagged)?.tags, [])
        try expectEqual(database.search(SearchQuery("#work")!, limit: 10).items.map(\.id), [both])
    }

    @Test("CATEGORIES read from every line; another app's lines kept byte for byte while the tags stand, one line written when they change")
    func calendarRoundTrip() throws {
        let mapping = CalendarMapping(timeZone: TimeZone(identifier: "UTC")!, now: now)
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:u\r\nSUMMARY:x\r\nCATEGORIES:Work,home\r\nCATEGORIES:a\\,b\r\n"
            + "END:VTODO\r\nEND:VCALENDAR\r\n"
        let object = try #require(CalendarMapping.object(text))
        var fields = try #require(mapping.fields(of: object))
        expectEqual(fields.tags, ["Work", "home", "a-b"])
        let stamps = CalendarStamps(modifiedAt: now, completedAt: nil)
        expectEqual(ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: object)), text)
        fields.tags = ["Work", "errands"]
        let changed = ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: object))
        #expect(changed.contains("CATEGORIES:Work,errands\r\n") && !changed.contains("CATEGORIES:a"))
    }

    // Catches a tag added here rewriting the other app's own: its "Work
    // Stuff" became Work-Stuff and "#urgent" urgent on the server.
    @Test("a tag added here leaves the other app's spelling of its tags as it was: Work Stuff, #urgent, a,b")
    func otherAppsSpellingKept() throws {
        let mapping = CalendarMapping(timeZone: TimeZone(identifier: "UTC")!, now: now)
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:u\r\nSUMMARY:x\r\nCATEGORIES:Work Stuff,#urgent\r\n"
            + "CATEGORIES:home,a\\,b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let object = try #require(CalendarMapping.object(text))
        var fields = try #require(mapping.fields(of: object))
        expectEqual(fields.tags, ["Work-Stuff", "urgent", "home", "a-b"])
        fields.tags += ["new"]
        let stamps = CalendarStamps(modifiedAt: now, completedAt: nil)
        let added = ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: object))
        #expect(added.contains("CATEGORIES:Work Stuff,#urgent,home,a\\,b,new\r\n"), "\(added)")
        let reread = try #require(CalendarMapping.object(added).flatMap { mapping.fields(of: $0) })
        expectEqual(reread.tags, ["Work-Stuff", "urgent", "home", "a-b", "new"])
        // One removed: the rest keep their spelling.
        fields.tags = ["urgent", "new"]
        #expect(ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: object)).contains("CATEGORIES:#urgent,new\r\n"))
    }
}
