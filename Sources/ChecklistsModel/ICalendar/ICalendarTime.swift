import Foundation

// Dates, date-times, durations and time zones as iCalendar writes them.
// Civil dates are converted with plain arithmetic (days from 1970 by the
// proleptic Gregorian calendar), not Calendar or DateFormatter: a fuzzer
// reads millions of them, and UTC needs no time zone database.

/// A wall-clock date and time as written, before any time zone applies.
public struct ICalCivilTime: Hashable, Sendable {
    public var year, month, day, hour, minute, second: Int

    /// Seconds since 1970 if this wall time were UTC.
    var secondsAsUTC: Int64 {
        ICalCivilTime.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    init(secondsAsUTC seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        let (y, m, d) = ICalCivilTime.civil(days: days)
        self.init(year: y, month: m, day: d, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }

    /// Days from 1970-01-01 (Howard Hinnant's days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 0 Sunday ... 6 Saturday.
    static func weekday(days: Int64) -> Int {
        Int(((days % 7) + 11) % 7)
    }
}

/// A DATE or DATE-TIME value as written.
public enum ICalTimeValue: Hashable, Sendable {
    /// `VALUE=DATE`: a whole day, no time zone.
    case date(ICalCivilTime)
    /// Ends in `Z`.
    case utc(ICalCivilTime)
    /// With a TZID, or floating (nil).
    case local(ICalCivilTime, tzid: String?)

    /// Reads `20261224`, `20261224T180000`, `20261224T170000Z`; nil for
    /// anything else (or an impossible date such as February 30).
    public init?(_ property: ICalProperty) {
        let utf8 = Array(property.value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < utf8.count, utf8[index] >= 0x30, utf8[index] <= 0x39 else { return nil }
                value = value * 10 + Int(utf8[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              (1...12).contains(month), day >= 1, day <= ICalCivilTime.daysInMonth(year: year, month: month) else { return nil }
        if utf8.count == 8 {
            self = .date(ICalCivilTime(year: year, month: month, day: day))
            return
        }
        guard utf8.count == 15 || (utf8.count == 16 && utf8[15] == 0x5A), utf8[8] == 0x54,
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let time = ICalCivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        if utf8.count == 16 {
            self = .utc(time)
        } else {
            self = .local(time, tzid: property.parameter("TZID"))
        }
    }

    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }
}

/// Turns DATE and DATE-TIME values into instants: UTC as is; a TZID by
/// Foundation's rules for that zone when it knows the id, else by the file's
/// VTIMEZONE, else by the id's last "Area/City" part (Thunderbird's
/// `/mozilla.org/.../Europe/Berlin`); floating times and DATEs (midnight
/// starting that day) in the user's zone.
public struct ICalZones: Sendable {
    public var local: TimeZone
    var definitions: [String: ICalComponent]

    public init(local: TimeZone, calendar: ICalComponent?) {
        self.local = local
        var definitions: [String: ICalComponent] = [:]
        for zone in calendar?.components ?? [] where zone.name == "VTIMEZONE" {
            if let id = zone.first("TZID")?.value { definitions[id] = zone }
        }
        self.definitions = definitions
    }

    /// The zone Foundation knows for `tzid`, if any.
    public static func known(_ tzid: String) -> TimeZone? {
        if let zone = TimeZone(identifier: tzid) { return zone }
        let parts = tzid.split(separator: "/")
        if parts.count >= 2, let zone = TimeZone(identifier: parts.suffix(2).joined(separator: "/")) { return zone }
        return nil
    }

    public func date(_ value: ICalTimeValue) -> Date {
        switch value {
        case let .utc(time):
            return Date(timeIntervalSince1970: TimeInterval(time.secondsAsUTC))
        case let .date(day):
            return Self.instant(day, in: local)
        case let .local(time, tzid):
            guard let tzid else { return Self.instant(time, in: local) }
            if let zone = TimeZone(identifier: tzid) { return Self.instant(time, in: zone) }
            if let definition = definitions[tzid] {
                let wall = time.secondsAsUTC
                return Date(timeIntervalSince1970: TimeInterval(wall - Int64(Self.offset(atWallTime: wall, in: definition))))
            }
            return Self.instant(time, in: Self.known(tzid) ?? local)
        }
    }

    public func date(_ property: ICalProperty?) -> Date? {
        guard let property, let value = ICalTimeValue(property) else { return nil }
        return date(value)
    }

    /// The instant a wall time names in `zone` (in a spring-forward gap or
    /// a repeated hour, one of the two readings).
    static func instant(_ time: ICalCivilTime, in zone: TimeZone) -> Date {
        let wall = time.secondsAsUTC
        let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
        let second = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - first))))
        return Date(timeIntervalSince1970: TimeInterval(wall - second))
    }

    static func wallTime(_ date: Date, in zone: TimeZone) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: date))
    }

    // MARK: - VTIMEZONE rules

    /// The UTC offset at a wall time by a VTIMEZONE: the observance
    /// (STANDARD or DAYLIGHT) whose latest onset is not after it. Onsets come
    /// from DTSTART, RDATEs and a yearly RRULE with BYMONTH and BYDAY
    /// (`-1SU`, `2SU`) or BYMONTHDAY with BYDAY, which is what zone
    /// definitions in the wild use.
    static func offset(atWallTime wall: Int64, in zone: ICalComponent) -> Int {
        let year = ICalCivilTime(secondsAsUTC: wall).year
        var best: (onset: Int64, offset: Int)?
        var earliest: (onset: Int64, offset: Int)?
        for observance in zone.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let to = observance.first("TZOFFSETTO").flatMap({ utcOffset($0.value) }),
                  let startProperty = observance.first("DTSTART"), let startValue = ICalTimeValue(startProperty) else { continue }
            let start: ICalCivilTime
            switch startValue {
            case let .date(time), let .utc(time), let .local(time, _): start = time
            }
            var onsets = [start.secondsAsUTC]
            for rdate in observance.all("RDATE") {
                for part in rdate.value.split(separator: ",") {
                    if let value = ICalTimeValue(ICalProperty(name: "RDATE", value: String(part))), case let .local(time, _) = value {
                        onsets.append(time.secondsAsUTC)
                    }
                }
            }
            if let rule = observance.first("RRULE")?.value {
                for candidateYear in [year - 1, year] where candidateYear >= start.year {
                    if let onset = yearlyOnset(rule: rule, year: candidateYear, start: start) { onsets.append(onset) }
                }
            }
            for onset in onsets {
                if onset <= wall, onset > (best?.onset ?? Int64.min) { best = (onset, to) }
                let from = observance.first("TZOFFSETFROM").flatMap { utcOffset($0.value) } ?? to
                if onset < (earliest?.onset ?? Int64.max) { earliest = (onset, from) }
            }
        }
        return best?.offset ?? earliest?.offset ?? 0
    }

    /// `+0100`, `-0530`, `+013000` as seconds.
    static func utcOffset(_ text: String) -> Int? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 5 || utf8.count == 7, utf8[0] == 0x2B || utf8[0] == 0x2D,
              utf8.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = utf8.dropFirst().map { Int($0 - 0x30) }
        let seconds = (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
            + (digits.count == 6 ? digits[4] * 10 + digits[5] : 0)
        return utf8[0] == 0x2D ? -seconds : seconds
    }

    private static let weekdayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    private static func yearlyOnset(rule: String, year: Int, start: ICalCivilTime) -> Int64? {
        var parts: [String: String] = [:]
        for part in rule.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parts[String(pair[0])] = String(pair[1]) }
        }
        guard parts["FREQ"] == "YEARLY", let month = parts["BYMONTH"].flatMap({ Int($0) }), (1...12).contains(month),
              (0...9999).contains(year) else { return nil }
        let length = ICalCivilTime.daysInMonth(year: year, month: month)
        var day: Int?
        if let byDay = parts["BYDAY"] {
            let name = String(byDay.suffix(2))
            guard let weekday = weekdayNames.firstIndex(of: name) else { return nil }
            let ordinalText = byDay.dropLast(2)
            let days = (1...length).filter {
                ICalCivilTime.weekday(days: ICalCivilTime.days(year: year, month: month, day: $0)) == weekday
            }
            if let monthDays = parts["BYMONTHDAY"] {
                let allowed = Set(monthDays.split(separator: ",").compactMap { Int($0) })
                day = days.first { allowed.contains($0) }
            } else if ordinalText.isEmpty {
                day = days.first
            } else if let ordinal = Int(ordinalText), ordinal != 0, (-days.count...days.count).contains(ordinal) {
                day = ordinal > 0 ? days[ordinal - 1] : days[days.count + ordinal]
            }
        } else {
            day = min(start.day, length)
        }
        guard let day else { return nil }
        let onset = ICalCivilTime(year: year, month: month, day: day, hour: start.hour, minute: start.minute, second: start.second).secondsAsUTC
        if let until = parts["UNTIL"], let value = ICalTimeValue(ICalProperty(name: "UNTIL", value: until)) {
            switch value {
            case let .date(time), let .utc(time), let .local(time, _): if onset > time.secondsAsUTC + 86_400 { return nil }
            }
        }
        return onset
    }
}

// MARK: - Writing times and durations

public enum ICalTimeText {
    /// `20261224T170000Z`.
    public static func utc(_ date: Date) -> String {
        civil(ICalCivilTime(secondsAsUTC: Int64(date.timeIntervalSince1970.rounded(.down)))) + "Z"
    }

    /// The wall time in `zone`, to go with a TZID: `20261224T180000`.
    public static func local(_ date: Date, in zone: TimeZone) -> String {
        civil(ICalCivilTime(secondsAsUTC: ICalZones.wallTime(date, in: zone)))
    }

    /// The day in `zone`: `20261224`.
    public static func day(_ date: Date, in zone: TimeZone) -> String {
        String(civil(ICalCivilTime(secondsAsUTC: ICalZones.wallTime(date, in: zone))).prefix(8))
    }

    static func civil(_ time: ICalCivilTime) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(time.year, 4) + pad(time.month, 2) + pad(time.day, 2) + "T" + pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2)
    }

    /// A DURATION such as `-PT15M`, `P1D`, `-P1DT2H`, `P2W` in seconds; nil
    /// when it is not one (or is beyond ten thousand years).
    public static func duration(_ text: String) -> Int64? {
        var utf8 = Substring(text).utf8[...]
        var sign: Int64 = 1
        if utf8.first == 0x2D { sign = -1; utf8 = utf8.dropFirst() } else if utf8.first == 0x2B { utf8 = utf8.dropFirst() }
        guard utf8.first == 0x50 else { return nil }
        utf8 = utf8.dropFirst()
        var total: Int64 = 0
        var number: Int64?
        var inTime = false
        var any = false
        for byte in utf8 {
            switch byte {
            case 0x30...0x39:
                let value = (number ?? 0) * 10 + Int64(byte - 0x30)
                guard value < 400_000_000_000 else { return nil }
                number = value
            case 0x54:
                guard !inTime, number == nil else { return nil }
                inTime = true
            default:
                guard let value = number else { return nil }
                let unit: Int64
                switch (byte, inTime) {
                case (0x57, false): unit = 604_800
                case (0x44, false): unit = 86_400
                case (0x48, true): unit = 3600
                case (0x4D, true): unit = 60
                case (0x53, true): unit = 1
                default: return nil
                }
                total += value * unit
                guard total < 400_000_000_000 else { return nil }
                number = nil
                any = true
            }
        }
        guard any, number == nil else { return nil }
        return sign * total
    }
}
