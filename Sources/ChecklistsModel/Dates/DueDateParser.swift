import Foundation

/// Turns what the user types into the due-date field ("tomorrow 9am",
/// "fri 17:00", "+2h", "dec 24 18:00") into an instant.
///
/// Typing is faster than stepping a picker, and words like "tomorrow" need a
/// reference point, so parsing always takes `now` and the user's calendar
/// (whose time zone says what "9:00" means, and whose locale which way round
/// "12/11" is) explicitly; nothing here reads the clock or the machine's time
/// zone, which keeps it testable.
///
/// Accepted forms, case-insensitive, any white space between words:
/// - a day: `today`, `tomorrow`, a weekday (`fri`, `friday`), `next fri`,
///   `2026-12-24`, `24.12.2026`; a day without a time means 09:00.
/// - a day with a month name, in either order, with or without a year:
///   `dec 24`, `December 24, 2026`, `24 dec`, `24. Dezember 2026`. English
///   names and their three-letter abbreviations (and `sept`) always work, and
///   so do the full and short names of the calendar's locale (`Dez`, `März`,
///   `déc.`), accents optional.
/// - a day and month in figures without a year: `24.12.` (the closing dot
///   tells it from a time), or with slashes, `12/24` or `24/12`, also with a
///   year (`12/24/2026`). Dots are day.month everywhere, as wherever people
///   write them; slashes follow the locale: month first where it writes dates
///   so (en_US, and the POSIX locale of an unset LANG), day first elsewhere
///   (en_GB, de_DE, fr_FR). Guessing the order regardless of the locale would
///   turn 11 December into 12 November without a word, so `24/12` in en_US is
///   refused as month 24 instead.
/// - a date without a year is the next one on or after today: `24.12.` typed
///   on 25 December is next year's, and `feb 29` waits for a leap year.
/// - `next week`: Monday of the coming week (a week ahead on a Monday), 09:00;
///   `next month`: the 1st of next month, 09:00; `end of month` (`end of the
///   month`): the last day of this month at 17:00, or of next month once that
///   has passed. Each also takes a time, like any day.
/// - a day and a time: `tomorrow 9:00`, `fri at 5:30pm`, `2026-12-24T18:00`,
///   also the other way round (`9am tomorrow`). After `today` or `tomorrow`,
///   or after `at`, a bare number is an hour of the 24-hour clock (`tomorrow 9`,
///   `fri at 17`); elsewhere it is not: "fri 9" could mean Friday the 9th as
///   easily as 09:00.
/// - a time: `17:30`, `9am`, `12pm`, `noon`, `midnight`, `tonight` (20:00),
///   `eod` or `end of day` (17:00, the end of a working day): today if that
///   is still ahead of now, else tomorrow. They are times like any other, so
///   `tomorrow eod` is 17:00 tomorrow.
/// - a duration from now: `+2h`, `+30m`, `+3d`, `+1w`, `+1h30m`, also without
///   the plus (`30m`, `1h30m`, `2 hours`), `in 2 hours`, `in an hour`,
///   `in 3 days and 2 hours`; `now` is the duration nothing. Durations count
///   from the start of the current minute, so `+2h` typed at 07:39:30 is
///   09:39: a due date has minutes, not seconds, and two hours from the
///   minute the clock shows is what a person works out.
/// - whole days or weeks from today at a time: `+3d 9:00`, `in 3 days 10:00`,
///   `in 2 weeks at 9`.
public struct DueDateParser: Sendable {
    /// The user's calendar; its time zone interprets wall times.
    public let calendar: Calendar

    /// - Parameter calendar: Gregorian calendar carrying the user's time zone
    ///   and locale; wall times typed by the user are read in that zone, month
    ///   names and the order of day and month come from that locale.
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
        let lexemes = Token.tokenize(trimmed)
        if lexemes.isEmpty {
            return .failure(.empty)
        }
        // The locale's month names and its order of day and month come from
        // ICU (a fifth of `add --due "tomorrow 9:00"`), so they are asked
        // only when the text could need them: a word that is neither a
        // keyword nor an English month, a slash between numbers.
        let words = lexemes.lazy.compactMap { lexeme -> String? in
            if case .word(let word) = lexeme.token { word } else { nil }
        }
        let needsLocalNames = words.contains { Self.englishMonthNames[$0] == nil && !SyntaxParser.isKeyword($0) }
        let monthNames = needsLocalNames ? Self.monthNames(of: calendar) : Self.englishMonthNames
        let dayFirst = lexemes.contains { $0.token == .symbol("/") }
            && Self.putsDayFirst(calendar.locale ?? Locale(identifier: "en_US_POSIX"))
        let reading = Reading(monthNames: monthNames, slashesPutDayFirst: dayFirst)
        guard let expression = reading.read(lexemes.map { $0.token }) else {
            return .failure(misspeltMonth(in: lexemes, of: trimmed, reading: reading) ?? .unreadable(trimmed))
        }
        let resolver = Resolver(timeZone: calendar.timeZone, now: now, text: trimmed)
        return Result { try resolver.resolve(expression) }
            .mapError { $0 as? DueDateParseError ?? .unreadable(trimmed) }
    }

    /// What reading the tokens needs of the locale: month names as the
    /// tokenizer spells them (lower case, no accents), English and the
    /// locale's own; whether the locale writes the day before the month
    /// ("24/12"), which decides how slash forms are read.
    private struct Reading {
        var monthNames: [String: Int]
        var slashesPutDayFirst: Bool

        func read(_ tokens: [Token]) -> Phrase? {
            var syntax = SyntaxParser(tokens: tokens, monthNames: monthNames, slashesPutDayFirst: slashesPutDayFirst)
            return syntax.parseExpression()
        }
    }

    /// The error for text that would read if one word the parser does not know
    /// were a month ("24 decembr", "Dezembr 24"): naming that word tells the
    /// user more than echoing everything. Nil when no such word explains it.
    private func misspeltMonth(in lexemes: [(token: Token, range: Range<String.Index>)],
                               of text: String, reading: Reading) -> DueDateParseError? {
        // A date with a month name has a dozen tokens at most ("24. Dez. 2026
        // at 17:30:00"); a pasted paragraph is not worth a parse per word.
        guard lexemes.count <= 16 else { return nil }
        for (index, lexeme) in lexemes.enumerated() {
            guard case .word(let word) = lexeme.token, reading.monthNames[word] == nil,
                  !SyntaxParser.isKeyword(word)
            else { continue }
            var tokens = lexemes.map { $0.token }
            tokens[index] = .word("jan")
            if reading.read(tokens) != nil {
                return .unreadableWord(String(text[lexeme.range]), in: text)
            }
        }
        return nil
    }

    /// English month names and abbreviations, as typed.
    private static let englishMonthNames: [String: Int] = {
        var names: [String: Int] = ["sept": 9]
        for (index, name) in DueDateParseError.monthNames.enumerated() {
            let word = Token.folded(name)
            names[word] = index + 1
            names[String(word.prefix(3))] = index + 1
        }
        return names
    }()

    /// English month names and abbreviations, then the calendar locale's full
    /// and short names, standalone or not, as typed (trailing dot and accents
    /// dropped). English wins a clash and so does a keyword (so text made
    /// only of keywords and English names reads the same without asking the
    /// locale), and names that are not one word of letters (Japanese "12月")
    /// are left out, since they could not be typed as one token.
    private static func monthNames(of calendar: Calendar) -> [String: Int] {
        var names = englishMonthNames
        let local = [calendar.monthSymbols, calendar.shortMonthSymbols,
                     calendar.standaloneMonthSymbols, calendar.shortStandaloneMonthSymbols]
        for symbols in local where symbols.count == 12 {
            for (index, symbol) in symbols.enumerated() {
                var word = Token.folded(symbol)
                while word.hasSuffix(".") { word.removeLast() }
                guard !word.isEmpty, word.allSatisfy(\.isLetter), names[word] == nil, !SyntaxParser.isKeyword(word) else { continue }
                names[word] = index + 1
            }
        }
        return names
    }

    /// Whether `locale` writes a numeric day before its month, read from the
    /// order of "d" and "M" in its pattern for day and month ("M/d" in en_US,
    /// "dd/MM" in en_GB, "d.M." in de_DE).
    static func putsDayFirst(_ locale: Locale) -> Bool {
        let pattern = DateFormatter.dateFormat(fromTemplate: "Md", options: 0, locale: locale) ?? "M/d"
        var quoted = false
        for character in pattern {
            if character == "'" {
                quoted.toggle()
            } else if !quoted, character == "d" || character == "M" || character == "L" {
                return character == "d"
            }
        }
        return false
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
    /// One word stands where a month name would make the text readable, and
    /// is none ("24 decembr"); carries that word and the whole text as typed.
    case unreadableWord(String, in: String)
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
        case .unreadableWord(let word, let text):
            return #"can't read "\#(Self.quotable(word))" in "\#(Self.quotable(text))": "#
                + #"try "dec 24", "24 december" or "24.12.""#
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
    // dates are displayed and which month names are read, not the messages.
    // The parser's English month names come from here too.
    static let monthNames = [
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
        /// A run of letters, spelt as `folded(_:)` makes it.
        case word(String)
        case symbol(Character)

        /// The tokens of `text`, each with where it stands in `text`, so that an
        /// error can quote a word as the user typed it.
        static func tokenize(_ text: String) -> [(token: Token, range: Range<String.Index>)] {
            var lexemes: [(token: Token, range: Range<String.Index>)] = []
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character.isWhitespace {
                    index = text.index(after: index)
                } else if character.isASCII, character.isNumber {
                    let end = text[index...].firstIndex { !($0.isASCII && $0.isNumber) } ?? text.endIndex
                    let digits = text[index..<end]
                    lexemes.append((.number(Int(digits), digitCount: digits.count), index..<end))
                    index = end
                } else if character.isLetter {
                    let end = text[index...].firstIndex { !$0.isLetter } ?? text.endIndex
                    lexemes.append((.word(folded(String(text[index..<end]))), index..<end))
                    index = end
                } else {
                    let end = text.index(after: index)
                    lexemes.append((.symbol(character), index..<end))
                    index = end
                }
            }
            return lexemes
        }

        /// A word in lower case without accents, so "Déc", "DEC" and "dec" are
        /// one word and "März" can be typed as "marz" on an English keyboard.
        static func folded(_ word: String) -> String {
            word.lowercased().folding(options: .diacriticInsensitive, locale: nil)
        }
    }

    // MARK: - Syntax

    /// What the text says, before it is checked against the calendar. Numbers are
    /// kept raw so that range errors can be reported precisely after the whole
    /// text is known to be well-formed.
    enum Phrase: Equatable {
        /// A day, a time, or both; at least one is present.
        case absolute(day: DaySpec?, time: TimeSpec?)
        /// A duration from the current minute; none at all for `now`.
        case relative([RelativeAmount])
    }

    enum DaySpec: Equatable {
        case today
        case tomorrow
        /// `weekday` is 1 = Sunday ... 7 = Saturday; `next` rules out today.
        case weekday(Int, next: Bool)
        /// Raw calendar fields; nil for a number too long to be anything valid.
        case date(year: Int?, month: Int?, day: Int?)
        /// A date typed without its year: the next such day on or after today.
        case yearless(month: Int?, day: Int?)
        /// Monday of the coming week.
        case nextWeek
        /// The 1st of next month.
        case nextMonth
        /// The last day of this month, or of next month once that has passed.
        case endOfMonth
        /// Whole days or weeks from today, as in `+3d 9:00`; always with a time.
        case later([RelativeAmount])
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

        /// Days and weeks move the calendar day, so a time of day can follow them.
        var isWholeDays: Bool { unit == .day || unit == .week }
    }

    /// A small hand-written parser over the tokens. Every `parse…` method either
    /// consumes a complete phrase and returns it, or returns nil and leaves the
    /// position unchanged, so alternatives can simply be tried in turn.
    struct SyntaxParser {
        private let tokens: [Token]
        private let monthNames: [String: Int]
        private let slashesPutDayFirst: Bool
        private var position = 0

        init(tokens: [Token], monthNames: [String: Int], slashesPutDayFirst: Bool) {
            self.tokens = tokens
            self.monthNames = monthNames
            self.slashesPutDayFirst = slashesPutDayFirst
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

        /// Every other word the grammar below takes. Kept in one list so that an
        /// error never calls one of them a misspelt month.
        private static let otherWords: Set<String> = [
            "today", "tomorrow", "next", "week", "month", "end", "of", "the", "day",
            "in", "a", "an", "and", "at", "am", "pm", "t",
            "noon", "midnight", "tonight", "eod", "now",
        ]

        /// Whether `word` means something to the parser other than a month name.
        static func isKeyword(_ word: String) -> Bool {
            otherWords.contains(word) || weekdays[word] != nil || units[word] != nil
        }

        /// The whole text as one expression, or nil if any of it is left over.
        mutating func parseExpression() -> Phrase? {
            let expression = parseNow() ?? parseRelative() ?? parseAbsolute()
            return position == tokens.count ? expression : nil
        }

        /// `now`: the current minute, which is the duration of nothing.
        private mutating func parseNow() -> Phrase? {
            take(.word("now")) ? .relative([]) : nil
        }

        // MARK: Relative

        /// `+2h`, `+1h30m`, `30m`, `1h 30m`, `in 10 minutes`, `in an hour`,
        /// `in 3 days and 2 hours`; whole days or weeks may be followed by a
        /// time (`+3d 9:00`, `in 3 days at 10`).
        private mutating func parseRelative() -> Phrase? {
            let start = position
            let allowsArticle = take(.word("in"))
            if !allowsArticle {
                _ = take(.symbol("+"))
            }
            guard let first = parseAmount(allowsArticle: allowsArticle) else {
                position = start
                return nil
            }
            var amounts = [first]
            while true {
                let beforeAnd = position
                _ = take(.word("and"))
                guard let amount = parseAmount(allowsArticle: allowsArticle) else {
                    position = beforeAnd
                    break
                }
                amounts.append(amount)
            }
            if position == tokens.count {
                return .relative(amounts)
            }
            if amounts.allSatisfy(\.isWholeDays), let time = parseTime(), position == tokens.count {
                return .absolute(day: .later(amounts), time: time)
            }
            position = start
            return nil
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
                return .absolute(day: day, time: parseTime(bareHour: day == .today || day == .tomorrow))
            }
            if let time = parseTime() {
                return .absolute(day: parseDay(), time: time)
            }
            return nil
        }

        private mutating func parseDay() -> DaySpec? {
            let start = position
            switch next() {
            case .word("today"):
                return .today
            case .word("tomorrow"):
                return .tomorrow
            case .word("next"):
                switch next() {
                case .word("week"):
                    return .nextWeek
                case .word("month"):
                    return .nextMonth
                case .word(let name):
                    if let weekday = Self.weekdays[name] { return .weekday(weekday, next: true) }
                default:
                    break
                }
            case .word("end"):
                if take(.word("of")) {
                    _ = take(.word("the"))
                    if take(.word("month")) { return .endOfMonth }
                }
            case .word(let name):
                if let weekday = Self.weekdays[name] {
                    return .weekday(weekday, next: false)
                }
                if let month = monthNames[name] {
                    _ = take(.symbol("."))
                    if case .number(let day, let digits) = next(), digits <= 2 {
                        return parseYearOfNamedDate(month: month, day: day)
                    }
                }
            case .number:
                position = start
                if let date = parseNumericDate() ?? parseDayBeforeMonthName() {
                    return date
                }
            default:
                break
            }
            position = start
            return nil
        }

        /// `24 dec`, `24 December 2026`, `24. Dez. 2026`.
        private mutating func parseDayBeforeMonthName() -> DaySpec? {
            let start = position
            guard case .number(let day, let digits) = next(), digits <= 2 else {
                position = start
                return nil
            }
            _ = take(.symbol("."))
            guard case .word(let name) = next(), let month = monthNames[name] else {
                position = start
                return nil
            }
            _ = take(.symbol("."))
            return parseYearOfNamedDate(month: month, day: day)
        }

        /// The optional year that ends a date with a month name, after an
        /// optional comma (`December 24, 2026`). It needs three or more digits:
        /// in "dec 24 9" the 9 is an hour typed without its minutes, not a year.
        private mutating func parseYearOfNamedDate(month: Int, day: Int?) -> DaySpec {
            _ = take(.symbol(","))
            if case .number(let year, let digits) = peek(), digits >= 3 {
                position += 1
                return .date(year: year, month: month, day: day)
            }
            return .yearless(month: month, day: day)
        }

        /// `2026-12-24` (ISO, optionally followed by the `T` that joins it to a
        /// time); `24.12.2026` and `24.12.`, day first as everywhere dots are
        /// used (the closing dot tells a date without a year from a time); and
        /// `12/24` or `12/24/2026` in the locale's order of day and month.
        private mutating func parseNumericDate() -> DaySpec? {
            let start = position
            guard case .number(let first, _) = next(),
                  case .symbol(let separator) = next(),
                  case .number(let second, _) = next()
            else {
                position = start
                return nil
            }
            switch separator {
            case "-":
                guard take(.symbol("-")), case .number(let third, _) = next() else { break }
                if peek() == .word("t"), case .number = peek(offset: 1) {
                    position += 1
                }
                return .date(year: first, month: second, day: third)
            case ".":
                guard take(.symbol(".")) else { break }
                // "24.12. 18:00" is a date and a time, not the year 18.
                if case .number(let year, _) = peek(), !startsTime() {
                    position += 1
                    return .date(year: year, month: second, day: first)
                }
                return .yearless(month: second, day: first)
            case "/":
                let (day, month) = slashesPutDayFirst ? (first, second) : (second, first)
                guard take(.symbol("/")) else { return .yearless(month: month, day: day) }
                guard case .number(let year, _) = next() else { break }
                return .date(year: year, month: month, day: day)
            default:
                break
            }
            position = start
            return nil
        }

        /// Whether a time begins at the current position; moves nothing.
        private mutating func startsTime() -> Bool {
            let start = position
            defer { position = start }
            return parseTime() != nil
        }

        /// `9:00`, `17:30`, `18:00:00`, `9am`, `5:30pm`, `noon`, `midnight`,
        /// `tonight`, `eod`, `end of day`, each optionally preceded by `at`.
        /// A bare number is an hour only after `at` or where `bareHour` says
        /// so (after `today` and `tomorrow`): "fri 9" could mean a date as
        /// easily as an hour.
        private mutating func parseTime(bareHour: Bool = false) -> TimeSpec? {
            let start = position
            let hasAt = take(.word("at"))
            if let named = parseNamedTime() {
                return named
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
            guard hasMinutes || time.meridiem != nil || hasAt || bareHour else {
                position = start
                return nil
            }
            return time
        }

        /// Times said in words: `noon`, `midnight`, `tonight` (20:00, when an
        /// evening starts), `eod` and `end of day` (17:00, when a working day
        /// ends).
        private mutating func parseNamedTime() -> TimeSpec? {
            let start = position
            switch next() {
            case .word("noon"):
                return TimeSpec(hour: 12)
            case .word("midnight"):
                return TimeSpec(hour: 0)
            case .word("tonight"):
                return TimeSpec(hour: 20)
            case .word("eod"):
                return TimeSpec(hour: 17)
            case .word("end"):
                if take(.word("of")) {
                    _ = take(.word("the"))
                    if take(.word("day")) { return TimeSpec(hour: 17) }
                }
            default:
                break
            }
            position = start
            return nil
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

        /// `end of month` without a time means the end of a working day.
        private static let endOfWorkingDay = (hour: 17, minute: 0)

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
            let date = try day.flatMap(calendarDate)
            let daysLater = try day.flatMap(wholeDaysLater)
            let (hour, minute) = try time.map(validate)
                ?? (day == .endOfMonth ? Self.endOfWorkingDay : Self.defaultTime)
            if let date {
                return try instant(DateFields(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))
            }
            let today = self.today
            switch day {
            case nil:
                // A bare time is the next time the clock shows it.
                return try nextOf(dayOffset: 0, hour: hour, minute: minute, otherwise: 1)
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
                    return next
                        ? try instant(dayOffset: 7, hour: hour, minute: minute)
                        : try nextOf(dayOffset: 0, hour: hour, minute: minute, otherwise: 7)
                }
                return try instant(dayOffset: daysAhead, hour: hour, minute: minute)
            case .nextWeek:
                // Monday: weekday 2. On a Monday, the Monday a week ahead.
                let todayWeekday = GregorianDayMath.weekday(dayNumber: today.dayNumber)
                let daysAhead = GregorianDayMath.floorMod(2 - todayWeekday, 7)
                return try instant(dayOffset: daysAhead == 0 ? 7 : daysAhead, hour: hour, minute: minute)
            case .nextMonth:
                let (year, month) = Self.month(after: today.year, today.month)
                let offset = GregorianDayMath.dayNumber(year: year, month: month, day: 1) - today.dayNumber
                return try instant(dayOffset: offset, hour: hour, minute: minute)
            case .endOfMonth:
                let (nextYear, nextMonth) = Self.month(after: today.year, today.month)
                return try nextOf(dayOffset: lastDay(today.year, today.month) - today.dayNumber,
                                  hour: hour, minute: minute,
                                  otherwise: lastDay(nextYear, nextMonth) - today.dayNumber)
            case .later:
                return try instant(dayOffset: daysLater ?? 0, hour: hour, minute: minute)
            case .date, .yearless:
                throw DueDateParseError.unreadable(text)  // unreachable: resolved by calendarDate
            }
        }

        /// `hour:minute` on the day `dayOffset` days after today if that is
        /// still ahead of now, else on the day `otherwise` days after today.
        private func nextOf(dayOffset: Int, hour: Int, minute: Int, otherwise: Int) throws -> Date {
            let first = try instant(dayOffset: dayOffset, hour: hour, minute: minute)
            return first > now ? first : try instant(dayOffset: otherwise, hour: hour, minute: minute)
        }

        /// Day number of the last day of `month` in `year`.
        private func lastDay(_ year: Int, _ month: Int) -> Int {
            GregorianDayMath.dayNumber(year: year, month: month, day: GregorianDayMath.daysInMonth(month, year: year))
        }

        private static func month(after year: Int, _ month: Int) -> (year: Int, month: Int) {
            month == 12 ? (year + 1, 1) : (year, month + 1)
        }

        /// The checked calendar date a typed date names, or nil for a day that
        /// is counted from today instead.
        private func calendarDate(_ day: DaySpec) throws -> (year: Int, month: Int, day: Int)? {
            switch day {
            case .date(let year, let month, let day):
                // A number too long for an Int is no date at all.
                guard let year, let month, let day else { throw DueDateParseError.unreadable(text) }
                try validateDate(year: year, month: month, day: day)
                return (year, month, day)
            case .yearless(let month, let day):
                return try nextOccurrence(month: month, day: day)
            default:
                return nil
            }
        }

        /// The days a `+3d 9:00` moves, checked like any duration; nil for
        /// every other kind of day.
        private func wholeDaysLater(_ day: DaySpec) throws -> Int? {
            guard case .later(let amounts) = day else { return nil }
            let days = try totalDuration(amounts).days
            guard GregorianDayMath.supportedDayNumbers.contains(today.dayNumber + days) else {
                throw DueDateParseError.tooFarAway(text)
            }
            return days
        }

        /// The next `day`.`month` on or after today. 29 February waits for the
        /// next leap year rather than being refused most years.
        private func nextOccurrence(month: Int?, day: Int?) throws -> (year: Int, month: Int, day: Int) {
            guard let month, let day else { throw DueDateParseError.unreadable(text) }
            guard (1...12).contains(month) else { throw DueDateParseError.invalidMonth(month) }
            let today = self.today
            var year = (month, day) < (today.month, today.day) ? today.year + 1 : today.year
            if month == 2, day == 29 {
                while !GregorianDayMath.isLeapYear(year), year <= DateFields.supportedYears.upperBound {
                    year += 1
                }
            }
            try validateDate(year: year, month: month, day: day)
            return (year, month, day)
        }

        /// Throws the error for the first date field that is out of range.
        private func validateDate(year: Int, month: Int, day: Int) throws {
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
        /// are elapsed time. Both count from the start of the current minute, so
        /// the result is a whole minute and "+2h" at 07:39:30 is 09:39.
        private func resolveRelative(_ amounts: [RelativeAmount]) throws -> Date {
            let tooFar = DueDateParseError.tooFarAway(text)
            let (days, minutes) = try totalDuration(amounts)
            let startOfMinute = WallClockMath.truncatedToMinute(now, in: timeZone)
            var result = startOfMinute
            if days > 0 {
                var fields = DateFields(localSeconds: WallClockMath.localSeconds(of: startOfMinute, in: timeZone))
                let dayNumber = fields.dayNumber + days
                guard GregorianDayMath.supportedDayNumbers.contains(dayNumber) else { throw tooFar }
                (fields.year, fields.month, fields.day) = GregorianDayMath.civilDate(dayNumber: dayNumber)
                let offset = timeZone.secondsFromGMT(for: startOfMinute)
                guard let shifted = fields.date(in: timeZone, preferredOffset: offset) else { throw tooFar }
                result = shifted
            }
            result = result.addingTimeInterval(TimeInterval(minutes) * 60)
            let year = DateFields(localSeconds: WallClockMath.localSeconds(of: result, in: timeZone)).year
            guard DateFields.supportedYears.contains(year) else { throw tooFar }
            return result
        }

        /// The days (days and weeks) and minutes (hours and minutes) typed,
        /// or `durationTooLong` if they add up to more than
        /// `DueDateParser.longestDuration` or overflow on the way.
        private func totalDuration(_ amounts: [RelativeAmount]) throws -> (days: Int, minutes: Int) {
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
            return (days, minutes)
        }
    }
}
