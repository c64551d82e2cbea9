import Foundation
import GRDB

/// A list's families as its pages lay them out: every sub-item of the list
/// and every parent at the top level, with what the list's sort and filters
/// need. Read once per page on the sub-items' own index, so a list whose
/// items are mostly at the top level reads few rows; the top-level items
/// themselves are walked in SQL, in the list's order, by the page.
struct FamilyLayout {
    /// A member's place in the tree and what the sort and the filters read.
    struct Member {
        var id: Int64
        var parentID: Int64?
        var isChecked: Bool
        var startAt: Int64?
        var isCollapsed: Bool
        var dueKey: Int64
        var position: Int64
        var priority: Int
        /// Read only when the list sorts by text.
        var text: String

        /// An item as a member, for one at the top level without sub-items
        /// (the layout holds only families) placed among the others.
        init(_ item: Item, sortOrder: ItemSortOrder) {
            self.init(id: item.id, parentID: item.parentID, isChecked: item.isChecked, startAt: item.startDate.map(StoredTime.wholeSeconds),
                      isCollapsed: item.isCollapsed, dueKey: item.dueDate.map(StoredTime.wholeSeconds) ?? Int64.max,
                      position: item.position, priority: item.priority.rawValue, text: sortOrder == .text ? item.text : "")
        }

        init(id: Int64, parentID: Int64?, isChecked: Bool, startAt: Int64?, isCollapsed: Bool, dueKey: Int64, position: Int64, priority: Int,
             text: String) {
            (self.id, self.parentID, self.isChecked, self.startAt, self.isCollapsed) = (id, parentID, isChecked, startAt, isCollapsed)
            (self.dueKey, self.position, self.priority, self.text) = (dueKey, position, priority, text)
        }
    }

    /// The rows a page shows: what is hidden, and the items' order.
    struct Filter {
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
    /// Each parent's direct sub-items, in the list's order.
    private(set) var children: [Int64: [Int64]] = [:]
    /// The list's `familyVersion` when it was read: the same version, the
    /// same families.
    private(set) var version: Int64 = 0

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

    /// The layout of a list with sub-items.
    init(checklistID: Int64, sortOrder: ItemSortOrder, _ db: Database) throws {
        version = try Self.version(of: checklistID, db)
        let text = sortOrder == .text ? "text" : "''"
        let columns = "id, parentID, isChecked, startAt, collapsed, \(ItemRecord.dueOrder()), position, priority, \(text)"
        // The sub-items, then the parents at the top level (of which the
        // sub-items' own index says which).
        let sql = """
            SELECT \(columns) FROM item INDEXED BY item_by_parent WHERE checklistID = ?1 AND parentID IS NOT NULL
            UNION ALL
            SELECT \(columns) FROM item WHERE id IN (SELECT parentID FROM item INDEXED BY item_by_parent
                                                      WHERE checklistID = ?1 AND parentID IS NOT NULL)
                                          AND parentID IS NULL
            """
        let rows = try Row.fetchCursor(db.makeStatement(sql: sql), arguments: [checklistID])
        var byParent: [Int64: [Member]] = [:]
        while let row = try rows.next() {
            let member = Member(id: row[0], parentID: row[1], isChecked: row[2], startAt: row[3], isCollapsed: row[4],
                                dueKey: row[5], position: row[6], priority: row[7], text: row[8])
            members[member.id] = member
            if let parent = member.parentID { byParent[parent, default: []].append(member) }
        }
        let before = Self.order(sortOrder)
        for (parent, siblings) in byParent {
            children[parent] = siblings.sorted(by: before).map(\.id)
        }
    }

    /// The list's order between two siblings, as `ChecklistsDatabase.orderBy`
    /// sorts a page: `id` breaks ties.
    static func order(_ sortOrder: ItemSortOrder) -> (Member, Member) -> Bool {
        switch sortOrder {
        case .dueDate: return { ($0.dueKey, $0.id) < ($1.dueKey, $1.id) }
        case .added: return { ($0.position, $0.id) < ($1.position, $1.id) }
        case .priority: return { (-$0.priority, $0.dueKey, $0.id) < (-$1.priority, $1.dueKey, $1.id) }
        case .text:
            return { lhs, rhs in
                switch NaturalOrder.compare(lhs.text, rhs.text) {
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
    mutating func shownBelow(_ id: Int64) -> Int {
        if let known = shownBelowCache[id] { return known }
        var count = 0
        if members[id]?.isCollapsed != true {
            for child in children[id] ?? [] where members[child].map(filter.shows) == true {
                count += 1 + shownBelow(child)
            }
        }
        shownBelowCache[id] = count
        return count
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

    /// The sub-items the filter shows on their own account, shown or not
    /// in their family (a hidden parent hides them): what a flat count of
    /// the list counted among its rows.
    var subItemsPassingFilter: Int { members.values.reduce(0) { $0 + ($1.parentID != nil && filter.shows($1) ? 1 : 0) } }
}

/// The layout last read, kept while its list's `familyVersion` stays: a
/// list's pages, its indexes and its search steps read it again and again
/// between changes (each scroll past a page, each reload), and reading it
/// costs a row for each sub-item and parent.
final class FamilyLayoutCache: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (checklistID: Int64, sortOrder: ItemSortOrder, layout: FamilyLayout)?

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
