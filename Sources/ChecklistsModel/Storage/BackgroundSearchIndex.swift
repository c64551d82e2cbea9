import Foundation
import GRDB
import GRDBSQLite

/// The search index of everything an import puts in, made on a thread of
/// its own while the import's connection puts the rows in and builds the
/// item table's indexes: each item's searched text folded
/// (`Schema.foldedSearchedText(of:)`), then the trigram index over it,
/// built by SQLite's FTS5 in a private in-memory database declared exactly
/// as the file's (its `CREATE VIRTUAL TABLE`, read from the file).
///
/// On one core, folding (Foundation's work for text that is not plain
/// ASCII) and FTS5's rebuild were a third of an import of 100,000 items,
/// after everything else (DECISIONS.md, "Reading by position, mapping the
/// file"). FTS5 keeps an index in ordinary tables (`item_search_data`,
/// `_idx`, `_docsize`), whose contents depend only on the rows indexed and
/// the declaration, so the finished tables are copied into the file's, in
/// the import's transaction: the private database is serialized into one
/// image on the thread, and the image is loaded on the import's connection
/// (`sqlite3_deserialize`) as an attached schema, so that each table is
/// copied by one `INSERT … SELECT *`, not row by row between the two
/// connections at the very end of the import, on one core. A test runs
/// FTS5's own integrity check on the result and
/// searches it on the same connection.
final class BackgroundSearchIndex: @unchecked Sendable {
    /// The declaration of `item_search` as the file has it.
    private let declaration: String
    private let foldingDone = DispatchSemaphore(value: 0)
    private let indexDone = DispatchSemaphore(value: 0)
    /// Written by the thread before it signals `foldingDone`, read after.
    private var foldedTexts: [(id: Int64, body: String)] = []
    /// Written by the thread before it signals `indexDone`, used after:
    /// the built database as one image (from `sqlite3_serialize`, so freed
    /// with `sqlite3_free` unless SQLite took it over).
    private var image: (bytes: UnsafeMutablePointer<UInt8>, count: Int64)?
    private var failure: String?

    /// Where the import's connection finds the built index.
    static let builtIndexSchema = "built_search_index"

    /// Runs `transaction`, which begins and ends its own transaction, with
    /// an empty in-memory schema attached where `replaceIndex` loads the
    /// built index: SQLite refuses ATTACH inside a transaction, and
    /// `sqlite3_deserialize` only fills a schema already attached.
    static func withRoomForTheBuiltIndex<T>(_ db: Database, _ transaction: () throws -> T) throws -> T {
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \(builtIndexSchema)")
        defer { try? db.execute(sql: "DETACH DATABASE \(builtIndexSchema)") }
        return try transaction()
    }

    /// Starts the work for `snapshot`'s items, reading the index's
    /// declaration from `db`, the database they are going into.
    init(_ snapshot: Snapshot, in db: Database) throws {
        guard let declaration = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_master WHERE name = 'item_search'") else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the search index item_search is missing")
        }
        self.declaration = declaration
        let thread = Thread { [self] in
            var folded: [(id: Int64, body: String)] = []
            folded.reserveCapacity(snapshot.lists.reduce(0) { $0 + $1.items.count })
            for list in snapshot.lists {
                for entry in list.items { folded.append((entry.item.id, Schema.foldedSearchedText(of: entry.item))) }
            }
            foldedTexts = folded
            foldingDone.signal()
            buildIndex(of: folded)
            indexDone.signal()
        }
        thread.start()
    }

    deinit {
        // Not waited for when the import failed before it: the thread
        // holds this object until it is done, so this runs after it.
        if let image { sqlite3_free(image.bytes) }
    }

    /// Each item's folded text, in the snapshot's order, for `item_folded`.
    func folded() -> [(id: Int64, body: String)] {
        foldingDone.wait()
        return foldedTexts
    }

    /// Replaces the file's search index with the one built here: the
    /// virtual table is dropped and declared again, as it was, so that no
    /// state FTS5 keeps for it on this connection outlives the old tables,
    /// and its tables are filled with this one's. FTS5's settings stored
    /// with it (the `hashsize` of later writes) are carried over.
    func replaceIndex(in db: Database) throws {
        indexDone.wait()
        guard let built = image else { throw DatabaseError(message: failure ?? "the search index could not be built") }
        // SQLite owns the image from here, and frees it at the DETACH (or
        // now, if this fails).
        image = nil
        let loaded = sqlite3_deserialize(db.sqliteConnection, Self.builtIndexSchema, built.bytes, built.count, built.count,
                                         UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY))
        guard loaded == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: loaded),
                                message: "the search index could not be loaded: " + String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        let settings = try Row.all(db, sql: "SELECT k, v FROM main.item_search_config WHERE k != 'version'")
        try db.execute(sql: "DROP TABLE main.item_search")
        try db.execute(sql: declaration)
        for table in ["item_search_data", "item_search_idx", "item_search_docsize"] {
            // `SELECT *` and nothing else: SQLite then copies each row's
            // record as it is, without taking it apart.
            try db.execute(sql: "DELETE FROM main.\(table)")
            try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM \(Self.builtIndexSchema).\(table)")
        }
        for setting in settings {
            try db.execute(sql: "INSERT INTO main.item_search (item_search, rank) VALUES (?, ?)",
                           arguments: [setting["k"] as DatabaseValue, setting["v"] as DatabaseValue])
        }
    }

    /// On the thread: the index of `folded` in a new in-memory database.
    /// Given room in memory for all of it (FTS5's `hashsize`), it is
    /// written once instead of merged again every megabyte.
    private func buildIndex(of folded: [(id: Int64, body: String)]) {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db = opened else {
            failure = "the search index could not be built: no memory for it"
            sqlite3_close_v2(opened)
            return
        }
        func fail() {
            failure = "the search index could not be built: " + String(cString: sqlite3_errmsg(db))
            sqlite3_close_v2(db)
        }
        guard sqlite3_exec(db, declaration, nil, nil, nil) == SQLITE_OK,
              sqlite3_exec(db, "INSERT INTO item_search (item_search, rank) VALUES ('hashsize', 67108864); BEGIN", nil, nil, nil) == SQLITE_OK
        else { return fail() }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO item_search (rowid, body) VALUES (?, ?)", -1, &statement, nil) == SQLITE_OK else { return fail() }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (id, body) in folded {
            var body = body
            sqlite3_bind_int64(statement, 1, id)
            // An item's text is never empty, so neither is its folded text.
            body.withUTF8 { bytes in
                _ = sqlite3_bind_text(statement, 2, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                      Int32(bytes.count), transient)
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { return fail() }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { return fail() }
        var count: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(db, "main", &count, 0) else {
            failure = "the search index could not be built: no memory for it"
            sqlite3_close_v2(db)
            return
        }
        image = (bytes, count)
        sqlite3_close_v2(db)
    }
}
