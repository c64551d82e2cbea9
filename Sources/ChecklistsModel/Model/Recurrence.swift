import Foundation

/// How an item repeats. Each case is one RFC 5545 recurrence rule, stored
/// and exported as its RRULE text, so an iCalendar writer can copy it:
///
/// | case            | RRULE                               |
/// |-----------------|-------------------------------------|
/// | `.days(1)`      | `FREQ=DAILY`                        |
/// | `.days(n)`      | `FREQ=DAILY;INTERVAL=n`             |
/// | `.weekdays`     | `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`  |
/// | `.weeks(1)`     | `FREQ=WEEKLY`                       |
/// | `.weeks(n)`     | `FREQ=WEEKLY;INTERVAL=n`            |
/// | `.monthly`      | `FREQ=MONTHLY`                      |
/// | `.yearly`       | `FREQ=YEARLY`                       |
///
/// Occurrences are counted from the series' start (iCalendar's DTSTART: the
/// due date as the user last set it) in the user's calendar, so a 09:00
/// daily item stays at 09:00 local time across a DST change. A monthly or
/// yearly item keeps its start's day of the month and is moved to the last
/// day of a shorter month (from Jan 31: Feb 28 or 29, Mar 31, Apr 30; from
/// Feb 29: Feb 28 in other years). RFC 5545 would skip such months instead;
/// nobody wants a rent reminder to skip February.
public enum Recurrence: Hashable, Sendable {
    case days(Int)
    case weekdays
    case weeks(Int)
    case monthly
    case yearly

    /// The largest interval accepted ("every 999 days").
    public static let maxInterval = 999

    /// The choices the Repeat row steps through (nil: never), intervals at 1.
    public static let choices: [Recurrence?] = [nil, .days(1), .weekdays, .weeks(1), .monthly, .yearly]

    // MARK: - RRULE

    /// The RFC 5545 RRULE value (without the `RRULE:` name).
    public var rrule: String {
        switch self {
        case .days(1): "FREQ=DAILY"
        case let .days(n): "FREQ=DAILY;INTERVAL=\(n)"
        case .weekdays: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case .weeks(1): "FREQ=WEEKLY"
        case let .weeks(n): "FREQ=WEEKLY;INTERVAL=\(n)"
        case .monthly: "FREQ=MONTHLY"
        case .yearly: "FREQ=YEARLY"
        }
    }

    /// Reads the RRULEs above (parts in any order, names in any case, an
    /// `RRULE:` prefix allowed, INTERVAL=1 as no interval, WKST ignored:
    /// it changes none of these); nil for any rule this app cannot keep
    /// exactly (BYDAY other than weekdays, COUNT, ...).
    ///
    /// With `start` (the series' first day in the user's calendar: its
    /// weekday, day and month), also the rules other apps write that mean
    /// one of these from that start: `FREQ=WEEKLY;BYDAY=MO` from a Monday,
    /// `FREQ=MONTHLY;BYMONTHDAY=15` from the 15th, `FREQ=YEARLY;BYMONTH=3;
    /// BYMONTHDAY=15` from March 15, weekdays in any order.
    public init?(rrule text: String, start: DateComponents? = nil) {
        // The rules this app writes itself, as every stored one is, read
        // without the parse (Foundation's trimming and a dictionary per
        // rule were a twentieth of `list --json` of 100,000 items).
        if let written = Self.written(text) {
            self = written
            return
        }
        var body = text.trimmingCharacters(in: .whitespaces).uppercased()
        if body.hasPrefix("RRULE:") { body.removeFirst(6) }
        var parts: [String: String] = [:]
        for part in body.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, parts[pair[0]] == nil else { return nil }
            parts[pair[0]] = pair[1]
        }
        guard let frequency = parts.removeValue(forKey: "FREQ") else { return nil }
        var interval = 1
        if let text = parts.removeValue(forKey: "INTERVAL") {
            guard let value = Int(text), (1...Self.maxInterval).contains(value) else { return nil }
            interval = value
        }
        // The week's first day matters only to weekly rules with several
        // days and an interval: none of ours.
        if let weekStart = parts.removeValue(forKey: "WKST"), !Self.dayNames.contains(weekStart) { return nil }
        let days = parts.removeValue(forKey: "BYDAY").map { Set($0.split(separator: ",").map(String.init)) }
        // Parts that only repeat what the start says.
        if let start {
            if let day = parts["BYMONTHDAY"], Int(day) == start.day, frequency == "MONTHLY" || frequency == "YEARLY" {
                parts["BYMONTHDAY"] = nil
            }
            if let month = parts["BYMONTH"], Int(month) == start.month, frequency == "YEARLY" { parts["BYMONTH"] = nil }
        }
        guard parts.isEmpty else { return nil }
        let startDay = start?.weekday.map { Self.dayNames[($0 + 5) % 7] }
        switch (frequency, days, interval) {
        case ("DAILY", nil, _): self = .days(interval)
        case ("WEEKLY", Self.weekdayNames?, 1): self = .weekdays
        case ("WEEKLY", nil, _): self = .weeks(interval)
        case let ("WEEKLY", days?, _) where startDay != nil && days == [startDay!]: self = .weeks(interval)
        case ("MONTHLY", nil, 1): self = .monthly
        case ("YEARLY", nil, 1): self = .yearly
        default: return nil
        }
    }

    /// The rule whose `rrule` is exactly `text`; nil for any other text,
    /// which the parse then reads.
    private static func written(_ text: String) -> Recurrence? {
        switch text {
        case "FREQ=DAILY": return .days(1)
        case "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR": return .weekdays
        case "FREQ=WEEKLY": return .weeks(1)
        case "FREQ=MONTHLY": return .monthly
        case "FREQ=YEARLY": return .yearly
        default:
            for (prefix, rule) in [("FREQ=DAILY;INTERVAL=", Recurrence.days), ("FREQ=WEEKLY;INTERVAL=", Recurrence.weeks)]
            where text.hasPrefix(prefix) {
                guard let interval = Int(text.dropFirst(prefix.utf8.count)), (2...maxInterval).contains(interval) else { return nil }
                return rule(interval)
            }
            return nil
        }
    }

    /// RRULE's day names, Monday first.
    private static let dayNames = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    private static let weekdayNames: Set<String> = ["MO", "TU", "WE", "TH", "FR"]

    // MARK: - Words

    /// What the Repeat row and the command line's help say.
    public var name: String {
        switch self {
        case .days(1): "every day"
        case let .days(n): "every \(n) days"
        case .weekdays: "weekdays"
        case .weeks(1): "every week"
        case let .weeks(n): "every \(n) weeks"
        case .monthly: "every month"
        case .yearly: "every year"
        }
    }

    /// The short form a list row shows beside the item.
    public var shortName: String {
        switch self {
        case .days(1): "daily"
        case .weeks(1): "weekly"
        case .monthly: "monthly"
        case .yearly: "yearly"
        default: name
        }
    }

    /// `--repeat`: daily, weekdays, weekly, monthly, yearly, "every day",
    /// "every N days", "every N weeks" (or the RRULE text itself).
    public init?(phrase: String) {
        let words = phrase.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        switch words {
        case ["daily"], ["every", "day"]: self = .days(1)
        case ["weekdays"], ["every", "weekday"]: self = .weekdays
        case ["weekly"], ["every", "week"]: self = .weeks(1)
        case ["monthly"], ["every", "month"]: self = .monthly
        case ["yearly"], ["every", "year"], ["annually"]: self = .yearly
        default:
            if words.count == 3, words[0] == "every", let n = Int(words[1]), (1...Self.maxInterval).contains(n) {
                switch words[2] {
                case "day", "days": self = .days(n)
                case "week", "weeks": self = .weeks(n)
                default: return nil
                }
            } else if let rule = Recurrence(rrule: phrase) {
                self = rule
            } else {
                return nil
            }
        }
    }

    /// The same kind of repeat every `interval` days or weeks; other kinds
    /// have no interval and become every `interval` days.
    public func withInterval(_ interval: Int) -> Recurrence {
        let n = min(max(1, interval), Self.maxInterval)
        if case .weeks = self { return .weeks(n) }
        return .days(n)
    }

    // MARK: - Occurrences

    /// The first occurrence strictly after `reference`, for the series that
    /// starts at `start`, in `calendar` (its time zone decides the wall
    /// time). Pure: the table tests cover DST, month ends, leap years,
    /// weekdays and intervals.
    public func nextOccurrence(after reference: Date, start: Date, calendar: Calendar) -> Date {
        switch self {
        case .weekdays:
            // The start's wall time on each day from the reference's day on;
            // a weekend or a moment not after the reference moves a day.
            let time = calendar.dateComponents([.hour, .minute, .second], from: start)
            var day = calendar.startOfDay(for: max(reference, start))
            for _ in 0..<10 {
                let weekday = calendar.component(.weekday, from: day)
                if weekday != 1 && weekday != 7,
                   let candidate = calendar.date(bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: time.second ?? 0, of: day),
                   candidate > reference, candidate >= start {
                    return candidate
                }
                guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
                day = calendar.startOfDay(for: next)
            }
            return reference.addingTimeInterval(86_400)
        case let .days(n): return step(.day, by: n, after: reference, start: start, calendar: calendar)
        case let .weeks(n): return step(.day, by: 7 * n, after: reference, start: start, calendar: calendar)
        case .monthly: return step(.month, by: 1, after: reference, start: start, calendar: calendar)
        case .yearly: return step(.month, by: 12, after: reference, start: start, calendar: calendar)
        }
    }

    /// `start` plus k·`size` units for the least k ≥ 1 that is after
    /// `reference`. Always added to the start (never to the last occurrence),
    /// so the wall time and the day of the month never drift: Jan 31 + 1
    /// month is Feb 28, + 2 months Mar 31.
    private func step(_ unit: Calendar.Component, by size: Int, after reference: Date, start: Date, calendar: Calendar) -> Date {
        let elapsed = calendar.dateComponents([unit], from: start, to: reference).value(for: unit) ?? 0
        var k = max(1, elapsed / size - 1)
        while true {
            guard let candidate = calendar.date(byAdding: unit, value: k * size, to: start) else {
                return reference.addingTimeInterval(86_400)
            }
            if candidate > reference { return candidate }
            k += 1
        }
    }
}
