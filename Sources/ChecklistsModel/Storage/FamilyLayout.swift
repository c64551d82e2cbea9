import Foundation
import GRDB

/// A list's families as its pages lay them out: every sub-item of the list
/// and every parent at the top level, with what the list's sort and filters
/// need. Read once per page on the sub-items' own index, so a list whose
/// items are mostly at the top level reads few rows; the top-level items
/// themselves are walked in SQL, in the list's order, by the page.
struct FamilyLayout {
    /// A member's place in the tree and what the sort and the filters read:
    /// plain numbers, so the thousands a layout holds are copied and sorted
    /// without reference counting (the text, for the text sort, is beside).
    struct Member {
        var id: Int64
        var parentID: Int64?
        var isChecked: Bool
        var startAt: Int64?
        var isCollapsed: Bool
        var dueKey: Int64
        var position: Int64
        var priority: Int

        /// An item as a member, for one at the top level without sub-items
        /// (the layout holds only families) placed among the others.
        init(_ item: Item) {
            self.init(id: item.id, parentID: item.parentID, isChecked: item.isChecked, startAt: item.startDate.map(StoredTime.wholeSeconds),
                      isCollapsed: item.isCollapsed, dueKey: item.dueDate.map(StoredTime.wholeSeconds) ?? Int64.max,
                      position: item.position, priority: item.priority.rawValue)
        }

        init(id: Int64, parentID: Int64?, isChecked: Bool, startAt: Int64?, isCollapsed: Bool, dueKey: Int64, position: Int64, priority: Int) {
            (self.id, self.parentID, self.isChecked, self.startAt, self.isCollapsed) = (id, parentID, isChecked, startAt, isCollapsed)
            (self.dueKey, self.position, self.priority) = (dueKey, position, priority)
        }
    }

    /// The rows a page shows: what is hidden, and the items' order.
    struct Filter: Hashable {
        var hidingChecked: Bool
        /// Items not checked off that start after this moment are hidden.
        var notStartedAt: Int64?

        func shows(_ member: Member) -> Bool {
            if hidingChecked && member.isChecked { return false }
            if let now = notStartedAt, !member.isChecked, let start = member.startAt, start > now { return false }
            return true
        }
    }

    private(set) var members: [Int64: Member] = [:]
    /// The members' texts, read only when the list sorts by text.
    private(set) var texts: [Int64: String] = [:]
    /// Each parent's direct sub-items, in the list's order.
    private(set) var children: [Int64: [Int64]] = [:]
    /// The list's `familyVersion` when it was read: the same version, the
    /// same families.
    private(set) var version: Int64 = 0
    /// The sort its siblings are in.
    let sortOrder: ItemSortOrder

    /// Whether the list has any sub-item: a list without reads its pages
    /// as a flat list does, on one index range.
    static func listHasSubItems(_ checklistID: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM item INDEXED BY item_by_parent WHERE checklistID = ? AND parentID IS NOT NULL)
            """), arguments: [checklistID]) ?? false
    }

    /// The list's `familyVersion`: it moves at every change to its families.
    static func version(of checklistID: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT familyVersion FROM checklist WHERE id = ?"), arguments: [checklistID]) ?? 0
    }

    /// What a member is read from, in `Member`'s order.
    private static func columns(_ sortOrder: ItemSortOrder, of table: String? = nil) -> String {
        let prefix = table.map { $0 + "." } ?? ""
        let text = sortOrder == .text ? prefix + "text" : "''"
        return ["id", "parentID", "isChecked", "startAt", "collapsed"].map { prefix + $0 }.joined(separator: ", ")
            + ", \(ItemRecord.dueOrder(table ?? "")), \(prefix)position, \(prefix)priority, \(text)"
    }

    private static func member(_ row: Row) -> Member {
        Member(id: row[0], parentID: row[1], isChecked: row[2], startAt: row[3], isCollapsed: row[4],
               dueKey: row[5], position: row[6], priority: row[7])
    }

    /// A member read, and its text when the list sorts by text.
    private mutating func add(_ row: Row, into byParent: inout [Int64: [Member]]) {
        let member = Self.member(row)
        members[member.id] = member
        if sortOrder == .text { texts[member.id] = row[8] }
        if let parent = member.parentID { byParent[parent, default: []].append(member) }
    }

    /// The layout of a list with sub-items.
    init(checklistID: Int64, sortOrder: ItemSortOrder, _ db: Database) throws {
        self.sortOrder = sortOrder
        version = try Self.version(of: checklistID, db)
        let columns = Self.columns(sortOrder)
        // The sub-items, then the parents at the top level, each on an
        // index that holds what a member reads (but the text).
        let sql = """
            SELECT \(columns) FROM item INDEXED BY item_by_parent WHERE checklistID = ?1 AND parentID IS NOT NULL
            UNION ALL
            SELECT \(columns) FROM item INDEXED BY item_parents WHERE checklistID = ?1 AND subItemCount > 0 AND parentID IS NULL
            """
        let rows = try Row.fetchCursor(db.makeStatement(sql: sql), arguments: [checklistID])
        var byParent: [Int64: [Member]] = [:]
        while let row = try rows.next() { add(row, into: &byParent) }
        sortChildren(byParent)
    }

    /// The layout of some families only: the items at the top level named,
    /// each with its family, read on the sub-items' index. What a page near
    /// a list's start or end lays out, without every family in the list.
    init(families roots: [Int64], checklistID: Int64, sortOrder: ItemSortOrder, version: Int64, _ db: Database) throws {
        self.sortOrder = sortOrder
        self.version = version
        guard !roots.isEmpty else { return }
        let marks = Array(repeating: "?", count: roots.count).joined(separator: ", ")
        // The sub-items' columns come from their index, as the whole
        // layout's do.
        let columns = Self.columns(sortOrder)
        let sql = """
            WITH RECURSIVE family AS (
                SELECT \(columns) FROM item WHERE id IN (\(marks))
                UNION
                SELECT \(Self.columns(sortOrder, of: "sub")) FROM family JOIN item AS sub INDEXED BY item_by_parent
                    ON sub.checklistID = \(checklistID) AND sub.parentID = family.id
            )
            SELECT * FROM family
            """
        var byParent: [Int64: [Member]] = [:]
        let rows = try Row.fetchCursor(db.makeStatement(sql: sql), arguments: StatementArguments(roots))
        while let row = try rows.next() { add(row, into: &byParent) }
        sortChildren(byParent)
    }

    private mutating func sortChildren(_ byParent: [Int64: [Member]]) {
        let before = order()
        for (parent, siblings) in byParent {
            children[parent] = siblings.sorted(by: before).map(\.id)
        }
    }

    /// The list's order between two members, as `ChecklistsDatabase.orderBy`
    /// sorts a page: `id` breaks ties. `outsiders` gives the texts of items
    /// compared that the layout does not hold (a top-level item without
    /// sub-items), for the text sort.
    func order(outsiders: [Int64: String] = [:]) -> (Member, Member) -> Bool {
        switch sortOrder {
        case .dueDate: return { ($0.dueKey, $0.id) < ($1.dueKey, $1.id) }
        case .added: return { ($0.position, $0.id) < ($1.position, $1.id) }
        case .priority: return { (-$0.priority, $0.dueKey, $0.id) < (-$1.priority, $1.dueKey, $1.id) }
        case .text:
            let texts = self.texts
            return { lhs, rhs in
                switch NaturalOrder.compare(texts[lhs.id] ?? outsiders[lhs.id] ?? "", texts[rhs.id] ?? outsiders[rhs.id] ?? "") {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: return lhs.id < rhs.id
                }
            }
        }
    }

    /// The place of a row at `depth`: its direct sub-items' progress.
    func place(of id: Int64, depth: Int) -> FamilyPlace {
        let subItems = children[id] ?? []
        let checked = subItems.reduce(0) { $0 + (members[$1]?.isChecked == true ? 1 : 0) }
        return FamilyPlace(depth: depth, subItemCount: subItems.count, checkedSubItemCount: checked)
    }

    /// The item at the top level of `id`'s family (itself when it is at the
    /// top level), and the chain from there down to it.
    func ancestry(of id: Int64) -> [Int64] {
        var chain = [id]
        var seen: Set<Int64> = [id]
        while let parent = members[chain[0]]?.parentID, seen.insert(parent).inserted { chain.insert(parent, at: 0) }
        return chain
    }

    /// The layout after a change made here that checked items off or on
    /// (which may move a repeating one's date): those items read again, and
    /// their siblings sorted again. Nil when the change did more than that
    /// (a parent changed): then the layout is read again whole.
    func patched(ids: [Int64], sortOrder: ItemSortOrder, version: Int64, _ db: Database) throws -> FamilyLayout? {
        var patched = self
        patched.version = version
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try Row.all(db, sql: "SELECT \(Self.columns(sortOrder)) FROM item WHERE id IN (\(marks))", arguments: StatementArguments(ids))
        var parents: Set<Int64> = []
        for row in rows {
            let member = Self.member(row)
            let known = members[member.id]
            // An item at the top level without sub-items is none of the layout's business.
            if known == nil && member.parentID == nil { continue }
            guard let known, known.parentID == member.parentID else { return nil }
            patched.members[member.id] = member
            if sortOrder == .text { patched.texts[member.id] = row[8] }
            if let parent = member.parentID { parents.insert(parent) }
        }
        let before = patched.order()
        for parent in parents {
            patched.children[parent] = patched.children[parent]?.compactMap { patched.members[$0] }.sorted(by: before).map(\.id)
        }
        return patched
    }

    /// The parents at the top level, as members.
    var topLevelParents: [Member] { members.values.filter { $0.parentID == nil } }
}

/// A list's families as one read sees them: the layout with that read's
/// filters, and what it works out, kept for the read.
struct FamilyView {
    let layout: FamilyLayout
    let filter: FamilyLayout.Filter
    /// How many rows each parent's shown family has below it, worked out once.
    private var shownBelowCache: [Int64: Int] = [:]

    init(_ layout: FamilyLayout, filter: FamilyLayout.Filter) {
        self.layout = layout
        self.filter = filter
    }

    var members: [Int64: FamilyLayout.Member] { layout.members }
    var children: [Int64: [Int64]] { layout.children }

    /// How many rows the item's family shows below it: its shown sub-items,
    /// and theirs, unless folded. A hidden sub-item hides its own.
    /// Each sub-item is counted before its parent, on a stack of its own:
    /// recursion overflowed the thread's on a chain of 20,000 sub-items
    /// from an imported file.
    mutating func shownBelow(_ id: Int64) -> Int {
        if let known = shownBelowCache[id] { return known }
        var stack: [(id: Int64, counting: Bool)] = [(id, false)]
        var entered: Set<Int64> = []
        while let (current, counting) = stack.popLast() {
            let shown = members[current]?.isCollapsed == true ? []
                : (children[current] ?? []).filter { members[$0].map(filter.shows) == true }
            if counting {
                shownBelowCache[current] = shown.reduce(0) { $0 + 1 + (shownBelowCache[$1] ?? 0) }
            } else if shownBelowCache[current] == nil, entered.insert(current).inserted {
                stack.append((current, true))
                stack.append(contentsOf: shown.map { (id: $0, counting: false) })
            }
        }
        return shownBelowCache[id] ?? 0
    }

    /// The item's shown family below it, depth-first, each with its depth
    /// (the item at `depth`, its sub-items one deeper).
    func rows(below id: Int64, depth: Int) -> [(id: Int64, depth: Int)] {
        var result: [(id: Int64, depth: Int)] = []
        var stack: [(id: Int64, depth: Int)] = [(id, depth)]
        var seen: Set<Int64> = [id]
        while let (current, level) = stack.popLast() {
            if current != id { result.append((current, level)) }
            guard members[current]?.isCollapsed != true else { continue }
            let shown = (children[current] ?? []).filter { members[$0].map(filter.shows) == true && seen.insert($0).inserted }
            stack.append(contentsOf: shown.reversed().map { ($0, level + 1) })
        }
        return result
    }

    /// What a page and an index count over the whole list, in the list's
    /// order: the parents at the top level the filter shows, each with the
    /// rows shown below it and those below the ones before it; and the
    /// sub-items the filter shows on their own account (what a flat count
    /// of the list counted among its rows). Made once per view, then each
    /// count before an item is a binary search.
    private var sums: (parents: [(member: FamilyLayout.Member, rowsBefore: Int)], rowsBelowParents: Int,
                       subItems: [FamilyLayout.Member])?

    private mutating func totals() -> (parents: [(member: FamilyLayout.Member, rowsBefore: Int)], rowsBelowParents: Int,
                                       subItems: [FamilyLayout.Member]) {
        if let sums { return sums }
        let before = layout.order()
        var parents: [(member: FamilyLayout.Member, rowsBefore: Int)] = []
        var rows = 0
        for parent in layout.topLevelParents.filter(filter.shows).sorted(by: before) {
            parents.append((parent, rows))
            rows += shownBelow(parent.id)
        }
        let subItems = members.values.filter { $0.parentID != nil && filter.shows($0) }.sorted(by: before)
        sums = (parents, rows, subItems)
        return (parents, rows, subItems)
    }

    /// The rows the list shows below its parents at the top level.
    mutating func rowsBelowParents() -> Int { totals().rowsBelowParents }

    /// How many sub-items the filter shows on their own account.
    mutating func subItemsPassingFilter() -> Int { totals().subItems.count }

    /// For an item at the top level: the rows below the parents that come
    /// before it, and how many sub-items shown on their own account sort
    /// before it (which a flat count of the items before it counted).
    mutating func counts(before top: FamilyLayout.Member, text: String) -> (rowsBelowParents: Int, subItems: Int) {
        let sums = totals()
        let before = layout.order(outsiders: [top.id: text])
        let parents = sums.parents.partitioningIndex { !before($0.member, top) }
        let rows = parents < sums.parents.count ? sums.parents[parents].rowsBefore : sums.rowsBelowParents
        return (rows, sums.subItems.partitioningIndex { !before($0, top) })
    }
}

extension Array {
    /// The first index whose element is in the second part, for elements
    /// ordered so that `isSecond` is false, then true.
    func partitioningIndex(where isSecond: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isSecond(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// The layout last read, kept while its list's `familyVersion` stays: a
/// list's pages, its indexes and its search steps read it again and again
/// between changes (each scroll past a page, each reload), and reading it
/// costs a row for each sub-item and parent.
final class FamilyLayoutCache: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (checklistID: Int64, sortOrder: ItemSortOrder, layout: FamilyLayout)?
    private var keptView: (checklistID: Int64, view: FamilyView)?
    /// The last walks from a list's start and from its end.
    private var keptWalks: [FamilyWalk.Walked] = []
    /// Our own writes: SQLite's data_version counts only other connections'.
    private var writes = 0

    /// Where the file stands: it moves at any change to it, here or in
    /// another process, so a walk (which depends on every item of the list,
    /// not only on its families) is kept only while it stays.
    struct Stamp: Equatable {
        var dataVersion: Int
        var writes: Int
    }

    func stamp(_ db: Database) throws -> Stamp {
        let version = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        return Stamp(dataVersion: version, writes: lock.withLock { writes })
    }

    /// Called at each write of ours, made or failed.
    func noteWrite() {
        lock.withLock { writes += 1 }
    }

    func keptWalk(_ key: FamilyWalk.Walked.Key) -> FamilyWalk.Walked? {
        lock.withLock { keptWalks.first { $0.key == key } }
    }

    func keep(_ walked: FamilyWalk.Walked) {
        lock.withLock {
            keptWalks.removeAll { $0.key.backwards == walked.key.backwards || $0.key.stamp != walked.key.stamp }
            keptWalks.append(walked)
        }
    }

    /// Whether any layout is kept: none until a list with sub-items is read.
    var keepsAny: Bool { lock.withLock { kept != nil } }

    /// The layout kept for a list, whatever its version.
    func kept(for checklistID: Int64) -> (sortOrder: ItemSortOrder, layout: FamilyLayout)? {
        lock.withLock { kept.flatMap { $0.checklistID == checklistID ? ($0.sortOrder, $0.layout) : nil } }
    }

    /// Keeps a layout made by patching the one kept.
    func keep(_ layout: FamilyLayout, checklistID: Int64, sortOrder: ItemSortOrder) {
        lock.withLock { kept = (checklistID, sortOrder, layout) }
    }

    /// The list's families under a filter: the view kept if it is of the
    /// layout kept and that filter, else a new one on the layout.
    func view(checklistID: Int64, sortOrder: ItemSortOrder, filter: FamilyLayout.Filter, _ db: Database) throws -> FamilyView {
        let layout = try layout(checklistID: checklistID, sortOrder: sortOrder, db)
        if let known = lock.withLock({ keptView }), known.checklistID == checklistID, known.view.filter == filter,
           known.view.layout.version == layout.version, known.view.layout.sortOrder == sortOrder {
            return known.view
        }
        return FamilyView(layout, filter: filter)
    }

    /// Whether the layout kept is the list's in that sort at that version:
    /// then every read uses it, and none needs to read families itself.
    func holds(checklistID: Int64, sortOrder: ItemSortOrder, version: Int64) -> Bool {
        lock.withLock { kept.map { $0.checklistID == checklistID && $0.sortOrder == sortOrder && $0.layout.version == version } ?? false }
    }

    /// Keeps what a read worked out on a view, for the next read.
    func keep(_ view: FamilyView, checklistID: Int64) {
        lock.withLock { keptView = (checklistID, view) }
    }

    /// The list's layout in that sort: the one kept if its version is the
    /// list's, else one read now (and kept).
    func layout(checklistID: Int64, sortOrder: ItemSortOrder, _ db: Database) throws -> FamilyLayout {
        let version = try FamilyLayout.version(of: checklistID, db)
        let known = lock.withLock { kept }
        if let known, known.checklistID == checklistID, known.sortOrder == sortOrder, known.layout.version == version { return known.layout }
        let layout = try FamilyLayout(checklistID: checklistID, sortOrder: sortOrder, db)
        lock.withLock { kept = (checklistID, sortOrder, layout) }
        return layout
    }
}
