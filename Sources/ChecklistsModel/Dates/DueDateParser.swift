import Foundation

/// Turns what the user types into the due-date field ("tomorrow 9am",
/// "fri 17:00", "+2h", "2026-12-24 18:00") into an instant.
///
/// Typing is faster than stepping a picker, and words like "tomorrow" need a
/// reference point, so parsing always takes `now` and the user's calendar
/// (whose time zone says what "9:00" means) explicitly; nothing here reads
/// the clock or the machine's time zone, which keeps it testable.
///
/// Accepted forms, case-insensitive, any white space between words:
/// - a day: `today`, `tomorrow`, a weekday (`fri`, `friday`), `next fri`,
///   `2026-12-24`, `24.12.2026`; a day without a time means 09:00.
/// - a day and a time: `tomorrow 9:00`, `fri at 5:30pm`, `2026-12-24T18:00`,
///   also the other way round (`9am tomorrow`).
/// - a time: `17:30`, `9am`, `12pm`, `noon`, `midnight`: today if that is
///   still ahead of now, else tomorrow.
/// - a duration from now: `+2h`, `+30m`, `+3d`, `+1w`, `+1h30m`,
///   `in 2 hours`, `in an hour`, `in 3 days and 2 hours`.
///
/// Slash forms like `12/24` are deliberately not accepted: whether they are
/// month/day or day/month depends on the reader, and a wrong guess is worse
/// than an error.
public struct DueDateParser: Sendable {
    /// The user's calendar; its time zone interprets wall times.
    public let calendar: Calendar

    /// - Parameter calendar: Gregorian calendar carrying the user's time zone
    ///   (and locale); wall times typed by the user are read in that zone.
    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// The longest duration "+…" accepts: 100 years of days. Later dates are
    /// typed as dates.
    public static let longestDuration = (years: 100, days: 36_525)

    /// The due date `text` names, seen from `now`, with seconds zero; or an
    /// error whose `description` tells the user what to type instead.
    ///
    /// Wall times that do not exist because clocks skip forward (Europe/Berlin
    /// 2026-03-29 02:30) resolve to the first valid minute after the gap
    /// (03:00); wall times that occur twice resolve to the earlier instant.
    public func parse(_ text: String, now: Date) -> Result<Date, DueDateParseError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let tokens = Token.tokenize(trimmed.lowercased())
        if tokens.isEmpty {
            return .failure(.empty)
        }
        var syntax = SyntaxParser(tokens: tokens)
        guard let expression = syntax.parseExpression() else {
            return .failure(.unreadable(trimmed))
        }
        let resolver = Resolver(timeZone: calendar.timeZone, now: now, text: trimmed)
        return Result { try resolver.resolve(expression) }
            .mapError { $0 as? DueDateParseError ?? .unreadable(trimmed) }
    }
}

/// Why a typed due date was rejected. Each case carries what the user typed
/// or the offending number, so the message can point at the mistake instead
/// of just saying "invalid".
public enum DueDateParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but white space was typed.
    case empty
    /// The text matches none of the accepted forms; carries the text as typed.
    case unreadable(String)
    /// A year outside 1970...9999, typed or reached by "tomorrow" on the last
    /// day of 9999.
    case yearOutOfRange(Int)
    /// A month outside 1...12.
    case invalidMonth(Int)
    /// A day that the month does not have (31 April, 29 February 2027, day 0).
    case invalidDay(day: Int, month: Int, year: Int)
    /// An hour outside 0...23 on the 24-hour clock (`25:00`).
    case invalidHour(Int)
    /// An hour outside 1...12 with am/pm (`13pm`, `0am`).
    case invalidTwelveHourClockHour(Int)
    /// A minute outside 0...59 (`9:61`).
    case invalidMinute(Int)
    /// Non-zero seconds (`18:00:30`): due dates have minute precision, and
    /// silently dropping what the user typed would be surprising.
    case secondsNotSupported
    /// A duration that lands outside the years 1970...9999 (`+2h` late on
    /// 31 December 9999); carries the text as typed.
    case tooFarAway(String)
    /// A duration longer than `DueDateParser.longestDuration` (`+999999d`,
    /// which would be the year 4764): far more likely a slip of the finger
    /// than a plan, so it is refused instead of saved as a date nobody meant.
    case durationTooLong(String)

    /// One line for the status bar that says what went wrong and what to do.
    public var description: String {
        let years = "\(DateFields.supportedYears.lowerBound)-\(DateFields.supportedYears.upperBound)"
        switch self {
        case .empty:
            return #"type a date, for example "tomorrow 9:00""#
        case .unreadable(let text):
            return #"can't read "\#(Self.quotable(text))": "#
                + #"try "tomorrow 9:00", "fri 17:00", "+2h" or "2026-12-24 18:00""#
        case .yearOutOfRange(let year):
            return "year \(year) is out of range (\(years))"
        case .invalidMonth(let month):
            return "there is no month \(month): months go from 1 to 12"
        case .invalidDay(let day, let month, let year):
            guard day >= 1, (1...12).contains(month) else {
                return "there is no day \(day): days start at 1"
            }
            let name = Self.monthNames[month - 1]
            return "\(name) \(year) has only \(GregorianDayMath.daysInMonth(month, year: year)) days"
        case .invalidHour(let hour):
            return "there is no hour \(hour): hours go from 0 to 23"
        case .invalidTwelveHourClockHour(let hour):
            return "there is no \(hour) o'clock with am/pm: use 1 to 12, or 0 to 23 without am/pm"
        case .invalidMinute(let minute):
            return "there is no minute \(minute): minutes go from 00 to 59"
        case .secondsNotSupported:
            return #"due dates have no seconds: leave them out, for example "18:00""#
        case .tooFarAway(let text):
            return #""\#(Self.quotable(text))" is too far away: due dates must be in the years \#(years)"#
        case .durationTooLong(let text):
            return #""\#(Self.quotable(text))" is more than \#(DueDateParser.longestDuration.years) years ahead: type the date itself, for example "2126-12-24 18:00""#
        }
    }

    // English like the rest of the messages; the locale only affects how
    // dates are displayed, not the parser's vocabulary.
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The typed text made safe to echo in a one-line message: control
    /// characters (a pasted newline) would break the status line, and a
    /// pasted paragraph would push the hint off screen.
    private static func quotable(_ text: String) -> String {
        let flattened = String(text.map { character in
            character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } ? " " : character
        })
        let limit = 40
        return flattened.count > limit ? flattened.prefix(limit) + "…" : flattened
    }
}

// The parser's internals are nested in it so that short names like `Token`
// and `TimeSpec` cannot clash with anything else in the module.
extension DueDateParser {
    // MARK: - Tokens

    /// The pieces the typed text is split into. Letters and digits form separate
    /// tokens even without a space, so "9am", "+2h" and "2026-12-24t18:00" need
    /// no special cases.
    enum Token: Equatable {
        /// A run of ASCII digits; nil when it does not fit in an `Int`, which no
        /// valid field does, but a duration must report as "too far away" rather
        /// than crash or wrap.
        case number(Int?, digitCount: Int)
        case word(String)
        case symbol(Character)

        static func tokenize(_ text: String) -> [Token] {
            var tokens: [Token] = []
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character.isWhitespace {
                    index = text.index(after: index)
                } else if character.isASCII, character.isNumber {
                    let end = text[index...].firstIndex { !($0.isASCII && $0.isNumber) } ?? text.endIndex
                    let digits = text[index..<end]
                    tokens.append(.number(Int(digits), digitCount: digits.count))
                    index = end
                } else if character.isLetter {
                    let end = text[index...].firstIndex { !$0.isLetter } ?? text.endIndex
                    tokens.append(.word(String(text[index..<end])))
                    index = end
                } else {
                    tokens.append(.symbol(character))
                    index = text.index(after: index)
                }
            }
            return tokens
        }
    }

    // MARK: - Syntax

    /// What the text says, before it is checked against the calendar. Numbers are
    /// kept raw so that range errors can be reported precisely after the whole
    /// text is known to be well-formed.
    enum Phrase: Equatable {
        /// A day, a time, or both; at least one is present.
        case absolute(day: DaySpec?, time: TimeSpec?)
        /// A duration from now.
        case relative([RelativeAmount])
    }

    enum DaySpec: Equatable {
        case today
        case tomorrow
        /// `weekday` is 1 = Sunday ... 7 = Saturday; `next` rules out today.
        case weekday(Int, next: Bool)
        /// Raw calendar fields; nil for a number too long to be anything valid.
        case date(year: Int?, month: Int?, day: Int?)
    }

    /// A typed time of day, unchecked: `25:00` and `13pm` get here and are
    /// rejected with a specific message later.
    struct TimeSpec: Equatable {
        enum Meridiem: Equatable { case am, pm }
        var hour: Int
        var minute = 0
        var second = 0
        var meridiem: Meridiem?
    }

    struct RelativeAmount: Equatable {
        enum Unit: Equatable { case minute, hour, day, week }
        /// Nil when the typed number does not fit in an `Int`.
        var count: Int?
        var unit: Unit
    }

    /// A small hand-written parser over the tokens. Every `parse…` method either
    /// consumes a complete phrase and returns it, or returns nil and leaves the
    /// position unchanged, so alternatives can simply be tried in turn.
    struct SyntaxParser {
        private let tokens: [Token]
        private var position = 0

        init(tokens: [Token]) {
            self.tokens = tokens
        }

        private static let weekdays: [String: Int] = [
            "sun": 1, "sunday": 1,
            "mon": 2, "monday": 2,
            "tue": 3, "tues": 3, "tuesday": 3,
            "wed": 4, "wednesday": 4,
            "thu": 5, "thur": 5, "thurs": 5, "thursday": 5,
            "fri": 6, "friday": 6,
            "sat": 7, "saturday": 7,
        ]

        private static let units: [String: RelativeAmount.Unit] = [
            "m": .minute, "min": .minute, "mins": .minute, "minute": .minute, "minutes": .minute,
            "h": .hour, "hr": .hour, "hrs": .hour, "hour": .hour, "hours": .hour,
            "d": .day, "day": .day, "days": .day,
            "w": .week, "wk": .week, "wks": .week, "week": .week, "weeks": .week,
        ]

        /// The whole text as one expression, or nil if any of it is left over.
        mutating func parseExpression() -> Phrase? {
            let expression = parseRelative() ?? parseAbsolute()
            return position == tokens.count ? expression : nil
        }

        // MARK: Relative

        /// `+2h`, `+1h30m`, `in 10 minutes`, `in an hour`, `in 3 days and 2 hours`.
        private mutating func parseRelative() -> Phrase? {
            let start = position
            let allowsArticle: Bool
            if take(.symbol("+")) {
                allowsArticle = false
            } else if take(.word("in")) {
                allowsArticle = true
            } else {
                return nil
            }
            var amounts: [RelativeAmount] = []
            while true {
                guard let amount = parseAmount(allowsArticle: allowsArticle) else {
                    position = start
                    return nil
                }
                amounts.append(amount)
                if position == tokens.count {
                    return .relative(amounts)
                }
                _ = take(.word("and"))
            }
        }

        private mutating func parseAmount(allowsArticle: Bool) -> RelativeAmount? {
            let start = position
            let count: Int?
            if case .number(let value, _) = peek() {
                count = value
            } else if allowsArticle, peek() == .word("a") || peek() == .word("an") {
                count = 1
            } else {
                return nil
            }
            position += 1
            guard case .word(let word) = peek(), let unit = Self.units[word] else {
                position = start
                return nil
            }
            position += 1
            return RelativeAmount(count: count, unit: unit)
        }

        // MARK: Absolute

        /// A day, a time, or both in either order.
        private mutating func parseAbsolute() -> Phrase? {
            if let day = parseDay() {
                return .absolute(day: day, time: parseTime())
            }
            if let time = parseTime() {
                return .absolute(day: parseDay(), time: time)
            }
            return nil
        }

        private mutating func parseDay() -> DaySpec? {
            switch peek() {
            case .word("today"):
                position += 1
                return .today
            case .word("tomorrow"):
                position += 1
                return .tomorrow
            case .word("next"):
                guard case .word(let name) = peek(offset: 1), let weekday = Self.weekdays[name] else { return nil }
                position += 2
                return .weekday(weekday, next: true)
            case .word(let name):
                guard let weekday = Self.weekdays[name] else { return nil }
                position += 1
                return .weekday(weekday, next: false)
            case .number:
                return parseNumericDate()
            default:
                return nil
            }
        }

        /// `2026-12-24` (ISO, optionally followed by the `T` that joins it to a
        /// time) or `24.12.2026` (common in Europe, unambiguous thanks to the dots
        /// and the year last).
        private mutating func parseNumericDate() -> DaySpec? {
            let start = position
            guard case .number(let first, _) = next(),
                  case .symbol(let separator) = next(), separator == "-" || separator == ".",
                  case .number(let second, _) = next(),
                  take(.symbol(separator)),
                  case .number(let third, _) = next()
            else {
                position = start
                return nil
            }
            if separator == "-" {
                if peek() == .word("t"), case .number = peek(offset: 1) {
                    position += 1
                }
                return .date(year: first, month: second, day: third)
            }
            return .date(year: third, month: second, day: first)
        }

        /// `9:00`, `17:30`, `18:00:00`, `9am`, `5:30pm`, `noon`, `midnight`, each
        /// optionally preceded by `at`. A bare number is not a time: "fri 9"
        /// could mean a date as easily as an hour.
        private mutating func parseTime() -> TimeSpec? {
            let start = position
            _ = take(.word("at"))
            if take(.word("noon")) {
                return TimeSpec(hour: 12, minute: 0)
            }
            if take(.word("midnight")) {
                return TimeSpec(hour: 0, minute: 0)
            }
            guard case .number(let hour?, let hourDigits) = next(), hourDigits <= 2 else {
                position = start
                return nil
            }
            var time = TimeSpec(hour: hour)
            let hasMinutes = take(.symbol(":"))
            if hasMinutes {
                guard let minute = parseTwoDigits() else {
                    position = start
                    return nil
                }
                time.minute = minute
                if take(.symbol(":")) {
                    guard let second = parseTwoDigits() else {
                        position = start
                        return nil
                    }
                    time.second = second
                }
            }
            if take(.word("am")) {
                time.meridiem = .am
            } else if take(.word("pm")) {
                time.meridiem = .pm
            }
            guard hasMinutes || time.meridiem != nil else {
                position = start
                return nil
            }
            return time
        }

        /// Minutes and seconds are always written with two digits; "9:5" is more
        /// likely a typo than 09:05.
        private mutating func parseTwoDigits() -> Int? {
            guard case .number(let value?, 2) = peek() else { return nil }
            position += 1
            return value
        }

        // MARK: Cursor

        private func peek(offset: Int = 0) -> Token? {
            position + offset < tokens.count ? tokens[position + offset] : nil
        }

        private mutating func next() -> Token? {
            defer { position += 1 }
            return peek()
        }

        private mutating func take(_ token: Token) -> Bool {
            guard peek() == token else { return false }
            position += 1
            return true
        }
    }

    // MARK: - Meaning

    /// Checks an expression against the calendar and turns it into an instant.
    fileprivate struct Resolver {
        let timeZone: TimeZone
        let now: Date
        let text: String

        /// The wall-clock day of `now`, the reference for "today", weekdays and
        /// bare times.
        private var today: DateFields {
            DateFields(localSeconds: WallClockMath.localSeconds(of: now, in: timeZone))
        }

        /// A day without a time means the start of a working day.
        private static let defaultTime = (hour: 9, minute: 0)

        func resolve(_ expression: Phrase) throws -> Date {
            switch expression {
            case .relative(let amounts):
                return try resolveRelative(amounts)
            case .absolute(let day, let time):
                return try resolveAbsolute(day: day, time: time)
            }
        }

        // MARK: Absolute

        private func resolveAbsolute(day: DaySpec?, time: TimeSpec?) throws -> Date {
            // Errors are reported in reading order: the date before the time.
            if case .date(let year, let month, let day) = day {
                try validateDate(year: year, month: month, day: day)
            }
            let (hour, minute) = try time.map(validate) ?? Self.defaultTime
            switch day {
            case nil:
                // A bare time is the next time the clock shows it.
                let todayAtTime = try instant(dayOffset: 0, hour: hour, minute: minute)
                return todayAtTime > now ? todayAtTime : try instant(dayOffset: 1, hour: hour, minute: minute)
            case .today:
                return try instant(dayOffset: 0, hour: hour, minute: minute)
            case .tomorrow:
                return try instant(dayOffset: 1, hour: hour, minute: minute)
            case .weekday(let weekday, let next):
                let todayWeekday = GregorianDayMath.weekday(dayNumber: today.dayNumber)
                let daysAhead = GregorianDayMath.floorMod(weekday - todayWeekday, 7)
                if daysAhead == 0 {
                    // "fri" typed on a Friday morning most likely means today at
                    // 9:00; once that is past, or with "next", it means next week.
                    let todayAtTime = try instant(dayOffset: 0, hour: hour, minute: minute)
                    if !next && todayAtTime > now {
                        return todayAtTime
                    }
                    return try instant(dayOffset: 7, hour: hour, minute: minute)
                }
                return try instant(dayOffset: daysAhead, hour: hour, minute: minute)
            case .date(let year?, let month?, let day?):
                return try instant(DateFields(year: year, month: month, day: day, hour: hour, minute: minute))
            case .date:
                throw DueDateParseError.unreadable(text)  // unreachable: rejected by validateDate
            }
        }

        /// Throws the error for the first typed date field that is out of range.
        private func validateDate(year: Int?, month: Int?, day: Int?) throws {
            // A number too long for an Int is no date at all.
            guard let year, let month, let day else { throw DueDateParseError.unreadable(text) }
            guard DateFields.supportedYears.contains(year) else { throw DueDateParseError.yearOutOfRange(year) }
            guard (1...12).contains(month) else { throw DueDateParseError.invalidMonth(month) }
            guard (1...GregorianDayMath.daysInMonth(month, year: year)).contains(day) else {
                throw DueDateParseError.invalidDay(day: day, month: month, year: year)
            }
        }

        /// The 24-hour wall time a typed time names, or the error for the first
        /// field out of range.
        private func validate(_ time: TimeSpec) throws -> (hour: Int, minute: Int) {
            var hour = time.hour
            if let meridiem = time.meridiem {
                guard (1...12).contains(hour) else { throw DueDateParseError.invalidTwelveHourClockHour(hour) }
                // 12am is midnight and 12pm is noon.
                hour = hour % 12 + (meridiem == .pm ? 12 : 0)
            } else {
                guard (0...23).contains(hour) else { throw DueDateParseError.invalidHour(hour) }
            }
            guard (0...59).contains(time.minute) else { throw DueDateParseError.invalidMinute(time.minute) }
            guard time.second == 0 else { throw DueDateParseError.secondsNotSupported }
            return (hour, time.minute)
        }

        /// `hour:minute` on the day `dayOffset` days after today.
        private func instant(dayOffset: Int, hour: Int, minute: Int) throws -> Date {
            let (year, month, day) = GregorianDayMath.civilDate(dayNumber: today.dayNumber + dayOffset)
            guard DateFields.supportedYears.contains(year) else { throw DueDateParseError.yearOutOfRange(year) }
            return try instant(DateFields(year: year, month: month, day: day, hour: hour, minute: minute))
        }

        private func instant(_ fields: DateFields) throws -> Date {
            guard let date = fields.date(in: timeZone, preferredOffset: nil) else {
                throw DueDateParseError.unreadable(text)  // unreachable: fields were validated
            }
            return date
        }

        // MARK: Relative

        /// Days and weeks move the calendar day and keep the wall time ("+1d" at
        /// 10:00 is 10:00 tomorrow even across a DST change); hours and minutes
        /// are elapsed time. The result is rounded up to a whole minute, so it is
        /// never earlier than the duration asked for.
        private func resolveRelative(_ amounts: [RelativeAmount]) throws -> Date {
            let tooFar = DueDateParseError.tooFarAway(text)
            let tooLong = DueDateParseError.durationTooLong(text)
            var days = 0
            var minutes = 0
            for amount in amounts {
                guard let count = amount.count else { throw tooLong }
                let (factor, isDays) = switch amount.unit {
                case .minute: (1, false)
                case .hour: (60, false)
                case .day: (1, true)
                case .week: (7, true)
                }
                let (scaled, multiplyOverflow) = count.multipliedReportingOverflow(by: factor)
                let (sum, addOverflow) = (isDays ? days : minutes).addingReportingOverflow(scaled)
                guard !multiplyOverflow, !addOverflow else { throw tooLong }
                if isDays { days = sum } else { minutes = sum }
            }
            // Checked before any date arithmetic, which it keeps far from overflow.
            let longestDays = DueDateParser.longestDuration.days
            guard days <= longestDays, minutes <= (longestDays - days) * 24 * 60 else { throw tooLong }

            var result = now
            if days > 0 {
                let startOfMinute = WallClockMath.truncatedToMinute(now, in: timeZone)
                var fields = DateFields(localSeconds: WallClockMath.localSeconds(of: startOfMinute, in: timeZone))
                let dayNumber = fields.dayNumber + days
                guard GregorianDayMath.supportedDayNumbers.contains(dayNumber) else { throw tooFar }
                (fields.year, fields.month, fields.day) = GregorianDayMath.civilDate(dayNumber: dayNumber)
                let offset = timeZone.secondsFromGMT(for: startOfMinute)
                guard let shifted = fields.date(in: timeZone, preferredOffset: offset) else { throw tooFar }
                result = shifted.addingTimeInterval(now.timeIntervalSince(startOfMinute))
            }
            result = result.addingTimeInterval(TimeInterval(minutes) * 60)
            result = WallClockMath.roundedUpToMinute(result, in: timeZone)
            let year = DateFields(localSeconds: WallClockMath.localSeconds(of: result, in: timeZone)).year
            guard DateFields.supportedYears.contains(year) else { throw tooFar }
            return result
        }
    }
}
