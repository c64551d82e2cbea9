import Foundation
import GRDB

/// Where an item stands in the Upcoming view's order: its due time, or for
/// an item with a start and no due date its start, then its id. The view
/// reads windows of items from such a key on, or before it.
public struct UpcomingKey: Hashable, Sendable, Comparable {
    /// Seconds since 1970, as stored.
    public var time: Int64
    public var id: Int64

    public init(time: Int64, id: Int64) {
        self.time = time
        self.id = id
    }

    /// The key of `item`; nil for an item with neither a due date nor a start.
    public init?(_ item: Item) {
        guard let date = item.dueDate ?? item.startDate else { return nil }
        self.init(time: StoredTime.wholeSeconds(date), id: item.id)
    }

    /// The moment the key stands for.
    public var date: Date { StoredTime.date(time) }

    public static func < (a: UpcomingKey, b: UpcomingKey) -> Bool {
        (a.time, a.id) < (b.time, b.id)
    }
}

/// Where a window of the Upcoming view is read.
public enum UpcomingAnchor: Hashable, Sendable {
    /// From the first item (the oldest overdue one).
    case first
    /// Up to the last item.
    case last
    /// Around an item: those before the key, and the key and those after it
    /// (the item itself may be gone, checked off elsewhere).
    case key(UpcomingKey)
}

/// A window of the Upcoming view's items, in its order, and whether it
/// reaches either end of them.
public struct UpcomingWindow: Hashable, Sendable {
    public var items: [ListedItem]
    public var reachesFirst: Bool
    public var reachesLast: Bool
    /// How many items the view holds in all, counting at most
    /// `ChecklistsDatabase.upcomingCountCap` of each kind.
    public var total: Int

    public init(items: [ListedItem] = [], reachesFirst: Bool = true, reachesLast: Bool = true, total: Int = 0) {
        self.items = items
        self.reachesFirst = reachesFirst
        self.reachesLast = reachesLast
        self.total = max(total, items.count)
    }
}

/// The Upcoming view's reads: every item not checked off with a due date
/// (overdue ones too), and every one with a start and no due date that
/// starts today or later. Each window is two range reads, one on the
/// pending-by-due index and one on the start index, merged by key: the
/// cost is the rows the pane shows and their margin, whatever the data.
extension ChecklistsDatabase {
    /// Counting stops here, as the Due view's does.
    public static let upcomingCountCap = 1_000

    /// `before` items before the anchor and `after` from it on (for
    /// `.last`, the last `before + after`); the items with a start and no
    /// due date only from `startsFrom` (the start of today) on.
    public func upcomingWindow(around anchor: UpcomingAnchor, before: Int, after: Int, startsFrom: Date) throws(StorageError) -> UpcomingWindow {
        try read { db in
            var names = try ListNames(db, forLimit: 0)
            let from = StoredTime.wholeSeconds(startsFrom)
            let earlier: [ListedItem], later: [ListedItem]
            let reachesFirst: Bool, reachesLast: Bool
            switch anchor {
            case .first:
                earlier = []
                reachesFirst = true
                later = try Self.upcoming(db, &names, from: UpcomingKey(time: .min, id: .min), forward: true, limit: after, startsFrom: from)
                reachesLast = later.count < after
            case .last:
                later = []
                reachesLast = true
                earlier = try Self.upcoming(db, &names, from: UpcomingKey(time: .max, id: .max), forward: false, limit: before + after,
                                            startsFrom: from)
                reachesFirst = earlier.count < before + after
            case let .key(key):
                earlier = try Self.upcoming(db, &names, from: key, forward: false, limit: before, startsFrom: from)
                later = try Self.upcoming(db, &names, from: key, forward: true, limit: after, startsFrom: from)
                reachesFirst = earlier.count < before
                reachesLast = later.count < after
            }
            let total = try Self.upcomingCount(db, startsFrom: from, upTo: Self.upcomingCountCap)
            return UpcomingWindow(items: earlier.reversed() + later, reachesFirst: reachesFirst, reachesLast: reachesLast, total: total)
        }
    }

    /// How many items the Upcoming view holds (for its row on All Lists),
    /// counting at most `cap` of the dated ones and `cap` of the others.
    public func upcomingCount(startsFrom: Date, upTo cap: Int = upcomingCountCap) throws(StorageError) -> Int {
        try read { db in try Self.upcomingCount(db, startsFrom: StoredTime.wholeSeconds(startsFrom), upTo: cap) }
    }

    private static func upcomingCount(_ db: Database, startsFrom: Int64, upTo cap: Int) throws -> Int {
        // `isChecked = 0` written out: SQLite uses a partial index only when
        // the query's WHERE visibly implies the index's.
        let dated = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) FROM (SELECT 1 FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt IS NOT NULL LIMIT ?)
            """), arguments: [cap]) ?? 0
        let starting = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) FROM (SELECT 1 FROM item INDEXED BY item_by_start
                                  WHERE startAt >= ? AND dueAt IS NULL AND isChecked = 0 LIMIT ?)
            """), arguments: [startsFrom, cap]) ?? 0
        return dated + starting
    }

    /// At most `limit` items from `key` on (`forward`, the key included)
    /// or before it (nearest first), the two kinds merged by key.
    private static func upcoming(_ db: Database, _ names: inout ListNames, from key: UpcomingKey, forward: Bool, limit: Int,
                                 startsFrom: Int64) throws -> [ListedItem] {
        guard limit > 0 else { return [] }
        // Row values on the index's own columns (the id is the rowid every
        // entry ends with): SQLite seeks the index to the key.
        let compare = forward ? ">=" : "<"
        let order = forward ? "ASC" : "DESC"
        let dated = try ItemRecord.all(db.cachedStatement(sql: """
            SELECT \(ItemRecord.columnList) FROM item INDEXED BY item_pending_by_due
            WHERE isChecked = 0 AND dueAt IS NOT NULL AND (dueAt, id) \(compare) (?, ?)
            ORDER BY dueAt \(order), id \(order) LIMIT ?
            """), arguments: [key.time, key.id, limit])
        let starting = try ItemRecord.all(db.cachedStatement(sql: """
            SELECT \(ItemRecord.columnList) FROM item INDEXED BY item_by_start
            WHERE startAt >= ? AND dueAt IS NULL AND isChecked = 0 AND (startAt, id) \(compare) (?, ?)
            ORDER BY startAt \(order), id \(order) LIMIT ?
            """), arguments: [startsFrom, key.time, key.id, limit])
        let merged = (dated + starting).map(\.item).sorted { a, b in
            guard let ka = UpcomingKey(a), let kb = UpcomingKey(b) else { return false }
            return forward ? ka < kb : kb < ka
        }
        var items: [ListedItem] = []
        for item in merged.prefix(limit) {
            // Every item has its list (a foreign key); as the listings do, none without.
            guard let name = try names.name(of: item.checklistID, in: db) else { continue }
            items.append(ListedItem(item: item, checklistName: name, parentText: try parentText(of: item, db)))
        }
        return items
    }
}
