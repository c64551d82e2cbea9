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
    let filter: Filter
    /// How many rows each parent's shown family has below it, worked out once.
    private var shownBelowCache: [Int64: Int] = [:]

    /// Whether the list has any sub-item: a list without reads its pages
    /// as a flat list does, on one index range.
    static func listHasSubItems(_ checklistID: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM item INDEXED BY item_by_parent WHERE checklistID = ? AND parentID IS NOT NULL)
            """), arguments: [checklistID]) ?? false
    }

    /// The layout of a list with sub-items.
    init(checklistID: Int64, sortOrder: ItemSortOrder, filter: Filter, _ db: Database) throws {
        self.filter = filter
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

    /// The sub-items the filter shows on their own account, shown or not
    /// in their family (a hidden parent hides them): what a flat count of
    /// the list counted among its rows.
    var subItemsPassingFilter: Int { members.values.reduce(0) { $0 + ($1.parentID != nil && filter.shows($1) ? 1 : 0) } }
}
