import Foundation
import GRDB
import GRDBSQLite

// The tables as the queries read them. Each table's columns are named here
// once: a query selects `\(columnsOf: ItemRecord.self)` (or fetches the
// record type) instead of typing the column list again, so a column added
// by a migration is read everywhere by changing one list.
//
// These describe today's tables for the queries; the migrations in
// Schema.swift do not use them, so an old database always migrates the
// same way whatever these types become.

// MARK: - Items

/// Whether `row`'s query selected `names` first, in that order: what a
/// record that reads by position needs (checked by debug builds).
private func selects(_ names: [String], first row: Row) -> Bool {
    Array(row.columnNames.prefix(names.count)) == names
}

/// One row of `item`: the item the screens show and its pending reminder.
struct ItemRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "item"

    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    /// The due-date order's key: the due date, or for an undated item the
    /// largest time, so undated items come last. Written exactly as the
    /// expression of the `item_by_checklist_due` index (SQLite matches an
    /// expression index by its text), so ordering and ranges on it read
    /// that index. `table` qualifies the column in a join.
    static func dueOrder(_ table: String = "") -> String {
        "coalesce(\(table.isEmpty ? "" : table + ".")dueAt, \(Int64.max))"
    }

    var item: Item
    /// When the reminder fires: the due date, or the end of a snooze. Nil
    /// when none is pending (Remind Me off, checked, past, or delivered).
    var remindAt: Date?

    /// Reads the row by position, in `databaseSelection`'s order: every
    /// query selects these columns first (`columnsOf: ItemRecord.self`, or
    /// the record type itself). By name, GRDB lowercases and hashes each
    /// column's name for every value, a fifth of `list`'s time at 100,000
    /// items. Debug builds (the tests) check the order on every row.
    init(row: Row) {
        assert(Self.readsInOrder(row), "an item query did not select ItemRecord's columns first: \(row.columnNames)")
        item = Item(id: row[0], checklistID: row[1], text: row[2],
                    isChecked: row[3], dueDate: (row[4] as Int64?).map(StoredTime.date),
                    shouldRemind: row[5],
                    // A rule this version cannot read (a newer one wrote it)
                    // reads as no repeat rather than failing the whole read.
                    recurrence: (row[7] as String?).flatMap { Recurrence(rrule: $0) },
                    repeatStart: (row[8] as Int64?).map(StoredTime.date),
                    lastDoneAt: (row[9] as Int64?).map(StoredTime.date),
                    note: row[10], position: row[11],
                    // A level this version does not know reads as none.
                    priority: Priority(rawValue: row[12]) ?? .none,
                    reminders: Self.reminders(row[13]),
                    tags: Tags.fromStored(row[14]),
                    startDate: (row[15] as Int64?).map(StoredTime.date),
                    parentID: row[16], unlinkedParentUID: row[17], isCollapsed: row[18])
        remindAt = (row[6] as Int64?).map(StoredTime.date)
        item.remindAt = remindAt
    }

    /// The reminders besides Remind Me's, from the row's text: most rows
    /// have none, and their empty text is read without a parse.
    private static func reminders(_ list: String) -> [ReminderTime] {
        list.isEmpty ? [] : ReminderTime.fromStored(shouldRemind: false, list: list)
    }

    /// The names `init(row:)` reads by position, in order. Times are
    /// seconds since 1970 UTC: `dueAt` in whole minutes, NULL when undated;
    /// `remindAt` NULL when no reminder is pending; `repeatStart` where a
    /// repeat's occurrences are counted from, `lastDoneAt` when a repeating
    /// item was last done. `repeatRule` is an RFC 5545 RRULE value
    /// (`Recurrence.rrule`), NULL for no repeat; `note` is '' for none;
    /// `position` is the item's place in its list's "order added" sort;
    /// `priority` 0 none, 1 low, 2 medium, 3 high; `reminders` its
    /// reminders besides Remind Me's (`ReminderTime.storedList`); `tags`
    /// its tags joined by commas (`Tags.stored`), '' for none; `startAt`
    /// when it starts, NULL for no start; `parentID` the item it is a
    /// sub-item of, `unlinkedParentUID` a parent named but not in the list,
    /// `collapsed` whether its sub-items are folded away.
    static let columnNames = ["id", "checklistID", "text", "isChecked", "dueAt", "shouldRemind", "remindAt",
                              "repeatRule", "repeatStart", "lastDoneAt", "note", "position", "priority", "reminders", "tags",
                              "startAt", "parentID", "unlinkedParentUID", "collapsed"]

    static func readsInOrder(_ row: Row, extra: [String] = []) -> Bool {
        selects(columnNames + extra, first: row)
    }
}

/// The columns of an item that `list`'s table shows (id, list, text, the
/// mark's checked, due and start, priority and tags, the family), in the
/// order `ListingLine` reads them, and nothing else. Reading all of
/// `ItemRecord`'s nineteen, the unused ones as '' or NULL, was a tenth of
/// `list` of 100,000 multilingual items (each column a call into SQLite
/// for its type and one for its value).
enum ItemSummaryColumns {
    static let names = ["id", "checklistID", "text", "isChecked", "dueAt", "priority", "tags", "startAt", "parentID"]
    static let list = names.joined(separator: ", ")
}

extension ListingLine {
    /// The columns a line's details read, after `ItemSummaryColumns`.
    static let detailColumnNames = ["shouldRemind", "remindAt", "repeatRule", "lastDoneAt", "note", "reminders"]

    /// The line of the row `handle` stands on, which selected
    /// `ItemSummaryColumns` in order (and, with `details`,
    /// `detailColumnNames` next, read as `ItemRecord` reads them); its texts
    /// point into the row.
    init(row handle: SQLiteStatement, checklistName: String, details: Bool) {
        // One memberwise init, with the details made first: setting them
        // after it copied and destroyed the whole line (its name and all)
        // once a row.
        self.init(id: sqlite3_column_int64(handle, 0), checklistID: sqlite3_column_int64(handle, 1), checklistName: checklistName,
                  text: Self.bytes(handle, 2), isChecked: sqlite3_column_int64(handle, 3) != 0,
                  dueDate: Self.integer(handle, 4).map(StoredTime.date),
                  // A level this version does not know reads as none.
                  priority: Priority(rawValue: Int(sqlite3_column_int64(handle, 5))) ?? .none, storedTags: Self.bytes(handle, 6),
                  startDate: Self.integer(handle, 7).map(StoredTime.date), parentID: Self.integer(handle, 8),
                  details: details ? Self.details(handle) : nil)
    }

    private static func integer(_ handle: SQLiteStatement, _ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    /// The pointer first, then the count: asking for the count first may
    /// convert the value and move the bytes.
    private static func bytes(_ handle: SQLiteStatement, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        let start = sqlite3_column_text(handle, column)
        return UnsafeBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(handle, column)))
    }

    private static func details(_ handle: SQLiteStatement) -> Details {
        let others = bytes(handle, 14)
        let rule = sqlite3_column_type(handle, 11) == SQLITE_NULL ? nil : String(decoding: bytes(handle, 11), as: UTF8.self)
        return Details(
            note: bytes(handle, 13),
            reminders: ReminderTime.with(shouldRemind: sqlite3_column_int64(handle, 9) != 0,
                                         others.isEmpty ? [] : ReminderTime.fromStored(shouldRemind: false, list: String(decoding: others, as: UTF8.self))),
            remindAt: integer(handle, 10).map(StoredTime.date),
            // A rule this version cannot read reads as no repeat, as `ItemRecord` reads it.
            recurrence: rule.flatMap { Recurrence(rrule: $0) },
            lastDoneAt: integer(handle, 12).map(StoredTime.date))
    }
}

/// An item with what iCalendar needs besides (its UID, the object it came
/// from, its stamps): what an export and a sync read. The screens never
/// need these, so `ItemRecord` does not select them.
struct ItemCalendarRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "item"

    static var databaseSelection: [any SQLSelectable] {
        ItemRecord.databaseSelection + calendarColumnNames.dropLast().map { Column($0) } + [parentUIDSelection]
    }

    /// The UID the item's parent relation names, as RELATED-TO writes it:
    /// its parent's, else the one kept unlinked. Every query of this record
    /// names the item table `item`; an item at the top level costs no look-up.
    private static let parentUIDSelection = SQL(sql: """
        CASE WHEN item.parentID IS NULL THEN item.unlinkedParentUID
        ELSE (SELECT parent.uid FROM item AS parent WHERE parent.id = item.parentID) END AS parentUID
        """)

    /// The iCalendar UID (made once), the iCalendar object the item was
    /// imported from (NULL if made here), the times of the last change
    /// and of the check-off, and the UID its parent relation names.
    static let calendarColumnNames = ["uid", "calendarObject", "modifiedAt", "completedAt", "parentUID"]

    var entry: Snapshot.Entry

    init(row: Row) {
        assert(ItemRecord.readsInOrder(row, extra: Self.calendarColumnNames),
               "an item query did not select ItemCalendarRecord's columns first: \(row.columnNames)")
        // By position, as `ItemRecord` reads: its columns, then these five.
        let record = ItemRecord(row: row)
        let base = ItemRecord.columnNames.count
        // Each pending reminder's time is in the reminder table, read apart.
        entry = Snapshot.Entry(item: record.item, remindAt: nil, uid: row[base] ?? "",
                               calendarObject: row[base + 1],
                               modifiedAt: (row[base + 2] as Int64?).map(StoredTime.date),
                               completedAt: (row[base + 3] as Int64?).map(StoredTime.date), parentUID: row[base + 4])
    }
}

/// An item with the name of its list, for what is shown outside the list
/// (the Due view, listings, reminders). Its selection needs
/// `FROM item JOIN checklist ON checklist.id = item.checklistID`.
struct ListedItemRecord: FetchableRecord {
    /// The item's columns and its list's name, made once (see
    /// `ItemRecord.columnList`).
    static let columnList = ItemRecord.columnNames.map { "item." + $0 }.joined(separator: ", ") + ", checklist.name AS checklistName"

    var record: ItemRecord
    var checklistName: String

    init(row: Row) {
        record = ItemRecord(row: row)
        checklistName = row[ItemRecord.columnNames.count]
    }

    var listed: ListedItem { ListedItem(item: record.item, checklistName: checklistName) }
}

// MARK: - Checklists

/// One row of `checklist`, with the counts the triggers keep.
struct ChecklistRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "checklist"

    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    /// The reminders besides Remind Me's, from the row's text: most rows
    /// have none, and their empty text is read without a parse.
    private static func reminders(_ list: String) -> [ReminderTime] {
        list.isEmpty ? [] : ReminderTime.fromStored(shouldRemind: false, list: list)
    }

    /// The names `init(row:)` reads by position, in order. `itemCount` and
    /// `checkedCount` are kept by triggers on `item`, so counting never
    /// scans items.
    static let columnNames = ["id", "name", "icon", "sortOrder", "itemCount", "checkedCount", "hidesChecked", "hidesNotStarted"]

    var summary: ChecklistSummary

    /// Reads the row by position, as `ItemRecord` does and for the same
    /// reason: by name, GRDB lowercased and hashed every column's name for
    /// every value. Every query selects `databaseSelection` (the record
    /// type's own requests); debug builds check the order on every row.
    init(row: Row) {
        assert(selects(Self.columnNames, first: row), "a list query did not select ChecklistRecord's columns first: \(row.columnNames)")
        self.init(id: row[0], name: row[1], icon: ChecklistIcon(rawValue: row[2]), sortOrder: ItemSortOrder(rawValue: row[3]),
                  hidesChecked: row[6], hidesNotStarted: row[7], itemCount: row[4], checkedCount: row[5])
    }

    private init(id: Int64, name: String, icon: ChecklistIcon?, sortOrder: ItemSortOrder?, hidesChecked: Bool, hidesNotStarted: Bool,
                 itemCount: Int, checkedCount: Int) {
        // An icon or order this version does not know (a newer version wrote
        // it) falls back to the default rather than failing the whole read.
        let checklist = Checklist(id: id, name: name, icon: icon ?? .none, sortOrder: sortOrder ?? .dueDate, hidesChecked: hidesChecked,
                                  hidesNotStarted: hidesNotStarted)
        summary = ChecklistSummary(checklist: checklist, itemCount: itemCount, remainingCount: itemCount - checkedCount)
    }

    /// Every checklist by id: what the command line matches names against,
    /// in an order that does not depend on names.
    static func allByID(_ db: Database) throws -> [Checklist] {
        try all(in: db, byID: true).map(\.summary.checklist)
    }
}

// MARK: - Rows by id, in SQL

// GRDB's record requests (`fetchAll(db)`, `fetchOne(db, key:)`,
// `exists(db, key:)`) read the table's schema first, once per connection and
// again after any schema change (the history's TEMP triggers were one):
// `PRAGMA database_list`, all of `sqlite_master` made into Swift values, then
// `table_xinfo` for the primary key. On a command's one connection that was
// about a tenth of `add`. These say the same in SQL, which needs no schema.

extension ItemRecord {
    /// `columnNames` as a query names them, made once: through GRDB's
    /// `\(columnsOf:)` the list, and the whole query around it, was built
    /// again by every read. The reads the app repeats (a list's page, the
    /// reminder claim) use it with plain SQL and statements kept prepared.
    static let columnList = columnNames.joined(separator: ", ")

    /// Made once: the app reads an item by id on every reload of a list.
    private static let selectByID = "SELECT \(columnList) FROM item WHERE id = ?"

    /// On a statement kept prepared: `n` places each match's family by
    /// its top item, one read per family, and preparing the statement
    /// each time (GRDB's authorizer on every column) was most of it.
    static func withID(_ id: Int64, in db: Database) throws -> ItemRecord? {
        try fetchOne(db.cachedStatement(sql: selectByID), arguments: [id])
    }
}

extension ChecklistRecord {
    static let selectAll = "SELECT \(columnNames.joined(separator: ", ")) FROM checklist"
    private static let selectAllByID = selectAll + " ORDER BY id"

    /// Every checklist, in no particular order or by id: what the home
    /// screen reads at every reload, on a statement kept prepared.
    static func all(in db: Database, byID: Bool = false) throws -> [ChecklistRecord] {
        try all(db.cachedStatement(sql: byID ? selectAllByID : selectAll))
    }

    private static let selectByID = selectAll + " WHERE id = ?"

    /// On a statement kept prepared: every load of a list reads its row
    /// twice (its summary, then its page), and preparing it again was
    /// 220,000 instructions, at every start with a list open.
    static func withID(_ id: Int64, in db: Database) throws -> ChecklistRecord? {
        try fetchOne(db.cachedStatement(sql: selectByID), arguments: [id])
    }

    static func exists(id: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM checklist WHERE id = ?)", arguments: [id]) ?? false
    }
}

// MARK: - Preferences

/// The keys of the `preference` table (one text value each).
enum Preference: String {
    /// Set when the first list was made, so a database whose lists were all
    /// deleted does not get a new "List" at the next start.
    case initialized
    /// The file mode last reported as open to other users, so each mode is
    /// reported once.
    case reportedOpenMode
    /// The id of the checklist that was open when the app last ran.
    case openChecklist
    /// When the last sync ended (seconds since 1970), and why it failed
    /// (absent when it succeeded): what the home screen's sync line shows.
    case syncLastAt
    case syncLastError
    /// The calendar home discovery last found, and the url it was found
    /// from ("url\nhome"): the next sync lists it at once.
    case syncHome

    func value(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [rawValue])
    }

    /// Stores `value`, or forgets the key when it is nil.
    func set(_ value: String?, _ db: Database) throws {
        if let value {
            try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES (?, ?)", arguments: [rawValue, value])
        } else {
            try db.execute(sql: "DELETE FROM preference WHERE key = ?", arguments: [rawValue])
        }
    }

    /// The open checklist, if it still exists: deleting a list leaves the
    /// preference as it was.
    static func openChecklistID(_ db: Database) throws -> Int64? {
        try SQLRequest<Int64>("""
            SELECT checklist.id FROM preference JOIN checklist ON checklist.id = CAST(preference.value AS INTEGER)
            WHERE preference.key = \(Preference.openChecklist.rawValue)
            """).fetchOne(db)
    }
}

// MARK: - Stored times

/// How instants are stored: INTEGER seconds since 1970 UTC.
enum StoredTime {
    /// A due date: whole minutes, the seconds dropped, as `Item.dueDate`
    /// promises (two items shown due at the same minute are due together).
    static func wholeMinutes(_ date: Date) -> Int64 {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return seconds - ((seconds % 60) + 60) % 60
    }

    /// A moment given by the caller (a snooze's end, a range's bound):
    /// rounded up, so a stored reminder never fires before the moment asked
    /// for. Exact for a date that was read from a column.
    static func wholeSeconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.up))
    }

    /// `now` compared with an INTEGER column: `column <= now` holds exactly
    /// when `column <= now rounded down`.
    static func secondsRoundedDown(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
