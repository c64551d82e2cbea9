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
        #expect(parse(text, now: now) == .success(Fixed.instant(expected)),
                "\(text)", sourceLocation: sourceLocation)
    }

    private func expectError(_ text: String, _ expected: DueDateParseError, now: Date? = nil,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(parse(text, now: now) == .failure(expected), "\(text)", sourceLocation: sourceLocation)
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

    @Test func relativeDurationsRoundUpToAWholeMinute() {
        expectDate("+2h", "2026-11-20T12:01:00+01:00")
        expectDate("+30m", "2026-11-20T10:31:00+01:00")
        expectDate("+3d", "2026-11-23T10:01:00+01:00")
        expectDate("+1w", "2026-11-27T10:01:00+01:00")
        expectDate("in 2 hours", "2026-11-20T12:01:00+01:00")
        expectDate("in 10 minutes", "2026-11-20T10:11:00+01:00")
        expectDate("in 3 days", "2026-11-23T10:01:00+01:00")
        expectDate("in an hour", "2026-11-20T11:01:00+01:00")
        expectDate("+1h30m", "2026-11-20T11:31:00+01:00")
        expectDate("in 1 day and 2 hours", "2026-11-21T12:01:00+01:00")
    }

    @Test func relativeFromAWholeMinuteStaysOnIt() {
        let whole = Fixed.instant("2026-11-20T10:00:00+01:00")
        expectDate("+2h", "2026-11-20T12:00:00+01:00", now: whole)
        expectDate("+0m", "2026-11-20T10:00:00+01:00", now: whole)
        // Half a second past is not whole.
        expectDate("+2h", "2026-11-20T12:01:00+01:00", now: whole.addingTimeInterval(0.5))
    }

    @Test func relativeDaysKeepTheWallTimeAcrossDST() {
        let beforeSpringForward = Fixed.instant("2026-03-28T10:00:00+01:00")
        expectDate("+1d", "2026-03-29T10:00:00+02:00", now: beforeSpringForward)
        // Hours are elapsed time.
        expectDate("+24h", "2026-03-29T11:00:00+02:00", now: beforeSpringForward)
        let beforeFallBack = Fixed.instant("2026-10-24T09:00:00+02:00")
        expectDate("in 1 week", "2026-10-31T09:00:00+01:00", now: beforeFallBack)
    }

    @Test func hugeDurationsAreOutOfRangeNotACrash() {
        // 999999 days from 2026 would be in 4764, inside 1970...9999, but no
        // one means it: durations stop at 100 years.
        expectDate("+36525d", "2126-11-21T10:01:00+01:00")
        expectDate("+36524d24h", "2126-11-21T10:01:00+01:00")
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
        #expect(DueDateParseError.empty.description == #"type a date, for example "tomorrow 9:00""#)
    }

    @Test func unreadableInput() {
        for text in ["blah", "12/24", "fri 9", "-2h", "today at", "next", "next week", "tomorrow tomorrow",
                     "9:5", "2026-12-24 18", "2026-12-24T", "+", "+h", "in hours", "+2 parsecs", "a.m.",
                     "9:00 10:00", "0900", "2026-12-24Z", "today 9:00 fri"] {
            expectError(text, .unreadable(text))
        }
        #expect(DueDateParseError.unreadable("blah").description
            == #"can't read "blah": try "tomorrow 9:00", "fri 17:00", "+2h" or "2026-12-24 18:00""#)
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
        #expect(DueDateParseError.invalidDay(day: 31, month: 2, year: 2026).description == "February 2026 has only 28 days")
        #expect(DueDateParseError.invalidDay(day: 31, month: 4, year: 2026).description == "April 2026 has only 30 days")
        #expect(DueDateParseError.invalidDay(day: 0, month: 1, year: 2026).description == "there is no day 0: days start at 1")
        #expect(DueDateParseError.invalidMonth(13).description == "there is no month 13: months go from 1 to 12")
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
        #expect(DueDateParseError.invalidHour(25).description == "there is no hour 25: hours go from 0 to 23")
        #expect(DueDateParseError.invalidMinute(61).description == "there is no minute 61: minutes go from 00 to 59")
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
        #expect(DueDateParseError.yearOutOfRange(99999).description == "year 99999 is out of range (1970-9999)")
        #expect(DueDateParseError.durationTooLong("+999999d").description
            == #""+999999d" is more than 100 years ahead: type the date itself, for example "2126-12-24 18:00""#)
        #expect(DueDateParseError.tooFarAway("+9999999d").description
            == #""+9999999d" is too far away: due dates must be in the years 1970-9999"#)
    }

    @Test func absurdClocksGiveErrorsNotCrashes() {
        for seconds in [1e18, -1e18, .infinity, -.infinity, .nan] {
            let now = Date(timeIntervalSince1970: seconds)
            for text in ["today", "tomorrow", "fri", "9:00", "+2h", "+1d"] {
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
        #expect(newYork.parse("tomorrow 9:00", now: eveningOf20th) == .success(Fixed.instant("2026-11-21T09:00:00-05:00")))
        #expect(newYork.parse("today", now: eveningOf20th) == .success(Fixed.instant("2026-11-20T09:00:00-05:00")))
        #expect(newYork.parse("2026-07-04 12:00", now: eveningOf20th) == .success(Fixed.instant("2026-07-04T12:00:00-04:00")))
        // US spring-forward, 2026-03-08: 02:30 does not exist.
        #expect(newYork.parse("2026-03-08 02:30", now: eveningOf20th) == .success(Fixed.instant("2026-03-08T03:00:00-04:00")))

        let utc = ParserFixture.parser("UTC")
        #expect(utc.parse("tomorrow 9:00", now: eveningOf20th) == .success(Fixed.instant("2026-11-22T09:00:00Z")))
    }

    @Test func halfHourZonesStillGiveWholeMinutes() {
        let kolkata = ParserFixture.parser("Asia/Kolkata")
        let now = Fixed.instant("2026-11-20T10:00:30+05:30")
        #expect(kolkata.parse("+2h", now: now) == .success(Fixed.instant("2026-11-20T12:01:00+05:30")))
        #expect(kolkata.parse("17:30", now: now) == .success(Fixed.instant("2026-11-20T17:30:00+05:30")))
    }

    @Test(arguments: ["today", "tomorrow 9am", "fri", "next fri 17:00", "17:30", "midnight", "+2h", "+30m",
                      "in 3 days", "+1w", "2026-12-24 18:00", "24.12.2026"])
    func resultsHaveZeroSeconds(_ text: String) throws {
        let date = try parse(text, now: now.addingTimeInterval(0.25)).get()
        #expect(date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0)
    }
}
