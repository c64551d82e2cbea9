import ChecklistsModel

/// One row of the home screen. Only items and lists can be selected; the
/// headings and the "more" line are drawn between them.
public enum HomeRow: Hashable, Sendable {
    case dueHeading
    case due(ListedItem)
    case moreDue(Int)
    case listsHeading
    /// The Upcoming view's row, with how many items it holds.
    case upcoming(Int)
    case list(ChecklistSummary)
    /// The heading of the smart lists, below the lists.
    case smartListsHeading
    /// A smart list, with its count as of the last reload.
    case smartList(SmartListCount)

    var isSelectable: Bool {
        switch self {
        case .due, .list, .upcoming, .smartList: true
        case .dueHeading, .moreDue, .listsHeading, .smartListsHeading: false
        }
    }

    /// A due item or a list: where the home screen's selection starts.
    var isItemOrList: Bool {
        switch self {
        case .due, .list: true
        default: false
        }
    }

    /// Both a due item or both a list: where the selected row went away
    /// (checked off, deleted elsewhere), the selection stays on its kind.
    func isKind(of other: HomeRow) -> Bool {
        switch (self, other) {
        case (.due, .due), (.list, .list), (.upcoming, .upcoming), (.smartList, .smartList): true
        default: false
        }
    }

    /// The same item or list, whatever changed in it: a reload keeps the
    /// selection on it.
    func sameThing(as other: HomeRow) -> Bool {
        switch (self, other) {
        case let (.due(a), .due(b)): a.id == b.id
        case let (.list(a), .list(b)): a.id == b.id
        case let (.smartList(a), .smartList(b)): a.smartList.id == b.smartList.id
        case (.upcoming, .upcoming): true
        default: false
        }
    }
}
