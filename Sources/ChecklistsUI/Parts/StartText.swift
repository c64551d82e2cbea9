import Foundation
import ChecklistsModel

/// How the screens write an item's start and read one typed in words.
///
/// A start is a day more often than a moment ("from Monday"), so a phrase
/// without a time means that day at 00:00, and a start at 00:00 is written
/// as its day alone.
enum StartText {
    /// The start `text` names, seen from `now`: the parser's reading, except
    /// that a phrase without a time ("mon", "dec 7", "+3d", "tomorrow") is
    /// that day at 00:00 instead of the due date's 09:00. The parser tells no
    /// time apart from 09:00, so the phrase is first read with " 0:00" after
    /// it: that reads only when no time was typed ("mon 9:00 0:00" and
    /// "+2h 0:00" do not), and then names the day the phrase alone names.
    static func parse(_ text: String, now: Date, calendar: Calendar) -> Result<Date, DueDateParseError> {
        let parser = DueDateParser(calendar: calendar)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty, case let .success(midnight) = parser.parse(trimmed + " 0:00", now: now) { return .success(midnight) }
        return parser.parse(trimmed, now: now)
    }

    /// Whether `start` is the beginning of its day in the user's time zone.
    static func isStartOfDay(_ start: Date, style: DueDateStyle) -> Bool {
        style.dayCalendar.startOfDay(for: start) == start
    }

    /// The start in full, as Item Detail's Starts row and the typed
    /// start's preview show it, longest first: with the weekday ("Mon, Nov
    /// 23, 2026"), then without; the time after it unless it is 00:00.
    static func fullForms(_ start: Date, style: DueDateStyle) -> [String] {
        let date = isStartOfDay(start, style: style) ? style.formatDay(start) : style.format(start)
        return [style.weekday(start) + ", " + date, date]
    }

    /// What a list's row shows for an item that has not started, in its
    /// date column: "Starts Mon", "Starts Wednesday 9:00 AM" where the row
    /// has room, "› Mon" where it is narrow (">" without Unicode), so the
    /// text keeps its room.
    static func rowText(_ start: Date, now: Date, style: DueDateStyle, form: DueDateStyle.RelativeForm, unicode: Bool) -> String {
        let compact = style.relative(start, now: now, form: .compact)
        if form == .compact { return (unicode ? "›" : ">") + " " + compact }
        return "Starts " + (isStartOfDay(start, style: style) ? compact : style.relative(start, now: now, form: .full))
    }
}
