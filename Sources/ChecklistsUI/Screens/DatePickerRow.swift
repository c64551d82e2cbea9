import Foundation
import ChecklistsModel

/// The inline date picker: one row of fields (year, month, day, hour,
/// minute, with the weekday shown) beneath the Due Date row. It edits the
/// form's date directly, so the Due Date row follows every change at once.
public struct DatePickerState: Hashable, Sendable {
    public var field: DateField = .day
    /// Digits typed into `field` that do not yet make a whole value.
    public var digits = ""
    /// Non-nil while the user types a date in words ("tomorrow 9:00").
    public var typed: TextField?
    /// The words hold only the letter that opened them: kept, as the first
    /// of "tomorrow", until the next key shows it cannot begin a word with
    /// it ("t", as the hint says, then "fri").
    public var typedIsOpeningLetter = false

    public init() {}

    mutating func moveField(by step: Int) {
        let all = DateField.allCases
        let index = all.firstIndex(of: field)! + step
        field = all[min(max(0, index), all.count - 1)]
    }

    /// Typing digits: each one extends the value; when no further digit could
    /// fit the field, the value is set and the next field is focused.
    mutating func type(digit: Int, date: inout Date, calendar: Calendar, message: inout StatusMessage?) {
        digits.append(String(digit))
        let value = Int(digits) ?? 0
        let upper = DateFields(date: date, calendar: calendar).range(of: field, in: calendar).upperBound
        if digits.count >= field.maxDigits || value * 10 > upper {
            finishTyping(date: &date, calendar: calendar, message: &message)
            if message == nil || message?.kind != .error { moveField(by: 1) }
        }
    }

    /// Applies digits typed so far (when leaving the field or the picker).
    mutating func finishTyping(date: inout Date, calendar: Calendar, message: inout StatusMessage?) {
        guard !digits.isEmpty, let value = Int(digits) else { return }
        digits = ""
        if let changed = DatePickerMath.setting(field, to: value, of: date, calendar: calendar) {
            date = changed
        } else {
            let range = DateFields(date: date, calendar: calendar).range(of: field, in: calendar)
            message = StatusMessage("\(value) is not a valid \(field.name) here (\(range.lowerBound)–\(range.upperBound)).", kind: .error)
        }
    }
}

extension DateField {
    var name: String {
        switch self {
        case .year: "year"
        case .month: "month"
        case .day: "day"
        case .hour: "hour"
        case .minute: "minute"
        }
    }
}

enum DatePickerRow {
    /// `typedRows` is what `typedRows(from:to:)` said, or 1 where the form
    /// had no room for a second row.
    static func render(_ picker: DatePickerState, date: Date, now: Date, style: DueDateStyle, typedRows: Int = 1,
                       row: Int, from left: Int, to right: Int, focused: Bool, into grid: inout ScreenGrid) {
        if let typed = picker.typed {
            renderTyped(typed, now: now, style: style, rows: typedRows, row: row, from: left, to: right, into: &grid)
            return
        }
        let fields = DateFields(date: date, calendar: style.calendar)
        var x = left
        grid.put("▸", row: row, column: x, style: .dim)
        x += 2
        x += grid.put(style.weekday(date), row: row, column: x, style: .bold)
        x += 2
        let parts: [(DateField?, String)] = [
            (.year, String(format: "%04d", fields.year)), (nil, "-"),
            (.month, String(format: "%02d", fields.month)), (nil, "-"),
            (.day, String(format: "%02d", fields.day)), (nil, "  "),
            (.hour, String(format: "%02d", fields.hour)), (nil, ":"),
            (.minute, String(format: "%02d", fields.minute)),
        ]
        for (field, text) in parts {
            var shown = text
            var cellStyle: CellStyle = []
            if let field, field == picker.field, focused {
                cellStyle = [.reverse, .bold]
                if !picker.digits.isEmpty {
                    shown = picker.digits.padding(toLength: field.maxDigits, withPad: "_", startingAt: 0)
                }
            }
            x += grid.put(shown, row: row, column: x, maxColumns: max(0, right - x), style: cellStyle)
        }
        let hint = "(\(style.monthName(fields.month)))"
        if x + 2 + TextWidth.columns(of: hint) <= right {
            grid.put(hint, row: row, column: x + 2, style: .dim)
        }
    }

    /// Columns the preview needs beside the field to be shown in full on
    /// the same row ("→ Wed, Nov 25, 2026, 12:00 PM" and a little more).
    static let previewColumns = 30

    /// How many rows the typed date takes between `left` and `right`: one
    /// where the preview fits beside the field, else two, the preview on
    /// its own row beneath, so a 40-column pane still sees the resolved date
    /// and time in full. Decided by the width alone, so the form does not
    /// jump while the user types.
    static func typedRows(from left: Int, to right: Int) -> Int {
        right - left - labelWidth - fieldWidth - 1 >= previewColumns ? 1 : 2
    }

    private static let label = "Date: "
    static var labelWidth: Int { TextWidth.columns(of: label) }
    private static let fieldWidth = 20

    /// "Date: tomorrow 9:00 → Sun, Nov 22, 2026, 9:00 AM": the preview shows
    /// what the words resolve to before the user accepts them; with `rows`
    /// 2 the preview goes on the row beneath, under the field.
    static func renderTyped(_ typed: TextField, now: Date, style: DueDateStyle, rows: Int,
                            row: Int, from left: Int, to right: Int, into grid: inout ScreenGrid) {
        var x = left
        x += grid.put(label, row: row, column: x, style: .bold)
        let fieldColumn = x
        let width = rows == 1 ? max(4, min(fieldWidth, (right - x) / 2)) : max(4, right - x)
        let cursor = typed.draw(into: &grid, row: row, column: x, columns: width, placeholder: "tomorrow 9:00")
        grid.cursor = GridPosition(row: row, column: cursor)
        let (previewRow, previewColumn) = rows == 1 ? (row, x + width + 1) : (row + 1, fieldColumn)
        guard previewColumn < right, !typed.text.isEmpty else { return }
        switch DueDateParser(calendar: style.calendar).parse(typed.text, now: now) {
        case let .success(date) where date <= now:
            // Said before Enter takes it: a date typed by mistake in the past.
            grid.put("→ " + style.formatWithWeekday(date) + " · in the past", row: previewRow, column: previewColumn,
                     maxColumns: right - previewColumn, style: .bold, color: .yellow)
        case let .success(date):
            grid.put("→ " + style.formatWithWeekday(date), row: previewRow, column: previewColumn,
                     maxColumns: right - previewColumn, color: .green)
        case .failure:
            grid.put("? not a date yet", row: previewRow, column: previewColumn, maxColumns: right - previewColumn, style: .dim)
        }
    }
}
