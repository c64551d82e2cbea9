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
/// the import's transaction. A test runs FTS5's own integrity check on the
/// result and searches it on the same connection.
final class BackgroundSearchIndex: @unchecked Sendable {
    /// The declaration of `item_search` as the file has it.
    private let declaration: String
    private let foldingDone = DispatchSemaphore(value: 0)
    private let indexDone = DispatchSemaphore(value: 0)
    /// Written by the thread before it signals `foldingDone`, read after.
    private var foldedTexts: [(id: Int64, body: String)] = []
    /// Written by the thread before it signals `indexDone`, used after.
    private var connection: OpaquePointer?
    private var failure: String?

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
        if let connection { sqlite3_close_v2(connection) }
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
        guard let source = connection else { throw DatabaseError(message: failure ?? "the search index could not be built") }
        let settings = try Row.fetchAll(db, sql: "SELECT k, v FROM main.item_search_config WHERE k != 'version'")
        try db.execute(sql: "DROP TABLE main.item_search")
        try db.execute(sql: declaration)
        for (table, columns) in [("item_search_data", 2), ("item_search_idx", 3), ("item_search_docsize", 2)] {
            try db.execute(sql: "DELETE FROM main.\(table)")
            try copyRows(of: table, columns: columns, from: source, into: db)
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
        connection = db
    }

    /// Every row of `table` in `source`, inserted as it is into the same
    /// table of `db`.
    private func copyRows(of table: String, columns: Int, from source: OpaquePointer, into db: Database) throws {
        var reading: OpaquePointer?
        guard sqlite3_prepare_v2(source, "SELECT * FROM \(table)", -1, &reading, nil) == SQLITE_OK else {
            sqlite3_finalize(reading)
            throw DatabaseError(message: "the search index could not be read: " + String(cString: sqlite3_errmsg(source)))
        }
        defer { sqlite3_finalize(reading) }
        let placeholders = Array(repeating: "?", count: columns).joined(separator: ", ")
        let sql = "INSERT INTO main.\(table) VALUES (\(placeholders))"
        let statement = try db.makeStatement(sql: sql)
        let writing = statement.sqliteStatement
        try withExtendedLifetime(statement) { try copyRows(from: reading, to: writing, columns: columns, source: source, db: db, sql: sql) }
    }

    private func copyRows(from reading: OpaquePointer?, to writing: OpaquePointer, columns: Int,
                          source: OpaquePointer, db: Database, sql: String) throws {
        while true {
            let code = sqlite3_step(reading)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(message: "the search index could not be read: " + String(cString: sqlite3_errmsg(source)))
            }
            for column in 0..<Int32(columns) { sqlite3_bind_value(writing, column + 1, sqlite3_column_value(reading, column)) }
            let written = sqlite3_step(writing)
            sqlite3_reset(writing)
            guard written == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: written),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
        }
    }
}
