import Foundation
import GRDB

/// Families: an item and its sub-items, at any depth, always in one list.
/// The changes that move, delete or check a family read it here.
extension ChecklistsDatabase {
    /// The item and its sub-items at any depth, the item first and each
    /// sub-item after its parent (a breadth-first walk), or empty when the
    /// item does not exist. `byPosition` orders them by the list's "order
    /// added" instead, as a move keeps them.
    static func familyIDs(of itemID: Int64, in db: Database, byPosition: Bool = false) throws -> [Int64] {
        guard let checklistID = try Int64.fetchOne(db, sql: "SELECT checklistID FROM item WHERE id = ?", arguments: [itemID]) else {
            return []
        }
        // UNION, not UNION ALL: an id seen twice ends the walk, so even a
        // cycle written by hand into the file cannot loop it, and no depth
        // limit is needed (one of 10,000 left the rest of a deeper chain
        // behind). The depths are worked out here, from the parents.
        let rows = try Row.fetchAll(db, sql: """
            WITH RECURSIVE family(id) AS (
                SELECT ?
                UNION
                SELECT item.id FROM item JOIN family ON item.checklistID = ? AND item.parentID = family.id
            )
            SELECT item.id, item.parentID, item.position FROM family JOIN item ON item.id = family.id
            """, arguments: [itemID, checklistID])
        if byPosition {
            return rows.map { (position: $0["position"] as Int64, id: $0["id"] as Int64) }.sorted { $0 < $1 }.map(\.id)
        }
        var children: [Int64: [Int64]] = [:]
        for row in rows { if let parent = row["parentID"] as Int64? { children[parent, default: []].append(row["id"]) } }
        var ids = [itemID], level = [itemID], seen: Set<Int64> = [itemID]
        while !level.isEmpty {
            level = level.flatMap { children[$0] ?? [] }.filter { seen.insert($0).inserted }.sorted()
            ids += level
        }
        return ids
    }

    /// The item and its sub-items at any depth, the item first; empty when
    /// it does not exist. What `delete` and `done` say before they act.
    public func family(of itemID: Int64) throws(StorageError) -> [Item] {
        try read { db in
            let ids = try Self.familyIDs(of: itemID, in: db)
            let items = try Self.itemsByID(ids, db)
            return ids.compactMap { items[$0] }
        }
    }

    /// Makes `itemID` a sub-item of `parentID`, or an item at the top level,
    /// refusing a parent in another list or inside the item's own family.
    /// A relation another app wrote is replaced: the user chose this one.
    static func setParent(of itemID: Int64, to parentID: Int64?, in db: Database, now: Date) throws {
        guard let item = try ItemRecord.withID(itemID, in: db)?.item else { throw StorageError.notFound(what: "the item") }
        if let parentID {
            guard let parent = try ItemRecord.withID(parentID, in: db)?.item else { throw StorageError.notFound(what: "the parent item") }
            guard parent.checklistID == item.checklistID else {
                throw StorageError.badParent(reason: "A sub-item's parent must be in the same list; move the item there first.")
            }
            guard try !familyIDs(of: itemID, in: db).contains(parentID) else {
                throw StorageError.badParent(reason: "An item cannot be put under itself or one of its own sub-items.")
            }
        }
        if item.parentID == parentID && item.unlinkedParentUID == nil { return }
        try db.execute(sql: "UPDATE item SET parentID = ?, unlinkedParentUID = NULL, modifiedAt = ? WHERE id = ?",
                       arguments: [parentID, StoredTime.wholeSeconds(now), itemID])
        // Taking the item out from under its parent can break a cycle that
        // kept another app's to-do waiting in its list: it links now, as
        // after an import. (A delete or a move takes the waiting item's
        // parent along with the family, so it never frees one.)
        try linkFreed(in: db)
    }
}

extension ChecklistsDatabase {
    /// An item whose kept `subItemCount` is not the number of its sub-items
    /// in its list, with both figures.
    public struct SubItemCountDrift: Equatable, Sendable, CustomStringConvertible {
        public var itemID: Int64
        public var kept: Int
        public var actual: Int
        public var description: String { "item \(itemID) keeps \(kept) sub-items but has \(actual)" }
    }

    /// Every item whose kept count of sub-items differs from its sub-items
    /// counted afresh. A layout finds the families through that count, so
    /// one that drifted would hide a family: the fuzzers check it.
    public func subItemCountDrifts() throws(StorageError) -> [SubItemCountDrift] {
        try read { db in
            try Row.all(db, sql: """
                SELECT id, subItemCount, (SELECT COUNT(*) FROM item AS sub WHERE sub.checklistID = item.checklistID AND sub.parentID = item.id) AS actual
                FROM item WHERE subItemCount <> actual
                ORDER BY id
                """).map { SubItemCountDrift(itemID: $0[0], kept: $0[1], actual: $0[2]) }
        }
    }
}
