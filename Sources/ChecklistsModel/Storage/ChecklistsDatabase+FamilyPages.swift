import Foundation
import GRDB

/// A page of a list with sub-items: each item at the top level in the
/// list's order, followed by its shown family depth-first (`FamilyLayout`),
/// so a sort never splits a family.
extension ChecklistsDatabase {
    /// The rows `[offset, offset + limit)` of a list with sub-items. `flatTotal`
    /// is the list's count as a flat list has it (every item the filters
    /// show, wherever it stands). The items at the top level are walked in
    /// order on the list's sort index: forwards, or backwards from the end
    /// for a page past the middle, as a flat page is read.
    func familyPage(checklistID: Int64, sortOrder: ItemSortOrder, hidingChecked: Bool, notStartedAt now: Date?,
                           flatTotal: Int, offset: Int, limit: Int, _ db: Database) throws -> ItemsPage {
        let filter = FamilyLayout.Filter(hidingChecked: hidingChecked, notStartedAt: now.map(StoredTime.wholeSeconds))
        // Opening a list, and End, read only the families they show, with
        // the count from the parents' index, while no layout is kept.
        let version = try FamilyLayout.version(of: checklistID, db)
        if !layouts.holds(checklistID: checklistID, sortOrder: sortOrder, version: version) {
            let total = flatTotal - (try Self.itemsHiddenInFamilies(checklistID: checklistID, hidingChecked: hidingChecked, notStartedAt: now, db))
            let walk = FamilyWalk(checklistID: checklistID, sortOrder: sortOrder, hidingChecked: hidingChecked, notStartedAt: now,
                                  total: total, version: version, stamp: try layouts.stamp(db))
            if let page = try walk.page(offset: offset, limit: limit, cache: layouts, db) { return page }
        }
        var layout = try layouts.view(checklistID: checklistID, sortOrder: sortOrder, filter: filter, db)
        defer { layouts.keep(layout, checklistID: checklistID) }
        // The flat count less the sub-items, plus what their families show.
        let total = flatTotal - layout.subItemsPassingFilter() + layout.rowsBelowParents()

        let wanted = offset..<max(offset, min(total, offset + limit))
        var rows: [(index: Int, id: Int64, depth: Int)] = []
        if !wanted.isEmpty {
            let backwards = offset > total / 2
            let sql = """
                SELECT id FROM item WHERE checklistID = ? AND parentID IS NULL \(Self.pendingOnly(hidingChecked, notStartedAt: now))
                ORDER BY \(Self.orderBy(sortOrder, descending: backwards))
                """
            let roots = try Int64.fetchCursor(now == nil ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql), arguments: [checklistID])
            // Rows passed so far, counted from the start or from the end.
            var passed = 0
            while let root = try roots.next() {
                let size = 1 + (layout.members[root] == nil ? 0 : layout.shownBelow(root))
                // The family's first row's index in the list.
                let first = backwards ? total - passed - size : passed
                passed += size
                let block = first..<(first + size)
                if block.overlaps(wanted) {
                    let family = [(id: root, depth: 0)] + (size > 1 ? layout.rows(below: root, depth: 0) : [])
                    for (k, row) in family.enumerated() where wanted.contains(first + k) {
                        rows.append((first + k, row.id, row.depth))
                    }
                }
                if backwards ? first <= wanted.lowerBound : block.upperBound >= wanted.upperBound { break }
            }
            rows.sort { $0.index < $1.index }
        }
        let byID = try Self.itemsByID(rows.map(\.id), db)
        var items: [Item] = [], places: [FamilyPlace] = []
        for row in rows {
            guard let item = byID[row.id] else { continue }
            items.append(item)
            places.append(layout.members[row.id] == nil ? FamilyPlace(depth: row.depth) : layout.layout.place(of: row.id, depth: row.depth))
        }
        return ItemsPage(checklistID: checklistID, sortOrder: sortOrder, offset: offset, items: items, totalCount: total, places: places)
    }

    /// Where an item stands among a list's rows when the list has sub-items:
    /// the rows of the families before its own, then its place in its
    /// family. An item hidden by the filters, or inside a folded family,
    /// stands where it would be, so the selection goes to the row after.
    func familyIndex(of item: Item, sortOrder: ItemSortOrder, hidingChecked: Bool, notStartedAt now: Date?,
                            flatIndex: (Item) throws -> Int?, _ db: Database) throws -> Int? {
        let filter = FamilyLayout.Filter(hidingChecked: hidingChecked, notStartedAt: now.map(StoredTime.wholeSeconds))
        // An item near the list's start (the first check after opening it)
        // is found by walking the families there, while no layout is kept.
        let version = try FamilyLayout.version(of: item.checklistID, db)
        if !layouts.holds(checklistID: item.checklistID, sortOrder: sortOrder, version: version) {
            let walk = FamilyWalk(checklistID: item.checklistID, sortOrder: sortOrder, hidingChecked: hidingChecked, notStartedAt: now,
                                  total: 0, version: version, stamp: try layouts.stamp(db))
            if let index = try walk.index(of: item, cache: layouts, db) { return index }
        }
        var layout = try layouts.view(checklistID: item.checklistID, sortOrder: sortOrder, filter: filter, db)
        defer { layouts.keep(layout, checklistID: item.checklistID) }
        let chain = layout.layout.ancestry(of: item.id)
        guard let rootID = chain.first, let root = rootID == item.id ? item : try ItemRecord.withID(rootID, in: db)?.item,
              root.parentID == nil else { return nil }
        // The items at the top level before the root: a flat count of the
        // items before it, less the sub-items among them.
        let rootMember = layout.members[rootID]
        let rootKey = rootMember ?? FamilyLayout.Member(root)
        guard let flatBefore = try flatIndex(root) else { return nil }
        // The flat count counted the sub-items whose own key sorts before
        // the root's, wherever their families stand; the rows below the
        // parents before it come on top.
        let counts = layout.counts(before: rootKey, text: root.text)
        let index = flatBefore - counts.subItems + counts.rowsBelowParents
        // Then down the chain: the rows above each link within its family.
        // A hidden family (its top checked off and hidden) stands where its
        // top would.
        guard chain.count > 1, filter.shows(rootKey) else { return index }
        let family = layout.rows(below: rootID, depth: 0)
        if let found = family.firstIndex(where: { $0.id == item.id }) { return index + 1 + found }
        // Hidden or folded away: after the deepest ancestor shown, past the
        // shown rows before the item's place among its siblings.
        var position = index
        for link in chain.dropFirst() {
            guard let parentID = layout.members[link]?.parentID else { break }
            let parentRow = parentID == rootID ? index : (family.firstIndex { $0.id == parentID }.map { index + 1 + $0 } ?? position)
            position = parentRow + 1
            guard family.contains(where: { $0.id == link }) else {
                // The rows of the siblings before it.
                for sibling in layout.children[parentID] ?? [] {
                    if sibling == link { break }
                    if let member = layout.members[sibling], filter.shows(member), layout.members[parentID]?.isCollapsed != true {
                        position += 1 + layout.shownBelow(sibling)
                    }
                }
                return position
            }
        }
        return position
    }

    /// How many items the filters show are inside a family that hides
    /// them: below a folded parent, or below a parent (at any depth) the
    /// filters hide. A list's rows are its flat count less these. Read from
    /// the parents that hide, on the parents' index: usually few.
    static func itemsHiddenInFamilies(checklistID: Int64, hidingChecked: Bool, notStartedAt now: Date?, _ db: Database) throws -> Int {
        let sql = """
            WITH RECURSIVE hidden(id) AS (
                SELECT sub.id FROM item AS parent INDEXED BY item_parents
                    JOIN item AS sub INDEXED BY item_by_parent ON sub.checklistID = parent.checklistID AND sub.parentID = parent.id
                WHERE parent.checklistID = ?1 AND parent.subItemCount > 0
                      AND (parent.collapsed = 1 OR NOT (\(shownCondition(hidingChecked, notStartedAt: now, of: "parent"))))
                UNION
                SELECT sub.id FROM hidden JOIN item AS sub INDEXED BY item_by_parent ON sub.checklistID = ?1 AND sub.parentID = hidden.id
            )
            SELECT COUNT(*) FROM item WHERE id IN hidden AND \(shownCondition(hidingChecked, notStartedAt: now, of: "item"))
            """
        return try Int.fetchOne(now == nil ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql), arguments: [checklistID]) ?? 0
    }

    /// Whether the filters show an item of `table`, as `FamilyLayout.Filter`
    /// decides it: a condition, where `pendingOnly` is a list of ANDs.
    static func shownCondition(_ hidingChecked: Bool, notStartedAt now: Date?, of table: String) -> String {
        var terms = ["1"]
        if hidingChecked { terms.append("\(table).isChecked = 0") }
        if let now {
            terms.append("(\(table).isChecked = 1 OR \(table).startAt IS NULL OR \(table).startAt <= \(StoredTime.wholeSeconds(now)))")
        }
        return terms.joined(separator: " AND ")
    }

    /// Items by id, read at once: a page's rows.
    static func itemsByID(_ ids: [Int64], _ db: Database) throws -> ItemsByID {
        guard !ids.isEmpty else { return ItemsByID(byID: []) }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        // In id order, the primary key's: SQLite reads them so anyway.
        let records = try ItemRecord.all(db, sql: "SELECT \(ItemRecord.columnList) FROM item WHERE id IN (\(marks)) ORDER BY id",
                                         arguments: StatementArguments(ids))
        return ItemsByID(byID: records.map(\.item))
    }

    /// Items found by id by halving, in an array sorted by id. Not a
    /// dictionary: the first one keyed by Int64 scans every protocol
    /// conformance in the binary, about 400,000 instructions of `done`.
    struct ItemsByID {
        let byID: [Item]

        subscript(id: Int64) -> Item? {
            let index = byID.partitioningIndex { $0.id >= id }
            return index < byID.count && byID[index].id == id ? byID[index] : nil
        }
    }

    /// A sub-item's parent's text, for a row shown apart from its family
    /// (the Due view, search); nil for an item at the top level.
    static func parentText(of item: Item, _ db: Database) throws -> String? {
        try parentText(ofParent: item.parentID, db)
    }

    static func parentText(ofParent parentID: Int64?, _ db: Database) throws -> String? {
        guard let parentID else { return nil }
        return try String.fetchOne(db.cachedStatement(sql: "SELECT text FROM item WHERE id = ?"), arguments: [parentID])
    }
}
