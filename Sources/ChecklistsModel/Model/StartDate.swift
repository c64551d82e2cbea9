import Foundation

/// The rules of an item's start (iCalendar's DTSTART): before it the item
/// has not started, and it stays out of what is due. A start without a due
/// date is allowed; one at or after the due date is not (iCalendar reads a
/// DTSTART equal to DUE as no start: Apple writes one on every dated
/// reminder). A repeating item keeps its start as a lead before each
/// occurrence, shorter than one repeat.
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
        if start >= due { return "The start is not before the due date: move the start or the due date." }
        if let recurrence, !isLead(start: start, due: due, recurrence: recurrence, calendar: calendar) {
            return "A repeating item must start before it is due and less than one repeat before: move the start."
        }
        return nil
    }

    /// Whether `start` is a start a repeating item can keep: before `due`
    /// and after the occurrence before it, in the user's calendar and in
    /// UTC (a file is read back in either, and a month or a weekday can end
    /// at another moment there). iCalendar reads a repeating to-do's DTSTART
    /// as its start only then (otherwise it is where the repeat is counted
    /// from), so the two readings never meet.
    public static func isLead(start: Date, due: Date, recurrence: Recurrence, calendar: Calendar) -> Bool {
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC")!
        return start < due && start > previousOccurrence(before: due, recurrence: recurrence, calendar: calendar)
            && start > previousOccurrence(before: due, recurrence: recurrence, calendar: utc)
    }

    /// The start of the occurrence after one due at `due`, for one due at
    /// `nextDue` of `recurrence`: as many days before it as `start` was
    /// before `due`, at `start`'s clock time, so "the Monday before a
    /// Friday" stays so. Where that is no lead (Friday evening before a
    /// Monday's weekday item, moved to a Tuesday: Saturday), the next
    /// occurrence starts at the beginning of its day, or a minute before it
    /// is due when it is due at 00:00.
    public static func moved(_ start: Date, from due: Date, to nextDue: Date, recurrence: Recurrence, calendar: Calendar) -> Date {
        let lead = calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: calendar.startOfDay(for: due)).day ?? 0
        let time = calendar.dateComponents([.hour, .minute], from: start)
        var candidates = [calendar.startOfDay(for: nextDue), nextDue.addingTimeInterval(-60)]
        if let day = calendar.date(byAdding: .day, value: -lead, to: calendar.startOfDay(for: nextDue)),
           let moved = calendar.date(bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: 0, of: day) {
            candidates.insert(moved, at: 0)
        }
        return candidates.first { isLead(start: $0, due: nextDue, recurrence: recurrence, calendar: calendar) } ?? nextDue.addingTimeInterval(-60)
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
