import Foundation
import GRDB
import GRDBSQLite
import CSQLiteConfig

extension ChecklistsDatabase {
    /// Names sort as people count ("List 2" before "List 10"), in SQL too:
    /// `ORDER BY text COLLATE natural_order` agrees with `NaturalOrder`.
    static let naturalCollation = DatabaseCollation("natural_order") { NaturalOrder.compare($0, $1) }

    /// `tag_in(tags, tag)`: whether the stored tags column `tags` holds
    /// `tag`, case ignored (`Tags.key`, which SQLite's lower() cannot do
    /// beyond ASCII). What `list --tag` and the tag view ask of each item.
    static let tagIn = DatabaseFunction("tag_in", argumentCount: 2, pure: true) { values in
        guard let tags = String.fromDatabaseValue(values[0]), let tag = String.fromDatabaseValue(values[1]) else { return false }
        return Tags.contains(Tags.fromStored(tags), tag)
    }

    /// Adds `SearchText.fold` to `db` as the SQL function `search_fold`, for
    /// the search index (Schema v10): the stored text is folded by the very
    /// function that folds a query. Text folds (the triggers and the import
    /// pass text); NULL and any other value give NULL.
    ///
    /// Registered with SQLite's own call rather than as a GRDB function:
    /// ASCII text is folded from SQLite's bytes into SQLite's result with
    /// no string made, where GRDB made a value, a string and another value
    /// for each call, and an import folds every item.
    ///
    /// Also adds `text_contains(text, part)` (the C shim's), what a query
    /// too short for the trigram index looks for in every folded text in
    /// place of `instr(text, part) > 0` (DECISIONS.md, "Search").
    static func addSearchFold(to db: Database) {
        sqlite3_create_function_v2(db.sqliteConnection, "search_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                   nil, searchFoldCall, nil, nil, nil)
        _ = checklists_sqlite_add_text_contains(db.sqliteConnection)
    }
}

/// `search_fold(text)`: see `ChecklistsDatabase.addSearchFold`. Up to the
/// first U+0000, as a string read from SQLite always was.
private func searchFoldCall(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let value = arguments?[0], sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) else {
        sqlite3_result_null(context)
        return
    }
    let bytes = UnsafeBufferPointer(start: text, count: strnlen(text, Int(sqlite3_value_bytes(value))))
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    let folded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { out -> Bool in
        guard SearchText.foldASCII(bytes, into: out) else { return false }
        sqlite3_result_text(context, UnsafeRawPointer(out.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
        return true
    }
    guard !folded else { return }
    var other = SearchText.fold(String(decoding: bytes, as: UTF8.self))
    other.withUTF8 { utf8 in
        guard let start = utf8.baseAddress, !utf8.isEmpty else { return sqlite3_result_text(context, "", 0, nil) }
        sqlite3_result_text(context, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), Int32(utf8.count), transient)
    }
}
