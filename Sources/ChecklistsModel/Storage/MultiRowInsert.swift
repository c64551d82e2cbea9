import GRDB

/// Rows inserted many to a statement, where many are written at once (an
/// import, a sync's new to-dos). Each statement that touches the search
/// index makes a savepoint, and at every savepoint FTS5 (SQLite 3.40) writes
/// the terms it holds in memory to disk as a new segment and merges: one
/// INSERT per item flushed it once per item, most of the time of an import
/// of 100,000 or a first sync of 10,000 (DECISIONS.md, "Search").
struct MultiRowInsert {
    /// Rows per statement: 500 rows of 16 values stay far below SQLite's
    /// 32,766 bound values to a statement.
    static let rowsPerStatement = 500

    private let columns: [String]
    /// The statement for a full batch, written once.
    private let fullBatchSQL: String
    private let table: String
    private var values: [(any DatabaseValueConvertible)?] = []
    private var rows = 0

    init(into table: String, columns: [String]) {
        self.table = table
        self.columns = columns
        fullBatchSQL = Self.sql(table, columns, rows: Self.rowsPerStatement)
        values.reserveCapacity(Self.rowsPerStatement * columns.count)
    }

    /// Adds one row, its values in the order of `columns`; a full batch goes in at once.
    mutating func add(_ row: [(any DatabaseValueConvertible)?], in db: Database) throws {
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
        let statement = try db.cachedStatement(sql: rows == Self.rowsPerStatement ? fullBatchSQL : Self.sql(table, columns, rows: rows))
        try statement.execute(arguments: StatementArguments(values))
        values.removeAll(keepingCapacity: true)
        rows = 0
    }

    private static func sql(_ table: String, _ columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
