import Foundation

// Wall-clock arithmetic shared by the date picker, the due-date parser and the
// date style.
//
// Foundation's `Calendar.date(from:)` resolves a wall time inside a DST gap by
// shifting it by the gap's length (Europe/Berlin 2026-03-29 02:30 becomes
// 03:30), while the product rule is "the first valid minute after the gap"
// (03:00). It also leaves open which occurrence of a repeated wall time it
// picks. So the conversion wall time -> instant is done here, on plain
// integers, asking the time zone only for its UTC offset at an instant. All
// calendar fields are proleptic Gregorian; the `Calendar` handed in supplies
// the time zone.

/// Integer helpers for the proleptic Gregorian calendar, counted in days since
/// 1970-01-01 ("day numbers") so that adding days is plain integer addition.
enum GregorianDayMath {
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Number of days in `month` (1-12) of `year`; 31 for a month outside
    /// 1-12 so callers that clamp never produce an empty range.
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`). Exact for
    /// any valid date; callers keep the year to a few million at most.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = GregorianDayMath.floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12  // March = 0, so the leap day is last
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Inverse of `dayNumber(year:month:day:)` (`civil_from_days`).
    static func civilDate(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = GregorianDayMath.floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// 1 = Sunday ... 7 = Saturday, the numbering `Calendar` uses.
    static func weekday(dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (5).
        GregorianDayMath.floorMod(dayNumber + 4, 7) + 1
    }

    /// Integer division rounding toward minus infinity, so instants before
    /// 1970 (UTC-negative seconds) split into day and time of day correctly.
    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The non-negative remainder matching `floorDiv`.
    static func floorMod(_ a: Int, _ b: Int) -> Int {
        a - GregorianDayMath.floorDiv(a, b) * b
    }

    /// Day numbers of the first and last day of the supported years, used to
    /// reject arithmetic results before they are turned into fields.
    static let supportedDayNumbers: ClosedRange<Int> =
        dayNumber(year: DateFields.supportedYears.lowerBound, month: 1, day: 1)
        ... dayNumber(year: DateFields.supportedYears.upperBound, month: 12, day: 31)
}

/// Conversions between instants and wall-clock seconds ("local seconds": the
/// wall time read as if it were UTC) in one time zone.
enum WallClockMath {
    /// Whole seconds of `date`, rounded down and kept inside a range where
    /// every later integer operation is safe. `Date.distantFuture` or a NaN
    /// must not trap in `Int(_:)`; the clamped value is far outside the
    /// supported years, so callers still reject it.
    static func seconds(of date: Date) -> Int {
        let limit = 1e13  // about 317,000 years
        let t = date.timeIntervalSince1970
        guard t.isFinite else { return t < 0 ? -Int(limit) : Int(limit) }
        return Int(min(max(t.rounded(.down), -limit), limit))
    }

    /// UTC offset in seconds of `timeZone` at the instant `utcSeconds`.
    static func offset(at utcSeconds: Int, in timeZone: TimeZone) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcSeconds)))
    }

    /// Wall-clock seconds of `date` in `timeZone`, sub-second part dropped.
    static func localSeconds(of date: Date, in timeZone: TimeZone) -> Int {
        let utc = seconds(of: date)
        return utc + offset(at: utc, in: timeZone)
    }

    /// The instant at which the wall clock of `timeZone` shows `local`.
    ///
    /// - A wall time that occurs twice (the hour repeated when clocks go back)
    ///   resolves to the occurrence whose UTC offset is `preferredOffset`, if
    ///   given and possible, otherwise to the earlier one: the picker passes
    ///   the offset of the date being edited so that changing the minute on
    ///   the second 02:30 does not jump back an hour.
    /// - A wall time that does not exist (skipped when clocks go forward)
    ///   resolves to the first whole minute after the gap, e.g. 02:30 on
    ///   2026-03-29 in Europe/Berlin becomes 03:00. The user asked for a time
    ///   the clock never shows, and the earliest valid time after it is the
    ///   least surprising reading: it is still "after" what they typed, and
    ///   it is the same for every minute inside the gap.
    static func instant(forLocal local: Int, in timeZone: TimeZone, preferredOffset: Int? = nil) -> Date {
        // Offsets in force around that wall time. One day either side covers
        // every real transition, including whole skipped days (Pacific/Apia,
        // 2011-12-30).
        let offsets = Set([-86_400, 0, 86_400].map { offset(at: local + $0, in: timeZone) })
        let matches = offsets
            .map { local - $0 }
            .filter { offset(at: $0, in: timeZone) == local - $0 }
            .sorted()
        if let preferredOffset, matches.contains(local - preferredOffset) {
            return date(local - preferredOffset)
        }
        if let earliest = matches.first {
            return date(earliest)
        }

        // In a gap: reading the wall time with the larger offset gives an
        // instant before the transition, with the smaller one an instant after
        // it. The transition itself is the first instant after the gap.
        guard let smallest = offsets.min(), let largest = offsets.max(), smallest != largest else {
            return date(local - (offsets.first ?? 0))  // unreachable with a sane zone database
        }
        var before = local - largest
        var after = local - smallest
        let offsetAfter = offset(at: after, in: timeZone)
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if offset(at: middle, in: timeZone) == offsetAfter {
                after = middle
            } else {
                before = middle
            }
        }
        // Transitions fall on whole minutes in practice; round up so a zone
        // that does otherwise still gives a minute-precise result.
        let wallAfterGap = after + offsetAfter
        let roundUp = GregorianDayMath.floorMod(60 - GregorianDayMath.floorMod(wallAfterGap, 60), 60)
        return date(after + roundUp)
    }

    /// `date` moved back to the start of its wall-clock minute in `timeZone`,
    /// because due dates have minute precision.
    static func truncatedToMinute(_ date: Date, in timeZone: TimeZone) -> Date {
        let utc = seconds(of: date)
        let local = utc + offset(at: utc, in: timeZone)
        return self.date(utc - GregorianDayMath.floorMod(local, 60))
    }

    private static func date(_ utcSeconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(utcSeconds))
    }
}

/// One field of the inline date picker, in the order the picker shows them
/// and Tab moves through them.
public enum DateField: Int, CaseIterable, Sendable {
    case year, month, day, hour, minute

    /// How many digits the user can type into the field before focus moves
    /// on, and how wide the picker draws it.
    public var maxDigits: Int {
        self == .year ? 4 : 2
    }
}

/// The wall-clock fields of a due date as the date picker shows and edits
/// them, detached from an instant so that invalid intermediate states (31
/// February while typing) can be represented and checked before they become
/// a `Date`.
public struct DateFields: Equatable, Sendable {
    /// The range of years a due date may have. Years outside it are rejected
    /// rather than clamped, so a typo never silently becomes a different date.
    static let supportedYears: ClosedRange<Int> = 1970...9999

    /// Gregorian year; a valid due date has 1970...9999.
    public var year: Int
    /// 1...12.
    public var month: Int
    /// 1...length of the month.
    public var day: Int
    /// 0...23.
    public var hour: Int
    /// 0...59.
    public var minute: Int

    /// Fields as given, unchecked, so a caller can build a candidate and ask
    /// `date(in:)` whether it names a real date.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// The wall time `date` shows in `calendar`'s time zone, seconds dropped,
    /// because that is what the user sees and edits.
    public init(date: Date, calendar: Calendar) {
        self.init(localSeconds: WallClockMath.localSeconds(of: date, in: calendar.timeZone))
    }

    init(localSeconds: Int) {
        let (year, month, day) = GregorianDayMath.civilDate(dayNumber: GregorianDayMath.floorDiv(localSeconds, 86_400))
        let secondOfDay = GregorianDayMath.floorMod(localSeconds, 86_400)
        self.init(year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60)
    }

    /// The value of `field`, so the picker can draw and edit fields generically.
    public subscript(field: DateField) -> Int {
        get {
            switch field {
            case .year: year
            case .month: month
            case .day: day
            case .hour: hour
            case .minute: minute
            }
        }
        set {
            switch field {
            case .year: year = newValue
            case .month: month = newValue
            case .day: day = newValue
            case .hour: hour = newValue
            case .minute: minute = newValue
            }
        }
    }

    /// Whether every field lies within `range(of:in:)`; the calendar is not
    /// consulted beyond Gregorian rules, hence no parameter.
    var isValid: Bool {
        DateField.allCases.allSatisfy { rangeIgnoringCalendar(of: $0).contains(self[$0]) }
    }

    /// Days since 1970-01-01 of the date part, meaningful only when valid.
    var dayNumber: Int {
        GregorianDayMath.dayNumber(year: year, month: month, day: day)
    }

    /// The wall time read as if it were UTC, meaningful only when valid.
    var localSeconds: Int {
        dayNumber * 86_400 + hour * 3600 + minute * 60
    }

    /// 1 = Sunday ... 7 = Saturday, for the weekday the picker shows next to
    /// the date; nil while the fields do not name a real day.
    public var weekday: Int? {
        isValid ? GregorianDayMath.weekday(dayNumber: dayNumber) : nil
    }

    /// The date these fields name in `calendar`, seconds zero; DST-gap wall
    /// times move forward to the first valid minute. A wall time that occurs
    /// twice (clocks going back) gives the earlier instant. Nil if any field is
    /// out of range, so an impossible date is never rolled over into another.
    public func date(in calendar: Calendar) -> Date? {
        date(in: calendar.timeZone, preferredOffset: nil)
    }

    func date(in timeZone: TimeZone, preferredOffset: Int?) -> Date? {
        guard isValid else { return nil }
        return WallClockMath.instant(forLocal: localSeconds, in: timeZone, preferredOffset: preferredOffset)
    }

    /// Valid values of `field` given the other fields (day depends on month
    /// and year), so the picker can wrap, clamp and reject typed digits. The
    /// calendar is assumed Gregorian; only its rules for month lengths matter.
    public func range(of field: DateField, in calendar: Calendar) -> ClosedRange<Int> {
        rangeIgnoringCalendar(of: field)
    }

    private func rangeIgnoringCalendar(of field: DateField) -> ClosedRange<Int> {
        switch field {
        case .year: DateFields.supportedYears
        case .month: 1...12
        case .day: 1...GregorianDayMath.daysInMonth(month, year: year)
        case .hour: 0...23
        case .minute: 0...59
        }
    }

    /// Pulls the day back to the last day of the month, for when month or
    /// year changed under it (31 January + 1 month is 28/29 February).
    mutating func clampDay() {
        day = min(max(day, 1), GregorianDayMath.daysInMonth(month, year: year))
    }
}

/// The arithmetic behind the date picker's Up/Down keys and typed digits.
public enum DatePickerMath {
    /// `date` moved by `amount` units of `field` with carry, in `calendar`.
    /// Clamped at the year bounds 1970...9999 (returns the input, seconds
    /// zeroed, if the result would leave them). Seconds zero.
    ///
    /// Year, month and day steps keep the wall time (a 09:00 reminder stays at
    /// 09:00 across a DST change) and clamp the day to the new month's length.
    /// Hour and minute steps go through `Calendar.date(byAdding:)`, i.e. they
    /// move by elapsed time and show the resulting wall time: stepping the
    /// minute down from 03:00 on a spring-forward day gives 01:59, and stepping
    /// the hour up from the first 02:30 on a fall-back day gives the second
    /// 02:30. A wall-clock step would instead get stuck at the gap or never
    /// reach the repeated hour.
    public static func adding(_ amount: Int, to field: DateField, of date: Date, calendar: Calendar) -> Date {
        let timeZone = calendar.timeZone
        let start = WallClockMath.truncatedToMinute(date, in: timeZone)
        let fields = DateFields(date: start, calendar: calendar)
        let result: Date?
        switch field {
        case .year, .month, .day:
            result = shiftingDate(fields, by: amount, field: field)
                .flatMap { $0.date(in: timeZone, preferredOffset: timeZone.secondsFromGMT(for: start)) }
        case .hour, .minute:
            // Any step longer than the supported years leaves them; refusing
            // it here keeps huge amounts away from Foundation's arithmetic.
            let limit = (DateFields.supportedYears.count + 1) * 366 * 24 * (field == .hour ? 1 : 60)
            guard amount.magnitude <= UInt(limit) else { return start }
            result = calendar.date(byAdding: field == .hour ? .hour : .minute, value: amount, to: start)
                .map { WallClockMath.truncatedToMinute($0, in: timeZone) }
        }
        guard let result, DateFields.supportedYears.contains(DateFields(date: result, calendar: calendar).year) else {
            return start
        }
        return result
    }

    /// `fields` with the date part moved by `amount` years, months or days,
    /// or nil when the arithmetic leaves the supported years (checked before
    /// any overflow could happen).
    private static func shiftingDate(_ fields: DateFields, by amount: Int, field: DateField) -> DateFields? {
        var shifted = fields
        switch field {
        case .year:
            let (year, overflow) = fields.year.addingReportingOverflow(amount)
            guard !overflow, DateFields.supportedYears.contains(year) else { return nil }
            shifted.year = year
            shifted.clampDay()
        case .month:
            let monthIndex = fields.year * 12 + (fields.month - 1)
            let (shiftedIndex, overflow) = monthIndex.addingReportingOverflow(amount)
            guard !overflow else { return nil }
            shifted.year = GregorianDayMath.floorDiv(shiftedIndex, 12)
            shifted.month = GregorianDayMath.floorMod(shiftedIndex, 12) + 1
            guard DateFields.supportedYears.contains(shifted.year) else { return nil }
            shifted.clampDay()
        case .day:
            let (dayNumber, overflow) = fields.dayNumber.addingReportingOverflow(amount)
            guard !overflow, GregorianDayMath.supportedDayNumbers.contains(dayNumber) else { return nil }
            (shifted.year, shifted.month, shifted.day) = GregorianDayMath.civilDate(dayNumber: dayNumber)
        case .hour, .minute:
            return nil
        }
        return shifted
    }

    /// `date` with `field` set to `value`, for digits typed into the picker.
    /// Nil if `value` is outside that field's range given the other fields
    /// (so day 31 in April is rejected, not rolled over), except that when
    /// month or year is set the day is clamped to the new month's length:
    /// the user is changing the month, not the day. The wall time is kept,
    /// DST-gap times move forward to the first valid minute, and a repeated
    /// wall time keeps the UTC offset `date` had where possible. Seconds zero.
    public static func setting(_ field: DateField, to value: Int, of date: Date, calendar: Calendar) -> Date? {
        let timeZone = calendar.timeZone
        let start = WallClockMath.truncatedToMinute(date, in: timeZone)
        var fields = DateFields(date: start, calendar: calendar)
        guard fields.range(of: field, in: calendar).contains(value) else { return nil }
        fields[field] = value
        if field == .year || field == .month {
            fields.clampDay()
        }
        return fields.date(in: timeZone, preferredOffset: timeZone.secondsFromGMT(for: start))
    }
}
