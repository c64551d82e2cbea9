import Foundation

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
        /// Saturday of this weekend (today on a Saturday or Sunday), or of
        /// the weekend after it with `next`.
        case weekend(next: Bool)
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
}
