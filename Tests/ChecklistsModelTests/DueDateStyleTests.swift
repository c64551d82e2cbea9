import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// Fixed locales, zones and instants for the display tests.
private enum StyleFixture {
    static func style(_ locale: String, _ zone: String) -> DueDateStyle {
        DueDateStyle(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: zone)!)
    }

    /// Saturday 2026-11-21, 09:00 UTC.
    static let saturdayNine = Fixed.instant("2026-11-21T09:00:00Z")
}

@Suite("DueDateStyle")
struct DueDateStyleTests {
    private let date = StyleFixture.saturdayNine

    // MARK: Formatting

    @Test func formatInUSEnglish() {
        #expect(StyleFixture.style("en_US", "UTC").format(date) == "Nov 21, 2026, 9:00 AM")
        #expect(StyleFixture.style("en_US", "America/New_York").format(date) == "Nov 21, 2026, 4:00 AM")
        #expect(StyleFixture.style("en_US", "Asia/Tokyo").format(date) == "Nov 21, 2026, 6:00 PM")
        #expect(StyleFixture.style("en_US", "UTC").format(Fixed.instant("2026-07-04T00:05:00Z"))
            == "Jul 4, 2026, 12:05 AM")
    }

    @Test func formatInGerman() {
        #expect(StyleFixture.style("de_DE", "UTC").format(date) == "21.11.2026, 09:00")
        #expect(StyleFixture.style("de_DE", "Asia/Tokyo").format(date) == "21.11.2026, 18:00")
        // Early on the 21st in UTC is still the 20th in New York.
        #expect(StyleFixture.style("de_DE", "America/New_York").format(Fixed.instant("2026-11-21T03:00:00Z"))
            == "20.11.2026, 22:00")
        #expect(StyleFixture.style("de_DE", "Europe/Berlin").format(Fixed.instant("2026-07-04T07:30:00Z"))
            == "04.07.2026, 09:30")
    }

    @Test(arguments: ["en_US", "en_GB", "de_DE", "ja_JP", "fr_FR", "ar_EG", "he_IL", "en_US_POSIX"])
    func formatIsTerminalSafe(locale: String) {
        let style = StyleFixture.style(locale, "Europe/Berlin")
        for text in [style.format(date), style.weekday(date), style.monthName(11)] {
            #expect(!text.isEmpty)
            #expect(!text.contains("\n"))
            for scalar in text.unicodeScalars {
                let category = scalar.properties.generalCategory
                #expect(category != .control && category != .format, "\(locale): U+\(String(scalar.value, radix: 16))")
                #expect(category != .spaceSeparator || scalar == " ", "\(locale): U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func terminalSafeReplacesOddSpacesAndDropsInvisibles() {
        #expect(DueDateStyle.terminalSafe("9:00\u{202F}AM") == "9:00 AM")
        #expect(DueDateStyle.terminalSafe("a\u{00A0}b\u{2009}c") == "a b c")
        #expect(DueDateStyle.terminalSafe("\u{200F}x\u{200E}\u{7}") == "x")
        #expect(DueDateStyle.terminalSafe("a\nb\tc") == "a b c")
    }

    // MARK: Names

    @Test func weekdayNames() {
        #expect(StyleFixture.style("en_US", "UTC").weekday(date) == "Sat")
        #expect(StyleFixture.style("de_DE", "UTC").weekday(date) == "Sa")
        // Follows the time zone: still Friday in New York at 03:00 UTC.
        #expect(StyleFixture.style("en_US", "America/New_York").weekday(Fixed.instant("2026-11-21T03:00:00Z")) == "Fri")
    }

    @Test func monthNames() {
        let english = StyleFixture.style("en_US", "UTC")
        #expect(english.monthName(11) == "Nov")
        #expect((1...12).map(english.monthName) == ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        let german = StyleFixture.style("de_DE", "UTC")
        #expect(german.monthName(3) == "Mär")
        #expect(german.monthName(12) == "Dez")
        #expect(english.monthName(0) == "0")
        #expect(english.monthName(13) == "13")
        #expect(english.monthName(Int.min) == "\(Int.min)")
    }

    // MARK: Default due date

    @Test func defaultDueDateIsTheNextFullHourStrictlyAfterNow() {
        let style = StyleFixture.style("en_US", "Europe/Berlin")
        let eleven = Fixed.instant("2026-11-21T11:00:00+01:00")
        #expect(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:00:00+01:00")) == eleven)
        #expect(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:59:59+01:00")) == eleven)
        #expect(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:30:00+01:00")) == eleven)
        #expect(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:59:59+01:00").addingTimeInterval(0.999)) == eleven)
        #expect(style.defaultDueDate(after: Fixed.instant("2026-11-21T23:10:00+01:00"))
            == Fixed.instant("2026-11-22T00:00:00+01:00"))
    }

    @Test func defaultDueDateFollowsTheWallClock() {
        // Kolkata is UTC+05:30: the local full hour is not a UTC full hour.
        let kolkata = StyleFixture.style("en_US", "Asia/Kolkata")
        #expect(kolkata.defaultDueDate(after: Fixed.instant("2026-11-21T10:20:00+05:30"))
            == Fixed.instant("2026-11-21T11:00:00+05:30"))
        // Berlin spring-forward: after 01:30 CET the next hour on the clock is 03:00 CEST.
        let berlin = StyleFixture.style("en_US", "Europe/Berlin")
        #expect(berlin.defaultDueDate(after: Fixed.instant("2026-03-29T01:30:00+01:00"))
            == Fixed.instant("2026-03-29T03:00:00+02:00"))
    }

    // MARK: Environment

    @Test func calendarCarriesLocaleAndZone() {
        let style = StyleFixture.style("de_DE", "Asia/Tokyo")
        #expect(style.calendar.identifier == .gregorian)
        #expect(style.calendar.locale?.identifier == "de_DE")
        #expect(style.calendar.timeZone.identifier == "Asia/Tokyo")
    }

    private func style(from environment: [String: String]) -> DueDateStyle {
        DueDateStyle.fromEnvironment(environment, fallbackTimeZone: TimeZone(identifier: "Pacific/Auckland")!)
    }

    @Test func localeComesFromLCAllThenLCTimeThenLang() {
        #expect(style(from: ["LANG": "de_DE.UTF-8"]).calendar.locale?.identifier == "de_DE")
        #expect(style(from: ["LANG": "en_GB.UTF-8", "LC_TIME": "de_DE.UTF-8"]).calendar.locale?.identifier == "de_DE")
        #expect(style(from: ["LANG": "en_GB", "LC_TIME": "de_DE", "LC_ALL": "ja_JP.UTF-8"]).calendar.locale?.identifier == "ja_JP")
        // Empty means unset.
        #expect(style(from: ["LC_ALL": "", "LANG": "de_DE.UTF-8"]).calendar.locale?.identifier == "de_DE")
        #expect(style(from: ["LANG": "de_DE.UTF-8@euro"]).calendar.locale?.identifier == "de_DE")
        #expect(style(from: ["LANG": "de_AT@euro"]).calendar.locale?.identifier == "de_AT")
    }

    @Test(arguments: [[:], ["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LANG": "xx_YY.UTF-8"],
                      ["LANG": ""], ["LANG": ".UTF-8"]])
    func posixOrUnknownLocalesMeanEnglish(environment: [String: String]) {
        let style = style(from: environment)
        #expect(style.calendar.locale?.identifier == "en_US_POSIX")
        #expect(style.format(Fixed.instant("2026-11-21T09:00:00+13:00")) == "Nov 21, 2026, 9:00 AM")
    }

    @Test func timeZoneComesFromTZ() {
        #expect(style(from: ["TZ": "Europe/Berlin"]).calendar.timeZone.identifier == "Europe/Berlin")
        #expect(style(from: ["TZ": ":Asia/Tokyo"]).calendar.timeZone.identifier == "Asia/Tokyo")
        #expect(style(from: ["TZ": "/usr/share/zoneinfo/America/New_York"]).calendar.timeZone.identifier == "America/New_York")
        #expect(style(from: ["TZ": "UTC"]).calendar.timeZone.secondsFromGMT(for: date) == 0)
        for invalid in ["", "Nonsense/Zone", "CET-1CEST", ":"] {
            #expect(style(from: ["TZ": invalid]).calendar.timeZone.identifier == "Pacific/Auckland", "\(invalid)")
        }
        #expect(style(from: [:]).calendar.timeZone.identifier == "Pacific/Auckland")
    }

    @Test func environmentEndToEnd() {
        let german = style(from: ["LANG": "de_DE.UTF-8", "TZ": "Europe/Berlin"])
        #expect(german.format(date) == "21.11.2026, 10:00")
        #expect(german.weekday(date) == "Sa")
    }
}

@Suite("Compact due dates for narrow panes")
struct CompactDueDateTests {
    let style = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    let now = Date(timeIntervalSince1970: 1_795_257_000)  // Sat 21 Nov 2026 10:30 UTC

    @Test("today shows the time, this year the day, other years the full date")
    func compact() {
        #expect(style.compactFormat(now.addingTimeInterval(3600), now: now) == "11:30 AM")
        #expect(style.compactFormat(now.addingTimeInterval(3 * 86_400), now: now) == "Nov 24")
        #expect(style.compactFormat(now.addingTimeInterval(120 * 86_400), now: now) == "Mar 21, 2027")
    }
}
