import Foundation
import ChecklistsModel

/// The chooser `m` opens over a checklist: the other lists, one of which
/// the selected item moves to. It changes nothing until Enter.
public struct ListChooserState: Hashable, Sendable {
    /// The item to move, as it was when the chooser opened.
    public var item: Item
    /// Every list but the item's own, in All Lists order.
    public var lists: [ChecklistSummary]
    public var selection = 0

    public init(item: Item, lists: [ChecklistSummary]) {
        self.item = item
        self.lists = lists
    }

    public var selected: ChecklistSummary? { lists.indices.contains(selection) ? lists[selection] : nil }
}

enum ListChooser {
    /// Opens the chooser for the selected item, or says why it cannot.
    static func open(for item: Item, state: inout AppState) {
        let others = state.allLists.lists.filter { $0.id != item.checklistID }
        guard !others.isEmpty else {
            state.message = StatusMessage("There is no other list to move it to: add one on All Lists (a).", kind: .error)
            return
        }
        state.overlays.chooser = ListChooserState(item: item, lists: others)
    }

    static func handle(_ command: KeyCommand, state: inout AppState) -> [Effect] {
        guard var chooser = state.overlays.chooser else { return [] }
        switch command {
        case .moveUp, .moveDown:
            chooser.selection = min(max(0, chooser.selection + (command == .moveDown ? 1 : -1)), chooser.lists.count - 1)
            state.overlays.chooser = chooser
        case .chooseList:
            state.overlays.chooser = nil
            guard let target = chooser.selected else { return [] }
            return [.commit(.moveItem(id: chooser.item.id, toChecklistID: target.id))]
        case .cancel, .back:
            state.overlays.chooser = nil
        default:
            break
        }
        return []
    }

    /// What the status line says once the move is committed; a parent's
    /// sub-items went with it, and the line says how many.
    static func movedMessage(itemText: String, listName: String, subItems: Int = 0) -> StatusMessage {
        let family = subItems > 0 ? " and its \(SubItems.subItems(subItems))" : ""
        return StatusMessage("Moved “\(TextWidth.truncated(itemText, toColumns: 30))”\(family) to \(TextWidth.truncated(listName, toColumns: 30))")
    }

    // MARK: - Drawing

    /// A box over the checklist: a title naming the item, then one row per
    /// list (icon and name), scrolled to keep the selection in view.
    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard let chooser = state.overlays.chooser else { return }
        let unicode = state.context.unicode
        let width = min(grid.width - 2, 50)
        let left = max(0, (grid.width - width) / 2)
        // Above the two bottom lines, below the title bar.
        let room = max(1, min(chooser.lists.count, grid.height - 6))
        let first = min(max(0, chooser.selection - room + 1), max(0, chooser.lists.count - room))
        let top = 2
        let horizontal = unicode ? "─" : "-"
        grid.clear(rows: top..<(top + room + 2), columns: left..<(left + width))
        let title = (unicode ? "┌ " : "+ ") + "Move “\(TextWidth.truncated(chooser.item.text, toColumns: max(1, width - 16)))” to "
        let titleWidth = grid.put(title, row: top, column: left, maxColumns: width - 1, style: .bold, color: .banner)
        grid.put(String(repeating: horizontal, count: max(0, width - titleWidth - 1)) + (unicode ? "┐" : "+"),
                 row: top, column: left + titleWidth, color: .banner)
        for (offset, list) in chooser.lists.enumerated().dropFirst(first).prefix(room) {
            let y = top + 1 + offset - first
            grid.put(unicode ? "│" : "|", row: y, column: left, color: .banner)
            let icon = list.checklist.icon == .none ? "" : Chrome.icon(list.checklist.icon, unicode: unicode) + " "
            grid.put(icon + list.checklist.name, row: y, column: left + 2, maxColumns: width - 4)
            if offset == chooser.selection {
                grid.applyStyle(.reverse, row: y, columns: (left + 1)..<(left + width - 1))
            }
            grid.put(unicode ? "│" : "|", row: y, column: left + width - 1, color: .banner)
        }
        grid.put((unicode ? "└" : "+") + String(repeating: horizontal, count: max(0, width - 2)) + (unicode ? "┘" : "+"),
                 row: top + room + 1, column: left, maxColumns: width, color: .banner)
    }
}
