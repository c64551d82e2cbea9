import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// Fixed instants and calendars for the date-picker tests.
private enum PickerFixture {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    static let berlin = calendar("Europe/Berlin")
    static let newYork = calendar("America/New_York")
    static let utc = calendar("UTC")
}

@Suite("DateFields and DatePickerMath")
struct DateFieldsTests {
    private let berlin = PickerFixture.berlin

    /// `adding` on a Berlin instant, compared as instants.
    private func expectAdding(_ amount: Int, _ field: DateField, to start: String, gives expected: String,
                              calendar: Calendar = PickerFixture.berlin,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let result = DatePickerMath.adding(amount, to: field, of: Fixed.instant(start), calendar: calendar)
        expectEqual(result, Fixed.instant(expected), "\(start) + \(amount) \(field)", sourceLocation: sourceLocation)
    }

    private func expectSetting(_ field: DateField, to value: Int, of start: String, gives expected: String?,
                               calendar: Calendar = PickerFixture.berlin,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let result = DatePickerMath.setting(field, to: value, of: Fixed.instant(start), calendar: calendar)
        expectEqual(result, expected.map(Fixed.instant), "\(start) \(field) = \(value)", sourceLocation: sourceLocation)
    }

    // MARK: Fields

    @Test func fieldsAreTheWallTimeInTheCalendarsZone() {
        let instant = Fixed.instant("2026-11-21T03:05:59Z")
        expectEqual(DateFields(date: instant, calendar: PickerFixture.utc), DateFields(year: 2026, month: 11, day: 21, hour: 3, minute: 5))
        expectEqual(DateFields(date: instant, calendar: berlin), DateFields(year: 2026, month: 11, day: 21, hour: 4, minute: 5))
        // Still the evening before in New York.
        let newYork = DateFields(date: instant, calendar: PickerFixture.newYork)
        expectEqual(newYork, DateFields(year: 2026, month: 11, day: 20, hour: 22, minute: 5))
        expectEqual(newYork[.year], 2026)
        expectEqual(newYork[.month], 11)
        expectEqual(newYork[.day], 20)
        expectEqual(newYork[.hour], 22)
        expectEqual(newYork[.minute], 5)
        expectEqual(newYork.weekday, 6)  // Friday
    }

    @Test func subscriptSetsAField() {
        var fields = DateFields(year: 2026, month: 1, day: 1, hour: 0, minute: 0)
        for field in DateField.allCases {
            fields[field] = field.rawValue + 2
        }
        expectEqual(fields, DateFields(year: 2, month: 3, day: 4, hour: 5, minute: 6))
    }

    @Test func maxDigits() {
        expectEqual(DateField.allCases.map(\.maxDigits), [4, 2, 2, 2, 2])
    }

    @Test func rangesDependOnMonthAndYear() {
        let january = DateFields(year: 2027, month: 1, day: 31, hour: 9, minute: 0)
        expectEqual(january.range(of: .year, in: berlin), 1970...9999)
        expectEqual(january.range(of: .month, in: berlin), 1...12)
        expectEqual(january.range(of: .day, in: berlin), 1...31)
        expectEqual(january.range(of: .hour, in: berlin), 0...23)
        expectEqual(january.range(of: .minute, in: berlin), 0...59)
        var other = january
        other.month = 2
        expectEqual(other.range(of: .day, in: berlin), 1...28)
        other.year = 2028
        expectEqual(other.range(of: .day, in: berlin), 1...29)
        other.year = 2100  // divisible by 100, not by 400
        expectEqual(other.range(of: .day, in: berlin), 1...28)
        other.year = 2000
        expectEqual(other.range(of: .day, in: berlin), 1...29)
        other.month = 4
        expectEqual(other.range(of: .day, in: berlin), 1...30)
    }

    @Test func invalidFieldsNameNoDate() {
        for fields in [
            DateFields(year: 2026, month: 2, day: 29, hour: 9, minute: 0),
            DateFields(year: 2026, month: 13, day: 1, hour: 9, minute: 0),
            DateFields(year: 2026, month: 4, day: 31, hour: 9, minute: 0),
            DateFields(year: 2026, month: 1, day: 0, hour: 9, minute: 0),
            DateFields(year: 2026, month: 1, day: 1, hour: 24, minute: 0),
            DateFields(year: 2026, month: 1, day: 1, hour: 9, minute: 60),
            DateFields(year: 1969, month: 12, day: 31, hour: 23, minute: 59),
            DateFields(year: 10000, month: 1, day: 1, hour: 0, minute: 0),
        ] {
            #expect(fields.date(in: berlin) == nil, "\(fields)")
            #expect(fields.weekday == nil)
        }
        expectEqual(DateFields(year: 1970, month: 1, day: 1, hour: 0, minute: 0).date(in: berlin), Fixed.instant("1970-01-01T00:00:00+01:00"))
        expectEqual(DateFields(year: 9999, month: 12, day: 31, hour: 23, minute: 59).date(in: berlin), Fixed.instant("9999-12-31T23:59:00+01:00"))
    }

    /// Cross-checks the integer calendar arithmetic against Foundation for
    /// every day of a leap year and a common year, at a time no DST
    /// transition touches.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney"])
    func fieldsRoundTripAndAgreeWithFoundation(zone: String) throws {
        let calendar = PickerFixture.calendar(zone)
        var date = try #require(calendar.date(from: DateComponents(year: 2027, month: 1, day: 1, hour: 9, minute: 17)))
        for _ in 0..<(365 + 366) {
            let fields = DateFields(date: date, calendar: calendar)
            let components = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
            expectEqual(fields, DateFields(year: components.year!, month: components.month!, day: components.day!,
                                         hour: components.hour!, minute: components.minute!))
            expectEqual(fields.weekday, components.weekday)
            expectEqual(fields.date(in: calendar), date)
            for field in [DateField.year, .month, .day] {
                for amount in [1, -1, 13] {
                    let component: Calendar.Component = field == .year ? .year : field == .month ? .month : .day
                    expectEqual(DatePickerMath.adding(amount, to: field, of: date, calendar: calendar), calendar.date(byAdding: component, value: amount, to: date))
                }
            }
            date = try #require(calendar.date(byAdding: .day, value: 1, to: date))
        }
    }

    // MARK: Carry

    @Test func minuteCarry() {
        expectAdding(1, .minute, to: "2026-11-21T10:59:00+01:00", gives: "2026-11-21T11:00:00+01:00")
        expectAdding(-1, .minute, to: "2026-11-21T11:00:00+01:00", gives: "2026-11-21T10:59:00+01:00")
        expectAdding(1, .minute, to: "2026-12-31T23:59:00+01:00", gives: "2027-01-01T00:00:00+01:00")
        expectAdding(90, .minute, to: "2026-11-21T10:45:00+01:00", gives: "2026-11-21T12:15:00+01:00")
    }

    @Test func hourCarryAcrossMidnight() {
        expectAdding(1, .hour, to: "2026-11-21T23:30:00+01:00", gives: "2026-11-22T00:30:00+01:00")
        expectAdding(-1, .hour, to: "2026-11-22T00:30:00+01:00", gives: "2026-11-21T23:30:00+01:00")
        expectAdding(1, .hour, to: "2026-02-28T23:00:00+01:00", gives: "2026-03-01T00:00:00+01:00")
    }

    @Test func dayCarryAcrossMonthAndYearEnds() {
        expectAdding(1, .day, to: "2026-01-31T09:00:00+01:00", gives: "2026-02-01T09:00:00+01:00")
        expectAdding(1, .day, to: "2026-12-31T09:00:00+01:00", gives: "2027-01-01T09:00:00+01:00")
        expectAdding(-1, .day, to: "2027-01-01T09:00:00+01:00", gives: "2026-12-31T09:00:00+01:00")
        expectAdding(1, .day, to: "2028-02-28T09:00:00+01:00", gives: "2028-02-29T09:00:00+01:00")
        expectAdding(1, .day, to: "2027-02-28T09:00:00+01:00", gives: "2027-03-01T09:00:00+01:00")
        expectAdding(-1, .day, to: "2028-03-01T09:00:00+01:00", gives: "2028-02-29T09:00:00+01:00")
    }

    @Test func monthCarryClampsTheDay() {
        expectAdding(1, .month, to: "2027-01-31T09:00:00+01:00", gives: "2027-02-28T09:00:00+01:00")
        expectAdding(1, .month, to: "2028-01-31T09:00:00+01:00", gives: "2028-02-29T09:00:00+01:00")
        expectAdding(1, .month, to: "2026-12-15T09:00:00+01:00", gives: "2027-01-15T09:00:00+01:00")
        expectAdding(-1, .month, to: "2027-01-15T09:00:00+01:00", gives: "2026-12-15T09:00:00+01:00")
        expectAdding(-1, .month, to: "2026-03-31T09:00:00+02:00", gives: "2026-02-28T09:00:00+01:00")
        expectAdding(25, .month, to: "2026-01-31T09:00:00+01:00", gives: "2028-02-29T09:00:00+01:00")
    }

    @Test func leapDayPlusAYearIsFebruary28() {
        expectAdding(1, .year, to: "2028-02-29T09:00:00+01:00", gives: "2029-02-28T09:00:00+01:00")
        expectAdding(-1, .year, to: "2028-02-29T09:00:00+01:00", gives: "2027-02-28T09:00:00+01:00")
        expectAdding(4, .year, to: "2028-02-29T09:00:00+01:00", gives: "2032-02-29T09:00:00+01:00")
    }

    @Test func secondsAreDropped() {
        expectAdding(1, .minute, to: "2026-11-21T10:00:45+01:00", gives: "2026-11-21T10:01:00+01:00")
        expectAdding(1, .day, to: "2026-11-21T10:00:45+01:00", gives: "2026-11-22T10:00:00+01:00")
        expectSetting(.hour, to: 12, of: "2026-11-21T10:00:45+01:00", gives: "2026-11-21T12:00:00+01:00")
        let withFraction = Fixed.instant("2026-11-21T10:00:00+01:00").addingTimeInterval(0.75)
        expectEqual(DatePickerMath.adding(0, to: .minute, of: withFraction, calendar: berlin), Fixed.instant("2026-11-21T10:00:00+01:00"))
    }

    // MARK: Year bounds

    @Test func yearBoundsLeaveTheDateUnchanged() {
        let last = "9999-12-31T23:59:00+01:00"
        for field in DateField.allCases {
            expectAdding(1, field, to: last, gives: last)
        }
        expectAdding(-1, .minute, to: last, gives: "9999-12-31T23:58:00+01:00")
        let first = "1970-01-01T00:00:00+01:00"
        for field in DateField.allCases {
            expectAdding(-1, field, to: first, gives: first)
        }
        expectAdding(1, .minute, to: first, gives: "1970-01-01T00:01:00+01:00")
        // Unchanged, but still with seconds zero.
        expectAdding(1, .year, to: "9999-06-01T12:00:30+02:00", gives: "9999-06-01T12:00:00+02:00")
    }

    @Test func extremeAmountsDoNotCrash() {
        let start = "2026-11-21T10:00:00+01:00"
        for field in DateField.allCases {
            // 10^10 minutes is about 19,000 years.
            for amount in [Int.max, Int.min, Int.max / 2, 10_000_000_000, -10_000_000_000] {
                expectAdding(amount, field, to: start, gives: start)
            }
        }
        // Instants far outside 1970...9999, or not numbers at all, give
        // fields that name no date instead of trapping.
        for seconds in [1e18, -1e18, .infinity, -.infinity, .nan] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(DateFields(date: date, calendar: berlin).date(in: berlin) == nil)
            #expect(DatePickerMath.setting(.hour, to: 9, of: date, calendar: berlin) == nil)
            for field in DateField.allCases {
                _ = DatePickerMath.adding(1, to: field, of: date, calendar: berlin)
            }
        }
        #expect(DateFields(date: .distantPast, calendar: berlin).date(in: berlin) == nil)
    }

    // MARK: Setting typed values

    @Test func settingAValueInRange() {
        expectSetting(.year, to: 2030, of: "2026-11-21T10:00:00+01:00", gives: "2030-11-21T10:00:00+01:00")
        expectSetting(.month, to: 7, of: "2026-11-21T10:00:00+01:00", gives: "2026-07-21T10:00:00+02:00")
        expectSetting(.day, to: 30, of: "2026-11-21T10:00:00+01:00", gives: "2026-11-30T10:00:00+01:00")
        expectSetting(.hour, to: 0, of: "2026-11-21T10:00:00+01:00", gives: "2026-11-21T00:00:00+01:00")
        expectSetting(.minute, to: 59, of: "2026-11-21T10:00:00+01:00", gives: "2026-11-21T10:59:00+01:00")
    }

    @Test func settingADayBeyondTheMonthIsRejected() {
        expectSetting(.day, to: 31, of: "2026-04-10T10:00:00+02:00", gives: nil)
        expectSetting(.day, to: 29, of: "2027-02-10T10:00:00+01:00", gives: nil)
        expectSetting(.day, to: 29, of: "2028-02-10T10:00:00+01:00", gives: "2028-02-29T10:00:00+01:00")
        expectSetting(.day, to: 0, of: "2026-04-10T10:00:00+02:00", gives: nil)
    }

    @Test func settingMonthOrYearClampsTheDay() {
        expectSetting(.month, to: 2, of: "2027-01-31T10:00:00+01:00", gives: "2027-02-28T10:00:00+01:00")
        expectSetting(.month, to: 2, of: "2028-01-31T10:00:00+01:00", gives: "2028-02-29T10:00:00+01:00")
        expectSetting(.month, to: 4, of: "2026-03-31T10:00:00+02:00", gives: "2026-04-30T10:00:00+02:00")
        expectSetting(.year, to: 2027, of: "2028-02-29T10:00:00+01:00", gives: "2027-02-28T10:00:00+01:00")
    }

    @Test func settingOutOfRangeValuesIsRejected() {
        let start = "2026-11-21T10:00:00+01:00"
        for (field, value) in [(DateField.year, 1969), (.year, 10000), (.month, 0), (.month, 13),
                               (.day, 32), (.hour, 24), (.hour, -1), (.minute, 60), (.minute, -1)] {
            expectSetting(field, to: value, of: start, gives: nil)
        }
    }

    // MARK: DST in Europe/Berlin

    @Test func springForwardGap() {
        // 2026-03-29: 02:00 CET becomes 03:00 CEST; 02:00-02:59 do not exist.
        expectEqual(DateFields(year: 2026, month: 3, day: 29, hour: 2, minute: 0).date(in: berlin), Fixed.instant("2026-03-29T03:00:00+02:00"))
        expectEqual(DateFields(year: 2026, month: 3, day: 29, hour: 2, minute: 30).date(in: berlin), Fixed.instant("2026-03-29T03:00:00+02:00"))
        // Hours and minutes step through elapsed time, so they never get stuck at the gap.
        expectAdding(1, .minute, to: "2026-03-29T01:59:00+01:00", gives: "2026-03-29T03:00:00+02:00")
        expectAdding(-1, .minute, to: "2026-03-29T03:00:00+02:00", gives: "2026-03-29T01:59:00+01:00")
        expectAdding(1, .hour, to: "2026-03-29T01:30:00+01:00", gives: "2026-03-29T03:30:00+02:00")
        expectAdding(-1, .hour, to: "2026-03-29T03:30:00+02:00", gives: "2026-03-29T01:30:00+01:00")
        // Days keep the wall time; one that falls in the gap moves to its end.
        expectAdding(1, .day, to: "2026-03-28T09:00:00+01:00", gives: "2026-03-29T09:00:00+02:00")
        expectAdding(1, .day, to: "2026-03-28T02:30:00+01:00", gives: "2026-03-29T03:00:00+02:00")
        expectAdding(1, .year, to: "2025-03-29T02:30:00+01:00", gives: "2026-03-29T03:00:00+02:00")
        // Typing an hour that does not exist that day.
        expectSetting(.hour, to: 2, of: "2026-03-29T01:15:00+01:00", gives: "2026-03-29T03:00:00+02:00")
    }

    @Test func fallBackRepeatedHour() {
        // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:00-02:59 happen twice.
        expectEqual(DateFields(year: 2026, month: 10, day: 25, hour: 2, minute: 30).date(in: berlin), Fixed.instant("2026-10-25T02:30:00+02:00"))
        expectAdding(1, .hour, to: "2026-10-25T02:30:00+02:00", gives: "2026-10-25T02:30:00+01:00")
        expectAdding(1, .hour, to: "2026-10-25T02:30:00+01:00", gives: "2026-10-25T03:30:00+01:00")
        expectAdding(1, .minute, to: "2026-10-25T02:59:00+02:00", gives: "2026-10-25T02:00:00+01:00")
        // Editing a field of the second 02:30 stays in the second hour.
        expectSetting(.minute, to: 45, of: "2026-10-25T02:30:00+01:00", gives: "2026-10-25T02:45:00+01:00")
        expectSetting(.minute, to: 45, of: "2026-10-25T02:30:00+02:00", gives: "2026-10-25T02:45:00+02:00")
        // A 09:00 reminder stays at 09:00.
        expectAdding(1, .day, to: "2026-10-24T09:00:00+02:00", gives: "2026-10-25T09:00:00+01:00")
        expectAdding(1, .month, to: "2026-09-25T09:00:00+02:00", gives: "2026-10-25T09:00:00+01:00")
    }

    // MARK: Other zones

    @Test func newYork() {
        let newYork = PickerFixture.newYork
        expectAdding(1, .hour, to: "2026-11-21T23:30:00-05:00", gives: "2026-11-22T00:30:00-05:00", calendar: newYork)
        expectAdding(1, .day, to: "2026-12-31T20:00:00-05:00", gives: "2027-01-01T20:00:00-05:00", calendar: newYork)
        // US spring-forward, 2026-03-08 02:00 EST -> 03:00 EDT.
        expectAdding(1, .day, to: "2026-03-07T02:30:00-05:00", gives: "2026-03-08T03:00:00-04:00", calendar: newYork)
        expectAdding(1, .minute, to: "2026-03-08T01:59:00-05:00", gives: "2026-03-08T03:00:00-04:00", calendar: newYork)
        expectSetting(.day, to: 8, of: "2026-03-01T09:00:00-05:00", gives: "2026-03-08T09:00:00-04:00", calendar: newYork)
        // UTC would put these on different days; the picker follows New York's wall clock.
        expectSetting(.hour, to: 23, of: "2026-11-21T10:00:00-05:00", gives: "2026-11-21T23:00:00-05:00", calendar: newYork)
    }

    @Test func wholeSkippedDay() {
        // Samoa skipped 2011-12-30 entirely when it crossed the date line.
        let apia = PickerFixture.calendar("Pacific/Apia")
        expectEqual(DateFields(year: 2011, month: 12, day: 30, hour: 9, minute: 0).date(in: apia), Fixed.instant("2011-12-31T00:00:00+14:00"))
    }
}
