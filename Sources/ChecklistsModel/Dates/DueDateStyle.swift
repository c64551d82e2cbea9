import Foundation

/// How due dates look: the user's locale and time zone, fixed once at start-up
/// and passed around, so rendering never depends on global state and tests
/// can pin both.
///
/// Not thread-safe: it caches `DateFormatter`s, which are expensive to create
/// and mutable, and is meant to be used from the one thread that renders.
public final class DueDateStyle: @unchecked Sendable {
    /// Gregorian, with `timeZone` and `locale` set: the calendar the parser,
    /// the date picker and the formatters share, so they agree on what a wall
    /// time is. The locale is resolved on first use: looking it up loads
    /// ICU's locale data, which a command that prints no date (`status`,
    /// `export`, `list --json`) never needs.
    public private(set) lazy var calendar: Calendar = {
        var calendar = dayCalendar
        calendar.locale = resolveLocale()
        return calendar
    }()

    /// Gregorian in `timeZone`, without a locale: enough for day boundaries
    /// (midnight, the next days), which do not depend on the language.
    public let dayCalendar: Calendar

    /// The wall time's zone.
    public var timeZone: TimeZone { zone }

    /// `dayCalendar`'s zone, kept: asking the calendar for it retained it
    /// for every date formatted.
    private let zone: TimeZone

    private let resolveLocale: () -> Locale

    /// Whether the locale is the C locale's (en_US_POSIX): `format` then
    /// writes its fixed patterns itself ("Nov 21, 2026", "9:00 AM")
    /// instead of asking ICU, whose first date formatter loads its locale
    /// data and was about a seventh of `list` on a small database. A test
    /// compares the two for every minute of a day and days across the
    /// supported years.
    let writesPOSIXDatesItself: Bool

    /// `locale` decides the words and field order, `timeZone` the wall time shown.
    public convenience init(locale: Locale, timeZone: TimeZone) {
        self.init(timeZone: timeZone, posix: locale.identifier == Self.posixIdentifier) { locale }
    }

    init(timeZone: TimeZone, posix: Bool, locale: @escaping () -> Locale) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        dayCalendar = calendar
        zone = timeZone
        resolveLocale = locale
        writesPOSIXDatesItself = posix
    }

    private static let posixIdentifier = "en_US_POSIX"

    /// The style the environment asks for.
    ///
    /// On Linux `Locale.current` ignores LANG/LC_ALL/LC_TIME (it is always
    /// en_001), so the locale is taken from the first of LC_ALL, LC_TIME and
    /// LANG that is set and non-empty, the order POSIX gives them:
    /// "de_DE.UTF-8" → de_DE; "C", "POSIX", unset or unknown → en_US_POSIX.
    /// The time zone comes from TZ if set and valid (a leading ":" and a
    /// ".../zoneinfo/" prefix are understood), else the zone /etc/localtime
    /// names (`TimeZone.current`).
    ///
    /// For the process that runs (the app, a command, the notifier): that
    /// zone becomes its default time zone too, before the style's calendar
    /// is made. Foundation starts every new calendar in the default zone,
    /// and without one set it looked the system's zone up first, building
    /// a dictionary of the whole environment twice to read TZ and TZFILE
    /// (DECISIONS.md, "The floor"). Nothing here reads the default zone: every
    /// date is shown and parsed in the style's.
    public static func fromEnvironment(_ environment: [String: String]) -> DueDateStyle {
        fromEnvironment(environment, fallbackTimeZone: systemTimeZone(localtimeTarget: localtimeTarget()), settingProcessDefault: true)
    }

    /// The zone /etc/localtime names, as `TimeZone.current` finds it when TZ
    /// names none; UTC as a fixed offset (see `utcNames`).
    static func systemTimeZone(localtimeTarget: String?) -> TimeZone {
        guard let target = localtimeTarget, target.contains("zoneinfo/"), utcNames.contains(zoneName(target))
        else { return .current }
        return utc
    }

    /// Where the /etc/localtime link points, or nil when it is not a link.
    private static func localtimeTarget() -> String? {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The tz database's names for Coordinated Universal Time: zero offset,
    /// no daylight saving, ever. Foundation answers every question to a
    /// named zone through ICU (its zone data, its calendar code); a fixed
    /// offset of zero it answers itself, with the same results for every
    /// date. Servers, containers and CI machines usually run in UTC. An
    /// array, not a set: a start looks up one name, and a set's hashing and
    /// generic metadata cost it more than 18 comparisons.
    static let utcNames = [
        "UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu",
        "GMT", "Etc/GMT", "GMT0", "Etc/GMT0", "GMT+0", "Etc/GMT+0", "GMT-0", "Etc/GMT-0",
        "Greenwich", "Etc/Greenwich",
    ]

    private static let utc = TimeZone(secondsFromGMT: 0)!

    /// `fromEnvironment(_:)` with the fallback time zone made explicit, so
    /// tests never depend on the machine's zone.
    /// The fallback is only looked up when TZ does not name a zone: finding
    /// the system's zone asks ICU.
    static func fromEnvironment(_ environment: [String: String], fallbackTimeZone: @autoclosure () -> TimeZone,
                                settingProcessDefault: Bool = false) -> DueDateStyle {
        let localeVariable = ["LC_ALL", "LC_TIME", "LANG"]
            .lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty }
        let zone = environment["TZ"].flatMap(timeZone(fromTZ:)) ?? fallbackTimeZone()
        if settingProcessDefault { NSTimeZone.default = zone }
        return DueDateStyle(timeZone: zone, posix: languageIdentifier(fromPOSIX: localeVariable) == nil) {
            locale(fromPOSIX: localeVariable)
        }
    }

    /// The ICU locale for a POSIX locale name such as "de_DE.UTF-8@euro".
    static func locale(fromPOSIX name: String?) -> Locale {
        let english = Locale(identifier: posixIdentifier)
        guard let identifier = languageIdentifier(fromPOSIX: name) else { return english }
        let locale = Locale(identifier: identifier)
        // Locale accepts any string; an unknown language would format with
        // ICU's root locale, which looks like no language at all.
        guard let language = locale.language.languageCode,
              Locale.LanguageCode.isoLanguageCodes.contains(language)
        else { return english }
        return locale
    }

    /// The language part of a POSIX locale name ("de_DE" of
    /// "de_DE.UTF-8@euro"), or nil for the C locale ("C", "POSIX", "C.UTF-8",
    /// unset or empty), whose dates are en_US_POSIX's.
    static func languageIdentifier(fromPOSIX name: String?) -> String? {
        guard let name else { return nil }
        // Codeset and modifier mean nothing to date formatting.
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        return identifier == "C" || identifier == "POSIX" || identifier.isEmpty ? nil : identifier
    }

    /// The time zone a TZ value names, or nil for a POSIX rule string with
    /// summer time like "CET-1CEST" or anything else Foundation does not know.
    /// A POSIX zone without summer time ("UTC+5", "EST5", "<+0530>-5:30")
    /// is its fixed offset, counted west of Greenwich as the C library
    /// counts it: Foundation reads "UTC+5" as ISO 8601's +05:00, the
    /// opposite of what `date` shows.
    static func timeZone(fromTZ value: String) -> TimeZone? {
        let name = zoneName(value.hasPrefix(":") ? String(value.dropFirst()) : value)
        if utcNames.contains(name) { return utc }
        if let west = secondsWest(ofPOSIXZone: name) { return TimeZone(secondsFromGMT: -west) }
        return name.isEmpty ? nil : TimeZone(identifier: name)
    }

    /// The offset of a POSIX TZ value that is a name and an offset alone
    /// (`std offset`: three or more letters, or `<...>`, then
    /// `[+-]hh[:mm[:ss]]`, hours at most 24), in seconds west of Greenwich;
    /// nil for anything else, summer time included.
    static func secondsWest(ofPOSIXZone value: String) -> Int? {
        var rest = Substring(value)
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let name = rest.dropFirst().prefix { $0 != ">" }
            guard name.count >= 3, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }) else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let name = rest.prefix { $0.isASCII && $0.isLetter }
            guard name.count >= 3 else { return nil }
            rest = rest.dropFirst(name.count)
        }
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hours = Int(parts[0]), hours <= 24
        else { return nil }
        let minutes = parts.count > 1 ? Int(parts[1]) ?? 60 : 0
        let seconds = parts.count > 2 ? Int(parts[2]) ?? 60 : 0
        guard minutes < 60, seconds < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60 + seconds)
    }

    /// The tz database's name in a path into it ("Europe/Berlin" of
    /// "/usr/share/zoneinfo/Europe/Berlin"), or the name itself.
    private static func zoneName(_ path: String) -> String {
        guard let range = path.range(of: "zoneinfo/") else { return path }
        return String(path[range.upperBound...])
    }

    private lazy var dateFormatter = makeFormatter { $0.dateStyle = .medium }
    private lazy var timeFormatter = makeFormatter { $0.timeStyle = .short }
    // "ccc" is the stand-alone form: "Sa" rather than the "Sa." used inside a
    // date in German, since the picker shows the weekday on its own.
    private lazy var weekdayFormatter = makeFormatter { $0.dateFormat = "ccc" }

    /// Medium date and short time, e.g. "Nov 21, 2026, 9:00 AM" for en_US or
    /// "21.11.2026, 09:00" for de_DE.
    ///
    /// Date and time are formatted separately and joined with ", " because
    /// ICU's combined pattern says "Nov 21, 2026 at 9:00 AM" in English, which
    /// is longer than a right-aligned column on an item row can afford. Never
    /// contains a newline or control characters, and only plain spaces, so a
    /// terminal measures it as it is printed.
    public func format(_ date: Date) -> String {
        // The date part depends only on the wall-clock day and the time part
        // only on the minute of the day, so each is made once per day and per
        // minute: `list` spent much of its time in ICU making the same
        // "Nov 21, 2026" and "9:00 AM" again and again. A third cache, of
        // whole texts by date, cost more than it saved: a large `list`'s
        // dates are nearly all different.
        let (day, time) = formattedParts(date)
        return day.text + ", " + time.text
    }

    /// The texts `format` joins for the day and the minute of the day `date`
    /// falls on here, each from its cache with its width.
    private func formattedParts(_ date: Date) -> (day: FormattedPart, time: FormattedPart) {
        let local = WallClockMath.localSeconds(of: date, in: zone)
        let day = GregorianDayMath.floorDiv(local, 86_400)
        let minute = (local - day * 86_400) / 60
        // A listing comes in due order, so most dates fall on the day before
        // them: that day's part is kept aside, and the minutes' parts are
        // found by position, without hashing (4 % of `list` of 100,000).
        let dayPart: FormattedPart
        if let last = lastDayPart, last.day == day {
            dayPart = last.part
        } else if let known = dayParts[day] {
            dayPart = known
        } else {
            if dayParts.count >= 4096 { dayParts.removeAll(keepingCapacity: true) }
            dayPart = FormattedPart(writesPOSIXDatesItself ? Self.posixDate(day: day) : Self.terminalSafe(dateFormatter.string(from: date)))
            dayParts[day] = dayPart
        }
        lastDayPart = (day, dayPart)
        if let known = minuteParts[minute] { return (dayPart, known) }
        let timePart = FormattedPart(writesPOSIXDatesItself ? Self.posixTime(minute: minute) : Self.terminalSafe(timeFormatter.string(from: date)))
        minuteParts[minute] = timePart
        return (dayPart, timePart)
    }

    /// A day's or a minute's text as `format` joins it, measured once when it
    /// is made (`TextWidth`), with whether its ends are below U+0300, where
    /// no scalar can combine with the ", " between them.
    private struct FormattedPart {
        let text: String
        let width: Int
        let startsPlain: Bool
        let endsPlain: Bool

        init(_ text: String) {
            self.text = text
            width = TextWidth.columns(of: text)
            startsPlain = (text.unicodeScalars.first?.value ?? 0) < 0x300
            endsPlain = (text.unicodeScalars.last?.value ?? 0) < 0x300
        }
    }

    /// en_US_POSIX's medium date ("MMM d, y"): "Nov 21, 2026".
    static func posixDate(day: Int) -> String {
        let (year, month, dayOfMonth) = GregorianDayMath.civilDate(dayNumber: day)
        return "\(posixMonths[month - 1]) \(dayOfMonth), \(year)"
    }

    /// en_US_POSIX's short time ("h:mm a"): "9:00 AM", "12:05 AM".
    static func posixTime(minute: Int) -> String {
        let hour = minute / 60, minutes = minute % 60
        let twelveHour = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelveHour):\(minutes < 10 ? "0" : "")\(minutes) \(hour < 12 ? "AM" : "PM")"
    }

    private static let posixMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private var dayParts: [Int: FormattedPart] = [:]
    private var lastDayPart: (day: Int, part: FormattedPart)?
    /// Each minute of the day's part, by the minute's number.
    private var minuteParts = [FormattedPart?](repeating: nil, count: 24 * 60)

    /// `format`'s date alone, e.g. "Nov 21, 2026": a start at the beginning
    /// of its day, where "12:00 AM" would say nothing.
    public func formatDay(_ date: Date) -> String {
        formattedParts(date).day.text
    }

    /// `format` after the short weekday, e.g. "Sun, Nov 22, 2026, 9:00 AM":
    /// in full, for where a typed date is resolved and the user must see
    /// exactly which day "fri" or "+3d" came to.
    public func formatWithWeekday(_ date: Date) -> String {
        Self.terminalSafe(weekdayFormatter.string(from: date)) + ", " + format(date)
    }

    /// A short form for narrow panes: the time alone for today ("9:00 AM"),
    /// else the day without the year in the current year ("Nov 24"), else with
    /// it ("Mar 14, 2027"). A 40-column dashboard pane cannot spare 21 columns
    /// for every row's date.
    public func compactFormat(_ date: Date, now: Date) -> String {
        // Cached like `format`: a narrow pane formats every row on every
        // frame. The form depends on today, so the cache lasts one day.
        let today = day(containing: now).lowerBound
        if today != compactDay {
            compactDay = today
            compactFormatted.removeAll(keepingCapacity: true)
        }
        if let known = compactFormatted[date] { return known }
        let text: String
        if calendar.isDate(date, inSameDayAs: now) {
            text = Self.terminalSafe(timeFormatter.string(from: date))
        } else if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            text = Self.terminalSafe(dayMonthFormatter.string(from: date))
        } else {
            text = Self.terminalSafe(dateFormatter.string(from: date))
        }
        if compactFormatted.count >= 4096 { compactFormatted.removeAll(keepingCapacity: true) }
        compactFormatted[date] = text
        return text
    }

    private var compactDay: Date?

    /// The day `now` falls in, asked of the calendar only when `now` has
    /// left the day asked last: `startOfDay` cost as much as writing the
    /// date itself, and the caches look the day up for every row of every
    /// frame. The day starts at the same instant whatever the
    /// locale, so the day calendar answers for both caches.
    private func day(containing now: Date) -> Range<Date> {
        if let knownDay, knownDay.contains(now) { return knownDay }
        let start = dayCalendar.startOfDay(for: now)
        let next = dayCalendar.date(byAdding: .day, value: 1, to: start).map(dayCalendar.startOfDay(for:))
        let day = start..<max(next ?? start.addingTimeInterval(86_400), start.addingTimeInterval(1))
        knownDay = day
        return day
    }

    private var knownDay: Range<Date>?
    private var compactFormatted: [Date: String] = [:]

    private lazy var dayMonthFormatter: DateFormatter = makeFormatter { formatter in
        formatter.setLocalizedDateFormatFromTemplate("MMMd")
    }

    // MARK: - Dates that read like a person

    /// How much of a relative date a place can afford.
    public enum RelativeForm: Hashable, Sendable {
        /// A row with room: always the time, after "Today", "Tomorrow",
        /// "Yesterday", a weekday within the coming week, or the date
        /// ("Today 9:00 AM", "Wednesday 9:00 AM", "Nov 30, 9:00 AM").
        case full
        /// A narrow row: the time alone today ("9:00 AM"), else the day
        /// alone ("Tomorrow", "Wed", "Nov 30", "Mar 14, 2027").
        case compact
        /// `full` inside a sentence, where the locale writes the day word in
        /// lower case ("Snoozed until tomorrow 9:00 AM").
        case inSentence
        /// The time alone ("9:00 AM"), for a narrow row under a heading that
        /// already names its day (Upcoming's "Tomorrow", "Thu Nov 26").
        case time
    }

    /// `date` as a person says it, seen from `now`: "Today 8:00", "Tomorrow
    /// 9:00", the weekday within the coming week, the locale's date beyond
    /// it (with the year only when it is not this year's).
    ///
    /// The words come from the locale: "Today"/"Tomorrow"/"Yesterday" from
    /// ICU's named relative dates, anchored at `now` (so the words never
    /// depend on the machine's clock; `DateFormatter.doesRelativeDateFormatting`
    /// reads the real clock and does nothing on Linux), weekdays and dates
    /// from the calendar and the locale's own patterns. "The day after
    /// tomorrow" is not used even where the locale has a word for it
    /// ("übermorgen"): the weekday says the same and reads the same in every
    /// language. Past days before yesterday show the date: "Monday" would be
    /// ambiguous between this week's and next week's.
    public func relative(_ date: Date, now: Date, form: RelativeForm = .full) -> String {
        // Cached per day, like `format`: every visible row's date, every frame.
        // (The day starts at the same instant whatever the locale.)
        let today = day(containing: now).lowerBound
        if today != relativeDay {
            relativeDay = today
            relativeFormatted.removeAll(keepingCapacity: true)
        }
        let key = RelativeKey(date: date, form: form)
        if let known = relativeFormatted[key] { return known }
        let text = Self.terminalSafe(composeRelative(date, now: now, form: form))
        if relativeFormatted.count >= 4096 { relativeFormatted.removeAll(keepingCapacity: true) }
        relativeFormatted[key] = text
        return text
    }

    /// A start as a person says it, seen from `now`: the day alone when it
    /// starts at the day's first minute, as most starts do ("Tomorrow",
    /// "Wed", "Dec 20"), else with its time ("Wednesday 9:00 AM").
    public func startWords(_ start: Date, now: Date) -> String {
        relative(start, now: now, form: isStartOfDay(start) && !dayCalendar.isDate(start, inSameDayAs: now) ? .compact : .full)
    }

    /// Whether `date` is the first moment of its day in the user's time zone.
    public func isStartOfDay(_ date: Date) -> Bool {
        dayCalendar.startOfDay(for: date) == date
    }

    /// Days from `now`'s calendar day to `date`'s, in this calendar's zone
    /// (so 23:50 to 00:10 is one day, and a DST night is still one day).
    public func dayOffset(of date: Date, from now: Date) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
    }

    private struct RelativeKey: Hashable {
        var date: Date
        var form: RelativeForm
    }

    private var relativeDay: Date?
    private var relativeFormatted: [RelativeKey: String] = [:]

    private func composeRelative(_ date: Date, now: Date, form: RelativeForm) -> String {
        if writesPOSIXDatesItself { return posixRelative(date, now: now, form: form) }
        let offset = dayOffset(of: date, from: now)
        let time = timeFormatter.string(from: date)
        if form == .time { return time }
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        let day: String
        switch offset {
        case -1...1:
            if form == .compact && offset == 0 { return time }
            day = dayWord(offset, inSentence: form == .inSentence)
        case 2...6:
            day = form == .compact ? weekdayFormatter.string(from: date) : longWeekdayFormatter.string(from: date)
        default:
            if form == .compact {
                return sameYear ? dayMonthFormatter.string(from: date) : dateFormatter.string(from: date)
            }
            // The locale's date, then its time, as `format` joins them.
            return (sameYear ? dayMonthFormatter.string(from: date) : dateFormatter.string(from: date)) + ", " + time
        }
        return form == .compact ? day : day + " " + time
    }

    /// `composeRelative` in the C locale, written as en_US_POSIX writes it
    /// ("Today 9:00 AM", "Wednesday 9:00 AM", "Nov 30, 9:00 AM", "Mar 14,
    /// 2027, 9:00 AM", "tomorrow" inside a sentence) from day numbers, with
    /// no ICU: the dashboard's first frame made three ICU formatters and a
    /// relative-date formatter for its rows' dates. A test compares the two.
    private func posixRelative(_ date: Date, now: Date, form: RelativeForm) -> String {
        let local = WallClockMath.localSeconds(of: date, in: timeZone)
        let day = GregorianDayMath.floorDiv(local, 86_400)
        let today = localDay(of: now)
        let time = Self.posixTime(minute: (local - day * 86_400) / 60)
        if form == .time { return time }
        let dayText: String
        switch day - today {
        case -1...1:
            if form == .compact && day == today { return time }
            let word = ["Yesterday", "Today", "Tomorrow"][day - today + 1]
            dayText = form == .inSentence ? word.lowercased() : word
        case 2...6:
            let weekday = Self.posixWeekdays[GregorianDayMath.weekday(dayNumber: day) - 1]
            dayText = form == .compact ? String(weekday.prefix(3)) : weekday
        default:
            let (year, month, dayOfMonth) = GregorianDayMath.civilDate(dayNumber: day)
            let sameYear = year == GregorianDayMath.civilDate(dayNumber: today).year
            let dateText = sameYear ? "\(Self.posixMonths[month - 1]) \(dayOfMonth)" : Self.posixDate(day: day)
            return form == .compact ? dateText : dateText + ", " + time
        }
        return form == .compact ? dayText : dayText + " " + time
    }

    private static let posixWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// "Today", "Tomorrow", "Yesterday" (offset 0, 1, -1) in the locale,
    /// capitalised as a label or lower case inside a sentence as the locale
    /// writes them ("morgen" stays "morgen" in German, "Heute" at the start).
    private func dayWord(_ offset: Int, inSentence: Bool) -> String {
        let key = offset * 2 + (inSentence ? 1 : 0)
        if let known = dayWords[key] { return known }
        // Any instant works as the anchor: the words depend only on the
        // number of calendar days between the two dates.
        let reference = Date(timeIntervalSince1970: 1_800_000_000)
        let anchor = calendar.date(byAdding: .day, value: offset, to: reference) ?? reference
        var style = Date.AnchoredRelativeFormatStyle(
            anchor: anchor, presentation: .named, unitsStyle: .wide,
            locale: calendar.locale ?? Locale(identifier: "en_US_POSIX"), calendar: calendar,
            capitalizationContext: inSentence ? .middleOfSentence : .beginningOfSentence)
        style.allowedFields = [.day]
        let word = style.format(reference)
        dayWords[key] = word
        return word
    }

    private var dayWords: [Int: String] = [:]

    private lazy var longWeekdayFormatter = makeFormatter { $0.dateFormat = "cccc" }

    /// Short weekday name, e.g. "Sat", for next to the date picker's fields.
    public func weekday(_ date: Date) -> String {
        Self.terminalSafe(weekdayFormatter.string(from: date))
    }

    /// Short month name, e.g. "Nov", for the date picker's month field; the
    /// number itself for a month outside 1...12 rather than a crash.
    public func monthName(_ month: Int) -> String {
        let names: [String] = dateFormatter.shortStandaloneMonthSymbols
        guard month >= 1, month <= names.count else { return String(month) }
        return Self.terminalSafe(names[month - 1])
    }

    /// A new item's default due date: the next full hour of the wall clock
    /// strictly after `now` (10:00:00 → 11:00; 10:59:59 → 11:00), seconds
    /// zero. Strictly after, so a new item is never born overdue.
    public func defaultDueDate(after now: Date) -> Date {
        let timeZone = calendar.timeZone
        let utc = WallClockMath.seconds(of: now)
        let local = utc + WallClockMath.offset(at: utc, in: timeZone)
        let startOfHour = utc - GregorianDayMath.floorMod(local, 3600)
        // Elapsed time, not wall time: on the night clocks go forward, 01:30
        // is followed by 03:00, and on the night they go back the repeated
        // hour still comes next.
        return Date(timeIntervalSince1970: TimeInterval(startOfHour + 3600))
    }

    private func makeFormatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        formatter.dateStyle = .none
        formatter.timeStyle = .none
        configure(formatter)
        return formatter
    }

    /// ICU puts U+202F NARROW NO-BREAK SPACE before AM/PM, U+00A0 in some
    /// locales and bidi marks (format characters) in others; terminals and
    /// `wcwidth` disagree about their width, so spaces become plain spaces and
    /// invisible or control characters are dropped.
    static func terminalSafe(_ text: String) -> String {
        // Printable ASCII needs nothing: every date the C locale writes, and
        // most others. Asking each scalar its Unicode category cost more than
        // writing the date.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator:
                result.append(" ")
            case .control where scalar.properties.isWhitespace:
                result.append(" ")
            case .control, .format:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}

extension DueDateStyle {
    /// The columns `format(date)` takes on a terminal (`TextWidth`), known
    /// before the date is printed: a table that streams its rows pads the
    /// due column from this. Each day's part and each minute's part is
    /// measured once, and their sum is the width when the ", " between them
    /// cannot join either side (both neighbours below U+0300, where no
    /// scalar combines); otherwise the whole text is measured.
    package func formattedWidth(_ date: Date) -> Int {
        let (day, time) = formattedParts(date)
        return Self.joinedWidth(day, time)
    }

    /// `format(date)` and `formattedWidth(date)` from one look-up of each
    /// part: a table's due cell, printed and padded.
    package func formattedWithWidth(_ date: Date) -> (text: String, width: Int) {
        let cell = formattedCell(date)
        return (cell.day + ", " + cell.time, cell.width)
    }

    /// `formattedWithWidth` before the two texts are joined with ", ": a
    /// table writes them one after the other, without making the whole
    /// text for each of its rows.
    package func formattedCell(_ date: Date) -> (day: String, time: String, width: Int) {
        let (day, time) = formattedParts(date)
        return (day.text, time.text, Self.joinedWidth(day, time))
    }

    /// The widest `formattedWidth` of any date from `first` to `last`, or
    /// nil when it cannot be known without measuring every date: a table
    /// that has met a date this wide needs to measure no more of them.
    ///
    /// A day's part changes width only with its month, its number of days'
    /// digits and its year's, and a minute's only with its hour and whether
    /// it is on the hour (noon, midnight): every digit of a numbering system
    /// is equally wide. So the widest is among each month's 1st and 28th of
    /// the years at both ends, and each hour's first two minutes. The ", "
    /// between the parts adds its two columns when neither part's end
    /// joins it in one character (the width is summed by characters); that
    /// depends on the end's last or first letter, which these candidates
    /// cover. Nil when a year at either end is not of four digits (the years
    /// between could differ in length), when a part's end does join, or
    /// when a candidate wall time does not exist in the zone.
    package func widestFormattedWidth(from first: Date, to last: Date) -> Int? {
        let firstDay = localDay(of: first)
        let years = [firstDay, localDay(of: last)].map { GregorianDayMath.civilDate(dayNumber: $0).year }
        guard years.allSatisfy({ (1_000...9_999).contains($0) }) else { return nil }
        var widestDay = 0
        for year in Set(years) {
            for month in 1...12 {
                for day in [1, 28] {
                    let dayNumber = GregorianDayMath.dayNumber(year: year, month: month, day: day)
                    guard let part = partsAt(local: dayNumber * 86_400 + 12 * 3_600)?.day,
                          (part.text + ",").count == part.text.count + 1
                    else { return nil }
                    widestDay = max(widestDay, part.width)
                }
            }
        }
        var widestTime = 0
        for minute in (0..<24).flatMap({ [$0 * 60, $0 * 60 + 1] }) {
            // A minute that a change of the clocks skips on the first day exists on one of the next.
            guard let part = (0..<3).lazy.compactMap({ self.partsAt(local: (firstDay + $0) * 86_400 + minute * 60)?.time }).first,
                  (" " + part.text).count == part.text.count + 1
            else { return nil }
            widestTime = max(widestTime, part.width)
        }
        return widestDay + 2 + widestTime
    }

    /// The number of the day `date` falls on here (days since 1970-01-01).
    private func localDay(of date: Date) -> Int {
        GregorianDayMath.floorDiv(WallClockMath.localSeconds(of: date, in: zone), 86_400)
    }

    /// The parts of the wall time `local` (seconds, read as UTC), or nil
    /// when the zone's clocks never show it.
    private func partsAt(local: Int) -> (day: FormattedPart, time: FormattedPart)? {
        let date = WallClockMath.instant(forLocal: local, in: zone)
        guard WallClockMath.localSeconds(of: date, in: zone) == local else { return nil }
        return formattedParts(date)
    }

    private static func joinedWidth(_ day: FormattedPart, _ time: FormattedPart) -> Int {
        day.endsPlain && time.startsPlain ? day.width + 2 + time.width : TextWidth.columns(of: day.text + ", " + time.text)
    }
}
