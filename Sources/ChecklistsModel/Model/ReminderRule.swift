import Foundation

/// The reminder rule (the manual page, REMINDERS), as a pure function of an item and
/// the time: a reminder exists exactly when Remind Me is on, the item is not
/// checked off, and it has a due date that is still ahead.
///
/// Everything else follows from it: adding, editing, checking, unchecking and
/// deleting never schedule or cancel reminders by hand; the database stores
/// the rule's answer (`remindAt`) whenever one of its inputs changes.
public enum ReminderRule {
    /// When the item's reminder should fire, or nil for no reminder.
    public static func reminderDate(shouldRemind: Bool, isChecked: Bool, dueDate: Date?, now: Date) -> Date? {
        guard let dueDate else { return nil }
        return shouldRemind && !isChecked && dueDate > now ? dueDate : nil
    }

    public static func reminderDate(for item: Item, now: Date) -> Date? {
        reminderDate(shouldRemind: item.shouldRemind, isChecked: item.isChecked, dueDate: item.dueDate, now: now)
    }

    /// Whether a change to an item must recompute its reminder: only the
    /// rule's inputs count, so editing the text keeps a pending (or snoozed)
    /// reminder as it is, and editing nothing delivers nothing twice.
    public static func inputsChanged(from old: Item, to new: Item) -> Bool {
        old.shouldRemind != new.shouldRemind || old.isChecked != new.isChecked || old.dueDate != new.dueDate
    }
}

/// A reminder that came due, claimed for delivery by this process.
public struct DueReminder: Hashable, Sendable, Identifiable {
    public var item: Item
    public var checklistName: String
    /// When it was meant to fire (the due date, or the end of a snooze).
    public var remindAt: Date

    public var id: Int64 { item.id }

    public init(item: Item, checklistName: String, remindAt: Date) {
        self.item = item
        self.checklistName = checklistName
        self.remindAt = remindAt
    }
}
