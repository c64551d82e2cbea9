import Foundation
import GRDB

/// What a search found across every list: the newest matches first taken,
/// at most `limit` of them, shown pending first by due date.
public struct SearchResults: Hashable, Sendable {
    public var items: [ListedItem]
    /// More items match than `items` holds: the screen says "200+".
    public var hasMore: Bool

    public init(items: [ListedItem] = [], hasMore: Bool = false) {
        self.items = items
        self.hasMore = hasMore
    }
}

/// Where a matching item stands in its checklist as the checklist shows
/// it (0-based, in its sort order, among the shown items).
public struct MatchPosition: Hashable, Sendable {
    public var itemID: Int64
    public var index: Int

    public init(itemID: Int64, index: Int) {
        self.itemID = itemID
        self.index = index
    }
}

/// Search: items whose folded text contains the folded query, through the
/// `item_search` index (Schema v10) that triggers keep in step with `item`.
/// A query of three characters or more is a trigram phrase look-up; a
/// shorter one, which the trigram index cannot answer, is an `instr` over
/// the index's stored folded text.
extension ChecklistsDatabase {
    /// Items in every list containing `query`: the `limit` newest matches
    /// (a look-up stops there, so a one-letter query costs no more than a
    /// precise one), pending before checked, then by due date.
    public func search(_ query: SearchQuery, limit: Int) throws(StorageError) -> SearchResults {
        try read { db in
            let ids = try Int64.fetchAll(db, SQLRequest<Int64>("""
                SELECT rowid FROM item_search WHERE \(Self.matching(query)) ORDER BY rowid DESC LIMIT \(limit + 1)
                """))
            guard !ids.isEmpty else { return SearchResults() }
            let items = try SQLRequest<ListedItemRecord>("""
                SELECT \(ListedItemRecord.selection)
                FROM item JOIN checklist ON checklist.id = item.checklistID
                WHERE item.id IN \(ids.prefix(limit))
                ORDER BY item.isChecked, \(sql: ItemRecord.dueOrder("item")), item.id
                """).fetchAll(db).map(\.listed)
            return SearchResults(items: items, hasMore: ids.count > limit)
        }
    }

    /// The items of one checklist containing `query`, with their places in
    /// it as the checklist shows it (its sort order; the items not checked
    /// off while it hides checked ones), in that order: what n and N step through.
    public func matchPositions(_ query: SearchQuery, checklistID: Int64, sortOrder: ItemSortOrder,
                               hidingChecked: Bool) throws(StorageError) -> [MatchPosition] {
        try read { db in
            // The window numbers the whole list (the places are the list's);
            // the match filters outside it, so it cannot change the numbers.
            try Row.fetchAll(db, SQLRequest<Row>("""
                SELECT id, position FROM (
                    SELECT id, row_number() OVER (ORDER BY \(sql: Self.orderBy(sortOrder, descending: false))) - 1 AS position
                    FROM item WHERE checklistID = \(checklistID) \(sql: Self.pendingOnly(hidingChecked))
                )
                WHERE id IN (SELECT rowid FROM item_search WHERE \(Self.matching(query)))
                ORDER BY position
                """)).map { MatchPosition(itemID: $0["id"], index: $0["position"]) }
        }
    }

    /// The condition on `item_search` for `query`: a phrase of the trigram
    /// index (quoted, so nothing in it is FTS5 syntax), or for a query too
    /// short for trigrams a look in the folded text itself.
    static func matching(_ query: SearchQuery) -> SQL {
        if query.usesIndex {
            let phrase = "\"" + query.folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return "item_search MATCH \(phrase)"
        }
        return "instr(body, \(query.folded)) > 0"
    }
}
