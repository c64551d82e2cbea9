import Foundation
import GRDB

/// Parents other apps name: iCalendar's RELATED-TO, read by an import, a
/// sync or a restore, made `parentID` where the parent is an item of the
/// same list and kept as `unlinkedParentUID` where it is not (missing, in
/// another list, or the item would become its own ancestor). Linking is
/// the list's shape on screen, not a change of the user's: no item's
/// `modifiedAt` moves, so a sync sends nothing for it.
extension ChecklistsDatabase {
    /// Sets the parent of each item named by UID to the parent UID its
    /// to-do names (nil: none), once every item of the same write is in, so
    /// the order of the to-dos does not matter; then links the items that
    /// were waiting for one of these, and unlinks the sub-items left in a
    /// list an item moved out of. Where two to-dos name each other, the one
    /// first by UID links, so the same file gives the same lists whatever
    /// its order.
    /// Returns the UIDs of items that now stay unlinked because their
    /// parent would close a cycle and did not before: a cycle is told once,
    /// when it appears, and the unlinked relation itself remembers it.
    @discardableResult
    static func relateParents(_ relations: [(uid: String, parentUID: String?)], in db: Database) throws -> [String] {
        // A write that only deleted (a sync's) may have broken a cycle too.
        guard !relations.isEmpty else { try linkFreed(in: db); return [] }
        var overlay = ParentOverlay(db: db)
        var related: [(id: Int64, list: Int64, uid: String, parentUID: String?)] = []
        let byUID = try db.cachedStatement(sql: "SELECT id, checklistID FROM item WHERE uid = ?")
        for relation in relations.sorted(by: { $0.uid < $1.uid }) {
            guard let row = try Row.fetchOne(byUID, arguments: [relation.uid]) else { continue }
            related.append((row[0], row[1], relation.uid, relation.parentUID))
        }
        // None is linked until all of them are, so a parent met later in
        // the same write counts, and a relation that vanished is gone.
        for item in related { overlay.set(item.id, parent: nil, unlinked: item.parentUID) }
        var cycles: [String] = []
        for item in related {
            guard let parentUID = item.parentUID, let parent = try Row.fetchOne(byUID, arguments: [parentUID]) else { continue }
            guard parent[1] as Int64 == item.list else { continue }
            if try overlay.closesCycle(child: item.id, parent: parent[0]) {
                if try overlay.stored(item.id) != (nil, parentUID) { cycles.append(item.uid) }
            } else {
                overlay.set(item.id, parent: parent[0], unlinked: nil)
            }
        }
        // Sub-items that named one of these before it arrived in their
        // list; and those left behind where one of these moved away.
        let leftBehind = try db.cachedStatement(sql: """
            SELECT item.id FROM checklist JOIN item ON item.checklistID = checklist.id AND item.parentID = ? WHERE checklist.id <> ?
            """)
        try linkWaiting(for: related.map { ($0.id, $0.list, $0.uid) }, skipping: Set(related.map(\.id)), overlay: &overlay)
        for item in related {
            for child in try Int64.fetchAll(leftBehind, arguments: [item.id, item.list]) {
                overlay.set(child, parent: nil, unlinked: item.uid)
            }
        }
        try overlay.write()
        try linkFreed(in: db)
        return cycles
    }

    /// Links each item still waiting for a parent that is in its list where
    /// that no longer closes a cycle. A cycle keeps one of its items
    /// waiting; when a write takes another member out of it (moved to
    /// another list, its relation gone, deleted), the waiting one is free to
    /// link, though the write never named it. Only items with an unlinked
    /// parent are read (their own index), in UID order as the links above
    /// are made, so the same writes give the same lists.
    static func linkFreed(in db: Database) throws {
        var overlay = ParentOverlay(db: db)
        let waiting = try Row.all(db, sql: """
            SELECT child.id, parent.id FROM item AS child INDEXED BY item_by_unlinked_parent
            JOIN item AS parent ON parent.uid = child.unlinkedParentUID AND parent.checklistID = child.checklistID
            WHERE child.unlinkedParentUID IS NOT NULL AND child.parentID IS NULL
            ORDER BY child.uid
            """)
        for row in waiting where try !overlay.closesCycle(child: row[0], parent: row[1]) {
            overlay.set(row[0], parent: row[1], unlinked: nil)
        }
        try overlay.write()
    }

    /// Links the items of the list each of `itemIDs` is now in that were
    /// waiting for it by UID (a family moved here into a list where
    /// another app's to-do names one of them), unless that closes a cycle.
    static func linkWaitingSubItems(of itemIDs: [Int64], in db: Database) throws {
        var overlay = ParentOverlay(db: db)
        let items = try itemIDs.compactMap { id in
            try Row.fetchOne(db, sql: "SELECT checklistID, uid FROM item WHERE id = ?", arguments: [id]).map { (id, $0[0] as Int64, $0[1] as String) }
        }
        try linkWaiting(for: items, skipping: [], overlay: &overlay)
        try overlay.write()
    }

    private static func linkWaiting(for items: [(id: Int64, list: Int64, uid: String)], skipping: Set<Int64>,
                                    overlay: inout ParentOverlay) throws {
        let waiting = try overlay.db.cachedStatement(sql: "SELECT id FROM item WHERE unlinkedParentUID = ? AND checklistID = ? ORDER BY uid")
        for item in items {
            for child in try Int64.fetchAll(waiting, arguments: [item.uid, item.list]) where !skipping.contains(child) {
                if try !overlay.closesCycle(child: child, parent: item.id) { overlay.set(child, parent: item.id, unlinked: nil) }
            }
        }
    }
}

/// The parents of items as a relating write decides them, over what the
/// database holds: the cycle test walks the decided parents, and only the
/// rows that end up different are written.
private struct ParentOverlay {
    let db: Database
    private var decided: [Int64: (parent: Int64?, unlinked: String?)] = [:]
    private var order: [Int64] = []
    /// An ancestor of each item an earlier cycle test walked past (the top
    /// of its walk), so that test walks a chain once, not once per link:
    /// linking a chain of 20,000 to-dos walked 200 million steps. Linking
    /// only adds ancestors; taking a parent away can split a family, so it
    /// forgets them all.
    private var ancestorSeen: [Int64: Int64] = [:]

    init(db: Database) {
        self.db = db
    }

    mutating func set(_ id: Int64, parent: Int64?, unlinked: String?) {
        if decided[id] == nil { order.append(id) }
        if parent == nil || decided[id]?.parent != nil { ancestorSeen.removeAll() }
        decided[id] = (parent, unlinked)
    }

    /// The parent id and unlinked UID the row holds now.
    func stored(_ id: Int64) throws -> (Int64?, String?) {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT parentID, unlinkedParentUID FROM item WHERE id = ?"), arguments: [id])
        return (row?[0], row?[1])
    }

    private func parent(of id: Int64) throws -> Int64? {
        if let known = decided[id] { return known.parent }
        return try Int64.fetchOne(db.cachedStatement(sql: "SELECT parentID FROM item WHERE id = ?"), arguments: [id])
    }

    /// Whether `child` under `parent` would be its own ancestor. A chain
    /// that meets itself (never written by this app) counts as a cycle too,
    /// so the walk always ends.
    mutating func closesCycle(child: Int64, parent: Int64) throws -> Bool {
        var seen: Set<Int64> = []
        var walked: [Int64] = []
        var next: Int64? = parent
        while let current = next {
            if current == child || !seen.insert(current).inserted { return true }
            walked.append(current)
            next = try ancestorSeen[current] ?? self.parent(of: current)
        }
        if let top = walked.last { for id in walked.dropLast() { ancestorSeen[id] = top } }
        return false
    }

    func write() throws {
        let update = try db.cachedStatement(sql: """
            UPDATE item SET parentID = ?, unlinkedParentUID = ? WHERE id = ? AND (parentID IS NOT ? OR unlinkedParentUID IS NOT ?)
            """)
        for id in order {
            guard let state = decided[id] else { continue }
            try update.execute(arguments: [state.parent, state.unlinked, id, state.parent, state.unlinked])
        }
    }
}
