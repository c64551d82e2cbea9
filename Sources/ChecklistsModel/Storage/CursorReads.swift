import GRDB

// Whole results read through a plain `RowCursor`, as GRDB's `fetchAll`
// returns them. `fetchAll` wraps its rows in a cursor type generic over
// what it makes (`RecordCursor<ItemRecord>`, `MapCursor<RowCursor, Row>`),
// and the first use of each such type makes the Swift runtime check its
// generic requirement by scanning every protocol conformance in the binary:
// about 400,000 instructions each, at every start of the app and of a
// short command (DECISIONS.md, "No generic cursor types on the way to the
// first frame").

extension FetchableRecord {
    /// Every record `statement` reads, in order.
    static func all(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Self] {
        var records: [Self] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { records.append(try Self(row: row)) }
        return records
    }

    /// Every record `sql` reads, in order, on a statement made for it.
    static func all(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try all(db.makeStatement(sql: sql), arguments: arguments)
    }
}

extension Row {
    /// Every row `statement` reads, in order, each a copy that outlives the read.
    static func all(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Row] {
        var copies: [Row] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { copies.append(row.copy()) }
        return copies
    }

    /// Every row `sql` reads, in order, on a statement made for it.
    static func all(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try all(db.makeStatement(sql: sql), arguments: arguments)
    }
}
