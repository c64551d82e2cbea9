import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// Fixed clocks and zones for the parser tests; nothing reads the real clock
/// or the machine's time zone.
private enum ParserFixture {

    static func parser(_ zone: String = "Europe/Berlin") -> DueDateParser {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.locale = Locale(identifier: "en_US")
        return DueDateParser(calendar: calendar)
    }

    /// Friday 2026-11-20, 10:00:30 in Berlin: mid-morning, with seconds, so
    /// rounding and "still ahead of now" are both exercised.
    static let fridayMorning = Fixed.instant("2026-11-20T10:00:30+01:00")
}

@Suite("DueDateParser")
struct DueDateParserTests {
    private let parser = ParserFixture.parser()
    private let now = ParserFixture.fridayMorning

    private func parse(_ text: String, now: Date? = nil) -> Result<Date, DueDateParseError> {
        parser.parse(text, now: now ?? self.now)
    }

    private func expectDate(_ text: String, _ expected: String, now: Date? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        expectEqual(parse(text, now: now), .success(Fixed.instant(expected)),
                "\(text)", sourceLocation: sourceLocation)
    }

    private func expectError(_ text: String, _ expected: DueDateParseError, now: Date? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        expectEqual(parse(text, now: now), .failure(expected), "\(text)", sourceLocation: sourceLocation)
    }

    // MARK: Days

    @Test func todayAndTomorrowDefaultToNine() {
        // Explicit "today" is taken literally even when 09:00 has passed.
        expectDate("today", "2026-11-20T09:00:00+01:00")
        expectDate("tomorrow", "2026-11-21T09:00:00+01:00")
    }

    @Test func dayWithTime() {
        expectDate("today 18:00", "2026-11-20T18:00:00+01:00")
        expectDate("tomorrow 9:00", "2026-11-21T09:00:00+01:00")
        expectDate("tomorrow 9am", "2026-11-21T09:00:00+01:00")
        expectDate("tomorrow at 5:30pm", "2026-11-21T17:30:00+01:00")
        expectDate("tomorrow noon", "2026-11-21T12:00:00+01:00")
        expectDate("tomorrow midnight", "2026-11-21T00:00:00+01:00")
        expectDate("9am tomorrow", "2026-11-21T09:00:00+01:00")
    }

    @Test func caseAndWhiteSpaceDoNotMatter() {
        expectDate("  TOMORROW   At\t5:30PM ", "2026-11-21T17:30:00+01:00")
        expectDate("Tomorrow 9 AM", "2026-11-21T09:00:00+01:00")
        expectDate("FRI 17:00", "2026-11-20T17:00:00+01:00")
    }

    @Test func weekdayIsTheNextSuchDay() {
        expectDate("sat", "2026-11-21T09:00:00+01:00")
        expectDate("saturday", "2026-11-21T09:00:00+01:00")
        expectDate("mon 8:15", "2026-11-23T08:15:00+01:00")
        expectDate("thu", "2026-11-26T09:00:00+01:00")
        expectDate("wednesday 17:00", "2026-11-25T17:00:00+01:00")
        expectDate("sun", "2026-11-22T09:00:00+01:00")
        expectDate("tue", "2026-11-24T09:00:00+01:00")
    }

    @Test func weekdayEqualToTodayMeansTodayOnlyWhileTheTimeIsAhead() {
        // 09:00 has passed at 10:00:30, so a bare "fri" is next week.
        expectDate("fri", "2026-11-27T09:00:00+01:00")
        expectDate("friday 17:00", "2026-11-20T17:00:00+01:00")
        expectDate("fri 10:00", "2026-11-27T10:00:00+01:00")
        expectDate("fri 10:01", "2026-11-20T10:01:00+01:00")
        let earlyFriday = Fixed.instant("2026-11-20T08:00:00+01:00")
        expectDate("fri", "2026-11-20T09:00:00+01:00", now: earlyFriday)
        // Exactly now is not "ahead of now".
        let nineSharp = Fixed.instant("2026-11-20T09:00:00+01:00")
        expectDate("fri", "2026-11-27T09:00:00+01:00", now: nineSharp)
    }

    @Test func nextWeekdayIsStrictlyAfterToday() {
        expectDate("next fri", "2026-11-27T09:00:00+01:00")
        expectDate("next fri 17:00", "2026-11-27T17:00:00+01:00")
        expectDate("next sat", "2026-11-21T09:00:00+01:00")
        expectDate("next thursday at 8am", "2026-11-26T08:00:00+01:00")
    }

    // MARK: Bare times

    @Test func bareTimeIsTodayIfAheadElseTomorrow() {
        expectDate("17:30", "2026-11-20T17:30:00+01:00")
        expectDate("9:00", "2026-11-21T09:00:00+01:00")
        expectDate("9am", "2026-11-21T09:00:00+01:00")
        expectDate("12pm", "2026-11-20T12:00:00+01:00")
        expectDate("noon", "2026-11-20T12:00:00+01:00")
        expectDate("12am", "2026-11-21T00:00:00+01:00")
        expectDate("midnight", "2026-11-21T00:00:00+01:00")
        expectDate("10:00", "2026-11-21T10:00:00+01:00")
        expectDate("10:01", "2026-11-20T10:01:00+01:00")
        expectDate("at 23:59", "2026-11-20T23:59:00+01:00")
        expectDate("11:45pm", "2026-11-20T23:45:00+01:00")
    }

    // MARK: Relative

    @Test func relativeDurationsCountFromTheCurrentMinute() {
        // Now is 10:00:30: the 30 seconds are dropped before counting.
        expectDate("+2h", "2026-11-20T12:00:00+01:00")
        expectDate("+30m", "2026-11-20T10:30:00+01:00")
        expectDate("+3d", "2026-11-23T09:00:00+01:00")
        expectDate("+1w", "2026-11-27T09:00:00+01:00")
        expectDate("in 2 hours", "2026-11-20T12:00:00+01:00")
        expectDate("in 10 minutes", "2026-11-20T10:10:00+01:00")
        expectDate("in 3 days", "2026-11-23T09:00:00+01:00")
        expectDate("in an hour", "2026-11-20T11:00:00+01:00")
        expectDate("+1h30m", "2026-11-20T11:30:00+01:00")
        expectDate("in 1 day and 2 hours", "2026-11-21T12:00:00+01:00")
    }

    @Test func wholeDaysWithoutATimeMeanNineLikeAnyDay() {
        // "in 3 days" and "dec 24" agree: a day typed without a time is 9:00.
        expectDate("in 2 weeks", "2026-12-04T09:00:00+01:00")
        expectDate("in 1 day", "2026-11-21T09:00:00+01:00")
        expectDate("+2d", "2026-11-22T09:00:00+01:00")
        expectDate("dec 24", "2026-12-24T09:00:00+01:00")
        // Hours and minutes are still elapsed time, even beside days.
        expectDate("in 1 day and 2 hours", "2026-11-21T12:00:00+01:00")
    }

    @Test func datesAsPeopleTypeThem() {
        expectDate("Dec 24th", "2026-12-24T09:00:00+01:00")
        expectDate("24th dec", "2026-12-24T09:00:00+01:00")
        expectDate("dec 1st 18:00", "2026-12-01T18:00:00+01:00")
        expectDate("2nd jan", "2027-01-02T09:00:00+01:00")
        expectDate("jan 3rd, 2027", "2027-01-03T09:00:00+01:00")
        expectDate("tmrw", "2026-11-21T09:00:00+01:00")
        expectDate("tmr 17:00", "2026-11-21T17:00:00+01:00")
        expectDate("tonight", "2026-11-20T20:00:00+01:00")
        expectDate("this weekend", "2026-11-21T09:00:00+01:00")
        expectDate("next weekend", "2026-11-28T09:00:00+01:00")
        expectDate("tomorrow morning", "2026-11-21T09:00:00+01:00")
        expectDate("tomorrow afternoon", "2026-11-21T14:00:00+01:00")
        expectDate("tomorrow evening", "2026-11-21T18:00:00+01:00")
        expectDate("this evening", "2026-11-20T18:00:00+01:00")
        expectDate("this afternoon", "2026-11-20T14:00:00+01:00")
        expectDate("this fri 17:00", "2026-11-20T17:00:00+01:00")
        expectDate("next tue 9", "2026-11-24T09:00:00+01:00")
        expectDate("next tue 17", "2026-11-24T17:00:00+01:00")
        expectDate("fri 9am", "2026-11-27T09:00:00+01:00")
        expectDate("end of month", "2026-11-30T17:00:00+01:00")
        expectDate("end of the month 9:00", "2026-11-30T09:00:00+01:00")
        // A weekend seen from a Saturday and from a Sunday.
        let saturday = Fixed.instant("2026-11-21T08:00:00+01:00")
        expectDate("this weekend", "2026-11-21T09:00:00+01:00", now: saturday)
        expectDate("next weekend", "2026-11-28T09:00:00+01:00", now: saturday)
        let sunday = Fixed.instant("2026-11-22T08:00:00+01:00")
        expectDate("this weekend", "2026-11-22T09:00:00+01:00", now: sunday)
        expectDate("next weekend", "2026-11-28T09:00:00+01:00", now: sunday)
        // Still refused: a weekday and a bare number is a day or an hour.
        expectError("fri 9", .unreadable("fri 9"))
        expectError("24thx dec", .unreadable("24thx dec"))
    }

    @Test func relativeFromAWholeMinuteStaysOnIt() {
        let whole = Fixed.instant("2026-11-20T10:00:00+01:00")
        expectDate("+2h", "2026-11-20T12:00:00+01:00", now: whole)
        expectDate("+0m", "2026-11-20T10:00:00+01:00", now: whole)
        // Half a second or 59 seconds past still count from 10:00.
        expectDate("+2h", "2026-11-20T12:00:00+01:00", now: whole.addingTimeInterval(0.5))
        expectDate("+2h", "2026-11-20T12:00:00+01:00", now: whole.addingTimeInterval(59.9))
        expectDate("+2h", "2026-11-20T12:01:00+01:00", now: whole.addingTimeInterval(60))
    }

    @Test func relativeDaysKeepTheWallTimeAcrossDST() {
        let beforeSpringForward = Fixed.instant("2026-03-28T10:00:00+01:00")
        expectDate("+1d 10:00", "2026-03-29T10:00:00+02:00", now: beforeSpringForward)
        // Hours are elapsed time.
        expectDate("+24h", "2026-03-29T11:00:00+02:00", now: beforeSpringForward)
        let beforeFallBack = Fixed.instant("2026-10-24T09:00:00+02:00")
        expectDate("in 1 week", "2026-10-31T09:00:00+01:00", now: beforeFallBack)
    }

    @Test func hugeDurationsAreOutOfRangeNotACrash() {
        // 999999 days from 2026 would be in 4764, inside 1970...9999, but no
        // one means it: durations stop at 100 years.
        expectDate("+36525d", "2126-11-21T09:00:00+01:00")
        expectDate("+36524d24h", "2126-11-21T10:00:00+01:00")
        for text in [
            "+999999d", "+36526d", "+36525d1m", "+876601h", "+5218w",
            "+9999999d", "+3000000d", "in 5000000 days", "+600000w",
            "+99999999999999999999999d",  // does not fit in Int
            "+9223372036854775807w",  // overflows when turned into days
            "+9223372036854775807m", "+9223372036854775807h", "+9223372036854775807d",
            "+1d9223372036854775807d",  // overflows when summed
        ] {
            expectError(text, .durationTooLong(text))
        }
        let endOfTime = Fixed.instant("9999-12-31T23:00:00+01:00")
        expectError("+2h", .tooFarAway("+2h"), now: endOfTime)
        expectError("+1d", .tooFarAway("+1d"), now: endOfTime)
    }

    // MARK: ISO and dotted dates

    @Test func isoDates() {
        expectDate("2026-12-24 18:00", "2026-12-24T18:00:00+01:00")
        expectDate("2026-12-24T18:00", "2026-12-24T18:00:00+01:00")
        expectDate("2026-12-24", "2026-12-24T09:00:00+01:00")
        expectDate("2026-12-24 18:00:00", "2026-12-24T18:00:00+01:00")
        expectDate("2026-12-24 at 6pm", "2026-12-24T18:00:00+01:00")
        expectDate("2028-02-29", "2028-02-29T09:00:00+01:00")
        // Dates in the past are allowed: the parser reads, it does not judge.
        expectDate("2020-01-02 07:05", "2020-01-02T07:05:00+01:00")
        expectDate("1970-01-01 00:00", "1970-01-01T00:00:00+01:00")
        expectDate("9999-12-31 23:59", "9999-12-31T23:59:00+01:00")
    }

    @Test func dottedDayMonthYear() {
        expectDate("24.12.2026 18:00", "2026-12-24T18:00:00+01:00")
        expectDate("1.2.2027", "2027-02-01T09:00:00+01:00")
    }

    // MARK: Errors

    @Test func emptyInput() {
        expectError("", .empty)
        expectError("  \t ", .empty)
        expectEqual(DueDateParseError.empty.description, #"type a date, for example "tomorrow 9:00""#)
    }

    @Test func unreadableInput() {
        for text in ["blah", "fri 9", "-2h", "today at", "next", "tomorrow tomorrow",
                     "9:5", "2026-12-24 18", "2026-12-24T", "+", "+h", "in hours", "+2 parsecs", "a.m.",
                     "9:00 10:00", "0900", "2026-12-24Z", "today 9:00 fri"] {
            expectError(text, .unreadable(text))
        }
        expectEqual(DueDateParseError.unreadable("blah").description, #"can't read "blah": try "tomorrow 9:00", "fri 17:00", "+2h" or "2026-12-24 18:00""#)
        // Read now: slash forms follow the locale (en_US here), and "next
        // week" is the coming Monday.
        expectDate("12/24", "2026-12-24T09:00:00+01:00")
        expectDate("next week", "2026-11-23T09:00:00+01:00")
    }

    @Test("a word one edit from one the parser knows (two in a word of five letters or more) is offered in its place, when the text then reads")
    func misspeltWordsAreOffered() {
        for (typed, reads) in [("tomorow 9", "tomorrow 9"), ("tommorow 9:00", "tomorrow 9:00"), ("firday 17:00", "friday 17:00"),
                               ("Wedensday", "Wednesday"), ("nxt fri", "next fri"), ("24 decembr", "24 december"),
                               ("in 2 huors", "in 2 hours"), ("Dez 24", "Dec 24")] {
            expectError(typed, .misspelt(typed, reads: reads))
        }
        // No word near enough, or none that makes the text read: as before.
        expectError("lunch", .unreadable("lunch"))
        expectError("2 parsecs", .unreadableWord("parsecs", in: "2 parsecs"))
        expectError("9 tomorow", .unreadableWord("tomorow", in: "9 tomorow"))
        expectEqual(DueDateParseError.misspelt("tomorow 9", reads: "tomorrow 9").description, #"can't read "tomorow 9": did you mean "tomorrow 9"?"#)
    }

    @Test("edits count a letter added, dropped or changed, and two neighbours swapped, as one each, up to one over the limit")
    func editsBetweenWords() {
        expectEqual(Spelling.edits(from: "tomorow", to: "tomorrow", atMost: 2), 1)
        expectEqual(Spelling.edits(from: "firday", to: "friday", atMost: 2), 1)
        expectEqual(Spelling.edits(from: "tommorow", to: "tomorrow", atMost: 2), 2)
        expectEqual(Spelling.edits(from: "dez", to: "dec", atMost: 1), 1)
        expectEqual(Spelling.edits(from: "friday", to: "friday", atMost: 1), 0)
        expectEqual(Spelling.edits(from: "abc", to: "xyz", atMost: 1), 2)
        expectEqual(Spelling.edits(from: "mon", to: "monday", atMost: 2), 3)
        // Nearest first, alphabetically among equals; none for a word of two letters.
        expectEqual(Spelling.nearest(to: "lst", in: ["lists", "list", "last", "status"]), ["last", "list"])
        expectEqual(Spelling.nearest(to: "ad", in: ["add", "at"]), [])
    }

    @Test func unreadableKeepsTheTextAsTypedButTrimmed() {
        expectError("  Blah Blah ", .unreadable("Blah Blah"))
    }

    @Test func messagesStayOnOneLine() {
        let pasted = "line one\nline two\u{7}"
        let message = DueDateParseError.unreadable(pasted).description
        #expect(!message.contains("\n"))
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        let long = DueDateParseError.unreadable(String(repeating: "x", count: 200)).description
        #expect(long.contains(String(repeating: "x", count: 40) + "…\""))
        #expect(!long.contains(String(repeating: "x", count: 41)))
    }

    @Test func invalidCalendarDatesAreNotRolledOver() {
        expectError("2026-02-31", .invalidDay(day: 31, month: 2, year: 2026))
        expectError("2026-02-29", .invalidDay(day: 29, month: 2, year: 2026))
        expectError("2026-04-31 10:00", .invalidDay(day: 31, month: 4, year: 2026))
        expectError("2026-01-00", .invalidDay(day: 0, month: 1, year: 2026))
        expectError("31.06.2026", .invalidDay(day: 31, month: 6, year: 2026))
        expectError("2026-13-01", .invalidMonth(13))
        expectError("2026-00-10", .invalidMonth(0))
        expectEqual(DueDateParseError.invalidDay(day: 31, month: 2, year: 2026).description, "February 2026 has only 28 days")
        expectEqual(DueDateParseError.invalidDay(day: 31, month: 4, year: 2026).description, "April 2026 has only 30 days")
        expectEqual(DueDateParseError.invalidDay(day: 0, month: 1, year: 2026).description, "there is no day 0: days start at 1")
        expectEqual(DueDateParseError.invalidMonth(13).description, "there is no month 13: months go from 1 to 12")
    }

    @Test func invalidTimes() {
        expectError("25:00", .invalidHour(25))
        expectError("24:00", .invalidHour(24))
        expectError("tomorrow 9:61", .invalidMinute(61))
        expectError("9:61", .invalidMinute(61))
        expectError("13pm", .invalidTwelveHourClockHour(13))
        expectError("0am", .invalidTwelveHourClockHour(0))
        expectError("2026-12-24 18:00:30", .secondsNotSupported)
        // The date is checked before the time.
        expectError("2026-02-31 25:00", .invalidDay(day: 31, month: 2, year: 2026))
        expectEqual(DueDateParseError.invalidHour(25).description, "there is no hour 25: hours go from 0 to 23")
        expectEqual(DueDateParseError.invalidMinute(61).description, "there is no minute 61: minutes go from 00 to 59")
    }

    @Test func yearsOutsideTheSupportedRange() {
        expectError("99999-01-01", .yearOutOfRange(99999))
        expectError("1969-12-31", .yearOutOfRange(1969))
        expectError("10000-01-01 10:00", .yearOutOfRange(10000))
        expectError("99999999999999999999-01-01", .unreadable("99999999999999999999-01-01"))
        let lastDay = Fixed.instant("9999-12-31T10:00:00+01:00")
        expectError("tomorrow", .yearOutOfRange(10000), now: lastDay)
        expectError("9:00", .yearOutOfRange(10000), now: lastDay)
        expectDate("today 18:00", "9999-12-31T18:00:00+01:00", now: lastDay)
        expectEqual(DueDateParseError.yearOutOfRange(99999).description, "year 99999 is out of range (1970-9999)")
        expectEqual(DueDateParseError.durationTooLong("+999999d").description, #""+999999d" is more than 100 years ahead: type the date itself, for example "2126-12-24 18:00""#)
        expectEqual(DueDateParseError.tooFarAway("+9999999d").description, #""+9999999d" is too far away: due dates must be in the years 1970-9999"#)
    }

    @Test func absurdClocksGiveErrorsNotCrashes() {
        for seconds in [1e18, -1e18, .infinity, -.infinity, .nan] {
            let now = Date(timeIntervalSince1970: seconds)
            for text in ["today", "tomorrow", "fri", "9:00", "+2h", "+1d", "now", "dec 24", "24.12.", "tonight",
                         "next week", "next month", "end of month", "+3d 9:00", "tomorrow 9"] {
                guard case .failure = parse(text, now: now) else {
                    Issue.record("\(text) at \(seconds) should fail")
                    continue
                }
            }
            expectDate("2026-12-24 18:00", "2026-12-24T18:00:00+01:00", now: now)
        }
    }

    // MARK: Time zones and DST

    @Test func wallTimesInADSTGapMoveToTheFirstMinuteAfterIt() {
        // Europe/Berlin skips 02:00-02:59 on 2026-03-29.
        expectDate("2026-03-29 02:30", "2026-03-29T03:00:00+02:00")
        expectDate("2026-03-29 02:00", "2026-03-29T03:00:00+02:00")
        expectDate("2026-03-29 01:59", "2026-03-29T01:59:00+01:00")
        expectDate("2026-03-29 03:00", "2026-03-29T03:00:00+02:00")
        let thatNight = Fixed.instant("2026-03-29T01:00:00+01:00")
        expectDate("2:30", "2026-03-29T03:00:00+02:00", now: thatNight)
        let dayBefore = Fixed.instant("2026-03-28T12:00:00+01:00")
        expectDate("tomorrow 2:15am", "2026-03-29T03:00:00+02:00", now: dayBefore)
    }

    @Test func repeatedWallTimesTakeTheEarlierInstant() {
        expectDate("2026-10-25 02:30", "2026-10-25T02:30:00+02:00")
        expectDate("2026-10-25 03:00", "2026-10-25T03:00:00+01:00")
    }

    @Test func wallTimesAreReadInTheCalendarsZone() {
        let newYork = ParserFixture.parser("America/New_York")
        // 02:00 UTC on the 21st is still the evening of the 20th in New York.
        let eveningOf20th = Fixed.instant("2026-11-21T02:00:00Z")
        expectEqual(newYork.parse("tomorrow 9:00", now: eveningOf20th), .success(Fixed.instant("2026-11-21T09:00:00-05:00")))
        expectEqual(newYork.parse("today", now: eveningOf20th), .success(Fixed.instant("2026-11-20T09:00:00-05:00")))
        expectEqual(newYork.parse("2026-07-04 12:00", now: eveningOf20th), .success(Fixed.instant("2026-07-04T12:00:00-04:00")))
        // US spring-forward, 2026-03-08: 02:30 does not exist.
        expectEqual(newYork.parse("2026-03-08 02:30", now: eveningOf20th), .success(Fixed.instant("2026-03-08T03:00:00-04:00")))

        let utc = ParserFixture.parser("UTC")
        expectEqual(utc.parse("tomorrow 9:00", now: eveningOf20th), .success(Fixed.instant("2026-11-22T09:00:00Z")))
    }

    @Test func halfHourZonesStillGiveWholeMinutes() {
        let kolkata = ParserFixture.parser("Asia/Kolkata")
        let now = Fixed.instant("2026-11-20T10:00:30+05:30")
        expectEqual(kolkata.parse("+2h", now: now), .success(Fixed.instant("2026-11-20T12:00:00+05:30")))
        expectEqual(kolkata.parse("17:30", now: now), .success(Fixed.instant("2026-11-20T17:30:00+05:30")))
    }

    @Test(arguments: ["today", "tomorrow 9am", "fri", "next fri 17:00", "17:30", "midnight", "+2h", "+30m",
                      "in 3 days", "+1w", "2026-12-24 18:00", "24.12.2026"])
    func resultsHaveZeroSeconds(_ text: String) throws {
        let date = try parse(text, now: now.addingTimeInterval(0.25)).get()
        expectEqual(date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60), 0)
    }
}

// MARK: - Dates in words, by locale and zone

/// What a typed text must give: a wall time in the parser's zone
/// ("2026-12-24 09:00"), or an error.
private enum Outcome: Sendable, CustomStringConvertible {
    case at(String)
    case refused(DueDateParseError)

    var description: String {
        switch self {
        case .at(let wallTime): wallTime
        case .refused(let error): "refused: \(error)"
        }
    }
}

/// The table's locales and zones. Wall times are given, not instants, so one
/// table serves every zone; they are turned into instants with Foundation's
/// own calendar, not the parser's wall-clock arithmetic, and none falls into
/// a DST change.
private enum LocaleTable {
    static let locales = ["en_US", "en_GB", "de_DE", "fr_FR"]
    static let zones = ["Europe/Berlin", "America/New_York"]

    static func calendar(_ locale: String, _ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: locale)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// "2026-12-24 09:00" or "2026-11-20 07:39:30" read in `calendar`'s zone.
    static func instant(_ wallTime: String, in calendar: Calendar) -> Date {
        let numbers = wallTime.split { !$0.isNumber }.map { Int($0)! }
        let components = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3],
                                         minute: numbers[4], second: numbers.count > 5 ? numbers[5] : 0)
        return calendar.date(from: components)!
    }

    /// Friday 2026-11-20, 07:39:30 on the wall clock: early enough that 09:00,
    /// 17:00 and 20:00 are still ahead, with seconds that durations must drop.
    static let fridayMorning = "2026-11-20 07:39:30"

    /// Read the same in every locale.
    static let everywhere: [(String, Outcome)] = [
        // Month names, both orders, with and without a year and a time.
        ("dec 24", .at("2026-12-24 09:00")),
        ("Dec 24", .at("2026-12-24 09:00")),
        ("december 24", .at("2026-12-24 09:00")),
        ("24 December", .at("2026-12-24 09:00")),
        ("24 dec", .at("2026-12-24 09:00")),
        ("24. Dec.", .at("2026-12-24 09:00")),
        ("24 déc.", .at("2026-12-24 09:00")),
        ("DEC 24 18:00", .at("2026-12-24 18:00")),
        ("24 december at 6pm", .at("2026-12-24 18:00")),
        ("24 dec at 9", .at("2026-12-24 09:00")),
        ("december 24, 2026", .at("2026-12-24 09:00")),
        ("dec 24 2027 18:30", .at("2027-12-24 18:30")),
        ("24 dec 2027", .at("2027-12-24 09:00")),
        ("18:00 dec 24", .at("2026-12-24 18:00")),
        ("sept 3", .at("2027-09-03 09:00")),
        ("sep 3", .at("2027-09-03 09:00")),
        ("september 3", .at("2027-09-03 09:00")),
        ("jan 5", .at("2027-01-05 09:00")),
        ("jun 1", .at("2027-06-01 09:00")),
        ("july 4", .at("2027-07-04 09:00")),
        // Without a year: the next such day on or after today.
        ("nov 20", .at("2026-11-20 09:00")),
        ("nov 19", .at("2027-11-19 09:00")),
        ("feb 29", .at("2028-02-29 09:00")),
        ("24.12.", .at("2026-12-24 09:00")),
        ("24.12. 18:00", .at("2026-12-24 18:00")),
        ("24.12. at 9", .at("2026-12-24 09:00")),
        ("1.2.", .at("2027-02-01 09:00")),
        ("20.11.", .at("2026-11-20 09:00")),
        ("24.12.2026", .at("2026-12-24 09:00")),
        // A relative day with a time.
        ("in 3 days 10:00", .at("2026-11-23 10:00")),
        ("in 3 days at 10", .at("2026-11-23 10:00")),
        ("+3d 9:00", .at("2026-11-23 09:00")),
        ("+1w 9am", .at("2026-11-27 09:00")),
        ("in 2 weeks at 17:30", .at("2026-12-04 17:30")),
        ("3d 9:00", .at("2026-11-23 09:00")),
        ("tomorrow 9", .at("2026-11-21 09:00")),
        ("tomorrow at 9", .at("2026-11-21 09:00")),
        ("tomorrow 17", .at("2026-11-21 17:00")),
        ("today 18", .at("2026-11-20 18:00")),
        ("at 9", .at("2026-11-20 09:00")),
        ("fri at 17", .at("2026-11-20 17:00")),
        // Short forms.
        ("tonight", .at("2026-11-20 20:00")),
        ("eod", .at("2026-11-20 17:00")),
        ("EOD", .at("2026-11-20 17:00")),
        ("end of day", .at("2026-11-20 17:00")),
        ("tomorrow eod", .at("2026-11-21 17:00")),
        ("now", .at("2026-11-20 07:39")),
        ("next week", .at("2026-11-23 09:00")),
        ("next week 14:00", .at("2026-11-23 14:00")),
        ("next month", .at("2026-12-01 09:00")),
        ("next month at 10", .at("2026-12-01 10:00")),
        ("end of month", .at("2026-11-30 17:00")),
        ("end of the month 12:00", .at("2026-11-30 12:00")),
        // Plain durations, from the current minute.
        ("30m", .at("2026-11-20 08:09")),
        ("1h30m", .at("2026-11-20 09:09")),
        ("1h 30m", .at("2026-11-20 09:09")),
        ("90 min", .at("2026-11-20 09:09")),
        ("2 hours", .at("2026-11-20 09:39")),
        ("+2h", .at("2026-11-20 09:39")),
        ("3d", .at("2026-11-23 09:00")),  // whole days without a time: 9:00, as any day
        // Refused, each saying what it could not read.
        ("24.12", .refused(.unreadable("24.12"))),
        ("dec", .refused(.unreadable("dec"))),
        ("dec 24 9", .refused(.unreadable("dec 24 9"))),
        ("9 tomorrow", .refused(.unreadable("9 tomorrow"))),
        ("+2h 9:00", .refused(.unreadable("+2h 9:00"))),
        ("in 1 day and 2 hours 9:00", .refused(.unreadable("in 1 day and 2 hours 9:00"))),
        ("now 9:00", .refused(.unreadable("now 9:00"))),
        ("next year", .refused(.unreadable("next year"))),
        ("end of week", .refused(.unreadable("end of week"))),
        ("12/24/", .refused(.unreadable("12/24/"))),
        ("24 decembr", .refused(.misspelt("24 decembr", reads: "24 december"))),
        ("Decembr 24, 2026", .refused(.misspelt("Decembr 24, 2026", reads: "December 24, 2026"))),
        ("24 decembr 18:00", .refused(.misspelt("24 decembr 18:00", reads: "24 december 18:00"))),
        ("2 parsecs", .refused(.unreadableWord("parsecs", in: "2 parsecs"))),
        ("dec 32", .refused(.invalidDay(day: 32, month: 12, year: 2026))),
        ("feb 30", .refused(.invalidDay(day: 30, month: 2, year: 2027))),
        ("31.04.", .refused(.invalidDay(day: 31, month: 4, year: 2027))),
        ("0.12.", .refused(.invalidDay(day: 0, month: 12, year: 2026))),
        ("24.13.", .refused(.invalidMonth(13))),
        ("dec 24 99999", .refused(.yearOutOfRange(99999))),
        ("tomorrow 25", .refused(.invalidHour(25))),
        ("at 24", .refused(.invalidHour(24))),
        ("in 3 days 25:00", .refused(.invalidHour(25))),
        ("+36526d 9:00", .refused(.durationTooLong("+36526d 9:00"))),
        ("fri 9", .refused(.unreadable("fri 9"))),
    ]

    /// Read differently by locale: slash forms follow it, and each locale
    /// adds its own month names to the English ones.
    static let byLocale: [(String, [String: Outcome])] = [
        ("12/24", [
            "en_US": .at("2026-12-24 09:00"), "en_GB": .refused(.invalidMonth(24)),
            "de_DE": .refused(.invalidMonth(24)), "fr_FR": .refused(.invalidMonth(24)),
        ]),
        ("24/12", [
            "en_US": .refused(.invalidMonth(24)), "en_GB": .at("2026-12-24 09:00"),
            "de_DE": .at("2026-12-24 09:00"), "fr_FR": .at("2026-12-24 09:00"),
        ]),
        ("11/12", [
            "en_US": .at("2027-11-12 09:00"), "en_GB": .at("2026-12-11 09:00"),
            "de_DE": .at("2026-12-11 09:00"), "fr_FR": .at("2026-12-11 09:00"),
        ]),
        ("12/24/2026 18:00", [
            "en_US": .at("2026-12-24 18:00"), "en_GB": .refused(.invalidMonth(24)),
            "de_DE": .refused(.invalidMonth(24)), "fr_FR": .refused(.invalidMonth(24)),
        ]),
        ("24/12/2027", [
            "en_US": .refused(.invalidMonth(24)), "en_GB": .at("2027-12-24 09:00"),
            "de_DE": .at("2027-12-24 09:00"), "fr_FR": .at("2027-12-24 09:00"),
        ]),
        ("24. Dezember", [
            "en_US": .refused(.misspelt("24. Dezember", reads: "24. December")),
            "en_GB": .refused(.misspelt("24. Dezember", reads: "24. December")),
            "de_DE": .at("2026-12-24 09:00"),
            "fr_FR": .refused(.misspelt("24. Dezember", reads: "24. December")),
        ]),
        ("Dez 24 18:00", [
            "en_US": .refused(.misspelt("Dez 24 18:00", reads: "Dec 24 18:00")),
            "en_GB": .refused(.misspelt("Dez 24 18:00", reads: "Dec 24 18:00")),
            "de_DE": .at("2026-12-24 18:00"),
            "fr_FR": .refused(.misspelt("Dez 24 18:00", reads: "Dec 24 18:00")),
        ]),
        ("3. März 2027", [
            "en_US": .refused(.misspelt("3. März 2027", reads: "3. Mar 2027")),
            "en_GB": .refused(.misspelt("3. März 2027", reads: "3. Mar 2027")),
            "de_DE": .at("2027-03-03 09:00"),
            "fr_FR": .refused(.misspelt("3. März 2027", reads: "3. Mar 2027")),
        ]),
        ("3 marz", [
            "en_US": .refused(.misspelt("3 marz", reads: "3 mar")),
            "en_GB": .refused(.misspelt("3 marz", reads: "3 mar")),
            "de_DE": .at("2027-03-03 09:00"),
            "fr_FR": .refused(.misspelt("3 marz", reads: "3 mar")),
        ]),
        ("14 juillet", [
            "en_US": .refused(.unreadableWord("juillet", in: "14 juillet")),
            "en_GB": .refused(.unreadableWord("juillet", in: "14 juillet")),
            "de_DE": .refused(.unreadableWord("juillet", in: "14 juillet")),
            "fr_FR": .at("2027-07-14 09:00"),
        ]),
        ("1 févr.", [
            "en_US": .refused(.unreadableWord("févr", in: "1 févr.")),
            "en_GB": .refused(.unreadableWord("févr", in: "1 févr.")),
            "de_DE": .refused(.unreadableWord("févr", in: "1 févr.")),
            "fr_FR": .at("2027-02-01 09:00"),
        ]),
    ]
}

@Suite("DueDateParser: dates in words, by locale and zone")
struct DueDateParserLocaleTests {
    private func check(_ rows: [(String, Outcome)], now wallTime: String, in calendar: Calendar,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let parser = DueDateParser(calendar: calendar)
        let now = LocaleTable.instant(wallTime, in: calendar)
        let place = "\(calendar.locale?.identifier ?? "?") \(calendar.timeZone.identifier)"
        for (text, outcome) in rows {
            let expected: Result<Date, DueDateParseError> = switch outcome {
            case .at(let wallTime): .success(LocaleTable.instant(wallTime, in: calendar))
            case .refused(let error): .failure(error)
            }
            expectEqual(parser.parse(text, now: now), expected, "\(text) in \(place): \(outcome)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: LocaleTable.locales, LocaleTable.zones)
    func sameInEveryLocale(locale: String, zone: String) {
        check(LocaleTable.everywhere, now: LocaleTable.fridayMorning, in: LocaleTable.calendar(locale, zone))
    }

    @Test(arguments: LocaleTable.locales, LocaleTable.zones)
    func numericOrderAndMonthNamesFollowTheLocale(locale: String, zone: String) {
        let rows = LocaleTable.byLocale.map { text, outcomes in (text, outcomes[locale]!) }
        check(rows, now: LocaleTable.fridayMorning, in: LocaleTable.calendar(locale, zone))
    }

    @Test(arguments: LocaleTable.zones)
    func shortFormsThatHavePassedMoveOn(zone: String) {
        let calendar = LocaleTable.calendar("en_GB", zone)
        // 21:15 on Monday 30 November, the last day of the month.
        check([
            ("tonight", .at("2026-12-01 20:00")),
            ("eod", .at("2026-12-01 17:00")),
            ("end of day", .at("2026-12-01 17:00")),
            ("end of month", .at("2026-12-31 17:00")),
            ("end of month 22:00", .at("2026-11-30 22:00")),
            ("today eod", .at("2026-11-30 17:00")),
            ("next week", .at("2026-12-07 09:00")),
            ("next month", .at("2026-12-01 09:00")),
            ("now", .at("2026-11-30 21:15")),
            ("30.11.", .at("2026-11-30 09:00")),
            ("29.11.", .at("2027-11-29 09:00")),
        ], now: "2026-11-30 21:15:59", in: calendar)
        // The year turns: New Year's Eve evening.
        check([
            ("next month", .at("2027-01-01 09:00")),
            ("end of month", .at("2027-01-31 17:00")),
            ("jan 1", .at("2027-01-01 09:00")),
            ("dec 31", .at("2026-12-31 09:00")),
            ("1.1.", .at("2027-01-01 09:00")),
            ("+1h", .at("2027-01-01 00:30")),
        ], now: "2026-12-31 23:30:45", in: calendar)
        // February in a leap year: the month ends on the 29th.
        check([
            ("end of month", .at("2028-02-29 17:00")),
            ("feb 29", .at("2028-02-29 09:00")),
            ("29.2.", .at("2028-02-29 09:00")),
        ], now: "2028-02-10 12:00:00", in: calendar)
    }

    @Test(arguments: LocaleTable.zones)
    func durationsCountFromTheCurrentMinute(zone: String) {
        let calendar = LocaleTable.calendar("en_US", zone)
        check([
            ("+2h", .at("2026-11-20 09:39")),
            ("2h", .at("2026-11-20 09:39")),
            ("in 2 hours", .at("2026-11-20 09:39")),
            ("+1m", .at("2026-11-20 07:40")),
            ("+0m", .at("2026-11-20 07:39")),
            ("now", .at("2026-11-20 07:39")),
        ], now: "2026-11-20 07:39:30", in: calendar)
        check([("+2h", .at("2026-11-20 09:39")), ("now", .at("2026-11-20 07:39"))],
              now: "2026-11-20 07:39:00", in: calendar)
        check([("+2h", .at("2026-11-20 09:39")), ("now", .at("2026-11-20 07:39"))],
              now: "2026-11-20 07:39:59", in: calendar)
    }

    @Test func yearLessDatesAtTheEndOfTimeAreOutOfRange() {
        let calendar = LocaleTable.calendar("de_DE", "Europe/Berlin")
        check([
            ("dec 31", .at("9999-12-31 09:00")),
            ("jan 1", .refused(.yearOutOfRange(10000))),
            ("feb 29", .refused(.yearOutOfRange(10000))),
            ("next month", .refused(.yearOutOfRange(10000))),
            ("end of month", .at("9999-12-31 17:00")),
            ("+1d 9:00", .refused(.tooFarAway("+1d 9:00"))),
        ], now: "9999-12-31 08:00:00", in: calendar)
    }

    @Test func slashOrderComesFromTheLocalesOwnPattern() {
        #expect(!DueDateParser.putsDayFirst(Locale(identifier: "en_US")))
        #expect(!DueDateParser.putsDayFirst(Locale(identifier: "en_US_POSIX")))
        #expect(DueDateParser.putsDayFirst(Locale(identifier: "en_GB")))
        #expect(DueDateParser.putsDayFirst(Locale(identifier: "de_DE")))
        #expect(DueDateParser.putsDayFirst(Locale(identifier: "fr_FR")))
    }

    @Test func theLocaleComesFromTheEnvironmentLikeTheDisplay() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let now = Fixed.instant("2026-11-20T07:39:30+01:00")
        let german = DueDateParser(calendar: DueDateStyle.fromEnvironment(["LANG": "de_DE.UTF-8"], fallbackTimeZone: berlin).calendar)
        expectEqual(german.parse("11/12", now: now), .success(Fixed.instant("2026-12-11T09:00:00+01:00")))
        expectEqual(german.parse("Dez 24", now: now), .success(Fixed.instant("2026-12-24T09:00:00+01:00")))
        let unset = DueDateParser(calendar: DueDateStyle.fromEnvironment([:], fallbackTimeZone: berlin).calendar)
        expectEqual(unset.parse("11/12", now: now), .success(Fixed.instant("2027-11-12T09:00:00+01:00")))
        expectEqual(unset.parse("Dez 24", now: now), .failure(.misspelt("Dez 24", reads: "Dec 24")))
    }

    @Test func unreadableWordNamesTheWord() {
        expectEqual(DueDateParseError.unreadableWord("decembr", in: "24 decembr").description, #"can't read "decembr" in "24 decembr": try "dec 24", "24 december" or "24.12.""#)
        let pasted = DueDateParseError.unreadableWord("x\ny", in: "24 x\ny " + String(repeating: "z", count: 60)).description
        #expect(!pasted.contains("\n"))
        #expect(pasted.contains("…"))
    }

    @Test func wordsThatMeanSomethingAreNeverCalledMisspeltMonths() {
        let parser = DueDateParser(calendar: LocaleTable.calendar("en_US", "Europe/Berlin"))
        let now = LocaleTable.instant(LocaleTable.fridayMorning, in: parser.calendar)
        for text in ["fri 9", "9 tomorrow", "24 at", "noon 5", "next 5", "tonight 9", "24 of"] {
            expectEqual(parser.parse(text, now: now), .failure(.unreadable(text)), "\(text)")
        }
    }

    @Test("which letters begin a word: keywords, weekdays, units and month names, the locale's too")
    func lettersThatBeginAWord() {
        let english = DueDateParser(calendar: LocaleTable.calendar("en_US", "Europe/Berlin"))
        let german = DueDateParser(calendar: LocaleTable.calendar("de_DE", "Europe/Berlin"))
        for letters in ["to", "TO", "th", "tm", "fr", "dec", "noo", "wee", "t"] {
            #expect(english.beginsAWord(letters), "\(letters)")
        }
        for letters in ["tf", "tt", "tw", "xq", "deze", "märz"] {
            #expect(!english.beginsAWord(letters), "\(letters)")
        }
        // The locale's names, as the parser reads them: accents dropped.
        for letters in ["deze", "dez", "märz", "marz", "okt"] {
            #expect(german.beginsAWord(letters), "\(letters)")
        }
        #expect(!german.beginsAWord("tf"))
        // A t the picker kept ("to" begins "today") before a month is offered away.
        let now = LocaleTable.instant(LocaleTable.fridayMorning, in: english.calendar)
        expectEqual(english.parse("toct 3", now: now), .failure(.misspelt("toct 3", reads: "oct 3")))
    }
}
