import Foundation
import ChecklistsModel

/// How the screens write an item's start. A start is a day more often than
/// a moment ("from Monday"): typed without a time it is that day at 00:00
/// (`DueDateParser.parseStart`), and a start at 00:00 is written as its day
/// alone.
enum StartText {
    /// The start in full, as Item Detail's Starts row and the typed
    /// start's preview show it, longest first: with the weekday ("Mon, Nov
    /// 23, 2026"), then without; the time after it unless it is 00:00.
    static func fullForms(_ start: Date, style: DueDateStyle) -> [String] {
        let date = style.isStartOfDay(start) ? style.formatDay(start) : style.format(start)
        return [style.weekday(start) + ", " + date, date]
    }

    /// What a list's row shows for an item that has not started, in its
    /// date column: "Starts Mon", "Starts Wednesday 9:00 AM" where the row
    /// has room, "› Mon" where it is narrow (">" without Unicode), so the
    /// text keeps its room.
    static func rowText(_ start: Date, now: Date, style: DueDateStyle, form: DueDateStyle.RelativeForm, unicode: Bool) -> String {
        if form == .compact { return (unicode ? "›" : ">") + " " + style.relative(start, now: now, form: .compact) }
        return "Starts " + style.startWords(start, now: now)
    }
}
