import Foundation
import GRDB

/// The families at one end of a list with sub-items, walked a chunk of
/// top-level items at a time with only those items' families read: what
/// opening a list (its first page, and the first check in it) and End need.
/// Further in, a page or an index needs the rows of every family before
/// it, and the whole `FamilyLayout` pays for itself.
struct FamilyWalk {
    let checklistID: Int64
    let sortOrder: ItemSortOrder
    let hidingChecked: Bool
    let notStartedAt: Date?
    /// The list's rows; only a walk from the end reads it.
    let total: Int
    let version: Int64

    /// How far from an end a walk goes before it leaves the work to the
    /// layout: a few pages of the app's.
    static let reach = 1_000
    /// Top-level items read at a time.
    private static let chunk = 128

    private var filter: FamilyLayout.Filter {
        FamilyLayout.Filter(hidingChecked: hidingChecked, notStartedAt: notStartedAt.map(StoredTime.wholeSeconds))
    }

    /// The top-level items in the list's order (or backwards), each with
    /// its first row's index and its shown rows (itself first) with their
    /// places, until `visit` says stop or the walk passes `reach` rows.
    /// Returns whether `visit` stopped it.
    private func walk(backwards: Bool, _ db: Database,
                      visit: (_ root: Int64, _ first: Int, _ rows: [(id: Int64, place: FamilyPlace)]) -> Bool) throws -> Bool {
        let sql = """
            SELECT id, subItemCount FROM item
            WHERE checklistID = ? AND parentID IS NULL \(ChecklistsDatabase.pendingOnly(hidingChecked, notStartedAt: notStartedAt))
            ORDER BY \(ChecklistsDatabase.orderBy(sortOrder, descending: backwards))
            """
        // One cursor over the top-level items; each chunk's families are
        // read beside it on the sub-items' index.
        let statement = try notStartedAt == nil ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: [checklistID])
        var passed = 0, ended = false
        while passed < Self.reach && !ended {
            var roots: [(id: Int64, subItems: Int)] = []
            roots.reserveCapacity(Self.chunk)
            while roots.count < Self.chunk {
                guard let row = try cursor.next() else { ended = true; break }
                roots.append((row[0], row[1]))
            }
            let layout = try FamilyLayout(families: roots.filter { $0.subItems > 0 }.map(\.id), checklistID: checklistID,
                                          sortOrder: sortOrder, version: version, db)
            let view = FamilyView(layout, filter: filter)
            for root in roots {
                let family = [(id: root.id, depth: 0)] + (layout.members[root.id] == nil ? [] : view.rows(below: root.id, depth: 0))
                let rows = family.map { row in
                    (id: row.id, place: layout.members[row.id] == nil ? FamilyPlace(depth: row.depth) : layout.place(of: row.id, depth: row.depth))
                }
                let first = backwards ? total - passed - rows.count : passed
                passed += rows.count
                if visit(root.id, first, rows) { return true }
            }
        }
        return false
    }

    /// The rows `[offset, offset + limit)`, or nil when they are further
    /// than `reach` from both ends.
    func page(offset: Int, limit: Int, _ db: Database) throws -> ItemsPage? {
        let wanted = offset..<max(offset, min(total, offset + limit))
        let backwards = offset > total / 2
        guard (backwards ? total - wanted.lowerBound : wanted.upperBound) <= Self.reach else { return nil }
        var rows: [(index: Int, id: Int64, place: FamilyPlace)] = []
        if !wanted.isEmpty {
            let done = try walk(backwards: backwards, db) { _, first, family in
                for (k, row) in family.enumerated() where wanted.contains(first + k) { rows.append((first + k, row.id, row.place)) }
                return backwards ? first <= wanted.lowerBound : first + family.count >= wanted.upperBound
            }
            guard done else { return nil }
            rows.sort { $0.index < $1.index }
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

    /// The item's row, when it is shown within `reach` rows of the start;
    /// nil otherwise (hidden, folded away, or further in), for the layout
    /// to answer.
    func index(of item: Item, _ db: Database) throws -> Int? {
        // The item at the top level of its family.
        var rootID = item.id, parentID = item.parentID
        var seen: Set<Int64> = [item.id]
        while let parent = parentID, seen.insert(parent).inserted {
            rootID = parent
            parentID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT parentID FROM item WHERE id = ?"), arguments: [parent])
        }
        var found: Int?
        _ = try walk(backwards: false, db) { root, first, family in
            guard root == rootID else { return false }
            found = family.firstIndex { $0.id == item.id }.map { first + $0 }
            return true
        }
        return found
    }
}
