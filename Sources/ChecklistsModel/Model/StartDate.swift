import Foundation

/// The rules of an item's start (iCalendar's DTSTART): before it the item
/// has not started, and it stays out of what is due. A start without a due
/// date is allowed; one after the due date is not. A repeating item keeps
/// its start as a lead before each occurrence, shorter than one repeat.
public enum StartDate {
    /// Whether an item starting at `start` has started at `now` (an item
    /// without a start always has).
    public static func hasStarted(_ start: Date?, now: Date) -> Bool {
        guard let start else { return true }
        return start <= now
    }

    /// Why this start cannot be kept with this due date and repeat, as the
    /// one line a user reads (what is wrong, what to do); nil when it can.
    public static func problem(start: Date?, due: Date?, recurrence: Recurrence?, calendar: Calendar) -> String? {
        guard let start, let due else { return nil }
        if start > due { return "The start is after the due date: move the start or the due date." }
        if let recurrence, !isLead(start: start, due: due, recurrence: recurrence, calendar: calendar) {
            return "A repeating item must start before it is due and less than one repeat before: move the start."
        }
        return nil
    }

    /// Whether `start` is a start a repeating item can keep: before `due`
    /// and after the occurrence before it. iCalendar reads a repeating
    /// to-do's DTSTART as its start only then (otherwise it is where the
    /// repeat is counted from), so the two readings never meet.
    public static func isLead(start: Date, due: Date, recurrence: Recurrence, calendar: Calendar) -> Bool {
        start < due && start > previousOccurrence(before: due, recurrence: recurrence, calendar: calendar)
    }

    /// The start of the occurrence after one due at `due`, for one due at
    /// `nextDue`: as many days before it as `start` was before `due`, at
    /// `start`'s clock time, so "the Monday before a Friday" stays so.
    public static func moved(_ start: Date, from due: Date, to nextDue: Date, calendar: Calendar) -> Date {
        let lead = calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: calendar.startOfDay(for: due)).day ?? 0
        let time = calendar.dateComponents([.hour, .minute], from: start)
        guard let day = calendar.date(byAdding: .day, value: -lead, to: calendar.startOfDay(for: nextDue)),
              let moved = calendar.date(bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: 0, of: day) else {
            return nextDue.addingTimeInterval(start.timeIntervalSince(due))
        }
        // Never after the due date it leads (a clock change can move it).
        return min(moved, nextDue)
    }

    /// One repeat before `due`: the moment its previous occurrence would be
    /// due (for weekdays, the weekday before it).
    static func previousOccurrence(before due: Date, recurrence: Recurrence, calendar: Calendar) -> Date {
        let step: (Calendar.Component, Int) = switch recurrence {
        case let .days(n): (.day, -n)
        case let .weeks(n): (.day, -7 * n)
        case .monthly: (.month, -1)
        case .yearly: (.month, -12)
        case .weekdays:
            // Monday's is Friday's; the others' the day before.
            (.day, calendar.component(.weekday, from: due) == 2 ? -3 : -1)
        }
        return calendar.date(byAdding: step.0, value: step.1, to: due) ?? due
    }
}
