import Foundation
import GRDB

/// What a filter found: the first items in the due order (undated last),
/// with how many match in all and how many it chose among.
public struct FilterResults: Hashable, Sendable {
    public var items: [ListedItem]
    /// How many items match, all of them (not only those in `items`).
    public var matching: Int
    /// How many items the filter chose among: those of its list (or of
    /// every list) that are open, checked or either, as `is:` asks.
    public var inScope: Int
    /// False when `list:` names no list: nothing can match.
    public var listFound: Bool

    public init(items: [ListedItem] = [], matching: Int = 0, inScope: Int = 0, listFound: Bool = true) {
        self.items = items
        self.matching = matching
        self.inScope = inScope
        self.listFound = listFound
    }

    /// The items in scope the filter leaves out.
    public var hidden: Int { max(0, inScope - matching) }
}

/// Filters (`ItemFilter`) as SQL: each word one condition on `item`, so
/// SQLite reads a list's items on its (list, due order) index, and the
/// text through the search index, as search does.
extension ChecklistsDatabase {
    /// The first `limit` items matching `filter` at `now` (`calendar` says
    /// where a day ends), in the due order, with the counts.
    public func filteredItems(_ filter: ItemFilter, now: Date, calendar: Calendar, limit: Int) throws(StorageError) -> FilterResults {
        try read { db in
            guard let conditions = try Self.filterConditions(filter, now: now, calendar: calendar, db) else {
                return FilterResults(listFound: false)
            }
            let scansAll = Self.scansTable(filter)
            let scan: SQL = scansAll ? "NOT INDEXED" : ""
            let matching = try Int.fetchOne(db, SQLRequest<Int>("SELECT count(*) FROM item \(scan) WHERE \(conditions)")) ?? 0
            func page(_ index: SQL, _ extra: SQL, order: String, limit: Int) throws -> [ListedItemRecord] {
                try SQLRequest<ListedItemRecord>("""
                    SELECT \(sql: ListedItemRecord.columnList)
                    FROM item \(index) JOIN checklist ON checklist.id = item.checklistID
                    WHERE \(conditions) \(extra)
                    ORDER BY \(sql: order), item.id
                    LIMIT \(max(0, limit))
                    """).fetchAll(db)
            }
            var rows: [ListedItemRecord] = []
            let everyList = filter.listName == nil && filter.words.isEmpty
            if matching == 0 {
                // Nothing to read.
            } else if everyList && filter.state == .open && matching / 4 > limit {
                // Many open items match across the lists: read them in order on
                // the pending items' indexes (dated by due date, then undated),
                // which stops at the page; sorting every match would read them all.
                rows = try page("", "AND item.dueAt IS NOT NULL", order: "item.dueAt", limit: limit)
                if rows.count < limit { rows += try page("", "AND item.dueAt IS NULL", order: "item.id", limit: limit - rows.count) }
            } else {
                // Few match, or a list's index or the search index finds them: sorted.
                rows = try page(scan, "", order: ItemRecord.dueOrder("item"), limit: limit)
            }
            let items = try rows.map { record in
                var listed = record.listed
                listed.parentText = try Self.parentText(of: listed.item, db)
                return listed
            }
            return FilterResults(items: items, matching: matching, inScope: try Self.inScope(filter, db), listFound: true)
        }
    }

    /// How many items match `filter` at `now`: a smart list's count, and
    /// `list --filter --count`. Nil when `list:` names no list.
    public func filteredCount(_ filter: ItemFilter, now: Date, calendar: Calendar) throws(StorageError) -> Int? {
        try read { db in try Self.filteredCount(filter, now: now, calendar: calendar, db) }
    }

    static func filteredCount(_ filter: ItemFilter, now: Date, calendar: Calendar, _ db: Database) throws -> Int? {
        guard let conditions = try filterConditions(filter, now: now, calendar: calendar, db) else { return nil }
        let scan: SQL = scansTable(filter) ? "NOT INDEXED" : ""
        return try Int.fetchOne(db, SQLRequest<Int>("SELECT count(*) FROM item \(scan) WHERE \(conditions)")) ?? 0
    }

    /// Whether a filter of every list without text or due date reads the
    /// table once (`NOT INDEXED`): one pass reads each item once, where a
    /// pending index looked each one up again (several times slower at
    /// 100,000). A list's index, the search index or a range of due dates
    /// on the pending items' indexes lead otherwise.
    static func scansTable(_ filter: ItemFilter) -> Bool {
        filter.listName == nil && filter.words.isEmpty && filter.due == nil
    }

    /// The ids of the lists `list:` names: those of exactly that name, else
    /// those whose name matches ignoring case and surrounding spaces, as
    /// the command line matches a name (two lists of one name are both
    /// taken: a filter need not choose). Nil without `list:`.
    static func filterListIDs(_ filter: ItemFilter, _ db: Database) throws -> [Int64]? {
        guard let name = filter.listName else { return nil }
        let exact = try Int64.fetchAll(db, sql: "SELECT id FROM checklist WHERE name = ?", arguments: [name])
        if !exact.isEmpty { return exact }
        let folded = TextRules.trimmed(name).lowercased()
        return try Row.all(db, sql: "SELECT id, name FROM checklist").compactMap { row in
            TextRules.trimmed(row[1] as String).lowercased() == folded ? row[0] as Int64 : nil
        }
    }

    /// `filter` as one condition on `item` (ANDed words); nil when
    /// `list:` names no list, so nothing can match.
    static func filterConditions(_ filter: ItemFilter, now: Date, calendar: Calendar, _ db: Database) throws -> SQL? {
        var conditions: [SQL] = []
        if let ids = try filterListIDs(filter, db) {
            guard !ids.isEmpty else { return nil }
            conditions.append("item.checklistID IN \(ids)")
        }
        switch filter.state {
        case .open: conditions.append("item.isChecked = 0")
        case .checked: conditions.append("item.isChecked = 1")
        case .any: break
        }
        if !filter.tags.isEmpty { conditions.append("item.tags <> ''") }
        for tag in filter.tags { conditions.append("tag_in(item.tags, \(tag))") }
        if let priority = filter.priority {
            conditions.append(filter.priorityOrHigher ? "item.priority >= \(priority.rawValue)" : "item.priority = \(priority.rawValue)")
        }
        switch filter.due {
        // Overdue is due now or before, to the second (`Item.isOverdue`).
        case .overdue?: conditions.append("item.dueAt < \(Int64(now.timeIntervalSince1970.rounded(.down)) + 1)")
        case let .within(days)?:
            conditions.append("item.dueAt < \(StoredTime.wholeSeconds(filter.dueLimit(days: days, now: now, calendar: calendar)))")
        case .none?: conditions.append("item.dueAt IS NULL")
        case nil: break
        }
        if filter.hasReminder { conditions.append("(item.shouldRemind = 1 OR item.reminders <> '')") }
        if filter.startedOnly { conditions.append("(item.startAt IS NULL OR item.startAt <= \(StoredTime.wholeSeconds(now)))") }
        for word in filter.words {
            guard let query = SearchQuery(word) else { continue }
            conditions.append("item.id IN (\(matchingIDs(query)))")
        }
        return conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
    }

    /// How many items the filter chooses among, from the lists' counters
    /// (no item is read): of its lists, or of every list.
    private static func inScope(_ filter: ItemFilter, _ db: Database) throws -> Int {
        let count: SQL = switch filter.state {
        case .open: "itemCount - checkedCount"
        case .checked: "checkedCount"
        case .any: "itemCount"
        }
        let lists: SQL = try filterListIDs(filter, db).map { "WHERE id IN \($0)" } ?? ""
        return try Int.fetchOne(db, SQLRequest<Int>("SELECT coalesce(sum(\(count)), 0) FROM checklist \(lists)")) ?? 0
    }
}
