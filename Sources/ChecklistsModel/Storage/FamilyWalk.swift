import Foundation
import GRDB

/// The families at one end of a list with sub-items, walked a chunk of
/// top-level items at a time with only those items' families read: what
/// opening a list (its first pages, and the first check in it) and End
/// need. Further in, a page or an index needs the rows of every family
/// before it, and the whole `FamilyLayout` pays for itself.
struct FamilyWalk {
    let checklistID: Int64
    let sortOrder: ItemSortOrder
    let hidingChecked: Bool
    let notStartedAt: Date?
    /// The list's rows; only a walk from the end reads it.
    let total: Int
    let version: Int64
    /// Changes to the whole file, ours and other processes': a walk kept
    /// under one stamp is the list's rows while the stamp stays.
    let stamp: FamilyLayoutCache.Stamp

    /// How far from an end a walk goes before it leaves the work to the
    /// layout: a few pages of the app's.
    static let reach = 1_000
    /// Top-level items read at a time.
    private static let chunk = 128

    private var filter: FamilyLayout.Filter {
        FamilyLayout.Filter(hidingChecked: hidingChecked, notStartedAt: notStartedAt.map(StoredTime.wholeSeconds))
    }

    /// The rows from one end, in the walk's order, with where each
    /// top-level item's family starts among them.
    struct Walked {
        var key: Key
        var rows: [(id: Int64, place: FamilyPlace)] = []
        var starts: [Int64: Int] = [:]
        /// Whether the walk reached the list's other end.
        var ended = false
        /// False when some sub-item's parent is not in the list (undo or
        /// another process can leave one so): the layout hides such an item
        /// and its family, and a walk from the top level never meets it.
        var isWhole = true

        struct Key: Equatable {
            var checklistID: Int64
            var sortOrder: ItemSortOrder
            var filter: FamilyLayout.Filter
            var backwards: Bool
            var total: Int
            var stamp: FamilyLayoutCache.Stamp
        }

        func covers(_ count: Int) -> Bool { !isWhole || ended || rows.count >= count }
    }

    /// The rows of the first `count` from one end (or all the walk found
    /// before `reach`): the walk kept, if it covers them, else a new one,
    /// walked on to twice as far (to `reach` at most), so that a scroll
    /// through the first pages walks a few times, not once a page.
    private func walked(backwards: Bool, count: Int, cache: FamilyLayoutCache, _ db: Database) throws -> Walked {
        // Only a walk from the end places its rows by the total.
        let key = Walked.Key(checklistID: checklistID, sortOrder: sortOrder, filter: filter, backwards: backwards,
                             total: backwards ? total : 0, stamp: stamp)
        if let kept = cache.keptWalk(key), kept.covers(count) { return kept }
        var walked = Walked(key: key)
        // Every sub-item of the list counted by a parent in it: two
        // index-only counts, equal unless a parent is missing.
        walked.isWhole = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT COUNT(*) FROM item INDEXED BY item_by_parent WHERE checklistID = ?1 AND parentID IS NOT NULL)
                 - (SELECT coalesce(SUM(subItemCount), 0) FROM item INDEXED BY item_parents WHERE checklistID = ?1 AND subItemCount > 0)
            """), arguments: [checklistID]) == 0
        guard walked.isWhole else {
            cache.keep(walked)
            return walked
        }
        let goal = min(Self.reach, max(count * 2, 300))
        let sql = """
            SELECT id, subItemCount FROM item
            WHERE checklistID = ? AND parentID IS NULL \(ChecklistsDatabase.pendingOnly(hidingChecked, notStartedAt: notStartedAt))
            ORDER BY \(ChecklistsDatabase.orderBy(sortOrder, descending: backwards))
            """
        // One cursor over the top-level items; each chunk's families are
        // read beside it on the sub-items' index.
        let statement = try notStartedAt == nil ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: [checklistID])
        while walked.rows.count < goal && !walked.ended {
            var roots: [(id: Int64, subItems: Int)] = []
            roots.reserveCapacity(Self.chunk)
            while roots.count < Self.chunk {
                guard let row = try cursor.next() else { walked.ended = true; break }
                roots.append((row[0], row[1]))
            }
            let layout = try FamilyLayout(families: roots.filter { $0.subItems > 0 }.map(\.id), checklistID: checklistID,
                                          sortOrder: sortOrder, version: version, db)
            let view = FamilyView(layout, filter: filter)
            for root in roots {
                walked.starts[root.id] = walked.rows.count
                walked.rows.append((root.id, layout.members[root.id] == nil ? FamilyPlace(depth: 0) : layout.place(of: root.id, depth: 0)))
                guard layout.members[root.id] != nil else { continue }
                for row in view.rows(below: root.id, depth: 0) {
                    walked.rows.append((row.id, layout.members[row.id] == nil ? FamilyPlace(depth: row.depth)
                                                                              : layout.place(of: row.id, depth: row.depth)))
                }
            }
        }
        cache.keep(walked)
        return walked
    }

    /// The rows `[offset, offset + limit)`, or nil when they are further
    /// than `reach` from both ends.
    func page(offset: Int, limit: Int, cache: FamilyLayoutCache, _ db: Database) throws -> ItemsPage? {
        let wanted = offset..<max(offset, min(total, offset + limit))
        let backwards = offset > total / 2
        let needed = backwards ? total - wanted.lowerBound : wanted.upperBound
        guard needed <= Self.reach else { return nil }
        var rows: [(id: Int64, place: FamilyPlace)] = []
        if !wanted.isEmpty {
            let walked = try walked(backwards: backwards, count: needed, cache: cache, db)
            guard walked.isWhole else { return nil }
            // A walk from the end holds the last row first.
            let span = backwards ? (total - wanted.upperBound)..<(total - wanted.lowerBound) : wanted
            guard span.upperBound <= walked.rows.count else { return nil }
            // From the end, families keep their order downwards: the rows
            // are reversed family by family, not row by row.
            rows = backwards ? Self.reversedByFamily(walked, span: span) : Array(walked.rows[span])
        }
        let byID = try ChecklistsDatabase.itemsByID(rows.map(\.id), db)
        var items: [Item] = [], places: [FamilyPlace] = []
        for row in rows {
            guard let item = byID[row.id] else { continue }
            items.append(item)
            places.append(row.place)
        }
        return ItemsPage(checklistID: checklistID, sortOrder: sortOrder, offset: offset, items: items, totalCount: total, places: places)
    }

    /// The rows of `span` (counted from the end) of a walk from the end,
    /// top to bottom: each family's rows stay in their order below it.
    private static func reversedByFamily(_ walked: Walked, span: Range<Int>) -> [(id: Int64, place: FamilyPlace)] {
        var fromEnd: [(id: Int64, place: FamilyPlace)] = []
        fromEnd.reserveCapacity(span.upperBound)
        let starts = walked.starts.values.sorted()
        for (index, start) in starts.enumerated() where fromEnd.count < span.upperBound {
            let end = index + 1 < starts.count ? starts[index + 1] : walked.rows.count
            fromEnd.append(contentsOf: walked.rows[start..<end].reversed())
        }
        return Array(fromEnd[span.clamped(to: 0..<fromEnd.count)].reversed())
    }

    /// The item's row, when it is shown within `reach` rows of the start;
    /// nil otherwise (hidden, folded away, or further in), for the layout
    /// to answer.
    func index(of item: Item, cache: FamilyLayoutCache, _ db: Database) throws -> Int? {
        // The item at the top level of its family.
        var rootID = item.id, parentID = item.parentID
        var seen: Set<Int64> = [item.id]
        while let parent = parentID, seen.insert(parent).inserted {
            rootID = parent
            parentID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT parentID FROM item WHERE id = ?"), arguments: [parent])
        }
        var count = 0
        while true {
            let walked = try walked(backwards: false, count: count, cache: cache, db)
            guard walked.isWhole else { return nil }
            if let start = walked.starts[rootID] {
                var index = start
                while index < walked.rows.count {
                    if walked.rows[index].id == item.id { return index }
                    index += 1
                    if index < walked.rows.count && walked.rows[index].place.depth == 0 { break }
                }
                return nil
            }
            if walked.ended || walked.rows.count >= Self.reach { return nil }
            count = walked.rows.count + 1
        }
    }
}
