import Foundation
import GRDB

/// What the screens and the command line read. Every read is bounded by an
/// index, whatever the number of items: a page, a count the triggers keep,
/// a range on the pending-by-due index (INDEXED BY, so SQLite refuses the
/// query rather than fall back to a scan), or a count with a cap.
extension ChecklistsDatabase {
    // MARK: - Checklists

    /// All checklists in natural name order, with counts kept by triggers.
    public func checklistSummaries() throws(StorageError) -> [ChecklistSummary] {
        let records = try read { db in try ChecklistRecord.fetchAll(db) }
        return NaturalOrder.sorted(records.map(\.summary)) { $0.checklist.name }
    }

    public func checklistSummary(id: Int64) throws(StorageError) -> ChecklistSummary? {
        try read { db in try ChecklistRecord.fetchOne(db, key: id)?.summary }
    }

    /// The checklist that was open when the app last ran, if it still exists.
    public func openChecklistID() throws(StorageError) -> Int64? {
        try read { db in try Preference.openChecklistID(db) }
    }

    // MARK: - Items of one checklist

    /// `limit` items of a checklist from `offset` in `sortOrder`.
    ///
    /// SQLite's OFFSET walks every row it skips, so a page near the end of a
    /// long list is read backwards from the end instead: the cost is bounded
    /// by half the list rather than all of it (End on 100,000 items).
    public func itemsPage(checklistID: Int64, sortOrder: ItemSortOrder, offset: Int, limit: Int) throws(StorageError) -> ItemsPage {
        try read { db in
            let total = try ChecklistRecord.fetchOne(db, key: checklistID)?.summary.itemCount ?? 0
            let offset = max(0, offset), limit = max(0, limit)
            func page(descending: Bool, limit: Int, offset: Int) throws -> [ItemRecord] {
                try SQLRequest<ItemRecord>("""
                    SELECT \(columnsOf: ItemRecord.self) FROM item
                    WHERE checklistID = \(checklistID) ORDER BY \(sql: Self.orderBy(sortOrder, descending: descending))
                    LIMIT \(limit) OFFSET \(offset)
                    """).fetchAll(db)
            }
            let records: [ItemRecord]
            if offset > total / 2 {
                let fromEnd = max(0, total - offset - limit)
                let count = min(limit, max(0, total - offset))
                records = try page(descending: true, limit: count, offset: fromEnd).reversed()
            } else {
                records = try page(descending: false, limit: limit, offset: offset)
            }
            return ItemsPage(checklistID: checklistID, sortOrder: sortOrder, offset: offset,
                             items: records.map(\.item), totalCount: total)
        }
    }

    /// Where an item stands in its checklist's order, counted by SQL, so the
    /// app can keep the selection on an item without loading the list.
    public func index(ofItem itemID: Int64, sortOrder: ItemSortOrder) throws(StorageError) -> Int? {
        try read { db -> Int? in
            guard let item = try ItemRecord.fetchOne(db, key: itemID)?.item else { return nil }
            let before: SQL
            switch sortOrder {
            case .dueDate:
                // A row value, so SQLite seeks the (checklistID, dueAt)
                // index and counts only the entries before the item; the
                // OR form it replaced scanned the whole list (6 ms at
                // 100,000 items on every reload).
                before = "(dueAt, id) < (\(StoredTime.wholeSeconds(item.dueDate)), \(itemID))"
            case .text:
                before = "(text < \(item.text) COLLATE natural_order OR (text = \(item.text) COLLATE natural_order AND id < \(itemID)))"
            case .added:
                before = "id < \(itemID)"
            }
            return try SQLRequest<Int>("SELECT COUNT(*) FROM item WHERE checklistID = \(item.checklistID) AND \(before)").fetchOne(db)
        }
    }

    public func item(id: Int64) throws(StorageError) -> Item? {
        try read { db in try ItemRecord.fetchOne(db, key: id)?.item }
    }

    /// The order of a checklist's page, `id` breaking ties so that pages
    /// never overlap or skip; descending for the backwards read.
    private static func orderBy(_ order: ItemSortOrder, descending: Bool) -> String {
        let direction = descending ? " DESC" : ""
        switch order {
        case .dueDate: return "dueAt\(direction), id\(direction)"
        case .text: return "text COLLATE natural_order\(direction), id\(direction)"
        case .added: return "id\(direction)"
        }
    }

    // MARK: - Other processes

    /// SQLite's `data_version` as seen by our writing connection: it changes
    /// exactly when another connection (another process) committed since the
    /// last look, and never for our own commits. The file watcher wakes us on
    /// any write to the files; this tells whether there is anything to reload.
    public func externalChangeMark() throws(StorageError) -> Int {
        let writer = try writerPool()
        return try run {
            try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    // MARK: - Due across all lists

    /// Items not checked off that are due before `end`, earliest first, with
    /// their lists' names: the Due view and `list --due`. A range read on the
    /// pending-by-due index (INDEXED BY: SQLite refuses the query rather than
    /// fall back to a scan); `limit` bounds the work whatever the data.
    public func pendingItems(dueBefore end: Date, limit: Int) throws(StorageError) -> [ListedItem] {
        try listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: end, limit: limit)
    }

    /// How many items not checked off are due in `[start, end)`, counting
    /// at most `cap` of them: a screen that says "10,000+" need not count
    /// 100,000 index entries on every reload, and `status`, run every few
    /// seconds in a tmux status line, stops at 1,000.
    public func pendingCount(dueFrom start: Date?, before end: Date, upTo cap: Int? = nil) throws(StorageError) -> Int {
        try read { db in
            // `isChecked = 0` is written out, not bound: SQLite uses a partial
            // index only when the query's WHERE visibly implies the index's.
            let from = start.map(StoredTime.wholeSeconds) ?? Int64.min
            return try SQLRequest<Int>("""
                SELECT COUNT(*) FROM (SELECT 1 FROM item INDEXED BY item_pending_by_due
                                      WHERE isChecked = 0 AND dueAt >= \(from) AND dueAt < \(StoredTime.wholeSeconds(end))
                                      LIMIT \(cap ?? -1))
                """).fetchOne(db) ?? 0
        }
    }

    // MARK: - Listings for the command line

    /// Every checklist, by id, without counts or sorting: what the command
    /// line matches `--list NAME` against.
    public func checklists() throws(StorageError) -> [Checklist] {
        try read { db in try ChecklistRecord.allByID(db) }
    }

    /// Items by due date (then id) with their lists' names, for `checklists
    /// list`: of one checklist or all, checked ones too or not, due in
    /// `[start, end)` where given. Pending items across lists are a range read
    /// on the pending-by-due index, one list's items on its (list, due) index;
    /// only `--all` across every list reads the whole table, as it must.
    public func listedItems(checklistID: Int64?, includeChecked: Bool, dueFrom start: Date?, before end: Date?,
                            limit: Int? = nil) throws(StorageError) -> [ListedItem] {
        var conditions: [SQL] = []
        let index: SQL
        if let checklistID {
            index = "INDEXED BY item_by_checklist_due"
            conditions.append("item.checklistID = \(checklistID)")
        } else {
            index = includeChecked ? "" : "INDEXED BY item_pending_by_due"
        }
        // Written out, not bound, as in `pendingCount`: the partial index needs it.
        if !includeChecked { conditions.append("item.isChecked = 0") }
        if let start { conditions.append("item.dueAt >= \(StoredTime.wholeSeconds(start))") }
        if let end { conditions.append("item.dueAt < \(StoredTime.wholeSeconds(end))") }
        let filter: SQL = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
        return try read { db in
            try SQLRequest<ListedItemRecord>("""
                SELECT \(ListedItemRecord.selection)
                FROM item \(index) JOIN checklist ON checklist.id = item.checklistID
                \(filter)
                ORDER BY item.dueAt, item.id
                LIMIT \(limit.map { max(0, $0) } ?? -1)
                """).fetchAll(db).map(\.listed)
        }
    }
}
