import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// Search on real SQLite files: the folding, the trigram index and its
/// fallback for short queries, the triggers that keep the index in step
/// with every kind of write, and the migration of an existing file.
@Suite("Search index")
struct SearchIndexTests {
    let folder = TemporaryFolder()

    func database(_ name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.temporary(in: folder, name: name)
    }

    @discardableResult
    func add(_ text: String, to list: Int64 = 1, due: String? = nil, in database: ChecklistsDatabase) throws -> Int64 {
        let outcome = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: due.map { Fixed.date($0) })),
                                         now: Fixed.now)
        guard case let .item(id) = outcome else { Issue.record("no item id"); return 0 }
        return id
    }

    func texts(_ query: String, in database: ChecklistsDatabase, limit: Int = 50) throws -> [String] {
        guard let query = SearchQuery(query) else { return [] }
        return try database.search(query, limit: limit).items.map(\.item.text)
    }

    @Test("folding ignores case, accents and width, turns ß into ss, and leaves kana and CJK alone")
    func folding() {
        expectEqual(SearchText.fold("Café"), "cafe")
        expectEqual(SearchText.fold("STRASSE"), SearchText.fold("Straße"))
        expectEqual(SearchText.fold("ÉCOLE naïve"), "ecole naive")
        expectEqual(SearchText.fold("ＡＢＣ"), "abc")
        expectEqual(SearchText.fold("がっこう"), "がっこう")
        expectEqual(SearchText.fold("買う牛乳を"), "買う牛乳を")
        #expect(SearchQuery("") == nil)
        #expect(SearchQuery("  \t") == nil)
        expectEqual(SearchQuery("牛乳")?.usesIndex, false)
        expectEqual(SearchQuery("牛乳を")?.usesIndex, true)
        expectEqual(SearchQuery("é")?.folded, "e")
    }

    @Test("ASCII text folds byte by byte exactly as Foundation folds it: every character alone, and mixed strings")
    func asciiFoldingAgreesWithFoundation() {
        for byte in UInt8(1)...0x7F {
            let text = String(decoding: [byte], as: UTF8.self)
            expectEqual(SearchText.asciiFolded(text), SearchText.foundationFolded(text), "byte \(byte)")
        }
        for text in ["Buy MILK and Bread", "already lower 123", "Tab\tNew\nLine ~!@#$%^&*()_+{}|:\"<>?", "ZzAa[\\]^_`{"] {
            expectEqual(SearchText.asciiFolded(text), SearchText.foundationFolded(text), "\(text)")
        }
        // Not ASCII, or holding U+0000: Foundation's path, which drops the U+0000.
        #expect(SearchText.asciiFolded("Café") == nil)
        #expect(SearchText.asciiFolded("a\u{0}b") == nil)
        expectEqual(SearchText.fold("A\u{0}B"), "ab")
    }

    @Test("a U+0000 in a query is ignored, through the index and without it: the look-up never fails on it (the fuzzer's find)")
    func nulInQuery() throws {
        let database = try database()
        try add("Milk", in: database)
        #expect(SearchQuery("\u{0}") == nil)
        #expect(SearchQuery(" \u{0} ") == nil)
        try expectEqual(texts("mil\u{0}k", in: database), ["Milk"])
        try expectEqual(texts("\u{0}mi", in: database), ["Milk"])
        try expectEqual(texts("e\u{0}nsei", in: database), [])
        // Followed by a combining mark, U+0000 is part of a larger character;
        // once it is gone the mark folds with the letter before it, and a
        // mark with none before it is looked for as it is.
        try expectEqual(texts("\u{0}\u{301}mil", in: database), [])
        try expectEqual(texts("m\u{0}\u{308}il", in: database), ["Milk"])
        folder.remove()
    }

    @Test("words in a note are found too, through the index and without it; a note edited or cleared is found no more")
    func notes() throws {
        let database = try database()
        let plumber = try add("Call the plumber", in: database)
        try add("Milk", in: database)
        try database.apply(.updateItem(id: plumber, ItemDraft(text: "Call the plumber", dueDate: nil, note: "Rémi\n0612 345 678")), now: Fixed.now)
        try expectEqual(texts("remi", in: database), ["Call the plumber"])
        try expectEqual(texts("345 6", in: database), ["Call the plumber"])
        try expectEqual(texts("06", in: database), ["Call the plumber"])
        try expectEqual(texts("plumber", in: database), ["Call the plumber"])
        try database.apply(.updateItem(id: plumber, ItemDraft(text: "Call the plumber", dueDate: nil, note: "")), now: Fixed.now)
        try expectEqual(texts("remi", in: database), [])
        try expectEqual(texts("06", in: database), [])
        folder.remove()
    }

    @Test("a query finds its text anywhere, whatever the case and accents: through the index and, under 3 characters, without")
    func matching() throws {
        let database = try database()
        try add("Café au lait", in: database)
        try add("Hauptstraße 5", in: database)
        try add("買う牛乳を", in: database)
        try add("Buy MILK", in: database)
        try add("ｆｕｌｌ width", in: database)
        try expectEqual(texts("cafe", in: database), ["Café au lait"])
        try expectEqual(texts("CAFÉ AU", in: database), ["Café au lait"])
        try expectEqual(texts("fé", in: database), ["Café au lait"])
        try expectEqual(texts("STRASSE", in: database), ["Hauptstraße 5"])
        try expectEqual(texts("straße", in: database), ["Hauptstraße 5"])
        try expectEqual(texts("牛乳", in: database), ["買う牛乳を"])
        try expectEqual(texts("牛乳を", in: database), ["買う牛乳を"])
        try expectEqual(texts("う牛乳を", in: database), ["買う牛乳を"])
        try expectEqual(texts("ilk", in: database), ["Buy MILK"])
        try expectEqual(texts("full", in: database), ["ｆｕｌｌ width"])
        try expectEqual(texts("milk cafe", in: database), [])
        // Nothing in a query is FTS5 syntax: quotes, stars, NEAR and columns are text.
        try add("say \"hi\" * NEAR body:x", in: database)
        try expectEqual(texts("\"hi\"", in: database), ["say \"hi\" * NEAR body:x"])
        try expectEqual(texts("\" *", in: database), ["say \"hi\" * NEAR body:x"])
        try expectEqual(texts("body:", in: database), ["say \"hi\" * NEAR body:x"])
        try expectEqual(texts("\"", in: database), ["say \"hi\" * NEAR body:x"])
        folder.remove()
    }

    @Test("results: each with its list's name; pending first, by due date; at most the limit, saying there are more")
    func resultsOrderAndLimit() throws {
        let database = try database()
        guard case let .checklist(groceries) = try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now)
        else { Issue.record("no list id"); return }
        let checked = try add("milk (old)", to: groceries, due: "2026-11-01 09:00", in: database)
        try database.apply(.setChecked(itemID: checked, true), now: Fixed.now)
        try add("Milk", to: groceries, due: "2026-11-22 09:00", in: database)
        try add("oat milk", due: "2026-11-21 08:00", in: database)
        try add("milk shake", in: database)
        let results = try database.search(SearchQuery("milk")!, limit: 10)
        expectEqual(results.items.map(\.item.text), ["oat milk", "Milk", "milk shake", "milk (old)"])
        expectEqual(results.items.map(\.checklistName), ["List", "Groceries", "List", "Groceries"])
        expectEqual(results.hasMore, false)
        // The newest matches are the ones kept.
        let limited = try database.search(SearchQuery("mi")!, limit: 2)
        expectEqual(limited.items.map(\.item.text), ["oat milk", "milk shake"])
        #expect(limited.hasMore)
        try expectEqual(database.search(SearchQuery("mi")!, limit: 4).hasMore, false)
        folder.remove()
    }

    @Test("the index follows every write: add, edit, delete, a deleted list, an import; a second connection sees it")
    func followsWrites() throws {
        let database = try database()
        let id = try add("Call the bank", in: database)
        try expectEqual(texts("bank", in: database), ["Call the bank"])
        try database.apply(.updateItem(id: id, ItemDraft(text: "Call the café", dueDate: nil)), now: Fixed.now)
        try expectEqual(texts("bank", in: database), [])
        try expectEqual(texts("cafe", in: database), ["Call the café"])
        // A change to another column leaves the text found.
        try database.apply(.setChecked(itemID: id, true), now: Fixed.now)
        try expectEqual(texts("cafe", in: database), ["Call the café"])
        try database.apply(.deleteItem(id: id), now: Fixed.now)
        try expectEqual(texts("cafe", in: database), [])

        guard case let .checklist(trip) = try database.apply(.addChecklist(name: "Trip", icon: .trips), now: Fixed.now)
        else { Issue.record("no list id"); return }
        try add("Pack the passport", to: trip, in: database)
        try expectEqual(texts("passport", in: database), ["Pack the passport"])
        try database.apply(.deleteChecklist(id: trip), now: Fixed.now)
        try expectEqual(texts("passport", in: database), [])

        let imported = CalendarItem(fields: CalendarFields(uid: "u1", text: "Renew the Führerschein", dueDate: nil, isChecked: false,
                                                           shouldRemind: false),
                                    object: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", completedAt: nil)
        try database.apply(.putCalendarItems(listName: "Inbox", [imported]), now: Fixed.now)
        try expectEqual(texts("fuhrer", in: database), ["Renew the Führerschein"])
        // Another process's connection reads what this one indexed, and indexes its own writes.
        let other = try self.database()
        try expectEqual(texts("fuhrer", in: other), ["Renew the Führerschein"])
        try add("Über-long meeting", in: other)
        try expectEqual(texts("uber", in: database), ["Über-long meeting"])
        // The folded text holds one row per item, no more, and the index agrees with it.
        let rows = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item_folded") }
        let items = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") }
        expectEqual(rows, items)
        try database.write { db in try db.execute(sql: "INSERT INTO item_search (item_search, rank) VALUES ('integrity-check', 1)") }
        folder.remove()
    }

    @Test("the migration indexes the items of an existing file, folded; a reader opened read-only searches it")
    func migration() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "v8: sync state")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List'), (2, 'Courses');
                    INSERT INTO item (id, checklistID, text, dueAt) VALUES (1, 1, 'Crème brûlée', NULL), (2, 2, '牛乳を買う', 1795338000),
                        (3, 2, 'eggs', NULL);
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
            }
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        try expectEqual(texts("creme brulee", in: database), ["Crème brûlée"])
        try expectEqual(texts("牛乳", in: database), ["牛乳を買う"])
        try expectEqual(database.search(SearchQuery("egg")!, limit: 5).items.map(\.checklistName), ["Courses"])
        let stored = try database.read { db in try String.fetchAll(db, sql: "SELECT body FROM item_folded ORDER BY id") }
        expectEqual(stored, ["creme brulee", "牛乳を買う", "eggs"])
        try add("crème fraîche", in: database)
        let reader = try ChecklistsDatabase.openForReading(DatabaseLocation(path: path, createsFolder: false))
        try expectEqual(texts("creme", in: reader).sorted(), ["Crème brûlée", "crème fraîche"])
        folder.remove()
    }

    @Test("next match: after (n) or before (N) an item in the list's sort order, among the shown items, wrapping; which of how many")
    func nextMatch() throws {
        let database = try database()
        let a = try add("b milk", due: "2026-11-23 09:00", in: database)
        try add("bread", due: "2026-11-22 09:00", in: database)
        let c = try add("a milk", due: "2026-11-24 09:00", in: database)
        let d = try add("MILK powder", due: "2026-11-20 09:00", in: database)
        let e = try add("milk, no date", in: database)
        guard case let .checklist(other) = try database.apply(.addChecklist(name: "Other", icon: .none), now: Fixed.now)
        else { Issue.record("no list id"); return }
        try add("milk elsewhere", to: other, in: database)
        let query = SearchQuery("milk")!
        func step(after id: Int64?, forward: Bool = true, order: ItemSortOrder = .dueDate, hiding: Bool = false) throws -> MatchStep? {
            try database.nextMatch(query, checklistID: 1, sortOrder: order, hidingChecked: hiding,
                                   after: try id.flatMap { try database.item(id: $0) }, forward: forward)
        }
        // By due date: d (20th), [bread], a (23rd), c (24th), e (no date, last).
        try expectEqual(step(after: nil), MatchStep(itemID: d, number: 1, total: 4, wrapped: false))
        try expectEqual(step(after: d), MatchStep(itemID: a, number: 2, total: 4, wrapped: false))
        try expectEqual(step(after: c), MatchStep(itemID: e, number: 4, total: 4, wrapped: false))
        try expectEqual(step(after: e), MatchStep(itemID: d, number: 1, total: 4, wrapped: true))
        try expectEqual(step(after: a, forward: false), MatchStep(itemID: d, number: 1, total: 4, wrapped: false))
        try expectEqual(step(after: d, forward: false), MatchStep(itemID: e, number: 4, total: 4, wrapped: true))
        // From an item that is no match, the next one in the order.
        try expectEqual(step(after: 2)?.itemID, a)
        // By text, natural order ignoring case: "a milk", "b milk", "bread", "MILK powder", "milk, no date".
        try expectEqual(step(after: a, order: .text), MatchStep(itemID: d, number: 3, total: 4, wrapped: false))
        try expectEqual(step(after: c, forward: false, order: .text), MatchStep(itemID: e, number: 4, total: 4, wrapped: true))
        try expectEqual(step(after: c, order: .added), MatchStep(itemID: d, number: 3, total: 4, wrapped: false))
        // Checked items hidden: not matches any more.
        try database.apply(.setChecked(itemID: d, true), now: Fixed.now)
        try expectEqual(step(after: nil, hiding: true), MatchStep(itemID: a, number: 1, total: 3, wrapped: false))
        #expect(try database.nextMatch(SearchQuery("zz")!, checklistID: 1, sortOrder: .dueDate, hidingChecked: false,
                                       after: nil, forward: true) == nil)
        folder.remove()
    }

    @Test("an import in batches of many items to a statement: every item, its counts and its search entry, across batch edges and lists")
    func importInBatches() throws {
        let database = try database()
        // Sizes across the batch edge, and small lists sharing a batch.
        let sizes = [MultiRowInsert.rowsPerStatement + 1, 2, MultiRowInsert.rowsPerStatement - 1, 1]
        var nextID: Int64 = 1
        let lists = sizes.enumerated().map { index, size in
            let listID = Int64(index + 1)
            let items = (0..<size).map { _ in
                defer { nextID += 1 }
                return Snapshot.Entry(item: Item(id: nextID, checklistID: listID, text: "Item \(nextID) zq\(nextID)x", isChecked: nextID % 3 == 0,
                                                 dueDate: nil),
                                      remindAt: nil, uid: "uid-\(nextID)")
            }
            return Snapshot.List(checklist: Checklist(id: listID, name: "List \(listID)"), items: items)
        }
        try expectEqual(database.restore(Snapshot(lists: lists, openChecklistID: nil, lastChecklistID: 4, lastItemID: nextID - 1),
                                     replacingExisting: false), .restored)
        let back = try database.snapshot()
        expectEqual(back.lists.map(\.items.count), sizes)
        expectEqual(back.lists.flatMap(\.items).map(\.item.id), Array(1..<nextID))
        expectEqual(back.lists.flatMap(\.items).map(\.uid), (1..<nextID).map { "uid-\($0)" })
        let summaries = try database.checklistSummaries()
        expectEqual(summaries.map(\.itemCount), sizes)
        expectEqual(summaries.map(\.remainingCount), lists.map { $0.items.filter { !$0.item.isChecked }.count })
        // The first and last item of each batch are found through the index.
        for id in [1, MultiRowInsert.rowsPerStatement, MultiRowInsert.rowsPerStatement + 1, MultiRowInsert.rowsPerStatement + 2, Int(nextID) - 1] {
            try expectEqual(texts("zq\(id)x", in: database), ["Item \(id) zq\(id)x"])
        }
        folder.remove()
    }

    /// One list of two items, one with accents in its text and note, one checked.
    static func errands(lastItemID: Int64) -> Snapshot {
        let entries = [
            Snapshot.Entry(item: Item(id: 7, checklistID: 3, text: "Renew the Führerschein", isChecked: false, dueDate: Fixed.date("2026-11-30 09:00"),
                                      note: "Bürgeramt, room 2"), remindAt: nil, uid: "renew"),
            Snapshot.Entry(item: Item(id: 9, checklistID: 3, text: "Ship the parcel", isChecked: true, dueDate: nil), remindAt: nil, uid: "ship"),
        ]
        return Snapshot(lists: [Snapshot.List(checklist: Checklist(id: 3, name: "Errands"), items: entries)],
                        openChecklistID: 3, lastChecklistID: 3, lastItemID: lastItemID)
    }

    /// The schema as SQLite keeps it, in a stable order.
    func schema(of database: ChecklistsDatabase) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name")
        }
    }

    @Test("an import that replaces everything leaves the schema as it was, the old items unfound, the new ones found, and every index whole")
    func replacingImport() throws {
        let database = try database()
        let before = try schema(of: database)
        let old = try add("Water the ferns", in: database)
        try database.apply(.updateItem(id: old, ItemDraft(text: "Water the ferns", dueDate: nil, note: "and the orchid")), now: Fixed.now)
        try expectEqual(texts("orchid", in: database), ["Water the ferns"])

        let snapshot = Self.errands(lastItemID: 9)
        try expectEqual(database.restore(snapshot, replacingExisting: false), .refusedNotEmpty(lists: 1, items: 1))
        try expectEqual(texts("orchid", in: database), ["Water the ferns"])
        try expectEqual(database.restore(snapshot, replacingExisting: true), .restored)

        try expectEqual(schema(of: database), before)
        try expectEqual(texts("orchid", in: database), [])
        try expectEqual(texts("ferns", in: database), [])
        try expectEqual(texts("fuhrer", in: database), ["Renew the Führerschein"])
        try expectEqual(texts("burgeramt", in: database), ["Renew the Führerschein"])
        try expectEqual(texts("parcel", in: database), ["Ship the parcel"])
        // The folded text is what the triggers would have written: an edit
        // of every item through them changes none of it.
        let folded = { try database.read { db in try Row.fetchAll(db, sql: "SELECT id, body FROM item_folded ORDER BY id") } }
        let loaded = try folded()
        expectEqual(loaded.map { $0["id"] as Int64 }, [7, 9])
        try database.write { db in
            try db.execute(sql: "UPDATE item SET text = text, note = note")
            try db.execute(sql: "INSERT INTO item_search (item_search, rank) VALUES ('integrity-check', 1)")
            try expectEqual(String.fetchAll(db, sql: "PRAGMA integrity_check"), ["ok"])
        }
        try expectEqual(folded(), loaded)
        // The indexes answer as before: the due view and the counts.
        try expectEqual(database.checklistSummaries().map(\.itemCount), [2])
        try expectEqual(database.checklistSummaries().map(\.remainingCount), [1])
        // Later writes keep the index up to date: the triggers are back.
        try add("Book the ferry", to: 3, in: database)
        try expectEqual(texts("ferry", in: database), ["Book the ferry"])
        try expectEqual(database.checklistSummaries().map(\.itemCount), [3])
        try expectEqual(database.checklistSummaries().map(\.remainingCount), [2])
        folder.remove()
    }

    @Test("an import folds each item in Swift, on another thread, to what the triggers write in SQL, for every kind of text and note")
    func foldedInSwiftAsInSQL() throws {
        // The Swift fold joins these two columns by name.
        expectEqual(Schema.searchedColumns, ["text", "note"])
        let database = try database()
        let texts: [(text: String, note: String)] = [
            ("Buy milk", ""), ("Crème brûlée", "for Sunday"), ("STRASSE", "Straße\nsecond line"), ("ＡＢＣ", " "),
            ("が", "牛乳を買う"), ("e\u{301}te", "👍🏽 ok"), ("İstanbul", "ǅ"), ("tab\there", "\n"),
        ]
        // Since v17 the tags follow, as "#work #Büro"; most items have none.
        let tagSets: [[String]] = [[], ["work"], ["Büro", "ＡＢＣ"]]
        for (index, (text, note)) in texts.enumerated() {
            let tags = tagSets[index % tagSets.count]
            let item = Item(id: Int64(index + 1), checklistID: 1, text: text, dueDate: nil, note: note, tags: tags)
            let inSQL = try database.read { db in
                try String.fetchOne(db, sql: "SELECT \(Schema.taggedSearchedText("t")) FROM (SELECT ? AS text, ? AS note, ? AS tags) AS t",
                                    arguments: [text, note, Tags.stored(tags)])
            }
            expectEqual(Schema.foldedSearchedText(of: item), inSQL, "\(text) / \(note) / \(tags)")
        }
        folder.remove()
    }

    @Test("an import into a new file: the file appears holding it, as a database built row by row would; a failed one leaves no file")
    func importIntoNewFile() throws {
        let snapshot = Self.errands(lastItemID: 12)
        let location = DatabaseLocation(path: folder.file("new.sqlite"), createsFolder: false)
        let created = try ChecklistsDatabase.open(location, options: .init(busyTimeout: 1), creatingFrom: snapshot)
        #expect(created.holdsCreatingSnapshot)
        // The same as restoring into a database opened empty: no starting list beside it.
        let restored = try database("restored.sqlite")
        try expectEqual(restored.restore(snapshot, replacingExisting: false), .restored)
        try expectEqual(created.snapshot(), restored.snapshot())
        try expectEqual(schema(of: created), schema(of: restored))
        try expectEqual(created.checklistSummaries().map(\.itemCount), [2])
        try expectEqual(texts("burgeramt", in: created), ["Renew the Führerschein"])
        #expect(try created.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        #expect(!FileManager.default.fileExists(atPath: location.path + ".creating"))
        try add("Book the ferry", to: 3, in: created)
        try expectEqual(texts("ferry", in: created), ["Book the ferry"])
        try expectEqual(created.snapshot().lastItemID, 13)
        // An existing file is only opened: the snapshot is left to `restore`.
        #expect(try !ChecklistsDatabase.open(location, options: .init(busyTimeout: 1), creatingFrom: snapshot).holdsCreatingSnapshot)

        // Two items with one UID cannot both go in: nothing is left behind.
        var twice = snapshot
        twice.lists[0].items[1].uid = "renew"
        let failed = DatabaseLocation(path: folder.file("failed.sqlite"), createsFolder: false)
        #expect(throws: StorageError.self) { try ChecklistsDatabase.open(failed, options: .init(busyTimeout: 1), creatingFrom: twice) }
        for suffix in ["", ".creating", ".creating-wal", ".creating-shm", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: failed.path + suffix), "\(suffix)")
        }
        folder.remove()
    }

    @Test("search_fold in SQL folds exactly as SearchText.fold: ASCII, accents, width, ß, kana, empty; only text folds; a U+0000 ends the text")
    func sqlFoldAgrees() throws {
        let database = try database()
        let texts = ["Buy MILK", "already lower", "", "Café Noël", "Straße", "ＡＢＣ", "がっこう", "Tab\tLine\nBreak", "ÀÉÎÕÜ and ASCII", "🍎 Apples"]
        let fold = { (sql: String, arguments: StatementArguments) in
            try database.read { db in try String.fetchOne(db, sql: sql, arguments: arguments) }
        }
        for text in texts {
            try expectEqual(fold("SELECT search_fold(?)", [text]), SearchText.fold(text), "\(text)")
        }
        #expect(try fold("SELECT search_fold(NULL)", []) == nil)
        #expect(try fold("SELECT search_fold(42)", []) == nil)
        try expectEqual(fold("SELECT search_fold('AB' || char(0) || 'CD')", []), "ab")
        try expectEqual(fold("SELECT search_fold('É' || char(0) || 'CD')", []), "e")
        folder.remove()
    }

    @Test("text_contains in SQL says what instr() > 0 says: every part of one and two characters of ASCII, accented, CJK, emoji text, and parts not there; NULL for NULL")
    func sqlContainsAgrees() throws {
        let database = try database()
        let texts = ["buy milk", "cafe noel", "été à l'école", "牛乳を買う", "がっこう", "🍎 apples 🍏", "a", ""]
        var parts = ["z", "zq", "é", "ée", "乳", "牛乳", "🍏", "ь", "\u{301}"]
        for text in texts {
            let characters = Array(text)
            for start in characters.indices {
                parts.append(String(characters[start]))
                if start + 1 < characters.count { parts.append(String(characters[start...start + 1])) }
            }
        }
        var checked = 0
        try database.read { db in
            for text in texts {
                for part in parts {
                    let row = try Row.fetchOne(db, sql: "SELECT text_contains(?, ?) AS found, instr(?, ?) > 0 AS expected",
                                               arguments: [text, part, text, part])!
                    expectEqual(row["found"] as Bool, row["expected"] as Bool, "\(text) / \(part)")
                    checked += 1
                }
            }
            #expect(try Int.fetchOne(db, sql: "SELECT text_contains(NULL, 'a')") == nil)
            #expect(try Int.fetchOne(db, sql: "SELECT text_contains('a', NULL)") == nil)
            try expectEqual(Int.fetchOne(db, sql: "SELECT text_contains('milk', 'ilk')"), 1)
            try expectEqual(Int.fetchOne(db, sql: "SELECT text_contains('milk', 'kil')"), 0)
        }
        #expect(checked > 500)
        folder.remove()
    }
}
