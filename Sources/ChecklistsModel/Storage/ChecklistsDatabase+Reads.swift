import Foundation
import GRDB
import GRDBSQLite

/// What the screens and the command line read. Every read is bounded by an
/// index, whatever the number of items: a page, a count the triggers keep,
/// a range on the pending-by-due index (INDEXED BY, so SQLite refuses the
/// query rather than fall back to a scan), or a count with a cap.
extension ChecklistsDatabase {
    // MARK: - Checklists

    /// All checklists in the order All Lists shows (by name, or by hand:
    /// `listsInOrder`), with counts kept by triggers.
    public func checklistSummaries() throws(StorageError) -> [ChecklistSummary] {
        try listsInOrder().lists
    }

    /// One checklist with its counts; with `now`, and while the list hides
    /// the items not started, how many it leaves out at that moment.
    public func checklistSummary(id: Int64, now: Date? = nil) throws(StorageError) -> ChecklistSummary? {
        try read { db in
            guard var summary = try ChecklistRecord.withID(id, in: db)?.summary else { return nil }
            if let now, summary.checklist.hidesNotStarted {
                summary.hiddenNotStartedCount = try Self.notStartedCount(checklistID: id, now: now, db)
            }
            return summary
        }
    }

    /// The items of a checklist not checked off that start after `now`:
    /// read on the start index, which holds only the items that have one.
    private static func notStartedCount(checklistID: Int64, now: Date, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item INDEXED BY item_by_start WHERE startAt > ? AND checklistID = ? AND isChecked = 0",
                         arguments: [StoredTime.wholeSeconds(now), checklistID]) ?? 0
    }

    /// The checklist that was open when the app last ran, if it still exists.
    public func openChecklistID() throws(StorageError) -> Int64? {
        try read { db in try Preference.openChecklistID(db) }
    }

    // MARK: - Items of one checklist

    /// `limit` items of a checklist from `offset` in `sortOrder`; with
    /// `hidingChecked`, of its items not checked off (counted by the
    /// triggers, read by due date on the pending-by-list index); with
    /// `hidingNotStartedAt`, without the items not checked off that start
    /// after that moment (counted on the start index).
    ///
    /// SQLite's OFFSET walks every row it skips, so a page near the end of a
    /// long list is read backwards from the end instead: the cost is bounded
    /// by half the list rather than all of it (End on 100,000 items).
    public func itemsPage(checklistID: Int64, sortOrder: ItemSortOrder, hidingChecked: Bool = false, hidingNotStartedAt now: Date? = nil,
                          offset: Int, limit: Int) throws(StorageError) -> ItemsPage {
        try read { db in
            let summary = try ChecklistRecord.withID(checklistID, in: db)?.summary
            let notStarted = try now.map { try Self.notStartedCount(checklistID: checklistID, now: $0, db) } ?? 0
            let total = ((hidingChecked ? summary?.remainingCount : summary?.itemCount) ?? 0) - notStarted
            let offset = max(0, offset), limit = max(0, limit)
            if try FamilyLayout.listHasSubItems(checklistID, db) {
                return try self.familyPage(checklistID: checklistID, sortOrder: sortOrder, hidingChecked: hidingChecked, notStartedAt: now,
                                           flatTotal: total, offset: offset, limit: limit, db)
            }
            func page(descending: Bool, limit: Int, offset: Int) throws -> [ItemRecord] {
                let sql = """
                    SELECT \(ItemRecord.columnList) FROM item
                    WHERE checklistID = ? \(Self.pendingOnly(hidingChecked, notStartedAt: now))
                    ORDER BY \(Self.orderBy(sortOrder, descending: descending))
                    LIMIT ? OFFSET ?
                    """
                // Kept prepared: every reload of a list reads a page. Not with
                // a moment written in, which differs at every reload: each
                // would stay in the connection's cache for the whole day.
                let statement = try now == nil ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
                return try ItemRecord.all(statement, arguments: [checklistID, limit, offset])
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
    /// app can keep the selection on an item without loading the list. With
    /// `hidingChecked`, among the items not checked off: for an item checked
    /// off, where it would stand, so the selection goes to the next one;
    /// so too with `hidingNotStartedAt`, among the items shown at that moment.
    public func index(ofItem itemID: Int64, sortOrder: ItemSortOrder, hidingChecked: Bool = false,
                      hidingNotStartedAt now: Date? = nil) throws(StorageError) -> Int? {
        try read { db -> Int? in
            guard let item = try ItemRecord.withID(itemID, in: db)?.item else { return nil }
            if try FamilyLayout.listHasSubItems(item.checklistID, db) {
                return try self.familyIndex(of: item, sortOrder: sortOrder, hidingChecked: hidingChecked, notStartedAt: now, flatIndex: { root in
                    try Self.flatIndex(of: root, sortOrder: sortOrder, hidingChecked: hidingChecked, notStartedAt: now, db)
                }, db)
            }
            return try Self.flatIndex(of: item, sortOrder: sortOrder, hidingChecked: hidingChecked, notStartedAt: now, db)
        }
    }

    /// Where an item stands among all the items of its list the filters
    /// show, counted by SQL on the list's sort index.
    private static func flatIndex(of item: Item, sortOrder: ItemSortOrder, hidingChecked: Bool, notStartedAt now: Date?,
                                  _ db: Database) throws -> Int? {
        let itemID = item.id
        let list = item.checklistID
        let pending = Self.pendingOnly(hidingChecked, notStartedAt: now)
        let count: SQL
        switch sortOrder {
        case .dueDate:
            // Two counts, each a range of the (checklistID, due order)
            // index: the items due earlier, and those due at the same
            // time with a smaller id. A row value on the index's
            // expression is not used for the range, and an OR scans the
            // whole list on every reload.
            let key = item.dueDate.map(StoredTime.wholeSeconds) ?? Int64.max
            let due = SQL(sql: ItemRecord.dueOrder())
            count = """
                SELECT (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND \(due) < \(key))
                     + (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND \(due) = \(key) AND id < \(itemID))
                """
        case .text:
            count = "SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND (text < \(item.text) COLLATE natural_order OR (text = \(item.text) COLLATE natural_order AND id < \(itemID)))"
        case .priority:
            // Three ranges of the (checklistID, priority, due order)
            // index: higher priorities, then this one due earlier, then
            // due at the same time with a smaller id.
            let key = item.dueDate.map(StoredTime.wholeSeconds) ?? Int64.max
            let due = SQL(sql: ItemRecord.dueOrder())
            let level = item.priority.rawValue
            count = """
                SELECT (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND priority > \(level))
                     + (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND priority = \(level) AND \(due) < \(key))
                     + (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND priority = \(level) AND \(due) = \(key)
                        AND id < \(itemID))
                """
        case .added:
            // As for the due date: two ranges of the (checklistID, position) index.
            count = """
                SELECT (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND position < \(item.position))
                     + (SELECT COUNT(*) FROM item WHERE checklistID = \(list) \(sql: pending) AND position = \(item.position) AND id < \(itemID))
                """
        }
        return try SQLRequest<Int>(literal: count).fetchOne(db)
    }

    public func item(id: Int64) throws(StorageError) -> Item? {
        try read { db in try ItemRecord.withID(id, in: db)?.item }
    }

    /// The condition that leaves checked items out, written out rather than
    /// bound: SQLite uses a partial index only when the query's WHERE
    /// visibly implies the index's. With `notStartedAt`, the items not
    /// checked off that start after that moment are left out too.
    static func pendingOnly(_ hidingChecked: Bool, notStartedAt now: Date? = nil) -> String {
        let checked = hidingChecked ? "AND isChecked = 0" : ""
        guard let now else { return checked }
        return checked + " AND (isChecked = 1 OR startAt IS NULL OR startAt <= \(StoredTime.wholeSeconds(now)))"
    }

    /// The order of a checklist's page, `id` breaking ties so that pages
    /// never overlap or skip; descending for the backwards read.
    static func orderBy(_ order: ItemSortOrder, descending: Bool) -> String {
        let direction = descending ? " DESC" : ""
        switch order {
        case .dueDate: return "\(ItemRecord.dueOrder())\(direction), id\(direction)"
        case .text: return "text COLLATE natural_order\(direction), id\(direction)"
        case .added: return "position\(direction), id\(direction)"
        case .priority:
            let reversed = descending ? "" : " DESC"
            return "priority\(reversed), \(ItemRecord.dueOrder())\(direction), id\(direction)"
        }
    }

    // MARK: - Other processes

    /// SQLite's `data_version` as seen by our writing connection: it changes
    /// exactly when another connection (another process) committed since the
    /// last look, and never for our own commits. The file watcher wakes us on
    /// any write to the files; this tells whether there is anything to reload.
    public func externalChangeMark() throws(StorageError) -> Int {
        let writer = try writingConnection()
        return try run(reading: true) {
            try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    // MARK: - Due across all lists

    /// Items not checked off that are due before `end` and have started by
    /// `now`, earliest first, with their lists' names: the Due view. A range
    /// read on the pending-by-due index (INDEXED BY: SQLite refuses the query
    /// rather than fall back to a scan); `limit` bounds the work whatever the data.
    public func pendingItems(dueBefore end: Date, startedBy now: Date, limit: Int) throws(StorageError) -> [ListedItem] {
        try listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: end, startedBy: now, limit: limit)
    }

    /// How many items not checked off, and started by `now`, are due in `[start, end)`, counting
    /// at most `cap` of them: a screen that says "10,000+" need not count
    /// 100,000 index entries on every reload, and `status`, run every few
    /// seconds in a tmux status line, stops at 1,000.
    public func pendingCount(dueFrom start: Date?, before end: Date, startedBy now: Date, upTo cap: Int? = nil) throws(StorageError) -> Int {
        try read { db in
            // `isChecked = 0` is written out, not bound: SQLite uses a partial
            // index only when the query's WHERE visibly implies the index's.
            let from = start.map(StoredTime.wholeSeconds) ?? Int64.min
            // Those not started are counted on the start index (it holds only
            // items with a start) and taken off the window's count, which then
            // stays a count of index entries alone: a start tested on every
            // entry read each one's row, a third more of `status`'s time at
            // 100,000 items.
            let notStarted = try Int.fetchOne(db.cachedStatement(sql: """
                SELECT COUNT(*) FROM item INDEXED BY item_by_start
                WHERE startAt > ? AND isChecked = 0 AND dueAt >= ? AND dueAt < ?
                """), arguments: [StoredTime.wholeSeconds(now), from, StoredTime.wholeSeconds(end)]) ?? 0
            let statement = try db.cachedStatement(sql: """
                SELECT COUNT(*) FROM (SELECT 1 FROM item INDEXED BY item_pending_by_due
                                      WHERE isChecked = 0 AND dueAt >= ? AND dueAt < ?
                                      LIMIT ?)
                """)
            let window = try Int.fetchOne(statement, arguments: [from, StoredTime.wholeSeconds(end), cap.map { $0 + notStarted } ?? -1]) ?? 0
            return window - notStarted
        }
    }

    /// The earliest start after `now` of an item not checked off, or nil:
    /// the app wakes then, so the item joins the Due view as it starts.
    /// Read on the start index, which holds only the items that have one.
    public func nextStart(after now: Date) throws(StorageError) -> Date? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT min(startAt) FROM item INDEXED BY item_by_start WHERE startAt > ? AND isChecked = 0",
                               arguments: [StoredTime.wholeSeconds(now)]).map(StoredTime.date)
        }
    }

    // MARK: - Listings for the command line

    /// Every checklist, by id, without counts or sorting: what the command
    /// line matches `--list NAME` against.
    public func checklists() throws(StorageError) -> [Checklist] {
        try read { db in try ChecklistRecord.allByID(db) }
    }

    /// Items by due date (then id, undated ones last) with their lists'
    /// names, for `checklists list`: of one checklist or all, checked ones too
    /// or not, due in `[start, end)` where given (a window never holds an
    /// undated item), started by `startedBy` where given, at most `limit`
    /// of them. `eachListedItem` says how they are read.
    public func listedItems(checklistID: Int64?, includeChecked: Bool, dueFrom start: Date?, before end: Date?,
                            startedBy now: Date? = nil, matching query: SearchQuery? = nil, priority: Priority? = nil,
                            tags: [String] = [], limit: Int? = nil) throws(StorageError) -> [ListedItem] {
        var items: [ListedItem] = []
        try eachListedItem(checklistID: checklistID, includeChecked: includeChecked, dueFrom: start, before: end, startedBy: now,
                           matching: query, priority: priority, tags: tags, limit: limit) { items.append($0) }
        return items
    }

    /// `listedItems` one item at a time, in their order, none of them kept:
    /// the command line prints each as it comes, so a listing of 100,000
    /// items never holds them all. Pending items across lists are a range
    /// read on the pending-by-due index, then the undated ones on theirs;
    /// one list's items are read on its (list, due order) index; only
    /// `--all` across every list has SQLite sort the whole table, as it must.
    /// With `matching`, only items containing that text (`search`'s rules),
    /// found through the search index, which then leads instead of the
    /// due-date indexes. With `startedBy`, only items started by then (no
    /// start, or one not after it): what `list --due` shows. With `priority`,
    /// only items of that priority; with `tags`, only items having every one
    /// of them (case ignored). With `outline`, every item of the listing
    /// (whatever `limit`) is first read without its texts, in the same
    /// transaction, so a table can know its columns' widths before its first line.
    /// A sub-item comes on its own with its parent's text.
    public func eachListedItem(checklistID: Int64?, includeChecked: Bool, dueFrom start: Date?, before end: Date?,
                               startedBy now: Date? = nil, matching query: SearchQuery? = nil, priority: Priority? = nil,
                               tags: [String] = [], limit: Int? = nil, outline: ((ListingOutlineRow) -> Void)? = nil,
                               _ body: (ListedItem) -> Void) throws(StorageError) {
        try eachListing(checklistID: checklistID, includeChecked: includeChecked, start: start, end: end, startedBy: now,
                        query: query, priority: priority, tags: tags, limit: limit,
                        familiesTogether: false, outline: outline) { db, names, part, limit, _ in
            try Self.eachListed(db, names: &names, part, limit: limit, body)
        }
    }

    /// The same listing as `eachListedItem`, as the lines of a table of one
    /// line per item (`list`) show it, each read in place (`ListingLine`):
    /// its texts are SQLite's bytes, valid only during `body`. With
    /// `familiesTogether` (and no `limit`), a sub-item whose parent is in
    /// the listing comes right after it, a level deeper (`depth`), its
    /// siblings in the listing's order; one whose parent is not comes on its
    /// own with its parent's text; without, a sub-item comes without its
    /// parent's text. With `details` (never with `familiesTogether`: a
    /// table's lines have none), each line has the rest of its item (`list --json`).
    /// With `enoughDueDates` as well, a plain pending listing asks it, every
    /// `dueDatesAskedEvery` dated rows of its outline, whether the due dates
    /// given so far already include one as wide as any from the first to the
    /// last pending due date can be; once they do, the outline's due dates
    /// stop there, and the largest dated id comes on a row of its own.
    public func eachListingLine(checklistID: Int64?, includeChecked: Bool, dueFrom start: Date?, before end: Date?,
                                startedBy now: Date? = nil, matching query: SearchQuery? = nil, priority: Priority? = nil,
                                tags: [String] = [], familiesTogether: Bool = false, details: Bool = false,
                                outline: ((ListingOutlineRow) -> Void)? = nil,
                                enoughDueDates: ((ClosedRange<Date>) -> Bool)? = nil,
                                _ body: (ListingLine) -> Void) throws(StorageError) {
        precondition(!(familiesTogether && details), "a listing that keeps families together has no details")
        try eachListing(checklistID: checklistID, includeChecked: includeChecked, start: start, end: end, startedBy: now,
                        query: query, priority: priority, tags: tags, limit: nil,
                        familiesTogether: familiesTogether, outline: outline, enoughDueDates: enoughDueDates) { db, names, part, limit, families in
            try Self.eachLine(db, names: &names, part, limit: limit, families: families, details: details, body)
        }
    }

    /// What `eachListedItem` and `eachListingLine` share: the outline, the
    /// families, and each part of the listing handed to `readPart` with
    /// what is left of the limit (-1: none); `readPart` returns how many it gave.
    private func eachListing(checklistID: Int64?, includeChecked: Bool, start: Date?, end: Date?, startedBy now: Date?,
                             query: SearchQuery?, priority: Priority?, tags: [String], limit: Int?,
                             familiesTogether: Bool, outline: ((ListingOutlineRow) -> Void)?,
                             enoughDueDates: ((ClosedRange<Date>) -> Bool)? = nil,
                             readPart: (Database, inout ListNames, ListingPart, Int, ListedFamilies?) throws -> Int) throws(StorageError) {
        let limit = limit.map { max(0, $0) } ?? -1
        let parts = Self.listingParts(checklistID: checklistID, includeChecked: includeChecked, start: start, end: end,
                                      startedBy: now, query: query, priority: priority, tags: tags)
        try read { db in
            // Without a sub-item anywhere there are no families to gather,
            // and every listed id need not be noted for them.
            var families: ListedFamilies? = try familiesTogether && limit < 0 && Self.hasSubItems(db) ? ListedFamilies() : nil
            var names = try ListNames(db, forLimit: limit)
            // In two halves, each typed: one chain of five `== nil` took the
            // type checker over a second.
            let anyList: Bool = checklistID == nil && query == nil
            let anyTime: Bool = start == nil && end == nil && now == nil
            let everyItem = anyList && anyTime
            if everyItem && !includeChecked && priority == nil && tags.isEmpty {
                // Every pending item: the outline from the pending indexes,
                // and the families from the two that hold only parents and
                // sub-items, not a pass over the table noting every id.
                if let outline { try Self.pendingOutline(db, names: names, enoughDueDates: enoughDueDates, outline) }
                try families?.notePending(db)
            } else if let outline = outline ?? (families == nil ? nil : { _ in }) {
                // Every item of every list: one pass over the table, which
                // reads no index and looks no row up again.
                let outlineParts = everyItem
                    ? [ListingPart(index: "NOT INDEXED", conditions: (includeChecked ? [] : ["item.isChecked = 0"])
                                    + Self.fieldConditions(priority: priority, tags: tags),
                                   order: nil)]
                    : parts
                for part in outlineParts {
                    let rows = try SQLRequest<Row>("""
                        SELECT item.id, item.checklistID, item.dueAt, item.parentID FROM item \(part.index) \(part.filter)
                        """).fetchCursor(db)
                    while let row = try rows.next() {
                        let checklistID: Int64 = row[1]
                        guard let name = try names.name(of: checklistID, in: db) else { continue }
                        let listed = ListingOutlineRow(id: row[0], checklistID: checklistID, checklistName: name,
                                                       dueDate: (row[2] as Int64?).map(StoredTime.date), parentID: row[3])
                        families?.note(listed)
                        outline(listed)
                    }
                }
            }
            try families?.close(db, checklistID: checklistID)
            var left = limit
            for part in parts where left != 0 {
                let seen = try readPart(db, &names, part, left, families)
                if left > 0 { left -= seen }
            }
        }
    }

    /// How many dated rows the pending outline gives between two questions
    /// to `enoughDueDates`: a listing shorter than that never asks (finding
    /// the widest a due date can be formats a few dozen dates).
    static let dueDatesAskedEvery = 1_024

    /// The outline of every pending item, from the indexes that hold only
    /// pending items (the listing then walks the same two, which hold its
    /// lines' columns), never the table: each dated item's id and due date,
    /// the largest undated id, and each list that has a pending item.
    /// When `enoughDueDates` says the due dates given hold the widest, the
    /// rest of the dated items give only their largest id
    /// (`largestDatedPendingID`): a row for each was an eighth of `list` of
    /// 100,000.
    private static func pendingOutline(_ db: Database, names: ListNames, enoughDueDates: ((ClosedRange<Date>) -> Bool)?,
                                       _ outline: (ListingOutlineRow) -> Void) throws {
        let dated = try Row.fetchCursor(db, sql: """
            SELECT id, dueAt FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt IS NOT NULL
            """)
        var firstDue: Date?
        var lastDue: Date?
        var given = 0
        while let row = try dated.next() {
            let due = StoredTime.date(row[1])
            outline(ListingOutlineRow(id: row[0], dueDate: due))
            // The index's first entry is the earliest.
            if firstDue == nil { firstDue = due }
            given += 1
            guard let enoughDueDates, given % dueDatesAskedEvery == 0 else { continue }
            if lastDue == nil {
                // The index's last entry: one step, not a walk.
                lastDue = try Int64.fetchOne(db, sql: """
                    SELECT max(dueAt) FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt IS NOT NULL
                    """).map(StoredTime.date)
            }
            if let first = firstDue, let last = lastDue, first <= last, enoughDueDates(first...last) {
                if let largest = try largestDatedPendingID(db) { outline(ListingOutlineRow(id: largest)) }
                break
            }
        }
        if let undated = try Int64.fetchOne(db, sql: """
            SELECT max(id) FROM item INDEXED BY item_pending_undated WHERE isChecked = 0 AND dueAt IS NULL
            """) {
            outline(ListingOutlineRow(id: undated))
        }
        let hasPending = try db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM item INDEXED BY item_pending_by_checklist_due WHERE isChecked = 0 AND checklistID = ?)
            """)
        for (checklistID, name) in names.all where try Bool.fetchOne(hasPending, arguments: [checklistID]) == true {
            outline(ListingOutlineRow(checklistID: checklistID, checklistName: name))
        }
    }

    /// The largest id of a pending item with a due date. One of the newest
    /// items nearly always is one, so a few steps back from the table's end
    /// find it; only when none of the newest 4,096 is does SQLite walk the
    /// whole pending-by-due index for it.
    private static func largestDatedPendingID(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT id FROM item NOT INDEXED WHERE isChecked = 0 AND dueAt IS NOT NULL AND id > (SELECT max(id) FROM item) - 4096
            ORDER BY id DESC LIMIT 1
            """)
            ?? Int64.fetchOne(db, sql: """
                SELECT max(id) FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt IS NOT NULL
                """)
    }

    /// Whether any item is a sub-item: one step into the index that holds
    /// only those.
    private static func hasSubItems(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item INDEXED BY item_by_parent WHERE parentID IS NOT NULL)") ?? false
    }

    /// One query of a listing: `conditions` on `item` through `index`,
    /// ordered by `order` then id.
    private struct ListingPart {
        var index: SQL
        var conditions: [SQL]
        var order: String?

        var filter: SQL {
            conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
        }

        /// The query of `columns` (a listing record's) in the part's order
        /// then id, at most `limit` rows (-1: all).
        func select(_ columns: String, limit: Int) -> SQL {
            """
            SELECT \(sql: columns) FROM item \(index)
            \(filter)
            ORDER BY \(sql: order.map { $0 + ", " } ?? "")item.id
            LIMIT \(limit)
            """
        }
    }

    /// The queries of a listing, in the order their items come.
    private static func listingParts(checklistID: Int64?, includeChecked: Bool, start: Date?, end: Date?, startedBy now: Date?,
                                     query: SearchQuery?, priority: Priority?, tags: [String]) -> [ListingPart] {
        var conditions: [SQL] = fieldConditions(priority: priority, tags: tags)
        if let now { conditions.append("(item.startAt IS NULL OR item.startAt <= \(StoredTime.wholeSeconds(now)))") }
        if let query { conditions.append("item.id IN (\(Self.matchingIDs(query)))") }
        // INDEXED BY would make SQLite walk a due-date index and test each
        // item against the matches; the matches are usually far fewer.
        func index(_ name: SQL) -> SQL { query == nil ? name : "" }
        // Written out, not bound, as in `pendingCount`: the partial index needs it.
        if !includeChecked { conditions.append("item.isChecked = 0") }
        if start != nil || end != nil { conditions.append("item.dueAt IS NOT NULL") }
        if let checklistID {
            // Ranges on the index's expression, so they seek the index.
            let due = SQL(sql: ItemRecord.dueOrder("item"))
            conditions.append("item.checklistID = \(checklistID)")
            if let start { conditions.append("\(due) >= \(StoredTime.wholeSeconds(start))") }
            if let end { conditions.append("\(due) < \(StoredTime.wholeSeconds(end))") }
            return [ListingPart(index: index("INDEXED BY item_by_checklist_due"), conditions: conditions, order: ItemRecord.dueOrder("item"))]
        }
        if let start { conditions.append("item.dueAt >= \(StoredTime.wholeSeconds(start))") }
        if let end { conditions.append("item.dueAt < \(StoredTime.wholeSeconds(end))") }
        if includeChecked { return [ListingPart(index: "", conditions: conditions, order: ItemRecord.dueOrder("item"))] }
        // The pending-by-due index holds only dated items: without a
        // window, the undated pending ones follow from their own index.
        // Ordered by the index's own columns (all dated here), so a read
        // with a limit stops there instead of sorting every overdue item.
        let windowed = start != nil || end != nil
        var parts = [ListingPart(index: index("INDEXED BY item_pending_by_due"),
                                 conditions: windowed ? conditions : conditions + ["item.dueAt IS NOT NULL"], order: "item.dueAt")]
        if !windowed {
            parts.append(ListingPart(index: index("INDEXED BY item_pending_undated"), conditions: conditions + ["item.dueAt IS NULL"], order: nil))
        }
        return parts
    }

    /// Only items of `priority`, where one is asked for; written out, as the
    /// listing's other conditions are (it is one of four small numbers).
    /// Only items having each of `tags`: tested row by row as the listing
    /// streams, the untagged ones skipped before the function is called.
    private static func fieldConditions(priority: Priority?, tags: [String]) -> [SQL] {
        var conditions: [SQL] = priority.map { ["item.priority = \(SQL(sql: String($0.rawValue)))"] } ?? []
        if !tags.isEmpty { conditions.append("item.tags <> ''") }
        for tag in tags { conditions.append("tag_in(item.tags, \(tag))") }
        return conditions
    }

    // MARK: - Tags

    /// Every tag in use, with how many items not checked off carry it,
    /// by name (case ignored); each under the spelling of the oldest item
    /// that has it.
    public func tagCounts() throws(StorageError) -> [TagCount] {
        try read { db in
            var counts: [String: TagCount] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT tags, isChecked FROM item WHERE tags <> '' ORDER BY id")
            while let row = try rows.next() {
                let open = (row[1] as Bool) ? 0 : 1
                for tag in Tags.fromStored(row[0]) {
                    counts[Tags.key(tag), default: TagCount(tag: tag, openItems: 0)].openItems += open
                }
            }
            return counts.values.sorted { NaturalOrder.compare($0.tag, $1.tag) == .orderedAscending }
        }
    }

    /// The items not checked off that have `tag`, in every list, with their
    /// lists' names: by due date (undated last), at most `limit`.
    public func taggedItems(_ tag: String, limit: Int) throws(StorageError) -> [ListedItem] {
        try listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil, tags: [tag], limit: limit)
    }

    /// The names of the lists, for a listing. A listing of all it finds
    /// reads every list's name at once, through a cursor: joining each item
    /// to its list looked the list up again for every item, a tenth of
    /// `list` of 100,000 (and `fetchAll` copied every row before the
    /// dictionary was made). A listing of at most `limit` items (the Due
    /// view's rows) looks each list up the first time one of its items
    /// comes: reading all the names for a screen of rows slowed the home
    /// screen's first frame over many lists.
    struct ListNames {
        /// Every list's id and name, when all were read, in the table's
        /// order. Not a dictionary by id: the first one keyed by Int64 scans
        /// every protocol conformance in the binary, about 400,000
        /// instructions of a short `list`.
        private(set) var all: [(id: Int64, name: String)] = []
        /// The names known so far, for each row's look-up.
        private var known = RowIDTable<String>()
        private let complete: Bool

        init(_ db: Database, forLimit limit: Int) throws {
            complete = limit < 0
            guard complete else { return }
            let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM checklist")
            while let row = try rows.next() {
                let id: Int64 = row[0]
                let name: String = row[1]
                all.append((id, name))
                known[id] = name
            }
        }

        /// The list's name; nil for none (the foreign key allows none).
        mutating func name(of id: Int64, in db: Database) throws -> String? {
            if let name = known[id] { return name }
            guard !complete else { return nil }
            let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM checklist WHERE id = ?"), arguments: [id])
            known[id] = name
            return name
        }
    }

    /// One listing query's items, each with its list's name from `names`,
    /// handed to `body` as they are read; returns how many.
    private static func eachListed(_ db: Database, names: inout ListNames, _ part: ListingPart, limit: Int,
                                   _ body: (ListedItem) -> Void) throws -> Int {
        let rows = try SQLRequest<ItemRecord>(literal: part.select(ItemRecord.columnList, limit: limit)).fetchCursor(db)
        var count = 0
        while let row = try rows.next() {
            // Every item has its list (a foreign key); as the join did, none without.
            guard let name = try names.name(of: row.item.checklistID, in: db) else { continue }
            body(ListedItem(item: row.item, checklistName: name, parentText: try parentText(of: row.item, db)))
            count += 1
        }
        return count
    }

    /// One listing query's lines, as `eachListed` gives its items, each read
    /// in place: the row's columns straight from the statement GRDB steps
    /// (its `sqliteStatement`), its texts SQLite's own bytes. Through a
    /// record, every row made an `Item` and a `String` of its text and tags,
    /// a quarter of `list` of 100,000, and as much again copying and
    /// releasing them (DECISIONS.md, "`list`'s lines read in place").
    private static func eachLine(_ db: Database, names: inout ListNames, _ part: ListingPart, limit: Int,
                                 families: ListedFamilies?, details: Bool, _ body: (ListingLine) -> Void) throws -> Int {
        let columns = ItemSummaryColumns.names + (details ? ListingLine.detailColumnNames : [])
        let statement = try db.makeStatement(literal: part.select(columns.joined(separator: ", "), limit: limit))
        assert(statement.columnNames == columns, "a listing selected other columns: \(statement.columnNames)")
        let rows = try Row.fetchCursor(statement)
        let handle = statement.sqliteStatement
        var count = 0
        while try rows.next() != nil {
            // Under its parent, which brings it.
            if let families, families.isUnderParent(sqlite3_column_int64(handle, 0)) { continue }
            // Every item has its list (a foreign key); as the join did, none without.
            guard let name = try names.name(of: sqlite3_column_int64(handle, 1), in: db) else { continue }
            var line = ListingLine(row: handle, checklistName: name, details: details)
            if let families {
                // On its own, with the parent's text.
                line.parentText = try parentText(ofParent: line.parentID, db)
                body(line)
                count += 1
                families.eachBelow(line.id, checklistName: name) { member in
                    body(member)
                    count += 1
                }
                continue
            }
            body(line)
            count += 1
        }
        return count
    }

    /// A listing's families: which of its items have their parent in it,
    /// and those sub-items' lines, read before the listing's first line
    /// (a parent may come before its sub-items in the listing's order);
    /// under a parent its sub-items come in the listing's order (`dueKey`,
    /// as `FamilyLayout`'s: the stored due date, the undated last; then id).
    struct ListedFamilies {
        /// The listed items (`note`), or every pending parent (`notePending`).
        private var listed = RowIDSet()
        /// Whether the listing is every pending item, so that every pending
        /// sub-item of a pending parent is in it.
        private var pendingOnly = false
        /// A sub-item listed under its parent: its line as `ListingLine`
        /// reads it, without its texts, which are places in `bytes`.
        private struct Member {
            var line: ListingLine
            var text: Range<Int>
            var tags: Range<Int>
            var dueKey: Int64
        }
        private var members: [Member] = []
        private var bytes: [UInt8] = []
        /// Each parent's listed sub-items, as places in `members`, in order.
        private var children: [Int64: [Int]] = [:]
        /// The parents `children` has, asked about before it for every line.
        private var parents = RowIDSet()
        private var underParent = RowIDSet()

        mutating func note(_ row: ListingOutlineRow) {
            if let id = row.id { listed.insert(id) }
        }

        /// The families of a listing of every pending item, where a
        /// sub-item is under its parent when both are pending: the pending
        /// parents from `item_parents`, an index of those items alone,
        /// rather than every listed id from a pass over the whole table.
        mutating func notePending(_ db: Database) throws {
            pendingOnly = true
            let parents = try Int64.fetchCursor(db, sql: """
                SELECT id FROM item INDEXED BY item_parents WHERE subItemCount > 0 AND isChecked = 0
                """)
            while let id = try parents.next() { listed.insert(id) }
        }

        /// Once the outline is read: the sub-items whose parent is listed,
        /// with their lines, in one walk of `item_by_parent`, which holds
        /// every column a line shows (v29), of the one list listed if one
        /// is (the index begins with the list). Their texts are copied: the
        /// listing's own walk passes over them before or after their parent.
        mutating func close(_ db: Database, checklistID: Int64?) throws {
            let statement = try db.makeStatement(sql: """
                SELECT \(ItemSummaryColumns.list) FROM item INDEXED BY item_by_parent
                WHERE parentID IS NOT NULL\(pendingOnly ? " AND isChecked = 0" : "")\(checklistID.map { " AND checklistID = \($0)" } ?? "")
                """)
            assert(statement.columnNames == ItemSummaryColumns.names, "the families selected other columns: \(statement.columnNames)")
            let handle = statement.sqliteStatement
            let rows = try Row.fetchCursor(statement)
            func copy(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
                let first = bytes.count
                bytes.append(contentsOf: text)
                return first..<bytes.count
            }
            let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            while try rows.next() != nil {
                let id = sqlite3_column_int64(handle, 0)
                let parent = sqlite3_column_int64(handle, 8)
                guard listed.contains(parent), pendingOnly || listed.contains(id) else { continue }
                var line = ListingLine(row: handle, checklistName: "", details: false)
                let text = copy(line.text), tags = copy(line.storedTags)
                // Its own pointers are into the row, which the next step moves.
                (line.text, line.storedTags) = (none, none)
                members.append(Member(line: line, text: text, tags: tags, dueKey: line.dueDate.map(StoredTime.wholeSeconds) ?? .max))
                children[parent, default: []].append(members.count - 1)
                parents.insert(parent)
                underParent.insert(id)
            }
            listed = RowIDSet()
            for (parent, places) in children where places.count > 1 {
                children[parent] = places.sorted { (members[$0].dueKey, members[$0].line.id) < (members[$1].dueKey, members[$1].line.id) }
            }
        }

        func isUnderParent(_ id: Int64) -> Bool { underParent.contains(id) }

        /// The lines of the item's listed family below it, depth-first,
        /// under the list's name the parent's line has; their texts are
        /// valid only during `body`, as a listing's lines are.
        func eachBelow(_ id: Int64, checklistName: String, _ body: (ListingLine) -> Void) {
            guard parents.contains(id) else { return }
            bytes.withUnsafeBufferPointer { bytes in
                // A stack of its own, not recursion: a chain of 20,000
                // sub-items from an imported file overflowed the thread's.
                var stack: [(places: [Int], next: Int, depth: Int)] = [(children[id] ?? [], 0, 1)]
                while let top = stack.indices.last {
                    guard stack[top].next < stack[top].places.count else {
                        stack.removeLast()
                        continue
                    }
                    let member = members[stack[top].places[stack[top].next]]
                    stack[top].next += 1
                    var line = member.line
                    line.checklistName = checklistName
                    line.text = UnsafeBufferPointer(rebasing: bytes[member.text])
                    line.storedTags = UnsafeBufferPointer(rebasing: bytes[member.tags])
                    line.depth = stack[top].depth
                    body(line)
                    if let below = children[line.id] { stack.append((below, 0, line.depth + 1)) }
                }
            }
        }
    }
}

/// One item of a listing as its outline reads it: all but its texts.
/// A table that prints items as they come measures its columns on these
/// first (`eachListedItem`'s `outline`). An outline read from the indexes
/// alone gives an id, a due date or a list on its own, the rest nil: a
/// table measures each that is there.
public struct ListingOutlineRow: Sendable {
    public var id: Int64?
    public var checklistID: Int64?
    public var checklistName: String?
    public var dueDate: Date?
    public var parentID: Int64?

    init(id: Int64? = nil, checklistID: Int64? = nil, checklistName: String? = nil, dueDate: Date? = nil, parentID: Int64? = nil) {
        self.id = id
        self.checklistID = checklistID
        self.checklistName = checklistName
        self.dueDate = dueDate
        self.parentID = parentID
    }
}
