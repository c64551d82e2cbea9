import Foundation
import ChecklistsModel

/// What `list` filters on besides lists, dates and text: the priority
/// (`--priority`). The database narrows the listing by it, so the column
/// widths measured before the first line count only the rows printed.
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

    /// The text column of a `list` line: the priority's mark before the
    /// text ("!!! Call the bank"), as the app's rows show it.
    static func textCell(_ item: Item) -> String {
        item.priority == .none ? item.text : item.priority.mark + " " + item.text
    }
}
