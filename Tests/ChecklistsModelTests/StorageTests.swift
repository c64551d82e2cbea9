import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

@Suite("Storage on a real SQLite file")
struct StorageTests {
    let folder = TemporaryFolder()
    let due = Fixed.date("2026-11-22 09:00")

    @Test("a new database is migrated from empty and holds one list named List")
    func firstStart() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let lists = try database.checklistSummaries()
        expectEqual(lists.map(\.checklist.name), ["List"])
        expectEqual(lists[0].detail, "(No Items)")
        #expect(try database.openChecklistID() == nil)
        folder.remove()
    }

    @Test("reopening does not create a second List, and keeps the data")
    func reopen() throws {
        do {
            let database = try ChecklistsDatabase.temporary(in: folder)
            let list = try database.checklistSummaries()[0].id
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "milk", dueDate: due)), now: Fixed.now)
            try database.apply(.setOpenChecklist(id: list), now: Fixed.now)
        }
        let again = try ChecklistsDatabase.temporary(in: folder)
        let lists = try again.checklistSummaries()
        expectEqual(lists.count, 1)
        expectEqual(lists[0].detail, "1 Remaining")
        try expectEqual(again.openChecklistID(), lists[0].id)
        folder.remove()
    }

    @Test("a first start killed half-way leaves only a .creating file, which the next start replaces")
    func creationIsAtomic() throws {
        // What a killed creation leaves beside the database: a partial file and its WAL.
        #expect(FileManager.default.createFile(atPath: folder.file("test.sqlite.creating"), contents: Data("half".utf8)))
        #expect(FileManager.default.createFile(atPath: folder.file("test.sqlite.creating-wal"), contents: Data(count: 32)))
        let database = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(database.checklistSummaries().map(\.checklist.name), ["List"])
        try expectEqual(database.soundnessProblems(), [])
        #expect(!FileManager.default.fileExists(atPath: folder.file("test.sqlite.creating")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("test.sqlite.creating-wal")))
        folder.remove()
    }

    @Test("a link where the new file is built is removed, never followed; a data folder that is a link still opens")
    func linksBesideTheDatabase() throws {
        defer { folder.remove() }
        let precious = folder.file("precious.txt")
        try "precious\n".write(toFile: precious, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.file("test.sqlite.creating"), withDestinationPath: precious)
        let database = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(database.checklistSummaries().map(\.checklist.name), ["List"])
        try expectEqual(String(contentsOfFile: precious, encoding: .utf8), "precious\n")
        // The folder lock only reads the folder, so a linked data folder is fine.
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked"), withDestinationPath: folder.path)
        let throughLink = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("linked") + "/test.sqlite", createsFolder: false),
                                                      options: .init(busyTimeout: 1))
        try expectEqual(throughLink.checklistSummaries().map(\.checklist.name), ["List"])
    }

    @Test("the file and the default folder are owner-only")
    func permissions() throws {
        let location = DatabaseLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": folder.path, "HOME": "/nonexistent"])
        expectEqual(location.path, folder.path + "/checklists/checklists.sqlite")
        _ = try ChecklistsDatabase.open(location)
        let fileMode = try FileManager.default.attributesOfItem(atPath: location.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path + "/checklists")[.posixPermissions] as? Int
        expectEqual(fileMode, 0o600)
        expectEqual(folderMode, 0o700)
        folder.remove()
    }

    @Test("a file other users can open is used, and reported once for each mode it is seen with")
    func openToOthersReportedOnce() throws {
        let path = folder.file("test.sqlite")
        let location = DatabaseLocation(path: path, createsFolder: false)
        #expect(try ChecklistsDatabase.open(location).openingNotice == nil)      // new: 0600
        try ChecklistsDatabase.open(location).apply(.addChecklist(name: "Private", icon: .none), now: Fixed.now)

        chmod(path, 0o644)
        let first = try ChecklistsDatabase.open(location)
        expectEqual(first.openingNotice, .openToOthers(path: path, mode: 0o644))
        expectEqual(first.openingNotice?.description, "other users can read \(path) (mode 644); chmod 600 it to keep your lists private (said once)")
        #expect(try ChecklistsDatabase.open(location).openingNotice == nil)     // said once
        try expectEqual(ChecklistsDatabase.open(location).checklistSummaries().map(\.checklist.name), ["List", "Private"])

        chmod(path, 0o666)
        try expectEqual(ChecklistsDatabase.open(location).openingNotice?.description, "other users can read and change \(path) (mode 666); chmod 600 it to keep your lists private (said once)")
        chmod(path, 0o600)
        #expect(try ChecklistsDatabase.open(location).openingNotice == nil)
        chmod(path, 0o644)                                                      // opened up again: said again
        try expectEqual(ChecklistsDatabase.open(location).openingNotice, .openToOthers(path: path, mode: 0o644))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        expectEqual(mode, 0o644)                                                  // used as it is, not changed
        folder.remove()
    }

    @Test("an itemID is never reused, not even after the newest item is deleted")
    func idsNeverReused() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        guard case let .item(first) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "a", dueDate: due)), now: Fixed.now),
              case let .item(second) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "b", dueDate: due)), now: Fixed.now) else {
            Issue.record("adding did not return item ids")
            return
        }
        try database.apply(.deleteItem(id: second), now: Fixed.now)
        guard case let .item(third) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "c", dueDate: due)), now: Fixed.now) else { Issue.record("the change did not return the new id"); return }
        #expect(first < second)
        #expect(third > second)
        // And across a restart.
        let reopened = try ChecklistsDatabase.temporary(in: folder)
        try reopened.apply(.deleteItem(id: third), now: Fixed.now)
        guard case let .item(fourth) = try reopened.apply(.addItem(checklistID: list, ItemDraft(text: "d", dueDate: due)), now: Fixed.now) else { Issue.record("the change did not return the new id"); return }
        #expect(fourth > third)
        folder.remove()
    }

    @Test("deleting a list deletes its items, and counts stay right")
    func cascadeDelete() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        guard case let .checklist(groceries) = try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now) else { Issue.record("the change did not return the new id"); return }
        var ids: [Int64] = []
        for text in ["eggs", "milk", "bread"] {
            if case let .item(id) = try database.apply(.addItem(checklistID: groceries, ItemDraft(text: text, dueDate: due)), now: Fixed.now) { ids.append(id) }
        }
        try database.apply(.setChecked(itemID: ids[0], true), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: groceries)?.detail, "2 Remaining")
        try database.apply(.setChecked(itemID: ids[1], true), now: Fixed.now)
        try database.apply(.setChecked(itemID: ids[2], true), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: groceries)?.detail, "All Done!")
        try database.apply(.setChecked(itemID: ids[2], false), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: groceries)?.detail, "1 Remaining")
        try database.apply(.deleteChecklist(id: groceries), now: Fixed.now)
        for id in ids { #expect(try database.item(id: id) == nil) }
        try expectEqual(database.checklistSummaries().map(\.checklist.name), ["List"])
        folder.remove()
    }

    @Test("lists sort the way people sort: case-insensitive, numbers by value")
    func naturalOrder() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        for name in ["list 10", "List 2", "apples", "Zebra", "list 1"] {
            try database.apply(.addChecklist(name: name, icon: .none), now: Fixed.now)
        }
        try expectEqual(database.checklistSummaries().map(\.checklist.name), ["apples", "List", "list 1", "List 2", "list 10", "Zebra"])
        folder.remove()
    }

    @Test("every list reads back as written (name, icon, order, counts, hidden checked), a newer version's icon and order as the defaults, at every read")
    func listsReadBack() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        guard case .checklist(let trips) = try database.apply(.addChecklist(name: "Café ☕️ trips", icon: .trips), now: Fixed.now),
              case .checklist(let newer) = try database.apply(.addChecklist(name: "From a newer version", icon: .inbox), now: Fixed.now)
        else { Issue.record("no list made"); return }
        try database.apply(.setSortOrder(checklistID: trips, .text), now: Fixed.now)
        try database.apply(.setHidesChecked(checklistID: trips, true), now: Fixed.now)
        for text in ["tickets", "passport", "charger"] {
            try database.apply(.addItem(checklistID: trips, ItemDraft(text: text, dueDate: due)), now: Fixed.now)
        }
        let checked = try database.itemsPage(checklistID: trips, sortOrder: .text, offset: 0, limit: 10).items[0].id
        try database.apply(.setChecked(itemID: checked, true), now: Fixed.now)
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE checklist SET icon = 'house', sortOrder = 'byColour' WHERE id = ?", arguments: [newer])
        }
        try queue.close()

        for _ in 1...2 {
            let lists = try database.checklistSummaries()
            expectEqual(lists.map(\.checklist.name), ["Café ☕️ trips", "From a newer version", "List"])
            expectEqual(lists.map(\.checklist.icon), [.trips, .none, .none])
            expectEqual(lists.map(\.checklist.sortOrder), [.text, .dueDate, .dueDate])
            expectEqual(lists.map(\.checklist.hidesChecked), [true, false, false])
            expectEqual(lists.map(\.itemCount), [3, 0, 0])
            expectEqual(lists.map(\.remainingCount), [2, 0, 0])
            // One list by id reads it the same way.
            for list in lists { try expectEqual(database.checklistSummary(id: list.id), list) }
        }
        folder.remove()
    }

    @Test("items page in each sort order, and an item's index is counted by SQL")
    func pagesAndIndexes() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        let texts = ["item 10", "Item 2", "apple", "item 1"]
        var ids: [Int64] = []
        for (offset, text) in texts.enumerated() {
            // Due dates in reverse order of adding.
            let date = due.addingTimeInterval(Double(texts.count - offset) * 3600)
            if case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: date)), now: Fixed.now) { ids.append(id) }
        }
        try expectEqual(database.itemsPage(checklistID: list, sortOrder: .added, offset: 0, limit: 10).items.map(\.text), texts)
        try expectEqual(database.itemsPage(checklistID: list, sortOrder: .dueDate, offset: 0, limit: 10).items.map(\.text), texts.reversed())
        try expectEqual(database.itemsPage(checklistID: list, sortOrder: .text, offset: 0, limit: 10).items.map(\.text), ["apple", "item 1", "Item 2", "item 10"])
        let page = try database.itemsPage(checklistID: list, sortOrder: .text, offset: 1, limit: 2)
        expectEqual(page.items.map(\.text), ["item 1", "Item 2"])
        expectEqual(page.totalCount, 4)
        try expectEqual(database.index(ofItem: ids[0], sortOrder: .text), 3)
        try expectEqual(database.index(ofItem: ids[0], sortOrder: .dueDate), 3)
        try expectEqual(database.index(ofItem: ids[0], sortOrder: .added), 0)
        folder.remove()
    }

    @Test("changes and reads run their own SQL: none asks the schema the way GRDB's record requests do")
    func noSchemaQueries() throws {
        let log = StatementLog()
        let database = try ChecklistsDatabase.traced(in: folder, name: "traced.sqlite", log: log)
        let list = try database.checklistSummaries()[0].id
        guard case let .checklist(other) = try database.apply(.addChecklist(name: "Other", icon: .none), now: Fixed.now),
              case let .item(first) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "milk", dueDate: due)), now: Fixed.now),
              case let .item(second) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "eggs", dueDate: nil)), now: Fixed.now)
        else { Issue.record("an add returned no id"); return }
        try database.apply(.updateItem(id: first, ItemDraft(text: "oat milk", dueDate: due)), now: Fixed.now)
        try database.apply(.setChecked(itemID: second, true), now: Fixed.now)
        try database.apply(.swapPositions(itemID: first, otherItemID: second), now: Fixed.now)
        try database.apply(.moveItem(id: second, toChecklistID: other), now: Fixed.now)
        try expectEqual(database.checklistSummary(id: list)?.itemCount, 1)
        try expectEqual(database.item(id: first)?.text, "oat milk")
        try expectEqual(database.index(ofItem: first, sortOrder: .dueDate), 0)
        try expectEqual(database.itemsPage(checklistID: other, sortOrder: .added, offset: 0, limit: 5).items.map(\.text), ["eggs"])
        try expectEqual(database.checklists().map(\.name), ["List", "Other"])
        try expectEqual(database.snapshot().lists.flatMap(\.items).count, 2)
        let asked = log.statements.filter { $0.contains("database_list") || $0.contains("table_xinfo") }
        expectEqual(asked, [])
        #expect(log.statements.contains { $0.hasPrefix("UPDATE item SET checklistID") })
        folder.remove()
    }

    @Test("reopening a ready file runs no migrator and reads its preferences once; an older file is still migrated")
    func readyFileIsNotMigratedAgain() throws {
        let path = folder.file("reopened.sqlite")
        _ = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        let log = StatementLog()
        _ = try ChecklistsDatabase.traced(in: folder, name: "reopened.sqlite", log: log)
        let ready = log.statements
        #expect(!ready.contains { $0.contains("CREATE TABLE IF NOT EXISTS grdb_migrations") })
        // Both preferences in one statement, and our three tables' first
        // rows in another.
        expectEqual(ready.filter { $0.contains("FROM preference WHERE key") }.count, 1)
        expectEqual(ready.filter { $0.contains("NOT INDEXED LIMIT 1") }.count, 1)

        // The file as the version before the newest migration left it: the
        // next open migrates it again.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                DROP INDEX syncItem_by_href;
                ALTER TABLE syncCalendar DROP COLUMN changeTag;
                DELETE FROM grdb_migrations WHERE identifier = 'v12: calendar change tag';
                """)
        }
        try queue.close()
        log.clear()
        let again = try ChecklistsDatabase.traced(in: folder, name: "reopened.sqlite", log: log)
        #expect(log.statements.contains { $0.contains("CREATE TABLE IF NOT EXISTS grdb_migrations") })
        try expectEqual(again.checklistSummaries().map(\.checklist.name), ["List"])
        folder.remove()
    }

    @Test("an item's index by due date counts ties by id, and agrees with the page at every position")
    func indexWithTies() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        // Three share one due date; the others fall before and after it.
        let hours: [Double] = [2, 1, 1, 3, 1, 0]
        try database.applyAll(hours.enumerated().map { offset, hour in
            .addItem(checklistID: list, ItemDraft(text: "item \(offset)", dueDate: due.addingTimeInterval(hour * 3600)))
        }, now: Fixed.now)
        let page = try database.itemsPage(checklistID: list, sortOrder: .dueDate, offset: 0, limit: 10).items
        expectEqual(page.map(\.text), ["item 5", "item 1", "item 2", "item 4", "item 0", "item 3"])
        for (position, item) in page.enumerated() {
            try expectEqual(database.index(ofItem: item.id, sortOrder: .dueDate), position, "\(item.text)")
        }
        folder.remove()
    }

    @Test("pages past the middle (read backwards from the end) hold the same items in the same order")
    func pagesNearTheEnd() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        try database.applyAll((0..<10).map { index in
            .addItem(checklistID: list, ItemDraft(text: "item \(index)", dueDate: due.addingTimeInterval(Double(index) * 60)))
        }, now: Fixed.now)
        for order in ItemSortOrder.allCases {
            let all = try database.itemsPage(checklistID: list, sortOrder: order, offset: 0, limit: 10).items.map(\.text)
            for offset in 0..<11 {
                for limit in [1, 3, 5] {
                    let page = try database.itemsPage(checklistID: list, sortOrder: order, offset: offset, limit: limit)
                    expectEqual(page.items.map(\.text), Array(all.dropFirst(offset).prefix(limit)), "\(order) offset \(offset) limit \(limit)")
                    expectEqual(page.offset, offset)
                }
            }
        }
        folder.remove()
    }

    @Test("due dates are stored in whole minutes")
    func wholeMinutes() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "x", dueDate: due.addingTimeInterval(42.7))), now: Fixed.now) else { Issue.record("the change did not return the new id"); return }
        try expectEqual(database.item(id: id)?.dueDate, due)
        folder.remove()
    }

    @Test("empty text is refused and nothing is written")
    func emptyText() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        #expect(throws: StorageError.emptyText(what: "item text")) {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "  \n ", dueDate: due)), now: Fixed.now)
        }
        #expect(throws: StorageError.emptyText(what: "list name")) {
            try database.apply(.addChecklist(name: "", icon: .none), now: Fixed.now)
        }
        try expectEqual(database.checklistSummaries()[0].itemCount, 0)
        try expectEqual(database.checklistSummaries().count, 1)
        folder.remove()
    }

    @Test("text holding a NUL is refused, not cut short, and nothing is written")
    func nulRefused() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: due)), now: Fixed.now) else {
            Issue.record("the change did not return the new id"); return
        }
        #expect(throws: StorageError.nulInText(what: "item text")) {
            try database.apply(.updateItem(id: id, ItemDraft(text: "Milk\u{0}and honey", dueDate: due)), now: Fixed.now)
        }
        #expect(throws: StorageError.nulInText(what: "item text")) {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "\u{0}", dueDate: due)), now: Fixed.now)
        }
        #expect(throws: StorageError.nulInText(what: "list name")) {
            try database.apply(.addChecklist(name: "Home\u{0}", icon: .none), now: Fixed.now)
        }
        expectEqual(StorageError.nulInText(what: "item text").description, "the item text contains a NUL character (U+0000), which cannot be stored; remove it and try again")
        try expectEqual(database.item(id: id)?.text, "Milk")
        try expectEqual(database.checklistSummaries().map(\.itemCount), [1])
        folder.remove()
    }

    @Test("text with escape sequences, right-to-left text, combining marks, ZWJ emoji or 100,000 characters is stored as given")
    func controlCharactersStored() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        let texts = [
            "pay \u{1B}]52;c;aGk=\u{07} bill\u{1B}[2J 日本語 👨‍👩‍👧",
            "title \u{1B}]0;pwned\u{1B}\\ csi \u{9B}31m \u{202E}reversed\u{202C}",
            "שלום עולם and مرحبا",                      // right to left
            "e\u{301}\u{302} a\u{20DD} Z\u{0335}\u{0336}",      // combining marks, not normalised
            "👩🏽‍💻 🏳️‍🌈 🇩🇪",                                // ZWJ sequences, modifiers, flags
            String(repeating: "long text ", count: 10_000),   // 100,000 characters
        ]
        for text in texts {
            guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: due)), now: Fixed.now) else {
                Issue.record("the change did not return the new id"); return
            }
            let stored = try #require(try database.item(id: id)?.text)
            // Compared scalar by scalar: Swift's == would call a composed é equal to e + U+0301.
            expectEqual(Array(stored.unicodeScalars), Array(text.unicodeScalars))
        }
        folder.remove()
    }

    @Test("changing an item deleted elsewhere says so")
    func deletedElsewhere() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        #expect(throws: StorageError.notFound(what: "the item")) {
            try database.apply(.updateItem(id: 999, ItemDraft(text: "x", dueDate: due)), now: Fixed.now)
        }
        folder.remove()
    }

    @Test("a full disk: the write fails as 'disk full', nothing committed is lost, and once space is back the next edit saves")
    func diskFull() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        var saved: [String] = []
        func add(_ text: String) throws {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: due)), now: Fixed.now)
            saved.append(text)
        }
        try add("saved before")
        // The file may not grow: every write that needs a new page now fails
        // as it would on a full disk. Fill what room the pages have left.
        try database.capGrowthForTesting(pages: 0)
        var failure: StorageError?
        for index in 0..<10_000 {
            do { try add("filler \(index)") } catch let error as StorageError { failure = error; break }
        }
        expectEqual(failure, .diskFull(path: database.path))
        #expect(throws: StorageError.diskFull(path: database.path)) {
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "one too many", dueDate: due)), now: Fixed.now)
        }
        expectEqual(StorageError.diskFull(path: database.path).description, "the disk holding \(database.path) is full; the change was not saved. Free some space and try again")

        // Everything reported saved is there, seen from another connection.
        let other = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(other.listedItems(checklistID: list, includeChecked: true, dueFrom: nil, before: nil).map(\.item.text).sorted(), saved.sorted())

        try database.capGrowthForTesting(pages: nil)
        try add("after space came back")
        try expectEqual(other.listedItems(checklistID: list, includeChecked: true, dueFrom: nil, before: nil).map(\.item.text).sorted(), saved.sorted())
        try expectEqual(other.soundnessProblems(), [])
        folder.remove()
    }
}

@Suite("Files that are not ours are refused, untouched")
struct RefusedFileTests {
    let folder = TemporaryFolder()

    private func open(_ path: String) throws(StorageError) -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 0.2))
    }

    private func openForReading(_ path: String) throws(StorageError) -> ChecklistsDatabase {
        try ChecklistsDatabase.openForReading(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 0.2))
    }

    /// Both ways of opening (for writing and for reading only) refuse the
    /// file the same way and leave it, and its folder, as they were.
    private func expectRefused(_ path: String, _ matches: (StorageError) -> Bool) throws {
        for (way, opener) in [("open", open), ("openForReading", openForReading)] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            do {
                _ = try opener(path)
                Issue.record("\(way): \(path) was opened")
            } catch {
                #expect(matches(error), "\(way): unexpected error: \(error)")
            }
            let after = try Data(contentsOf: URL(fileURLWithPath: path))
            let changed = zip(before.indices, after.indices).filter { before[$0] != after[$1] }.prefix(8)
            expectEqual(after, before, "\(way): the file changed: \(before.count) → \(after.count) bytes, first changes at \(Array(changed))")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(way) left a -wal")
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "\(way) left a -shm")
        }
    }

    @Test("random bytes")
    func randomBytes() throws {
        let path = folder.file("random.sqlite")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        try expectRefused(path) { if case .notADatabase = $0 { true } else { false } }
        folder.remove()
    }

    @Test("a zero-byte file")
    func zeroBytes() throws {
        let path = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try expectRefused(path) { if case .notADatabase = $0 { true } else { false } }
        folder.remove()
    }

    @Test("a corrupt Checklists database")
    func corrupt() throws {
        let path = folder.file("corrupt.sqlite")
        do {
            let database = try open(path)
            let list = try database.checklistSummaries()[0].id
            for index in 0..<200 {
                try database.apply(.addItem(checklistID: list, ItemDraft(text: "item \(index) " + String(repeating: "x", count: 200), dueDate: Fixed.now)), now: Fixed.now)
            }
        }
        // Overwrite everything after the first page (the header stays valid).
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index * 7) }
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectRefused(path) {
            switch $0 {
            case .corrupt, .notADatabase: true
            default: false
            }
        }
        folder.remove()
    }

    @Test("a Checklists database whose item table's first page is damaged, its schema whole")
    func damagedTableRoot() throws {
        let path = folder.file("damaged-root.sqlite")
        let root: Int
        do {
            let database = try open(path)
            let list = try database.checklistSummaries()[0].id
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "買い物 milk", dueDate: nil)), now: Fixed.now)
            root = try database.read { db in try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'item'") } ?? 0
        }
        #expect(root > 1)
        // The page's header as no b-tree page has it: its type byte 0.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = (root - 1) * 4096
        for index in start..<(start + 4096) { bytes[index] = 0 }
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectRefused(path) {
            switch $0 {
            case .corrupt: true
            default: false
            }
        }
        folder.remove()
    }

    @Test("an SQLite database of another program")
    func foreign() throws {
        let path = folder.file("other.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('x')") }
        }
        try expectRefused(path) { $0 == .foreignDatabase(path: path) }
        folder.remove()
    }

    @Test("a database from a newer version of Checklists")
    func newerVersion() throws {
        let path = folder.file("newer.sqlite")
        do {
            _ = try open(path)
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')") }
            _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
        try expectRefused(path) { $0 == .newerVersion(path: path) }
        folder.remove()
    }

    @Test("a newer version's database left with its changes in the WAL (its app killed) is refused, and neither file changes")
    func newerVersionWithWAL() throws {
        let path = folder.file("newer-wal.sqlite")
        do { _ = try open(path) }
        // A copy taken while a writer holds its change in the WAL is what a
        // killed process leaves: the change is only in the -wal, and the
        // next file's last connection would checkpoint it when it closes.
        let holder = try DatabaseQueue(path: path)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        let left = folder.file("left.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: left)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: left + "-wal")
        try holder.close()
        let file = try Data(contentsOf: URL(fileURLWithPath: left))
        let wal = try Data(contentsOf: URL(fileURLWithPath: left + "-wal"))
        #expect(wal.count > 32, "the change is in the WAL: \(wal.count) bytes")

        for (way, opener) in [("open", open), ("openForReading", openForReading)] {
            #expect(throws: StorageError.newerVersion(path: left), "\(way)") { _ = try opener(left) }
            try expectEqual(Data(contentsOf: URL(fileURLWithPath: left)), file, "\(way) changed the file")
            try expectEqual(Data(contentsOf: URL(fileURLWithPath: left + "-wal")), wal, "\(way) changed the WAL")
            #expect(!FileManager.default.fileExists(atPath: left + "-shm"), "\(way) left a -shm")
        }
        folder.remove()
    }

    @Test("a read-only file")
    func readOnlyFile() throws {
        let path = folder.file("readonly.sqlite")
        do { _ = try open(path) }
        chmod(path, 0o400)
        defer { chmod(path, 0o600) }
        if getuid() != 0 {
            try expectRefused(path) { $0 == .readOnly(path: path) }
        }
        folder.remove()
    }

    @Test("a database on a read-only filesystem", .enabled(if: getuid() == 0, "needs root to mount a tmpfs"))
    func readOnlyFilesystem() throws {
        guard let mount = ScratchMount() else {
            Issue.record("could not mount a tmpfs")
            return
        }
        defer { mount.remove() }
        let path = mount.path + "/db.sqlite"
        do {
            let database = try open(path)
            try database.apply(.addChecklist(name: "Keep me", icon: .none), now: Fixed.now)
        }
        #expect(mount.makeReadOnly())
        try expectRefused(path) { $0 == .readOnly(path: path) }
    }

    @Test("a database locked by another program past the timeout")
    func locked() throws {
        let path = folder.file("locked.sqlite")
        do { _ = try open(path) }
        let holder = try DatabaseQueue(path: path)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            #expect(throws: StorageError.locked(path: path)) { _ = try open(path) }
            try db.execute(sql: "ROLLBACK")
        }
        folder.remove()
    }

    @Test("a path that is a folder, and a missing folder")
    func badPaths() throws {
        #expect(throws: StorageError.isDirectory(path: folder.path)) { _ = try open(folder.path) }
        #expect(throws: StorageError.isDirectory(path: folder.path)) { _ = try openForReading(folder.path) }
        let missing = folder.path + "/no/such/folder/db.sqlite"
        #expect(throws: StorageError.missingDirectory(path: missing)) { _ = try open(missing) }
        #expect(throws: StorageError.missingDirectory(path: missing)) { _ = try openForReading(missing) }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/no"))
        folder.remove()
    }
}
