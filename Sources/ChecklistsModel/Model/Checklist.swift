/// How a checklist's items are ordered on screen; remembered per checklist.
public enum ItemSortOrder: String, CaseIterable, Sendable, Codable {
    case dueDate, text, added
    /// High first, then by due date: what to do next.
    case priority

    /// The order after this one, for the `s` key.
    public var next: ItemSortOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Shown in the checklist's title bar so the user knows which order is on.
    public var displayName: String {
        switch self {
        case .dueDate: "by due date"
        case .text: "by text"
        case .added: "by order added"
        case .priority: "by priority"
        }
    }
}

/// A named list of to-do items.
public struct Checklist: Hashable, Sendable, Identifiable {
    /// What two list names are compared by: case and surrounding spaces
    /// ignored, so "home " is the list Home and cannot be a second one.
    public static func nameKey(_ name: String) -> String { TextRules.trimmed(name).lowercased() }

    public var id: Int64
    public var name: String
    public var icon: ChecklistIcon
    public var sortOrder: ItemSortOrder
    /// Whether the checklist screen leaves out items checked off (the `c`
    /// key); remembered per checklist, like the sort order.
    public var hidesChecked: Bool
    /// Whether the checklist screen leaves out items that have not started
    /// (the `w` key), rather than dimming them; remembered per checklist.
    public var hidesNotStarted: Bool

    public init(id: Int64, name: String, icon: ChecklistIcon = .none, sortOrder: ItemSortOrder = .dueDate, hidesChecked: Bool = false,
                hidesNotStarted: Bool = false) {
        self.id = id
        self.name = name
        self.icon = icon
        self.sortOrder = sortOrder
        self.hidesChecked = hidesChecked
        self.hidesNotStarted = hidesNotStarted
    }
}

/// A checklist with the counts the All Lists screen shows. The counts come from
/// SQL, so the home screen never loads items.
public struct ChecklistSummary: Hashable, Sendable, Identifiable {
    public var checklist: Checklist
    public var itemCount: Int
    public var remainingCount: Int
    /// Items not checked off that have not started, left out while the
    /// list hides them: counted as of a moment (`checklistSummary(id:now:)`),
    /// so no trigger can keep it; 0 when the list shows them.
    public var hiddenNotStartedCount: Int

    public var id: Int64 { checklist.id }

    public init(checklist: Checklist, itemCount: Int, remainingCount: Int, hiddenNotStartedCount: Int = 0) {
        self.checklist = checklist
        self.itemCount = itemCount
        self.remainingCount = remainingCount
        self.hiddenNotStartedCount = hiddenNotStartedCount
    }

    /// How many items the checklist screen shows: all, or those not checked
    /// off while it hides the rest, less those not started while it hides them.
    public var shownCount: Int { (checklist.hidesChecked ? remainingCount : itemCount) - hiddenNotStartedCount }

    /// Items the checklist screen leaves out: checked off, and not started.
    public var hiddenCount: Int { hiddenCheckedCount + hiddenNotStartedCount }

    /// Items checked off that the checklist screen leaves out.
    public var hiddenCheckedCount: Int { checklist.hidesChecked ? itemCount - remainingCount : 0 }

    /// "(No Items)", "All Done!" or "N Remaining", as in the original app.
    public var detail: String {
        if itemCount == 0 { return "(No Items)" }
        if remainingCount == 0 { return "All Done!" }
        return "\(remainingCount) Remaining"
    }
}
