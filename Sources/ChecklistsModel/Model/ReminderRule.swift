import Foundation

/// When one of an item's reminders rings: a number of minutes before the
/// due date (0: at the due date, which is what Remind Me means), or at a
/// moment of its own. An item has any number of them, each an iCalendar
/// VALARM, each claimed, delivered and snoozed on its own.
public enum ReminderTime: Hashable, Sendable, Comparable {
    /// `minutes` before the due date; 0 is at the due date. Needs a due date.
    case beforeDue(minutes: Int)
    /// At this moment (whole minutes), due date or not.
    case at(Date)

    /// The reminder Remind Me has always meant.
    public static let atDue = ReminderTime.beforeDue(minutes: 0)

    /// The reminders of an item with Remind Me, or with none, and `others`:
    /// made without a new array in the common cases (every row read passes
    /// here, most with no reminder or Remind Me alone).
    public static func with(shouldRemind: Bool, _ others: [ReminderTime]) -> [ReminderTime] {
        if others.isEmpty { return shouldRemind ? onlyAtDue : [] }
        return normalized((shouldRemind ? onlyAtDue : []) + others)
    }

    private static let onlyAtDue = [ReminderTime.atDue]

    /// The longest offset accepted: a year of minutes. Longer is a typing
    /// slip, and keeps every fire time inside the years a date can show.
    public static let longestOffset = 366 * 24 * 60

    /// How the storage names it: `b60` (an hour before), `a1796000000`
    /// (seconds since 1970 UTC). The item row lists its reminders other than
    /// at due this way, and each pending reminder row is filed under it.
    public var code: String {
        switch self {
        case let .beforeDue(minutes): "b\(minutes)"
        case let .at(date): "a\(Int64(date.timeIntervalSince1970.rounded(.down)))"
        }
    }

    public init?(code: some StringProtocol) {
        guard let kind = code.first, let number = Int64(code.dropFirst()) else { return nil }
        switch kind {
        case "b" where number >= 0 && number <= Int64(Self.longestOffset): self = .beforeDue(minutes: Int(number))
        case "a" where number >= 0 && number < 253_402_300_800: self = .at(Date(timeIntervalSince1970: TimeInterval(number)))
        default: return nil
        }
    }

    /// When it rings for an item due at `dueDate`, or nil (a reminder
    /// before the due date of an item without one rings never).
    public func fireDate(dueDate: Date?) -> Date? {
        switch self {
        case let .beforeDue(minutes): dueDate.map { $0.addingTimeInterval(-TimeInterval(minutes * 60)) }
        case let .at(date): date
        }
    }

    /// Reminders at due first, then by offset (nearest the due date first),
    /// then the absolute ones by time: the order Item Detail and every
    /// listing show them in.
    public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool {
        switch (lhs, rhs) {
        case let (.beforeDue(a), .beforeDue(b)): a < b
        case (.beforeDue, .at): true
        case (.at, .beforeDue): false
        case let (.at(a), .at(b)): a < b
        }
    }

    /// A set of reminders as an item keeps them: each once, in order.
    /// Nothing to sort for none or one (every item read from a row passes
    /// here, most with no reminder or Remind Me alone).
    public static func normalized(_ reminders: [ReminderTime]) -> [ReminderTime] {
        reminders.count < 2 ? reminders : Array(Set(reminders)).sorted()
    }

    /// The item row's text for its reminders other than at due (Remind Me
    /// has its own column): codes joined by commas, '' for none.
    public static func storedList(_ reminders: [ReminderTime]) -> String {
        normalized(reminders).filter { $0 != .atDue }.map(\.code).joined(separator: ",")
    }

    /// The reminders of an item row: Remind Me's, then the listed ones. A
    /// code this version cannot read (a newer one wrote it) is left out
    /// rather than failing the read.
    public static func fromStored(shouldRemind: Bool, list: String) -> [ReminderTime] {
        with(shouldRemind: shouldRemind, list.isEmpty ? [] : list.split(separator: ",").compactMap { ReminderTime(code: $0) })
    }

    /// Words for the offset, as a banner, a notification and Item Detail
    /// say it: "at the due time", "1 hour before", "2 days 9 hours before".
    /// An absolute reminder has no words of its own: its date says it.
    public var offsetWords: String? {
        guard case let .beforeDue(minutes) = self else { return nil }
        if minutes == 0 { return "at the due time" }
        return Self.durationWords(minutes) + " before"
    }

    /// "1 hour", "2 days 9 hours", "1 week", "90 minutes" is "1 hour 30 minutes".
    public static func durationWords(_ minutes: Int) -> String {
        var parts: [String] = []
        var rest = minutes
        let units: [(Int, String)] = [(7 * 24 * 60, "week"), (24 * 60, "day"), (60, "hour"), (1, "minute")]
        for (size, name) in units where rest >= size {
            // Weeks only when they are whole: "10 days", not "1 week 3 days".
            if size == 7 * 24 * 60 && rest % size != 0 { continue }
            let count = rest / size
            rest -= count * size
            parts.append("\(count) \(name)\(count == 1 ? "" : "s")")
        }
        return parts.joined(separator: " ")
    }

    /// The short form the command line takes and `list --json` writes:
    /// `0m`, `15m`, `1h`, `1d`, `2w`, `1d9h` (see `parseOffset`).
    public static func shortOffset(_ minutes: Int) -> String {
        if minutes == 0 { return "0m" }
        var rest = minutes
        var text = ""
        for (size, unit) in [(7 * 24 * 60, "w"), (24 * 60, "d"), (60, "h"), (1, "m")] where rest >= size {
            if size == 7 * 24 * 60 && rest % size != 0 { continue }
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }

    /// Reads a reminder before the due date as typed: an offset
    /// (`parseOffset`), or "2 days before 9:00" (9:00 on the day two days
    /// before the due date's, which needs the due date and must not be
    /// after it). Nil when it is neither.
    public static func parseBefore(_ text: String, dueDate: Date?, calendar: Calendar) -> Int? {
        let lowered = text.lowercased()
        guard let split = lowered.range(of: " before ") else { return parseOffset(text) }
        guard let dueDate, let days = parseOffset(String(lowered[..<split.lowerBound])), days % (24 * 60) == 0 else { return nil }
        let clock = lowered[split.upperBound...].trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard (1...2).contains(clock.count), let hour = Int(clock[0]), (0...23).contains(hour) else { return nil }
        let minute = clock.count == 2 ? Int(clock[1]) : 0
        guard let minute, (0...59).contains(minute),
              let day = calendar.date(byAdding: .day, value: -days / (24 * 60), to: calendar.startOfDay(for: dueDate)),
              let moment = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) else { return nil }
        let offset = Int(dueDate.timeIntervalSince(moment) / 60)
        return offset >= 0 && offset <= longestOffset ? offset : nil
    }

    /// Reads an offset before the due date: a number with a unit, one or
    /// more (`5m`, `1h`, `1d`, `2w`, `1d9h`, `90m`; `min`, `hour(s)`,
    /// `day(s)`, `week(s)` spelled out too), or nil when it is not one or is
    /// longer than `longestOffset`.
    public static func parseOffset(_ text: String) -> Int? {
        let scalars = Array(text.lowercased().unicodeScalars.filter { $0 != " " })
        var index = 0
        var total = 0
        var sawPart = false
        while index < scalars.count {
            var digits = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { digits.unicodeScalars.append(scalars[index]); index += 1 }
            var unit = ""
            while index < scalars.count, ("a"..."z").contains(scalars[index]) { unit.unicodeScalars.append(scalars[index]); index += 1 }
            guard !digits.isEmpty, digits.count <= 7, let count = Int(digits) else { return nil }
            let size: Int
            switch unit {
            case "m", "min", "mins", "minute", "minutes": size = 1
            case "h", "hour", "hours": size = 60
            case "d", "day", "days": size = 24 * 60
            case "w", "week", "weeks": size = 7 * 24 * 60
            default: return nil
            }
            total += count * size
            guard total <= longestOffset else { return nil }
            sawPart = true
        }
        return sawPart ? total : nil
    }
}

/// The reminder rule (the manual page, REMINDERS), as a pure function of an item and
/// the time: a reminder is pending exactly when the item is not checked off
/// and the reminder's time (its offset before the due date, or its own
/// moment) is still ahead.
///
/// Everything else follows from it: adding, editing, checking, unchecking and
/// deleting never schedule or cancel reminders by hand; the database stores
/// the rule's answer, one row per pending reminder, whenever one of its
/// inputs changes.
public enum ReminderRule {
    /// When the item's reminder at the due date should fire, or nil for no reminder.
    public static func reminderDate(shouldRemind: Bool, isChecked: Bool, dueDate: Date?, now: Date) -> Date? {
        guard let dueDate else { return nil }
        return shouldRemind && !isChecked && dueDate > now ? dueDate : nil
    }

    /// When the item's first reminder should fire, or nil for none.
    public static func reminderDate(for item: Item, now: Date) -> Date? {
        pending(reminders: item.reminders, isChecked: item.isChecked, dueDate: item.dueDate, now: now).map(\.fireAt).min()
    }

    /// The time each reminder rings by its own definition (before any
    /// snooze), or nil when it cannot ring: the item is checked off, or the
    /// reminder is before a due date the item does not have. Whether that
    /// time is still ahead is `pending`'s question.
    public static func scheduledDate(of reminder: ReminderTime, isChecked: Bool, dueDate: Date?) -> Date? {
        isChecked ? nil : reminder.fireDate(dueDate: dueDate)
    }

    /// The reminders of an item that are pending at `now`, each with when it rings.
    public static func pending(reminders: [ReminderTime], isChecked: Bool, dueDate: Date?, now: Date) -> [(reminder: ReminderTime, fireAt: Date)] {
        reminders.compactMap { reminder in
            scheduledDate(of: reminder, isChecked: isChecked, dueDate: dueDate).flatMap { $0 > now ? (reminder, $0) : nil }
        }
    }

    /// Whether a change to an item must recompute its reminders: only the
    /// rule's inputs count, so editing the text keeps a pending (or snoozed)
    /// reminder as it is, and editing nothing delivers nothing twice.
    public static func inputsChanged(from old: Item, to new: Item) -> Bool {
        old.reminders != new.reminders || old.isChecked != new.isChecked || old.dueDate != new.dueDate
    }
}

/// A reminder that came due, claimed for delivery by this process.
public struct DueReminder: Hashable, Sendable, Identifiable {
    public var item: Item
    public var checklistName: String
    /// When it was meant to fire (its time, or the end of a snooze).
    public var remindAt: Date
    /// Which of the item's reminders rang.
    public var reminder: ReminderTime

    /// One item may have several reminders due together: each is its own.
    public struct ID: Hashable, Sendable {
        public var itemID: Int64
        public var reminder: ReminderTime

        public init(itemID: Int64, reminder: ReminderTime) {
            self.itemID = itemID
            self.reminder = reminder
        }
    }

    public var id: ID { ID(itemID: item.id, reminder: reminder) }

    public init(item: Item, checklistName: String, remindAt: Date, reminder: ReminderTime = .atDue) {
        self.item = item
        self.checklistName = checklistName
        self.remindAt = remindAt
        self.reminder = reminder
    }

    /// What a banner and a notification put before the item's text to say
    /// which reminder rang: "in 1 hour" for one before the due date, nothing
    /// for the one at the due date or one at a time of its own (the due
    /// time shown beside it says enough). Counted from when it rings, so a
    /// reminder an hour before that was snoozed 5 minutes says "in 55
    /// minutes", and one snoozed past the due time says nothing.
    public var lead: String? {
        guard case let .beforeDue(minutes) = reminder, minutes > 0, let due = item.dueDate else { return nil }
        let left = Int((due.timeIntervalSince(remindAt) / 60).rounded(.down))
        guard left > 0 else { return nil }
        return "in " + ReminderTime.durationWords(left)
    }
}
