import GRDB
import GRDBSQLite

/// Rows inserted many to a statement, where many are written at once (an
/// import, a sync's new to-dos). Each statement that touches the search
/// index makes a savepoint, and at every savepoint FTS5 (SQLite 3.40) writes
/// the terms it holds in memory to disk as a new segment and merges: one
/// INSERT per item flushed it once per item, most of the time of an import
/// of 100,000 or a first sync of 10,000 (DECISIONS.md, "Search").
///
/// The values are bound with SQLite's own calls, each text straight from
/// the string's bytes: through GRDB's arguments, every value of a row was
/// boxed, copied into an argument list and every text copied into a C
/// string before SQLite copied it again, two thirds of the time an import
/// spent putting its rows in.
struct MultiRowInsert {
    /// Rows per statement: 500 rows of 16 values stay far below SQLite's
    /// 32,766 bound values to a statement.
    static let rowsPerStatement = 500

    private let columns: [String]
    /// The statement for a full batch, written once.
    private let fullBatchSQL: String
    private let table: String
    private var values: [DatabaseValue] = []
    private var rows = 0

    init(into table: String, columns: [String]) {
        self.table = table
        self.columns = columns
        fullBatchSQL = Self.sql(table, columns, rows: Self.rowsPerStatement)
        values.reserveCapacity(Self.rowsPerStatement * columns.count)
    }

    /// Adds one row, its values in the order of `columns`; a full batch goes in at once.
    /// Values rather than anything convertible: boxing each of an import's
    /// values took as long as binding them.
    mutating func add(_ row: [DatabaseValue], in db: Database) throws {
        precondition(row.count == columns.count, "a row of \(row.count) values for \(columns.count) columns")
        values += row
        rows += 1
        if rows == Self.rowsPerStatement { try flush(in: db) }
    }

    /// Inserts what is waiting. Call it before anything reads the table.
    mutating func flush(in db: Database) throws {
        guard rows > 0 else { return }
        // Cached by the connection: the full batch's statement is compiled
        // once however many batches follow.
        let sql = rows == Self.rowsPerStatement ? fullBatchSQL : Self.sql(table, columns, rows: rows)
        let statement = try db.cachedStatement(sql: sql)
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for (index, value) in values.enumerated() {
            let code = Self.bind(value, at: Int32(index + 1), in: handle)
            guard code == SQLITE_OK else { throw Self.error(code, db, sql) }
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else { throw Self.error(code, db, sql) }
        // A row going in never walks a whole table: a trigger that did (with
        // an import's indexes set aside, any look-up by a column does) made
        // an import of 100,000 items take minutes instead of a second.
        assert(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1) == 0,
               "rows into \(table) walked a whole table (a trigger's look-up without its index)")
        values.removeAll(keepingCapacity: true)
        rows = 0
    }

    /// SQLITE_TRANSIENT: SQLite takes its own copy of the bytes before the
    /// bind returns, so they need not outlive the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bind(_ value: DatabaseValue, at index: Int32, in handle: OpaquePointer) -> Int32 {
        switch value.storage {
        case .null: return sqlite3_bind_null(handle, index)
        case .int64(let number): return sqlite3_bind_int64(handle, index, number)
        case .double(let number): return sqlite3_bind_double(handle, index, number)
        case .string(var text):
            return text.withUTF8 { bytes in
                guard let start = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_text(handle, index, "", 0, nil) }
                return sqlite3_bind_text(handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                         Int32(bytes.count), transient)
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
                return sqlite3_bind_blob(handle, index, start, Int32(bytes.count), transient)
            }
        }
    }

    /// SQLite's error as GRDB reports it, so storage errors read the same
    /// whichever way a row went in (a full disk, a constraint).
    private static func error(_ code: Int32, _ db: Database, _ sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
    }

    private static func sql(_ table: String, _ columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
