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
        expectEqual(StyleFixture.style("en_US", "UTC").format(date), "Nov 21, 2026, 9:00 AM")
        expectEqual(StyleFixture.style("en_US", "America/New_York").format(date), "Nov 21, 2026, 4:00 AM")
        expectEqual(StyleFixture.style("en_US", "Asia/Tokyo").format(date), "Nov 21, 2026, 6:00 PM")
        expectEqual(StyleFixture.style("en_US", "UTC").format(Fixed.instant("2026-07-04T00:05:00Z")), "Jul 4, 2026, 12:05 AM")
    }

    @Test("format with its day and minute caches warm says what a new style says, across DST changes, in four locales")
    func formatCachesAgreeWithAColdStyle() {
        // Every 7 hours 13 minutes for about 18 months: every minute of the
        // hour is hit, and the spring and autumn changes of both hemispheres.
        let start = Fixed.instant("2026-01-01T00:00:00Z").timeIntervalSince1970
        let dates = (0..<1_800).map { Date(timeIntervalSince1970: start + Double($0) * 26_000) }
        for (locale, zone) in [("en_US", "America/New_York"), ("de_DE", "Europe/Berlin"), ("ja_JP", "Australia/Lord_Howe"), ("ar_EG", "Africa/Cairo")] {
            let warm = StyleFixture.style(locale, zone)
            var differences: [String] = []
            for date in dates {
                let expected = StyleFixture.style(locale, zone).format(date)
                if warm.format(date) != expected { differences.append("\(date): \(warm.format(date)) vs \(expected)") }
            }
            #expect(differences.isEmpty, "\(locale) \(zone): \(differences.prefix(3))")
        }
    }

    @Test("relative and compact dates from one style, its day cache warm, as `now` moves through days (DST nights included) and back: each as a new style says it")
    func relativeCachesFollowTheDay() {
        // One due date seen from every 97 minutes over ten days around
        // Europe/Berlin's autumn change, then from earlier again (a clock
        // set back): "Today", "Yesterday", "Sunday" change at midnights.
        let due = Fixed.instant("2026-10-25T12:00:00Z")
        let start = Fixed.instant("2026-10-20T00:00:00Z").timeIntervalSince1970
        var nows = (0..<150).map { Date(timeIntervalSince1970: start + Double($0) * 97 * 60) }
        nows += nows.reversed()
        for (locale, zone) in [("en_US_POSIX", "Europe/Berlin"), ("de_DE", "Europe/Berlin"), ("en_US", "Australia/Lord_Howe")] {
            let warm = StyleFixture.style(locale, zone)
            var differences: [String] = []
            for now in nows {
                let cold = StyleFixture.style(locale, zone)
                for form in [DueDateStyle.RelativeForm.full, .compact, .inSentence, .time] {
                    let expected = cold.relative(due, now: now, form: form), got = warm.relative(due, now: now, form: form)
                    if got != expected { differences.append("\(now) \(form): \(got) vs \(expected)") }
                }
                let expected = cold.compactFormat(due, now: now), got = warm.compactFormat(due, now: now)
                if got != expected { differences.append("\(now) compact: \(got) vs \(expected)") }
            }
            #expect(differences.isEmpty, "\(locale) \(zone): \(differences.prefix(5))")
        }
    }

    @Test func formatInGerman() {
        expectEqual(StyleFixture.style("de_DE", "UTC").format(date), "21.11.2026, 09:00")
        expectEqual(StyleFixture.style("de_DE", "Asia/Tokyo").format(date), "21.11.2026, 18:00")
        // Early on the 21st in UTC is still the 20th in New York.
        expectEqual(StyleFixture.style("de_DE", "America/New_York").format(Fixed.instant("2026-11-21T03:00:00Z")), "20.11.2026, 22:00")
        expectEqual(StyleFixture.style("de_DE", "Europe/Berlin").format(Fixed.instant("2026-07-04T07:30:00Z")), "04.07.2026, 09:30")
    }

    @Test("a date's width from its parts' cached widths is the width of its text, measured whole, in scripts that join and that do not")
    func formattedWidthIsTheTextsWidth() {
        // Every 17 hours 29 minutes over a year: months of every length of
        // name, one- and two-digit days and hours.
        let start = Fixed.instant("2026-01-01T00:00:00Z").timeIntervalSince1970
        let dates = (0..<500).map { Date(timeIntervalSince1970: start + Double($0) * 62_940) }
        for locale in ["en_US_POSIX", "en_US", "ja_JP", "ar_EG", "hi_IN", "th_TH"] {
            let style = StyleFixture.style(locale, "Asia/Kolkata")
            var differences: [String] = []
            for date in dates {
                let text = style.format(date)
                let both = style.formattedWithWidth(date)
                if both.text != text || both.width != TextWidth.columns(of: text) || style.formattedWidth(date) != both.width {
                    differences.append("\(text): \(both.width) vs \(TextWidth.columns(of: text))")
                }
            }
            #expect(differences.isEmpty, "\(locale): \(differences.prefix(3))")
        }
        // Not its bytes: Arabic digits are two bytes and one column each.
        #expect(StyleFixture.style("ar_EG", "UTC").formattedWithWidth(date) == ("٢١/١١/٢٠٢٦, ٩:٠٠ ص", 18))
    }

    @Test("the widest a due date can be in a range is the widest of every day of its years at every hour, and of every minute on a day of each month",
          arguments: ["en_US_POSIX", "en_US", "en_GB", "de_DE", "fr_FR", "ru_RU", "fi_FI", "ja_JP", "zh_CN", "hi_IN", "ko_KR", "ar_EG"])
    func widestFormattedWidth(locale: String) throws {
        // Berlin: two clock changes a year, both inside the range.
        let style = StyleFixture.style(locale, "Europe/Berlin")
        let widest = style.widestFormattedWidth(from: Fixed.instant("2026-03-10T08:00:00Z"), to: Fixed.instant("2027-10-31T23:30:00Z"))
        let bound = try #require(widest, "\(locale)")
        // Every day of both years at each hour (on it and 37 past), and
        // every minute of a day in each month: 70,000 dates.
        let start: Double = Fixed.instant("2026-01-01T11:00:00Z").timeIntervalSince1970
        var offsets: [Int] = []
        for day in 0..<730 {
            for hour in 0..<24 {
                offsets.append(day * 86_400 + hour * 3_600)
                offsets.append(day * 86_400 + hour * 3_600 + 37 * 60)
            }
        }
        for month in 0..<24 {
            for minute in 0..<1_440 { offsets.append(month * 30 * 86_400 + minute * 60) }
        }
        let dates: [Date] = offsets.map { Date(timeIntervalSince1970: start + Double($0)) }
        let widths = dates.map(style.formattedWidth)
        // As wide as the widest of them: never narrower (a table would
        // misalign) and never wider (its column would be padded for nothing).
        expectEqual(widths.max(), bound, "\(locale)")
    }

    @Test("the widest due date is not guessed when a year at either end is not of four digits")
    func widestFormattedWidthNeedsFourDigitYears() {
        let style = StyleFixture.style("en_US", "UTC")
        expectEqual(style.widestFormattedWidth(from: Fixed.instant("2026-01-01T00:00:00Z"), to: Fixed.instant("2026-12-31T23:59:00Z")), 22)   // "Sep 28, 2026, 10:00 AM"
        // Year 999 and year 10000.
        #expect(style.widestFormattedWidth(from: Date(timeIntervalSince1970: -30610267200), to: Fixed.instant("2026-01-01T00:00:00Z")) == nil)
        #expect(style.widestFormattedWidth(from: Fixed.instant("2026-01-01T00:00:00Z"), to: Date(timeIntervalSince1970: 253402387140)) == nil)
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
        expectEqual(DueDateStyle.terminalSafe("9:00\u{202F}AM"), "9:00 AM")
        expectEqual(DueDateStyle.terminalSafe("a\u{00A0}b\u{2009}c"), "a b c")
        expectEqual(DueDateStyle.terminalSafe("\u{200F}x\u{200E}\u{7}"), "x")
        expectEqual(DueDateStyle.terminalSafe("a\nb\tc"), "a b c")
    }

    // MARK: Names

    @Test func weekdayNames() {
        expectEqual(StyleFixture.style("en_US", "UTC").weekday(date), "Sat")
        expectEqual(StyleFixture.style("de_DE", "UTC").weekday(date), "Sa")
        // Follows the time zone: still Friday in New York at 03:00 UTC.
        expectEqual(StyleFixture.style("en_US", "America/New_York").weekday(Fixed.instant("2026-11-21T03:00:00Z")), "Fri")
    }

    @Test func monthNames() {
        let english = StyleFixture.style("en_US", "UTC")
        expectEqual(english.monthName(11), "Nov")
        expectEqual((1...12).map(english.monthName), ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        let german = StyleFixture.style("de_DE", "UTC")
        expectEqual(german.monthName(3), "Mär")
        expectEqual(german.monthName(12), "Dez")
        expectEqual(english.monthName(0), "0")
        expectEqual(english.monthName(13), "13")
        expectEqual(english.monthName(Int.min), "\(Int.min)")
    }

    // MARK: Default due date

    @Test func defaultDueDateIsTheNextFullHourStrictlyAfterNow() {
        let style = StyleFixture.style("en_US", "Europe/Berlin")
        let eleven = Fixed.instant("2026-11-21T11:00:00+01:00")
        expectEqual(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:00:00+01:00")), eleven)
        expectEqual(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:59:59+01:00")), eleven)
        expectEqual(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:30:00+01:00")), eleven)
        expectEqual(style.defaultDueDate(after: Fixed.instant("2026-11-21T10:59:59+01:00").addingTimeInterval(0.999)), eleven)
        expectEqual(style.defaultDueDate(after: Fixed.instant("2026-11-21T23:10:00+01:00")), Fixed.instant("2026-11-22T00:00:00+01:00"))
    }

    @Test func defaultDueDateFollowsTheWallClock() {
        // Kolkata is UTC+05:30: the local full hour is not a UTC full hour.
        let kolkata = StyleFixture.style("en_US", "Asia/Kolkata")
        expectEqual(kolkata.defaultDueDate(after: Fixed.instant("2026-11-21T10:20:00+05:30")), Fixed.instant("2026-11-21T11:00:00+05:30"))
        // Berlin spring-forward: after 01:30 CET the next hour on the clock is 03:00 CEST.
        let berlin = StyleFixture.style("en_US", "Europe/Berlin")
        expectEqual(berlin.defaultDueDate(after: Fixed.instant("2026-03-29T01:30:00+01:00")), Fixed.instant("2026-03-29T03:00:00+02:00"))
    }

    // MARK: Environment

    @Test func calendarCarriesLocaleAndZone() {
        let style = StyleFixture.style("de_DE", "Asia/Tokyo")
        expectEqual(style.calendar.identifier, .gregorian)
        expectEqual(style.calendar.locale?.identifier, "de_DE")
        expectEqual(style.calendar.timeZone.identifier, "Asia/Tokyo")
    }

    private func style(from environment: [String: String]) -> DueDateStyle {
        DueDateStyle.fromEnvironment(environment, fallbackTimeZone: TimeZone(identifier: "Pacific/Auckland")!)
    }

    @Test func localeComesFromLCAllThenLCTimeThenLang() {
        expectEqual(style(from: ["LANG": "de_DE.UTF-8"]).calendar.locale?.identifier, "de_DE")
        expectEqual(style(from: ["LANG": "en_GB.UTF-8", "LC_TIME": "de_DE.UTF-8"]).calendar.locale?.identifier, "de_DE")
        expectEqual(style(from: ["LANG": "en_GB", "LC_TIME": "de_DE", "LC_ALL": "ja_JP.UTF-8"]).calendar.locale?.identifier, "ja_JP")
        // Empty means unset.
        expectEqual(style(from: ["LC_ALL": "", "LANG": "de_DE.UTF-8"]).calendar.locale?.identifier, "de_DE")
        expectEqual(style(from: ["LANG": "de_DE.UTF-8@euro"]).calendar.locale?.identifier, "de_DE")
        expectEqual(style(from: ["LANG": "de_AT@euro"]).calendar.locale?.identifier, "de_AT")
    }

    @Test(arguments: [[:], ["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LANG": "xx_YY.UTF-8"],
                      ["LANG": ""], ["LANG": ".UTF-8"]])
    func posixOrUnknownLocalesMeanEnglish(environment: [String: String]) {
        let style = style(from: environment)
        expectEqual(style.calendar.locale?.identifier, "en_US_POSIX")
        expectEqual(style.format(Fixed.instant("2026-11-21T09:00:00+13:00")), "Nov 21, 2026, 9:00 AM")
    }

    @Test("the C locale's dates, written without ICU, are ICU's: every minute of a day, and days across the supported years")
    func posixDatesWithoutICU() {
        // The C locale (LANG unset, C, C.UTF-8, POSIX) writes its own; an
        // unknown language falls back to en_US_POSIX through ICU.
        #expect(style(from: ["LANG": "C.UTF-8"]).writesPOSIXDatesItself)
        #expect(style(from: [:]).writesPOSIXDatesItself)
        #expect(StyleFixture.style("en_US_POSIX", "UTC").writesPOSIXDatesItself)
        #expect(!style(from: ["LANG": "en_US.UTF-8"]).writesPOSIXDatesItself)
        #expect(!style(from: ["LANG": "de_DE.UTF-8"]).writesPOSIXDatesItself)
        let posix = Locale(identifier: "en_US_POSIX")
        for zone in ["UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu"] {
            let timeZone = TimeZone(identifier: zone)!
            let ours = DueDateStyle(locale: posix, timeZone: timeZone)
            let icu = DueDateStyle(timeZone: timeZone, posix: false) { posix }
            let start = Fixed.instant("2026-03-29T00:00:00Z").timeIntervalSince1970
            let minutes = (0..<1_440).map { Date(timeIntervalSince1970: start + Double($0) * 60) }
            var differences: [String] = []
            for date in minutes + Self.daysAcrossTheYears where ours.format(date) != icu.format(date) {
                differences.append("\(date): \(ours.format(date)) vs \(icu.format(date))")
            }
            #expect(differences.isEmpty, "\(zone): \(differences.prefix(5))")
        }
    }

    /// Every month and day of the month, leap days too, from 1970 on (a day
    /// every 13 days and 7 minutes for 140 years), then the four-digit years
    /// to the last day of 9999 (a day every 397 days and 7 hours). A day
    /// every 13 days for all 8,000 years checked 20 times as many days and
    /// found no difference either.
    private static let daysAcrossTheYears: [Date] = {
        let everyMonthDay = stride(from: 0.0, to: 4_418_064_000.0, by: 13 * 86_400 + 420)
        let theLaterYears = stride(from: 4_418_064_000.0, to: 253_402_000_000.0, by: 397 * 86_400 + 25_620)
        return (Array(everyMonthDay) + Array(theLaterYears) + [253_402_257_600]).map { Date(timeIntervalSince1970: $0) }
    }()

    @Test("the days the C locale's dates are checked on hold every month and day of the month, leap days too, and reach the year 9999")
    func daysAcrossTheYearsCoverTheCalendar() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let monthDays = Set(Self.daysAcrossTheYears.map { utc.component(.month, from: $0) * 100 + utc.component(.day, from: $0) })
        expectEqual(monthDays.count, 366)
        #expect(monthDays.contains(229))
        expectEqual(Self.daysAcrossTheYears.last.map { utc.component(.year, from: $0) }, 9999)
    }

    @Test("the time form is the time the full form ends with, written by ICU and without it, days back and ahead")
    func timeForm() {
        let posix = Locale(identifier: "en_US_POSIX")
        let zone = TimeZone(identifier: "America/New_York")!
        let now = Fixed.instant("2026-11-01T05:30:00Z")
        for style in [DueDateStyle(locale: posix, timeZone: zone), DueDateStyle(timeZone: zone, posix: false) { posix },
                      StyleFixture.style("de_DE", "Europe/Berlin"), StyleFixture.style("ja_JP", "Asia/Tokyo")] {
            for step in -30...400 {
                let date = now.addingTimeInterval(Double(step) * 997 * 60)
                let time = style.relative(date, now: now, form: .time)
                #expect(!time.isEmpty && style.relative(date, now: now, form: .full).hasSuffix(time), "\(date): \(time)")
            }
        }
        expectEqual(DueDateStyle(locale: posix, timeZone: zone).relative(Fixed.instant("2026-11-03T23:00:00Z"), now: now, form: .time), "6:00 PM")
    }

    /// Every 193 minutes from three days back to eight ahead, where the
    /// words change at each midnight (Yesterday, Today, Tomorrow, the
    /// weekdays); then from eight and a half days (734,400 s) every 23 hours
    /// 7 minutes (83,220 s) to 400 days ahead, where only the date and its
    /// year change (every 193 minutes all the way checked six times as many).
    private static let offsetsFromNow: [TimeInterval] = {
        let near: [TimeInterval] = (-23...62).map { (step: Int) -> TimeInterval in TimeInterval(step * 193 * 60) }
        let far: [TimeInterval] = (1...415).map { (step: Int) -> TimeInterval in 734_400 + TimeInterval(step * 83_220) }
        return near + far
    }()

    @Test("the C locale's relative dates, written without ICU, are ICU's: every form, from days back to a year ahead, across midnights, DST and New Year")
    func posixRelativeDatesWithoutICU() {
        let posix = Locale(identifier: "en_US_POSIX")
        for zone in ["UTC", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu"] {
            let timeZone = TimeZone(identifier: zone)!
            // Moments to look from: late on New Year's Eve, around the
            // spring and autumn changes, just after a midnight.
            let nows = ["2026-12-31T23:30:00Z", "2026-03-08T06:59:00Z", "2026-03-29T00:30:00Z", "2026-10-04T15:00:00Z",
                        "2026-11-01T05:30:00Z", "2027-02-28T12:00:00Z"].map(Fixed.instant)
            var differences: [String] = []
            for now in nows {
                let ours = DueDateStyle(locale: posix, timeZone: timeZone)
                let icu = DueDateStyle(timeZone: timeZone, posix: false) { posix }
                for offset in Self.offsetsFromNow {
                    let date = now.addingTimeInterval(offset)
                    for form in [DueDateStyle.RelativeForm.full, .compact, .inSentence]
                    where ours.relative(date, now: now, form: form) != icu.relative(date, now: now, form: form) {
                        differences.append("\(now) \(date) \(form): \(ours.relative(date, now: now, form: form)) vs \(icu.relative(date, now: now, form: form))")
                    }
                }
            }
            #expect(differences.isEmpty, "\(zone): \(differences.count) differ, e.g. \(differences.prefix(4))")
        }
    }

    @Test func timeZoneComesFromTZ() {
        expectEqual(style(from: ["TZ": "Europe/Berlin"]).calendar.timeZone.identifier, "Europe/Berlin")
        expectEqual(style(from: ["TZ": ":Asia/Tokyo"]).calendar.timeZone.identifier, "Asia/Tokyo")
        expectEqual(style(from: ["TZ": "/usr/share/zoneinfo/America/New_York"]).calendar.timeZone.identifier, "America/New_York")
        expectEqual(style(from: ["TZ": "UTC"]).calendar.timeZone.secondsFromGMT(for: date), 0)
        for invalid in ["", "Nonsense/Zone", "CET-1CEST", ":"] {
            expectEqual(style(from: ["TZ": invalid]).calendar.timeZone.identifier, "Pacific/Auckland", "\(invalid)")
        }
        expectEqual(style(from: [:]).calendar.timeZone.identifier, "Pacific/Auckland")
    }

    @Test("a POSIX zone without summer time is its offset counted west, as date shows it: UTC+5 is five hours behind Greenwich")
    func posixOffsetsCountWest() {
        for (tz, east) in [("UTC+5", -18_000), ("UTC-5", 18_000), ("GMT+5", -18_000), ("EST5", -18_000), ("JST-9", 32_400),
                           ("<+0530>-5:30", 19_800), ("XYZ+3:30", -12_600), ("ABC-0:30:15", 1_815), ("<UTC+1>-1", 3_600)] {
            expectEqual(style(from: ["TZ": tz]).calendar.timeZone.secondsFromGMT(for: date), east, "\(tz)")
        }
        // Not that form: a tz database name, summer time, or no offset.
        for name in ["EST5EDT", "Etc/GMT+5", "CET-1CEST", "UT+5", "UTC+25", "UTC+5:60", "UTC+", "UTC+5x", "<+05-5"] {
            expectEqual(DueDateStyle.secondsWest(ofPOSIXZone: name), nil, "\(name)")
        }
        expectEqual(style(from: ["TZ": "EST5EDT"]).calendar.timeZone.identifier, "EST5EDT")
    }

    @Test("UTC by any of its names is a fixed zero offset that agrees with ICU's zone at every date")
    func utcWithoutICU() {
        let icu = TimeZone(identifier: "UTC")!
        // Every 97 days and 5 hours from 1900 to 2200, across both halves of each year.
        let dates = stride(from: -2_208_988_800.0, to: 7_258_118_400.0, by: 97 * 86_400 + 18_000)
            .map { Date(timeIntervalSince1970: $0) }
        for name in DueDateStyle.utcNames.sorted() {
            // A name ICU does not know, or knows with an offset, must not be on the list.
            let named = TimeZone(identifier: name)
            #expect(named != nil, "\(name)")
            let zone = style(from: ["TZ": name]).calendar.timeZone
            expectEqual(zone.identifier, "GMT", "\(name)")
            for date in dates {
                #expect(named?.secondsFromGMT(for: date) == 0 && zone.secondsFromGMT(for: date) == 0, "\(name) \(date)")
            }
        }
        let ours = DueDateStyle(timeZone: style(from: ["TZ": "Etc/UTC"]).calendar.timeZone, posix: false) { Locale(identifier: "en_US") }
        let theirs = DueDateStyle(timeZone: icu, posix: false) { Locale(identifier: "en_US") }
        for date in dates {
            expectEqual(ours.format(date), theirs.format(date))
            expectEqual(ours.dayCalendar.startOfDay(for: date), theirs.dayCalendar.startOfDay(for: date))
        }
        // Names that only look like UTC keep their own zone.
        expectEqual(style(from: ["TZ": "Etc/GMT+1"]).calendar.timeZone.secondsFromGMT(for: date), -3_600)
        expectEqual(style(from: ["TZ": "Europe/London"]).calendar.timeZone.identifier, "Europe/London")
    }

    @Test("without TZ, a /etc/localtime that links to UTC is UTC without ICU; any other zone is TimeZone.current")
    func systemZoneFromLocaltime() {
        expectEqual(DueDateStyle.systemTimeZone(localtimeTarget: "/usr/share/zoneinfo/Etc/UTC").identifier, "GMT")
        expectEqual(DueDateStyle.systemTimeZone(localtimeTarget: "../usr/share/zoneinfo/UTC").identifier, "GMT")
        expectEqual(DueDateStyle.systemTimeZone(localtimeTarget: "/usr/share/zoneinfo/Europe/Berlin"), .current)
        expectEqual(DueDateStyle.systemTimeZone(localtimeTarget: "/usr/share/zoneinfo/posix/Etc/UTC"), .current)
        expectEqual(DueDateStyle.systemTimeZone(localtimeTarget: "/etc/UTC"), .current)
        expectEqual(DueDateStyle.systemTimeZone(localtimeTarget: nil), .current)
    }

    @Test func environmentEndToEnd() {
        let german = style(from: ["LANG": "de_DE.UTF-8", "TZ": "Europe/Berlin"])
        expectEqual(german.format(date), "21.11.2026, 10:00")
        expectEqual(german.weekday(date), "Sa")
    }
}

@Suite("Compact due dates for narrow panes")
struct CompactDueDateTests {
    let style = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    let now = Date(timeIntervalSince1970: 1_795_257_000)  // Sat 21 Nov 2026 10:30 UTC

    @Test("today shows the time, this year the day, other years the full date")
    func compact() {
        expectEqual(style.compactFormat(now.addingTimeInterval(3600), now: now), "11:30 AM")
        expectEqual(style.compactFormat(now.addingTimeInterval(3 * 86_400), now: now), "Nov 24")
        expectEqual(style.compactFormat(now.addingTimeInterval(120 * 86_400), now: now), "Mar 21, 2027")
    }
}

/// Dates as a person reads them, seen from Saturday 21 November 2026 10:30 UTC,
/// in three locales: the words come from the locale, never from English code.
@Suite("Relative due dates")
struct RelativeDueDateTests {
    let now = Fixed.now
    func style(_ locale: String, _ zone: String = "UTC") -> DueDateStyle {
        DueDateStyle(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: zone)!)
    }
    func at(_ text: String) -> Date { Fixed.date(text) }

    @Test("en_US: today, tomorrow, yesterday, weekdays within the coming week, the date beyond")
    func americanEnglish() {
        let style = style("en_US")
        expectEqual(style.relative(at("2026-11-21 08:00"), now: now), "Today 8:00 AM")
        expectEqual(style.relative(at("2026-11-22 09:00"), now: now), "Tomorrow 9:00 AM")
        expectEqual(style.relative(at("2026-11-20 17:00"), now: now), "Yesterday 5:00 PM")
        expectEqual(style.relative(at("2026-11-23 09:00"), now: now), "Monday 9:00 AM")
        expectEqual(style.relative(at("2026-11-27 09:00"), now: now), "Friday 9:00 AM")
        // A week ahead is a date again: "Saturday" would mean today's weekday.
        expectEqual(style.relative(at("2026-11-28 09:00"), now: now), "Nov 28, 9:00 AM")
        expectEqual(style.relative(at("2026-11-19 09:00"), now: now), "Nov 19, 9:00 AM")
        expectEqual(style.relative(at("2027-03-14 09:00"), now: now), "Mar 14, 2027, 9:00 AM")
    }

    @Test("en_GB: the same words, the British date order and 24-hour time")
    func britishEnglish() {
        let style = style("en_GB")
        expectEqual(style.relative(at("2026-11-21 08:00"), now: now), "Today 08:00")
        expectEqual(style.relative(at("2026-11-22 09:00"), now: now), "Tomorrow 09:00")
        expectEqual(style.relative(at("2026-11-24 18:30"), now: now), "Tuesday 18:30")
        expectEqual(style.relative(at("2026-11-30 09:00"), now: now), "30 Nov, 09:00")
        expectEqual(style.relative(at("2027-03-14 09:00"), now: now), "14 Mar 2027, 09:00")
    }

    @Test("de_DE: the locale's words, capitalised as a label, lower case inside a sentence")
    func german() {
        let style = style("de_DE")
        expectEqual(style.relative(at("2026-11-21 08:00"), now: now), "Heute 08:00")
        expectEqual(style.relative(at("2026-11-22 09:00"), now: now), "Morgen 09:00")
        expectEqual(style.relative(at("2026-11-20 09:00"), now: now), "Gestern 09:00")
        // Two days ahead is the weekday, not "Übermorgen".
        expectEqual(style.relative(at("2026-11-23 09:00"), now: now), "Montag 09:00")
        expectEqual(style.relative(at("2026-11-30 09:00"), now: now), "30. Nov., 09:00")
        expectEqual(style.relative(at("2026-11-22 09:00"), now: now, form: .inSentence), "morgen 09:00")
        expectEqual(style.relative(at("2026-11-23 09:00"), now: now, form: .compact), "Mo")
    }

    @Test("compact: the time alone today, the day alone otherwise")
    func compact() {
        let english = style("en_US")
        expectEqual(english.relative(at("2026-11-21 17:00"), now: now, form: .compact), "5:00 PM")
        expectEqual(english.relative(at("2026-11-22 09:00"), now: now, form: .compact), "Tomorrow")
        expectEqual(english.relative(at("2026-11-20 09:00"), now: now, form: .compact), "Yesterday")
        expectEqual(english.relative(at("2026-11-25 09:00"), now: now, form: .compact), "Wed")
        expectEqual(english.relative(at("2026-12-24 09:00"), now: now, form: .compact), "Dec 24")
        expectEqual(english.relative(at("2027-03-14 09:00"), now: now, form: .compact), "Mar 14, 2027")
        expectEqual(style("en_GB").relative(at("2026-11-21 17:00"), now: now, form: .compact), "17:00")
        expectEqual(english.relative(at("2026-11-22 09:00"), now: now, form: .inSentence), "tomorrow 9:00 AM")
    }

    @Test("days are calendar days in the user's zone: 23:50 to 00:10 is tomorrow, across a DST change too")
    func calendarDays() {
        let berlin = style("en_US", "Europe/Berlin")
        let lateEvening = Fixed.instant("2026-11-21T23:50:00+01:00")
        expectEqual(berlin.relative(Fixed.instant("2026-11-22T00:10:00+01:00"), now: lateEvening), "Tomorrow 12:10 AM")
        expectEqual(berlin.relative(Fixed.instant("2026-11-21T23:55:00+01:00"), now: lateEvening), "Today 11:55 PM")
        // The night clocks go forward is 23 hours long, still one day.
        let beforeSpring = Fixed.instant("2026-03-28T12:00:00+01:00")
        expectEqual(berlin.dayOffset(of: Fixed.instant("2026-03-29T12:00:00+02:00"), from: beforeSpring), 1)
        expectEqual(berlin.relative(Fixed.instant("2026-03-29T00:30:00+01:00"), now: beforeSpring), "Tomorrow 12:30 AM")
        // The same instant is still "today" in New York.
        expectEqual(style("en_US", "America/New_York").relative(Fixed.instant("2026-11-22T03:00:00Z"), now: now), "Today 10:00 PM")
    }

    @Test("the same date reads differently once the day has changed (the cache follows the day)")
    func cacheFollowsTheDay() {
        let style = style("en_US")
        let due = at("2026-11-22 09:00")
        expectEqual(style.relative(due, now: now), "Tomorrow 9:00 AM")
        expectEqual(style.relative(due, now: at("2026-11-22 08:00")), "Today 9:00 AM")
        expectEqual(style.relative(due, now: at("2026-11-23 08:00")), "Yesterday 9:00 AM")
        expectEqual(style.relative(due, now: now), "Tomorrow 9:00 AM")
    }

    @Test("terminal-safe in every locale, whatever the form", arguments: ["en_US", "en_GB", "de_DE", "ja_JP", "fr_FR", "ar_EG", "he_IL"])
    func terminalSafe(locale: String) {
        let style = style(locale, "Europe/Berlin")
        for days in -9...9 {
            for form in [DueDateStyle.RelativeForm.full, .compact, .inSentence, .time] {
                let text = style.relative(now.addingTimeInterval(Double(days) * 86_400), now: now, form: form)
                #expect(!text.isEmpty)
                expectEqual(text, DueDateStyle.terminalSafe(text), "\(locale) \(days) \(form)")
            }
        }
        expectEqual(style.formatWithWeekday(now), DueDateStyle.terminalSafe(style.formatWithWeekday(now)))
    }

    @Test("the typed-date preview in full, with the weekday")
    func withWeekday() {
        expectEqual(style("en_US").formatWithWeekday(at("2026-11-22 09:00")), "Sun, Nov 22, 2026, 9:00 AM")
        expectEqual(style("de_DE").formatWithWeekday(at("2026-11-22 09:00")), "So, 22.11.2026, 09:00")
    }
}
