import Foundation
import ChecklistsModel

/// Why a family is counted: the question or message that names its size.
public enum FamilyPurpose: Hashable, Sendable {
    /// Checking a parent: "Check its 3 open sub-items too?"
    case check
    /// Deleting a parent: "Delete “Trip” and its 3 sub-items?"
    case delete
    /// A parent moved to another list: "Moved “Trip” and its 3 sub-items to Home".
    case moved
    /// Outdenting `child`, whose parent (the item counted) is not on the
    /// loaded page: the parent's own parent is the one wanted.
    case outdent(child: Int64)
}

/// An item as stored, with how many sub-items it has at any depth and how
/// many of those are open: what the questions about a family say.
public struct FamilyCount: Hashable, Sendable {
    public var item: Item
    public var subItems: Int
    public var openSubItems: Int

    public init(item: Item, subItems: Int, openSubItems: Int) {
        self.item = item
        self.subItems = subItems
        self.openSubItems = openSubItems
    }
}

/// The keys of a checklist that act on families: add a sub-item, indent,
/// outdent, fold; and the check and delete keys where the item is a parent,
/// whose questions need the family's size from the database first.
enum SubItems {
    static func handle(_ command: KeyCommand, list: ChecklistState, state: inout AppState) -> ScreenStep {
        guard let item = list.selectedItem else { return [] }
        let index = list.viewport.selection
        let place = list.page.place(at: index)
        switch command {
        case .toggleChecked:
            // Reopening is one change: storage reopens checked parents too.
            if !item.isChecked && place.isParent { return [.countFamily(itemID: item.id, for: .check)] }
            return [.commit(.setChecked(itemID: item.id, !item.isChecked))]
        case .deleteItem:
            if place.isParent { return [.countFamily(itemID: item.id, for: .delete)] }
            state.overlays.question = Confirmation(question: "Delete “\(TextWidth.truncated(item.text, toColumns: 40))”?",
                                                   onYes: .commit(.deleteItem(id: item.id)))
            return []
        case .addSubItem:
            return ScreenStep([], .push(.itemDetail(ItemDetailState.adding(under: item), over: list)))
        case .toggleFold:
            if place.isParent { return [.commit(.setCollapsed(itemID: item.id, !item.isCollapsed))] }
            // On a sub-item, as vi's zc: the fold it is in closes, and the
            // selection goes to the parent (the reload anchors on it).
            if let parentID = item.parentID { return [.commit(.setCollapsed(itemID: parentID, true))] }
            state.message = StatusMessage("“\(TextWidth.truncated(item.text, toColumns: 30))” has no sub-items to fold.")
            return []
        case .indent:
            return ScreenStep(indent(item, at: index, list: list, state: &state))
        case .outdent:
            return ScreenStep(outdent(item, at: index, list: list, state: &state))
        default:
            return []
        }
    }

    /// Space on an item shown apart from its family (the Due view, the tag
    /// view): a row there does not show whether it is a parent, so checking
    /// one off counts its family first, and a parent with open sub-items
    /// asks the question a checklist asks. Reopening is one change.
    static func toggleChecked(_ item: Item) -> [Effect] {
        item.isChecked ? [.commit(.setChecked(itemID: item.id, false))] : [.countFamily(itemID: item.id, for: .check)]
    }

    /// Tab: the sibling above (the nearest row above at the same depth,
    /// with only its own family between) becomes the item's parent. A
    /// folded one opens first, or the item would vanish into it.
    private static func indent(_ item: Item, at index: Int, list: ChecklistState, state: inout AppState) -> [Effect] {
        let depth = list.page.place(at: index).depth
        var above = index - 1
        while let row = list.page.item(at: above) {
            let place = list.page.place(at: above)
            if place.depth == depth {
                let unfold: [Effect] = row.isCollapsed && place.isParent ? [.commit(.setCollapsed(itemID: row.id, false))] : []
                return unfold + [.commit(.setParent(itemID: item.id, parentID: row.id))]
            }
            if place.depth < depth { break }
            above -= 1
        }
        if above >= 0 && list.page.item(at: above) == nil {
            // Ran off the loaded page: the sibling may be further up.
            state.message = StatusMessage("The item above it at its level is not loaded: scroll up to it, then back.", kind: .error)
        } else {
            state.message = StatusMessage("Nothing above “\(TextWidth.truncated(item.text, toColumns: 30))” at its level to indent it under.")
        }
        return []
    }

    /// Shift-Tab: the item goes up a level (its parent's parent becomes its
    /// own), where the sort puts it among its new siblings: in the order
    /// added it keeps its place, as renumbering the places after it would
    /// rewrite (and make undo keep) every row below. An item whose parent
    /// another app named but is not in the list drops that link.
    private static func outdent(_ item: Item, at index: Int, list: ChecklistState, state: inout AppState) -> [Effect] {
        guard let parentID = item.parentID else {
            if item.unlinkedParentUID != nil { return [.commit(.setParent(itemID: item.id, parentID: nil))] }
            state.message = StatusMessage("“\(TextWidth.truncated(item.text, toColumns: 30))” is already at the top level.")
            return []
        }
        if let parent = list.page.items.first(where: { $0.id == parentID }) {
            return [.commit(.setParent(itemID: item.id, parentID: parent.parentID))]
        }
        // The parent is above the loaded page: its own parent is read first.
        return [.countFamily(itemID: parentID, for: .outdent(child: item.id))]
    }

    /// The family counted: ask the question, or say what moved.
    static func counted(_ purpose: FamilyPurpose, _ count: FamilyCount?, state: inout AppState) -> [Effect] {
        guard let count else {
            // A moved item read back after its move: nothing to add.
            if purpose == .moved { return [] }
            state.message = StatusMessage("That item no longer exists.", kind: .error)
            return reloadCurrent(state)
        }
        let item = count.item
        switch purpose {
        case .check:
            let open = count.openSubItems
            guard open > 0 else { return [.commit(.setChecked(itemID: item.id, true))] }
            state.overlays.question = Confirmation(question: "Check its \(subItems(open, open: true)) too?",
                                                   onYes: .commit(.checkFamily(itemID: item.id)),
                                                   onNo: .commit(.setChecked(itemID: item.id, true)))
        case .delete:
            guard count.subItems > 0 else {
                state.overlays.question = Confirmation(question: "Delete “\(TextWidth.truncated(item.text, toColumns: 40))”?",
                                                       onYes: .commit(.deleteItem(id: item.id)))
                return []
            }
            // The text gives way to the count: the line is cut at its end.
            let rest = " and its \(subItems(count.subItems))?"
            let room = textRoom(lineWidth: state.width - 7, around: "Delete “”" + rest)
            state.overlays.question = Confirmation(question: "Delete “\(TextWidth.truncated(item.text, toColumns: room))”" + rest,
                                                   onYes: .commit(.deleteItem(id: item.id)))
        case .moved:
            guard count.subItems > 0 else { return [] }
            let name = TextWidth.truncated(state.allLists.lists.first { $0.id == item.checklistID }?.checklist.name ?? "the other list",
                                           toColumns: 30)
            let room = textRoom(lineWidth: state.width - 2, around: "Moved “” and its \(subItems(count.subItems)) to \(name)")
            state.message = ListChooser.movedMessage(itemText: TextWidth.truncated(item.text, toColumns: room), listName: name,
                                                     subItems: count.subItems)
        case let .outdent(child):
            return [.commit(.setParent(itemID: child, parentID: item.parentID))]
        }
        return []
    }

    /// The columns an item's text may take in a line of `lineWidth` that
    /// also holds `around`: at least 3 ("T…"), at most 30.
    static func textRoom(lineWidth: Int, around: String) -> Int {
        min(30, max(3, lineWidth - TextWidth.columns(of: around)))
    }

    /// "3 sub-items", "1 open sub-item".
    static func subItems(_ count: Int, open: Bool = false) -> String {
        "\(count) \(open ? "open " : "")sub-item\(count == 1 ? "" : "s")"
    }
}
