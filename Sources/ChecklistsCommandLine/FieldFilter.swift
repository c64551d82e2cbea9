import Foundation
import ChecklistsModel

/// What `list` filters on besides lists, dates and text: the priority
/// (`--priority`) and the tags (`--tag`, each of them). The database narrows the listing by it, so the column
/// widths measured before the first line count only the rows printed.
public struct FieldFilter: Sendable {
    /// Only items of this priority; nil: any.
    public var priority: Priority?
    /// Only items having every one of these tags (case ignored).
    public var tags: [String]

    public init(priority: Priority? = nil, tags: [String] = []) {
        self.priority = priority
        self.tags = tags
    }

    /// `--priority` and `--tag` as typed: checked before the database is opened.
    public init(priority text: String?, tags: [String] = []) throws(CommandLineError) {
        priority = try text.map { text throws(CommandLineError) in try Inputs.priority(text) }
        self.tags = try Inputs.tags(tags)
    }
}
