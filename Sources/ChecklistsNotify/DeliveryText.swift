import Foundation
import ChecklistsModel

/// What each channel says about a delivery: pure functions of the delivery
/// and the user's date style, so tests read them as literal text.
public struct DeliveryText: Sendable {
    public var style: DueDateStyle

    public init(style: DueDateStyle) {
        self.style = style
    }

    /// How many reminders tmux's one-line message names before "and N more".
    static let namedInBody = 10

    /// The notification's title: the item's text, or how many are due.
    public func summary(_ delivery: Delivery) -> String {
        let reminders = delivery.reminders
        let late = reminders.contains(where: delivery.isLate)
        if reminders.count == 1 { return (late ? "Late reminder: " : "Reminder: ") + Self.named(reminders[0]) }
        return "\(reminders.count) \(late ? "reminders, late" : "reminders")"
    }

    /// The notification's text: per item its list and when it was due (and
    /// its text, when several are grouped: a line each, all of them).
    public func body(_ delivery: Delivery) -> String {
        let reminders = delivery.reminders
        if reminders.count == 1 { return detail(reminders[0], delivery: delivery) }
        // Every one by name: a notification server shows what fits, and
        // none of them is hidden behind "and N more".
        return reminders.map { Self.named($0) + " · " + detail($0, delivery: delivery) }.joined(separator: "\n")
    }

    /// The item's text on one line, after which of its reminders rang when
    /// that is not the due time's: "in 1 hour: Pay rent".
    static func named(_ reminder: DueReminder) -> String {
        (reminder.lead.map { $0 + ": " } ?? "") + oneLine(reminder.item.text)
    }

    /// "in Errands · due today 9:00 AM", "… · late, it was due at 9:00 AM".
    func detail(_ reminder: DueReminder, delivery: Delivery) -> String {
        let moment = reminder.item.dueDate ?? reminder.remindAt
        let when = style.relative(moment, now: delivery.at, form: .inSentence)
        let due = delivery.isLate(reminder) ? "late, due \(when)" : "due \(when)"
        return "in \(Self.oneLine(reminder.checklistName)) · \(due)"
    }

    /// The tmux status-line message: one line naming every item.
    public func tmuxMessage(_ delivery: Delivery) -> String {
        let reminders = delivery.reminders
        let late = reminders.contains(where: delivery.isLate) ? "Late reminder" : "Reminder"
        if reminders.count == 1 { return "\(late): \(Self.named(reminders[0])) (\(detail(reminders[0], delivery: delivery)))" }
        let names = reminders.prefix(Self.namedInBody).map { Self.named($0) }.joined(separator: "; ")
        let more = reminders.count > Self.namedInBody ? "; and \(reminders.count - Self.namedInBody) more" : ""
        return "\(reminders.count) \(late.lowercased())s: \(names)\(more)"
    }

    /// The user's command's environment for one reminder: id, text, list and
    /// due time (RFC 3339, in the user's time zone), and the moment it was
    /// meant to fire, which of its reminders it is (CHECKLISTS_REMINDER:
    /// `0m`, `1h`, … before the due time, or `at` a time of its own), with
    /// CHECKLISTS_LATE=1 when it is late.
    public func environment(_ reminder: DueReminder, delivery: Delivery) -> [String: String] {
        var environment = [
            "CHECKLISTS_ITEM_ID": String(reminder.item.id),
            "CHECKLISTS_ITEM_TEXT": reminder.item.text,
            "CHECKLISTS_ITEM_LIST": reminder.checklistName,
            "CHECKLISTS_ITEM_DUE": reminder.item.dueDate.map { Timestamp.format($0, in: style.timeZone) } ?? "",
            "CHECKLISTS_REMIND_AT": Timestamp.format(reminder.remindAt, in: style.timeZone),
            "CHECKLISTS_REMINDER": Self.shortName(reminder.reminder),
        ]
        if delivery.isLate(reminder) { environment["CHECKLISTS_LATE"] = "1" }
        return environment
    }

    /// The stderr line for one delivered reminder.
    static func logLine(_ reminder: DueReminder, delivery: Delivery, via: String) -> String {
        let lateness = delivery.at.timeIntervalSince(reminder.remindAt)
        let late = delivery.isLate(reminder) ? ", late by \(Self.duration(lateness))" : ""
        return "delivered item \(reminder.item.id) “\(named(reminder))” (reminder at \(Timestamp.format(reminder.remindAt, in: TimeZone(identifier: "UTC")!))\(late)) via \(via)"
    }

    /// `1h` (before the due time, `0m` at it) or `at`: what a script tells apart.
    static func shortName(_ reminder: ReminderTime) -> String {
        if case let .beforeDue(minutes) = reminder { ReminderTime.shortOffset(minutes) } else { "at" }
    }

    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds)
        if whole < 120 { return "\(whole) s" }
        if whole < 7200 { return "\(whole / 60) min" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// Item text on one line with no control characters: it goes to
    /// terminals (tmux) and logs, where an escape sequence must not act.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? " " : scalar
        }))
    }
}
