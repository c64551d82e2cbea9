import Foundation

extension DueDateParser {
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
            "tmrw", "tmr", "this", "weekend", "morning", "afternoon", "evening", "st", "nd", "rd", "th",
        ]

        /// Every word the grammar takes but month names, for suggesting one
        /// in place of a word it does not know.
        static let words: Set<String> = otherWords.union(weekdays.keys).union(units.keys)

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
                // After "next tue" a bare number is an hour too: "next" has
                // said it is a day, so "next tue 9" cannot be the 9th.
                let bareHour = switch day {
                case .today, .tomorrow, .weekday(_, next: true): true
                default: false
                }
                return .absolute(day: day, time: parseTime(bareHour: bareHour))
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
            case .word("tomorrow"), .word("tmrw"), .word("tmr"):
                return .tomorrow
            case .word("this"):
                switch peek() {
                case .word("weekend"):
                    position += 1
                    return .weekend(next: false)
                case .word("morning"), .word("afternoon"), .word("evening"):
                    // "this evening": today, the word itself is the time.
                    return .today
                case .word(let name):
                    if let weekday = Self.weekdays[name] {
                        position += 1
                        return .weekday(weekday, next: false)
                    }
                default:
                    break
                }
            case .word("next"):
                switch next() {
                case .word("weekend"):
                    return .weekend(next: true)
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
                        takeOrdinal()
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
            if !takeOrdinal() { _ = take(.symbol(".")) }
            guard case .word(let name) = next(), let month = monthNames[name] else {
                position = start
                return nil
            }
            _ = take(.symbol("."))
            return parseYearOfNamedDate(month: month, day: day)
        }

        /// The English ordinal after a day's number ("24th", "1st", "2nd",
        /// "3rd"), taken when there is one.
        @discardableResult
        private mutating func takeOrdinal() -> Bool {
            guard case .word(let word) = peek(), ["st", "nd", "rd", "th"].contains(word) else { return false }
            position += 1
            return true
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
        /// ends); `morning` (9:00, the day's default), `afternoon` (14:00)
        /// and `evening` (18:00), which follow a day ("tomorrow evening").
        private mutating func parseNamedTime() -> TimeSpec? {
            let start = position
            switch next() {
            case .word(let word) where Self.namedHours[word] != nil:
                return TimeSpec(hour: Self.namedHours[word]!)
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

        /// The hour each one-word time names.
        private static let namedHours = ["noon": 12, "midnight": 0, "tonight": 20, "eod": 17, "morning": 9, "afternoon": 14, "evening": 18]

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

}
