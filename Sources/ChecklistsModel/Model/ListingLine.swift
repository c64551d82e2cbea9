import Foundation

/// What a table of one line per item shows of a listed item (`list`), read
/// in place: its text and tags are the bytes SQLite holds for the row (or
/// an item's own), valid only while the call that hands the line over runs.
/// Making a `String` and an `Item` of every row was most of what `list` of
/// 100,000 spent beyond SQLite's walk; a line copies nothing it does not print.
public struct ListingLine {
    public var id: Int64
    public var checklistID: Int64
    public var checklistName: String
    /// The item's text as stored: UTF-8 that nothing checked, so a reader
    /// must sanitize it (`TextWidth.appendSanitized`).
    public var text: UnsafeBufferPointer<UInt8>
    public var isChecked: Bool
    public var dueDate: Date?
    public var priority: Priority
    /// The tags as stored (`Tags.stored`): separated by `Tags.separator`.
    public var storedTags: UnsafeBufferPointer<UInt8>
    public var startDate: Date?
    public var parentID: Int64?
    /// How deep a listing that keeps families together shows it under the
    /// item it follows (0: on its own).
    public var depth: Int = 0
    /// For a sub-item listed apart from its parent, the parent's text.
    public var parentText: String?
    /// The rest of the item, where it was asked for (`list --json`).
    public var details: Details?

    /// What an item holds besides a line's columns.
    public struct Details {
        /// The note as stored: UTF-8 that nothing checked, as `text`.
        public var note: UnsafeBufferPointer<UInt8>
        /// As `Item.reminders`: Remind Me's first, if on.
        public var reminders: [ReminderTime]
        /// As `Item.remindAt`: the pending reminder's time.
        public var remindAt: Date?
        public var recurrence: Recurrence?
        public var lastDoneAt: Date?

        /// Remind Me, as `Item.shouldRemind`.
        public var shouldRemind: Bool { reminders.contains(.atDue) }
    }

    /// Overdue as `Item.isOverdue` says: due now or before, not checked off.
    public func isOverdue(now: Date) -> Bool {
        guard let dueDate else { return false }
        return !isChecked && dueDate <= now
    }

    /// Started as `Item.hasStarted` says.
    public func hasStarted(now: Date) -> Bool { StartDate.hasStarted(startDate, now: now) }

    /// `body` given `item`'s line, with its details unless `details` is
    /// false (a table's sub-item): its texts are the item's own bytes.
    public static func with<Result>(_ item: Item, checklistName: String, depth: Int = 0, parentText: String? = nil, details: Bool = true,
                                    _ body: (ListingLine) throws -> Result) rethrows -> Result {
        var text = item.text
        var tags = Tags.stored(item.tags)
        var note = item.note
        return try text.withUTF8 { text in
            try tags.withUTF8 { tags in
                try note.withUTF8 { note in
                    try body(ListingLine(id: item.id, checklistID: item.checklistID, checklistName: checklistName, text: text,
                                         isChecked: item.isChecked, dueDate: item.dueDate, priority: item.priority, storedTags: tags,
                                         startDate: item.startDate, parentID: item.parentID, depth: depth, parentText: parentText,
                                         details: details ? Details(note: note, reminders: item.reminders, remindAt: item.remindAt,
                                                                    recurrence: item.recurrence, lastDoneAt: item.lastDoneAt) : nil))
                }
            }
        }
    }
}
