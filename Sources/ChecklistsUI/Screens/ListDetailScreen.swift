import ChecklistsModel

/// The "Add Checklist" / "Edit Checklist" form: a name and an icon, chosen
/// from a list that opens beneath the Icon row.
public struct ListDetailState: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        case add
        case edit(Checklist)
    }
    public enum Row: Hashable, Sendable { case name, icon }

    public var mode: Mode
    public var name: TextField
    public var icon: ChecklistIcon
    public var focus: Row = .name
    /// The highlighted icon while the icon choice is open.
    public var iconChoice: Int?
    /// The name and icon as the form opened: Esc leaves at once while they are unchanged.
    public let originalName: String
    public let originalIcon: ChecklistIcon

    public init(mode: Mode) {
        self.mode = mode
        switch mode {
        case .add:
            originalName = ""
            originalIcon = .none
        case let .edit(checklist):
            originalName = checklist.name
            originalIcon = checklist.icon
        }
        name = TextField(originalName)
        icon = originalIcon
    }

    /// Whether leaving now would lose anything the user typed or chose.
    public var hasChanges: Bool { name.text != originalName || icon != originalIcon }

    public var title: String {
        if case .add = mode { return "Add Checklist" }
        return "Edit Checklist"
    }

    public var canBeDone: Bool { !TextRules.isBlank(name.text) }

    var keyContext: KeyContext {
        if iconChoice != nil { return .iconChoice }
        return focus == .name ? .listName : .listIcon
    }
}

enum ListDetailScreen {
    /// `command` is what the key table made of `key` on the focused row;
    /// without one, the key is typing into the name field.
    static func handle(_ command: KeyCommand?, key: Key, state: inout AppState) -> ScreenStep {
        guard var form = state.screen.listDetail else { return [] }
        defer { state.screen.listDetail = form }
        guard let command else {
            if form.keyContext == .listName { _ = form.name.handle(key) }
            return []
        }
        let icons = ChecklistIcon.allCases
        switch command {
        case .nextRow, .previousRow:
            form.focus = form.focus == .name ? .icon : .name
        case .openIconChoice:
            form.iconChoice = icons.firstIndex(of: form.icon) ?? 0
        case .moveUp, .moveDown:
            if let choice = form.iconChoice {
                form.iconChoice = min(max(0, choice + (command == .moveDown ? 1 : -1)), icons.count - 1)
            }
        case .chooseIcon:
            if let choice = form.iconChoice { form.icon = icons[choice] }
            form.iconChoice = nil
        case .cancel where form.iconChoice != nil:
            form.iconChoice = nil
        case .done:
            guard form.canBeDone else {
                state.message = StatusMessage("Type a name for the list first: Done needs a name.", kind: .error)
                form.focus = .name
                return []
            }
            switch form.mode {
            case .add:
                return [.commit(.addChecklist(name: form.name.text, icon: form.icon))]
            case let .edit(checklist):
                if !form.hasChanges { return ScreenStep([], .pop) }
                return [.commit(.updateChecklist(id: checklist.id, name: form.name.text, icon: form.icon))]
            }
        case .cancel:
            return ConfirmationLine.leaveForm(changed: form.hasChanges, state: &state)
        default:
            break
        }
        return []
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard let form = state.screen.listDetail else { return }
        Chrome.titleBar(form.title, into: &grid)
        let labelColumn = ItemDetailScreen.labelColumn
        let valueColumn = ItemDetailScreen.valueColumn
        let right = grid.width - 2
        // Short panes lose the spacer rows, so the picker still fits at 8 rows.
        let spacer = state.height >= AppState.roomyHeight ? 1 : 0
        var y = 1 + spacer
        grid.put(form.focus == .name ? "›" : " ", row: y, column: 0, style: .bold)
        grid.put("Name", row: y, column: labelColumn, style: form.focus == .name ? .bold : [])
        let cursorColumn = form.name.draw(into: &grid, row: y, column: valueColumn, columns: right - valueColumn,
                                          placeholder: "Name of the List", focused: form.focus == .name)
        if form.focus == .name { grid.cursor = GridPosition(row: y, column: cursorColumn) }
        y += 1
        grid.put(form.focus == .icon ? "›" : " ", row: y, column: 0, style: .bold)
        grid.put("Icon", row: y, column: labelColumn, style: form.focus == .icon ? .bold : [])
        let iconText = Chrome.icon(form.icon, unicode: state.context.unicode) + " " + form.icon.displayName
        grid.put(iconText, row: y, column: valueColumn, maxColumns: right - valueColumn,
                 style: form.focus == .icon && form.iconChoice == nil ? .reverse : [])
        y += 1
        if let choice = form.iconChoice {
            // The choice opens beneath the Icon row, as many rows as fit.
            let icons = ChecklistIcon.allCases
            // Rows left above the buttons, which must stay above the message row.
            let room = max(1, grid.height - 3 - spacer - y)
            let top = min(max(0, choice - room + 1), max(0, icons.count - room))
            for (offset, icon) in icons.enumerated().dropFirst(top).prefix(room) {
                let text = Chrome.icon(icon, unicode: state.context.unicode) + " " + icon.displayName
                grid.put(text, row: y, column: valueColumn + 2, maxColumns: right - valueColumn - 2,
                         style: offset == choice ? .reverse : [])
                y += 1
            }
        }
        y += spacer
        let doneWidth = grid.put("[ Done ]", row: y, column: labelColumn, style: form.canBeDone ? .bold : .dim)
        grid.put("[ Cancel ]", row: y, column: labelColumn + doneWidth + 2)
    }
}
