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

/// The match of a search that n or N goes to in a checklist: which item,
/// and which of the list's matches it is.
public struct MatchStep: Hashable, Sendable {
    public var itemID: Int64
    /// 1-based, in the list's order.
    public var number: Int
    public var total: Int
    /// Whether it came round from the other end of the list.
    public var wrapped: Bool

    public init(itemID: Int64, number: Int, total: Int, wrapped: Bool) {
        self.itemID = itemID
        self.number = number
        self.total = total
        self.wrapped = wrapped
    }
}

/// Search: items whose folded text (`item_folded`, Schema v10, kept in step
/// with `item` by triggers) contains the folded query. A query of three
/// characters or more is a phrase of the trigram index `item_search`; a
/// shorter one, which trigrams cannot answer, is an `instr` over the folded
/// text itself.
extension ChecklistsDatabase {
    /// Items in every list containing `query`: the `limit` newest matches
    /// (a look-up stops there, so a one-letter query costs no more than a
    /// precise one), pending before checked, then by due date.
    public func search(_ query: SearchQuery, limit: Int) throws(StorageError) -> SearchResults {
        try read { db in
            let ids = try Int64.fetchAll(db, SQLRequest<Int64>("""
                \(Self.matchingIDs(query)) ORDER BY id DESC LIMIT \(limit + 1)
                """))
            guard !ids.isEmpty else { return SearchResults() }
            let items = try SQLRequest<ListedItemRecord>("""
                SELECT \(sql: ListedItemRecord.columnList)
                FROM item JOIN checklist ON checklist.id = item.checklistID
                WHERE item.id IN \(ids.prefix(limit))
                ORDER BY item.isChecked, \(sql: ItemRecord.dueOrder("item")), item.id
                """).fetchAll(db).map { record in
                    var listed = record.listed
                    listed.parentText = try Self.parentText(of: listed.item, db)
                    return listed
                }
            return SearchResults(items: items, hasMore: ids.count > limit)
        }
    }

    /// The match of `query` in one checklist after `current` in the list's
    /// order (`forward`, n) or before it (N), wrapping round; nil when the
    /// list holds none. Only the list's matches are read (found through the
    /// index, then each by its id), never the whole list; where the match
    /// stands in the list is the page load's business (`index(ofItem:)`).
    public func nextMatch(_ query: SearchQuery, checklistID: Int64, sortOrder: ItemSortOrder, hidingChecked: Bool,
                          hidingNotStartedAt now: Date? = nil, after current: Item?, forward: Bool) throws(StorageError) -> MatchStep? {
        try read { db -> MatchStep? in
            if try FamilyLayout.listHasSubItems(checklistID, db) {
                return try self.nextFamilyMatch(query, checklistID: checklistID, sortOrder: sortOrder, hidingChecked: hidingChecked,
                                                notStartedAt: now, after: current, forward: forward, db)
            }
            let key: SQL = switch sortOrder {
            case .dueDate: SQL(sql: ItemRecord.dueOrder())
            case .text: "text COLLATE natural_order"
            case .added: "id"
            // One text that sorts as the list does: higher priority first,
            // then the due order (both fixed width).
            case .priority: SQL(sql: "printf('%d%020d', 3 - priority, \(ItemRecord.dueOrder()))")
            }
            let matches: SQL = """
                SELECT id, \(key) AS k FROM item
                WHERE id IN (\(Self.matchingIDs(query))) AND checklistID = \(checklistID) \(sql: Self.pendingOnly(hidingChecked, notStartedAt: now))
                """
            // The place in the list's order, as a condition on (k, id):
            // before or after the item `k`/`id` describe.
            func beyond(_ item: Item, after: Bool, orEqual: Bool = false) -> SQL {
                let value: SQL = switch sortOrder {
                case .dueDate: "\(item.dueDate.map(StoredTime.wholeSeconds) ?? Int64.max)"
                case .text: "\(item.text) COLLATE natural_order"
                case .added: "\(item.id)"
                case .priority: "\(Self.priorityKey(item))"
                }
                let side: SQL = after ? ">" : "<"
                let tie: SQL = orEqual ? (after ? ">=" : "<=") : side
                return "(k \(side) \(value) OR (k = \(value) AND id \(tie) \(item.id)))"
            }
            let order: SQL = forward ? "k, id" : "k DESC, id DESC"
            func first(_ condition: SQL?) throws -> Int64? {
                let filter: SQL = condition.map { "WHERE \($0)" } ?? ""
                return try Int64.fetchOne(db, SQLRequest<Int64>("""
                    WITH m AS (\(matches)) SELECT id FROM m \(filter) ORDER BY \(order) LIMIT 1
                    """))
            }
            var wrapped = false
            var found = try current.flatMap { try first(beyond($0, after: forward)) }
            if found == nil {
                found = try first(nil)
                wrapped = current != nil
            }
            guard let id = found, let target = try ItemRecord.withID(id, in: db)?.item else { return nil }
            let counts = try Row.fetchOne(db, SQLRequest<Row>("""
                WITH m AS (\(matches))
                SELECT count(*) AS total, count(*) FILTER (WHERE \(beyond(target, after: false, orEqual: true))) AS number FROM m
                """))
            return MatchStep(itemID: id, number: counts?["number"] ?? 1, total: counts?["total"] ?? 1, wrapped: wrapped)
        }
    }

    /// `nextMatch`'s key for the priority sort, as its SQL makes it.
    static func priorityKey(_ item: Item) -> String {
        let due = item.dueDate.map(StoredTime.wholeSeconds) ?? Int64.max
        let digits = String(due)
        return "\(3 - item.priority.rawValue)" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    /// The ids (as `id`) of the items containing `query`: a phrase of the
    /// trigram index (quoted, so nothing in it is FTS5 syntax), or for a
    /// query too short for trigrams a look through the folded text itself.
    static func matchingIDs(_ query: SearchQuery) -> SQL {
        if query.usesIndex {
            let phrase = "\"" + query.folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return "SELECT rowid AS id FROM item_search WHERE item_search MATCH \(phrase)"
        }
        return "SELECT id FROM item_folded WHERE text_contains(body, \(query.folded))"
    }
}

extension ChecklistsDatabase {
    /// `nextMatch` in a list with sub-items: the matches in the order the
    /// list shows its rows, each family under its top item (`FamilyLayout`).
    /// The list's matches are read (through the search index) and placed
    /// in Swift: a match's family and its place in it.
    func nextFamilyMatch(_ query: SearchQuery, checklistID: Int64, sortOrder: ItemSortOrder, hidingChecked: Bool,
                                notStartedAt now: Date?, after current: Item?, forward: Bool, _ db: Database) throws -> MatchStep? {
        let ids = try Int64.fetchAll(db, SQLRequest<Int64>("""
            SELECT id FROM item
            WHERE id IN (\(Self.matchingIDs(query))) AND checklistID = \(checklistID) \(sql: Self.pendingOnly(hidingChecked, notStartedAt: now))
            """))
        guard !ids.isEmpty else { return nil }
        let filter = FamilyLayout.Filter(hidingChecked: hidingChecked, notStartedAt: now.map(StoredTime.wholeSeconds))
        let layout = FamilyView(try layouts.layout(checklistID: checklistID, sortOrder: sortOrder, db), filter: filter)
        let items = try Self.itemsByID(ids + [current?.id].compactMap { $0 }, db)
        var tops: [Int64: FamilyLayout.Member] = [:]
        var outsiderTexts: [Int64: String] = [:]
        var placesInFamily: [Int64: [Int64: Int]] = [:]
        /// Where a row stands: its top item's member, and its place below it
        /// (0 for the top itself, then depth-first; one folded away or
        /// hidden after its family's shown rows).
        func place(of item: Item) throws -> (top: FamilyLayout.Member, below: Int) {
            let topID = layout.layout.ancestry(of: item.id)[0]
            if let known = tops[topID] { return (known, topID == item.id ? 0 : placesInFamily[topID]?[item.id] ?? Int.max) }
            let top = try topID == item.id ? item : ItemRecord.withID(topID, in: db)?.item ?? item
            let member = layout.members[topID] ?? FamilyLayout.Member(top)
            if layout.members[topID] == nil { outsiderTexts[topID] = top.text }
            tops[topID] = member
            let rows = layout.rows(below: topID, depth: 0).enumerated().map { ($1.id, $0 + 1) }
            placesInFamily[topID] = Dictionary(rows, uniquingKeysWith: { first, _ in first })
            return (member, topID == item.id ? 0 : placesInFamily[topID]?[item.id] ?? Int.max)
        }
        var before = layout.layout.order()
        func isBefore(_ a: (top: FamilyLayout.Member, below: Int, id: Int64), _ b: (top: FamilyLayout.Member, below: Int, id: Int64)) -> Bool {
            if a.top.id != b.top.id { return before(a.top, b.top) }
            return (a.below, a.id) < (b.below, b.id)
        }
        var ordered: [(top: FamilyLayout.Member, below: Int, id: Int64)] = []
        for id in ids {
            guard let item = items[id] else { continue }
            let (top, below) = try place(of: item)
            ordered.append((top, below, id))
        }
        let here = try current.map { current in
            let (top, below) = try place(of: items[current.id] ?? current)
            return (top: top, below: below, id: current.id)
        }
        // Every top is known now, and so is each outsider's text.
        before = layout.layout.order(outsiders: outsiderTexts)
        ordered.sort(by: isBefore)
        guard !ordered.isEmpty else { return nil }
        var next: Int?
        if let here {
            next = forward ? ordered.firstIndex { isBefore(here, $0) } : ordered.lastIndex { isBefore($0, here) }
        }
        let wrapped = current != nil && next == nil
        let index = next ?? (forward ? 0 : ordered.count - 1)
        return MatchStep(itemID: ordered[index].id, number: index + 1, total: ordered.count, wrapped: wrapped)
    }
}
