import Foundation
import ChecklistsModel

/// What `list` filters on besides lists, dates and text: the priority
/// (`--priority`). Kept apart from the listing itself, which reads and
/// prints; this only narrows what it read and marks the text cell.
public struct FieldFilter: Sendable {
    /// Only items of this priority; nil: any.
    public var priority: Priority?

    public init(priority: Priority? = nil) {
        self.priority = priority
    }

    /// `--priority` as typed: checked before the database is opened.
    public init(priority text: String?) throws(CommandLineError) {
        priority = try text.map { text throws(CommandLineError) in try Inputs.priority(text) }
    }

    var isEmpty: Bool { priority == nil }

    /// `items` narrowed to the ones this filter keeps, in their order.
    func apply(to items: [ListedItem]) -> [ListedItem] {
        isEmpty ? items : items.filter(keeps)
    }

    func keeps(_ listed: ListedItem) -> Bool {
        if let priority, listed.item.priority != priority { return false }
        return true
    }

    /// The text column of a `list` line: the priority's mark before the
    /// text ("!!! Call the bank"), as the app's rows show it.
    static func textCell(_ item: Item) -> String {
        item.priority == .none ? item.text : item.priority.mark + " " + item.text
    }
}
