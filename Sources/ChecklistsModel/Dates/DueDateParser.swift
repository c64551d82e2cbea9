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
///   `tmrw` and `tmr` are tomorrow; `this fri` is `fri`; `this weekend` is
///   Saturday (today on a Saturday or Sunday), `next weekend` the Saturday
///   a week after it.
/// - a day with a month name, in either order, with or without a year:
///   `dec 24`, `December 24, 2026`, `24 dec`, `Dec 24th`, `24th dec`,
///   `24. Dezember 2026`. English
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
///   after `next fri`, or after `at`, a bare number is an hour of the 24-hour
///   clock (`tomorrow 9`, `next tue 9`, `fri at 17`); elsewhere it is not:
///   "fri 9" could mean Friday the 9th as easily as 09:00.
/// - a time: `17:30`, `9am`, `12pm`, `noon`, `midnight`, `tonight` (20:00),
///   `eod` or `end of day` (17:00, the end of a working day): today if that
///   is still ahead of now, else tomorrow. They are times like any other, so
///   `tomorrow eod` is 17:00 tomorrow. `morning` (9:00), `afternoon` (14:00)
///   and `evening` (18:00) too: `tomorrow morning`, `this evening`.
/// - a duration from now: `+2h`, `+30m`, `+3d`, `+1w`, `+1h30m`, also without
///   the plus (`30m`, `1h30m`, `2 hours`), `in 2 hours`, `in an hour`,
///   `in 3 days and 2 hours`; `now` is the duration nothing. Durations count
///   from the start of the current minute, so `+2h` typed at 07:39:30 is
///   09:39: a due date has minutes, not seconds, and two hours from the
///   minute the clock shows is what a person works out.
/// - whole days or weeks from today at a time: `+3d 9:00`, `in 3 days 10:00`,
///   `in 2 weeks at 9`; without a time they are a day like any other and
///   mean 09:00 (`in 3 days`, `+1w`), so every date typed without a time
///   means the same time of day.
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
        read(text).flatMap { expression, trimmed in
            // Whole days or weeks without a time are a day like "dec 24",
            // so they mean the same time of day (9:00), not the clock's.
            var expression = expression
            if case let .relative(amounts) = expression, !amounts.isEmpty, amounts.allSatisfy(\.isWholeDays) {
                expression = .absolute(day: .later(amounts), time: nil)
            }
            let resolver = Resolver(timeZone: calendar.timeZone, now: now, text: trimmed)
            return Result { try resolver.resolve(expression) }.mapError { $0 as? DueDateParseError ?? .unreadable(trimmed) }
        }
    }

    /// The start `text` names, seen from `now`: as `parse` reads it, except
    /// that a day without a time means that day from 00:00, the whole day
    /// counting ("fri" typed on a Friday afternoon is today, not next week),
    /// and whole days or weeks from now ("+3d", "in 2 weeks") are a day too.
    public func parseStart(_ text: String, now: Date) -> Result<Date, DueDateParseError> {
        read(text).flatMap { expression, trimmed in
            var expression = expression
            if case let .relative(amounts) = expression, !amounts.isEmpty, amounts.allSatisfy(\.isWholeDays) {
                expression = .absolute(day: .later(amounts), time: nil)
            }
            guard case let .absolute(day?, nil) = expression else {
                let resolver = Resolver(timeZone: calendar.timeZone, now: now, text: trimmed)
                return Result { try resolver.resolve(expression) }.mapError { $0 as? DueDateParseError ?? .unreadable(trimmed) }
            }
            // Resolved at the day's last minute, so today stays today while
            // any of it is left, then taken back to its first.
            let resolver = Resolver(timeZone: calendar.timeZone, now: now, text: trimmed, dayWithoutTime: (hour: 23, minute: 59))
            return Result { calendar.startOfDay(for: try resolver.resolve(.absolute(day: day, time: nil))) }
                .mapError { $0 as? DueDateParseError ?? .unreadable(trimmed) }
        }
    }

    /// Whether `letters`, as typed, begin a word the parser knows: a keyword,
    /// a weekday, a unit, or a month name in English or the calendar's
    /// locale ("to", "thu", "dez" in German). The locale's names are asked
    /// only when no English word begins so.
    public func beginsAWord(_ letters: String) -> Bool {
        let folded = Token.folded(letters)
        guard !folded.isEmpty else { return true }
        if SyntaxParser.words.contains(where: { $0.hasPrefix(folded) })
            || Self.englishMonthNames.keys.contains(where: { $0.hasPrefix(folded) }) {
            return true
        }
        return Self.monthNames(of: calendar).keys.contains { $0.hasPrefix(folded) }
    }

    /// The phrase `text` reads as, with the text trimmed, or why it reads as none.
    func read(_ text: String) -> Result<(Phrase, String), DueDateParseError> {
        let trimmed = TextRules.trimmed(text)
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
            return .failure(misspeltWord(in: lexemes, of: trimmed, reading: reading)
                ?? misspeltMonth(in: lexemes, of: trimmed, reading: reading) ?? .unreadable(trimmed))
        }
        return .success((expression, trimmed))
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

    /// The error for text that would read with one word spelt as the parser
    /// spells it ("tomorow 9", "24 decembr", "firday 17:00"): it offers the
    /// text that reads. A word of three or four letters may be one edit
    /// away from a word the parser knows, a longer one two (a swap of two
    /// neighbours is one edit); the nearest that makes the text read wins,
    /// alphabetically among equals. Nil when no such word explains it.
    private func misspeltWord(in lexemes: [(token: Token, range: Range<String.Index>)],
                              of text: String, reading: Reading) -> DueDateParseError? {
        // As for a misspelt month: a pasted paragraph is not worth a parse per word.
        guard lexemes.count <= 16 else { return nil }
        let known = SyntaxParser.words.union(reading.monthNames.keys).filter { $0.count >= 3 }
        for (index, lexeme) in lexemes.enumerated() {
            guard case .word(let word) = lexeme.token, reading.monthNames[word] == nil, !SyntaxParser.isKeyword(word) else { continue }
            for candidate in Spelling.nearest(to: word, in: known) {
                var tokens = lexemes.map { $0.token }
                tokens[index] = .word(candidate)
                guard reading.read(tokens) != nil else { continue }
                let typed = text[lexeme.range]
                let spelt = typed.first?.isUppercase == true ? candidate.prefix(1).uppercased() + candidate.dropFirst() : candidate
                return .misspelt(text, reads: text.replacingCharacters(in: lexeme.range, with: spelt))
            }
        }
        return nil
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
    /// is none ("24 juillet" outside French); carries that word and the whole
    /// text as typed.
    case unreadableWord(String, in: String)
    /// The text would read with one word spelt as the parser knows it
    /// ("tomorow 9"); carries the text as typed and the text that reads.
    case misspelt(String, reads: String)
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
        case .misspelt(let text, let reads):
            return #"can't read "\#(Self.quotable(text))": did you mean "\#(Self.quotable(reads))"?"#
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
