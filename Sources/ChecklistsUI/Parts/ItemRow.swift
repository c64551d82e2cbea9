import Foundation
import ChecklistsModel

/// One item on one row, as a checklist and the Due view both draw it: what
/// leads the row (a check box, or the Due view's bullet), the text, the
/// item's list (Due view only), the due date and the reminder.
///
///     [ ] Call the bank #work  !!!  ! Today 9:00 AM     🔔 10:35 AM
///     [x] Eggs                  Yesterday 9:00 AM
///     [ ] Pay rent       !      Wednesday 9:00 AM 🔔
///
/// The columns are measured once per frame over the rows the screen has
/// loaded (not only the visible ones, so scrolling does not move them), so
/// every date starts in the same column whatever its length, and the list
/// name in the Due view does not move with the date after it. The text
/// column is as wide as the longest text needs, up to `readableTextWidth`:
/// in a 200-column pane the date sits next to the text, not 150 columns
/// away at the right edge.
///
/// Tags ("#work #home") follow the text inside the text column, so they
/// never move the columns after it: where the column is too narrow, the
/// tags yield first (cut, then gone), the text second.
///
/// An item that has not started is dimmed, and its date column says when
/// it starts instead of when it is due ("Starts Mon", "› Mon" where the
/// pane is narrow), so it reads without colour too.
///
/// In a checklist, sub-items are indented under their parent, two columns
/// a level, up to `indentedLevels`; a parent shows a fold mark before its
/// text and its progress after it; the Due view and search show a
/// sub-item's parent after its text instead:
///
///     [ ] ▾ Trip 1/3
///       [x] Book hotel
///       [ ] ▸ Flights 0/2
///     [ ] ↰ Pack the bags                  (its parent is not in this list)
///
///     • Book hotel  ‹ Trip     Travel  Today 9:00 AM
enum ItemRow {
    /// What leads the row.
    enum Lead {
        /// A checklist: "[ ]" / "[x]"; overdue is the "!" before the date.
        case checkBox
        /// The Due view: "!" when overdue (in red), else "•".
        case bullet
    }

    /// The columns every row of one screen shares.
    struct Layout: Equatable {
        static let textColumn = 5
        var textWidth: Int
        /// The priority column: 3 ("!!!"), 1 where the pane is narrow (the
        /// level's initial), 0 when no row has a priority.
        var priorityWidth: Int
        /// 2 ("! ") when a row of a checklist is overdue, else 0.
        var overdueWidth: Int
        /// The Due view's list names; 0: no list column.
        var listWidth: Int
        var dateWidth: Int
        /// The reminder column (the bell, or the bell and a snoozed time); 0 when no row rings.
        var reminderWidth: Int
        var form: DueDateStyle.RelativeForm
    }

    /// Text beyond this many columns is cut even where the pane is wider: a
    /// line longer than that is hard to read, and the date stays in reach.
    static let readableTextWidth = 72

    /// Below this width rows take the compact dates ("9:00 AM" today,
    /// "Tomorrow", "Wed"): the full ones would crowd out the text.
    static let compactBelowWidth = 64

    /// The bell that says the item will ring. An emoji with
    /// Emoji_Presentation, so every terminal and `wcwidth` agree it takes
    /// two columns (a text symbol such as "♪" is East Asian Ambiguous:
    /// one column in most terminals, two in a CJK one, which would shift the
    /// rest of the row); "*" where the terminal cannot show Unicode.
    static func bell(unicode: Bool) -> String { unicode ? "🔔" : "*" }

    /// The mark after the text of an item with a note: a pencil (one
    /// column: U+270E is neither emoji nor East Asian Ambiguous, so every
    /// terminal agrees on its width), "+" where Unicode cannot be shown.
    /// It is drawn after the text as cut, so a narrow row keeps it.
    static func noteMark(unicode: Bool) -> String { unicode ? "✎" : "+" }

    // MARK: - Families

    /// Columns a level of sub-items is indented by: a sub-item's check box
    /// sits under its parent's fold mark, its text under the parent's text.
    static let indentPerLevel = 2
    /// Levels indented; deeper sub-items stay at this indentation with
    /// their depth written before the text ("›4"), so that at 40 columns a
    /// deep row keeps room for its text.
    static let indentedLevels = 3

    static func indent(_ place: FamilyPlace) -> Int { min(place.depth, indentedLevels) * indentPerLevel }

    /// What stands before the text, each followed by a space: the depth of
    /// a row deeper than the indentation shows, the mark of a parent that
    /// is not in this list ("↰"), and a parent's fold mark ("▾" open, "▸"
    /// folded). One-column glyphs that are not East Asian Ambiguous, so
    /// every terminal agrees on their width; ASCII where Unicode cannot be shown.
    static func leadMarks(_ item: Item, place: FamilyPlace, unicode: Bool) -> [(text: String, color: CellColor)] {
        var marks: [(String, CellColor)] = []
        if place.depth > indentedLevels { marks.append(((unicode ? "›" : ">") + String(place.depth), .cyan)) }
        if item.unlinkedParentUID != nil { marks.append((unicode ? "↰" : "^", .yellow)) }
        if place.isParent { marks.append((item.isCollapsed ? (unicode ? "▸" : "+") : (unicode ? "▾" : "-"), .default)) }
        return marks
    }

    /// A parent's progress: its direct sub-items checked of all ("2/5").
    static func progress(_ place: FamilyPlace) -> String? {
        place.isParent ? "\(place.checkedSubItemCount)/\(place.subItemCount)" : nil
    }

    /// A sub-item's parent, where the row stands apart from its family.
    static func parentMark(_ parentText: String, unicode: Bool) -> String { (unicode ? "‹ " : "< ") + parentText }

    // MARK: - Measuring

    /// The columns for `items` (with their lists' names in the Due view) in
    /// a pane of `width` columns.
    /// `places` (a checklist's) and `parentTexts` (the Due view's and
    /// search's) go with `items` index by index, where given.
    /// `daysShown` says, item by item, whether the row's heading names its
    /// day (Upcoming's days): such a narrow row shows its time alone.
    static func layout(for items: [Item], places: [FamilyPlace] = [], parentTexts: [String?] = [], listNames: [String] = [],
                       daysShown: [Bool] = [], lead: Lead, state: AppState, width: Int) -> Layout {
        let form: DueDateStyle.RelativeForm = width < compactBelowWidth ? .compact : .full
        var longestText = 1, dateWidth = 0, reminderWidth = 0, anyOverdue = false, anyPriority = false
        for (index, item) in items.enumerated() {
            anyPriority = anyPriority || item.priority != .none
            let place = places.indices.contains(index) ? places[index] : .topLevel
            let parentText = parentTexts.indices.contains(index) ? parentTexts[index] : nil
            longestText = max(longestText, textColumns(item, place: place, parentText: parentText, state: state))
            let dayShown = daysShown.indices.contains(index) && daysShown[index]
            dateWidth = max(dateWidth, TextWidth.columns(of: dueText(item, state: state, form: dueForm(form, dayShown: dayShown))))
            reminderWidth = max(reminderWidth, TextWidth.columns(of: reminderText(item, state: state, form: form)))
            anyOverdue = anyOverdue || item.isOverdue(now: state.now)
        }
        let overdueWidth = lead == .checkBox && anyOverdue ? 2 : 0
        // A narrow pane gets the one-column mark: the text comes first.
        let priorityWidth = anyPriority ? (width < compactBelowWidth ? 1 : 3) : 0
        // The list column takes at most a quarter of the pane, as it did when
        // it was part of the right-hand detail.
        var listWidth = min(listNames.map { TextWidth.columns(of: $0) }.max() ?? 0, max(4, width / 4))
        func room() -> Int {
            width - 1 - Layout.textColumn - 2 - (priorityWidth > 0 ? priorityWidth + 1 : 0) - overdueWidth - (listWidth > 0 ? listWidth + 2 : 0) - dateWidth
                - (reminderWidth > 0 ? reminderWidth + 1 : 0)
        }
        // A narrow pane keeps some text: the list names give way first, down
        // to a width that still tells lists apart.
        let minimumText = min(longestText, 8)
        if room() < minimumText, listWidth > 6 { listWidth = max(6, listWidth - (minimumText - room())) }
        let textWidth = max(1, min(room(), longestText, readableTextWidth))
        return Layout(textWidth: textWidth, priorityWidth: priorityWidth, overdueWidth: overdueWidth, listWidth: listWidth, dateWidth: dateWidth,
                      reminderWidth: reminderWidth, form: form)
    }

    /// The form of a row's due date: in a narrow row under a heading that
    /// names its day, the time alone ("Tomorrow" would say the heading again
    /// and leave the time out).
    static func dueForm(_ form: DueDateStyle.RelativeForm, dayShown: Bool) -> DueDateStyle.RelativeForm {
        form == .compact && dayShown ? .time : form
    }

    /// The due date as the row shows it; nothing for an item without one.
    /// For an item that has not started, its start (`StartText.rowText`),
    /// which keeps its day.
    static func dueText(_ item: Item, state: AppState, form: DueDateStyle.RelativeForm) -> String {
        if let start = item.startDate, hasNotStarted(item, now: state.now) {
            return StartText.rowText(start, now: state.now, style: state.context.dateStyle, form: form == .time ? .compact : form,
                                     unicode: state.context.unicode)
        }
        guard let dueDate = item.dueDate else { return "" }
        return state.context.dateStyle.relative(dueDate, now: state.now, form: form)
    }

    /// The text column's content: the indentation and the marks before the
    /// text, the text, its progress, its parent's text, its tags, and for a
    /// repeating item how it repeats and when it was last done, two columns after it.
    static func textColumns(_ item: Item, place: FamilyPlace = .topLevel, parentText: String? = nil, state: AppState) -> Int {
        let unicode = state.context.unicode
        let marks = leadMarks(item, place: place, unicode: unicode).reduce(0) { $0 + TextWidth.columns(of: $1.text) + 1 }
        let text = indent(place) + marks + TextWidth.columns(of: item.text) + (item.hasNote ? 2 : 0)
            + (progress(place).map { 1 + TextWidth.columns(of: $0) } ?? 0)
            + (parentText.map { 2 + TextWidth.columns(of: parentMark($0, unicode: unicode)) } ?? 0)
            + (item.tags.isEmpty ? 0 : 1 + TextWidth.columns(of: Tags.marked(item.tags)))
        guard let note = Chrome.repeatNote(item, state: state) else { return text }
        return text + 2 + TextWidth.columns(of: note)
    }

    /// The bell when the item will next ring at its due date; the bell and
    /// the time when it rings first at another (a reminder before the due
    /// time, or a snooze); nothing when no reminder is pending.
    static func reminderText(_ item: Item, state: AppState, form: DueDateStyle.RelativeForm) -> String {
        guard let remindAt = item.remindAt else { return "" }
        let bell = bell(unicode: state.context.unicode)
        guard item.isSnoozed else { return bell }
        return bell + " " + state.context.dateStyle.relative(remindAt, now: state.now, form: form)
    }

    /// Whether the row is dimmed as not started: an item not checked off
    /// whose start is still ahead (a checked one is dimmed as checked).
    static func hasNotStarted(_ item: Item, now: Date) -> Bool {
        !item.isChecked && !item.hasStarted(now: now)
    }

    // MARK: - Drawing

    /// Draws `item` on row `y`: a checklist's row at its `place` in its
    /// family, a Due view's or search's with its parent's `parentText`.
    static func draw(_ item: Item, listName: String? = nil, place: FamilyPlace = .topLevel, parentText: String? = nil, dayShown: Bool = false,
                     layout: Layout, lead: Lead, row y: Int, state: AppState, into grid: inout ScreenGrid) {
        let overdue = item.isOverdue(now: state.now)
        let alert: CellColor = overdue ? .overdue : .default
        let unicode = state.context.unicode
        let indent = indent(place)
        switch lead {
        case .checkBox:
            grid.put(item.isChecked ? "[x]" : "[ ]", row: y, column: 1 + indent, color: item.isChecked ? .green : .default)
        case .bullet:
            grid.put(overdue ? "!" : "•", row: y, column: 3, style: overdue ? .bold : [], color: alert)
        }
        let dimmed: CellStyle = item.isChecked || hasNotStarted(item, now: state.now) ? .dim : []
        // This row's share of the text column, and what it has used of it.
        let start = Layout.textColumn + indent
        let room = layout.textWidth - indent
        var textWidth = 0
        // The marks before the text are kept whole; the text gives way.
        for mark in leadMarks(item, place: place, unicode: unicode) {
            textWidth += grid.put(mark.text, row: y, column: start + textWidth, maxColumns: max(0, room - textWidth), color: mark.color)
            if textWidth < room { textWidth += 1 }
        }
        // So do the note mark and the progress after it: with one column
        // left, the marks alone.
        var kept: [(text: String, style: CellStyle, color: CellColor)] = []
        if item.hasNote { kept.append((noteMark(unicode: unicode), [], .cyan)) }
        if let progress = progress(place) {
            kept.append((progress, place.checkedSubItemCount == place.subItemCount ? [] : .dim,
                         place.checkedSubItemCount == place.subItemCount ? .green : .default))
        }
        let keptWidth = kept.reduce(0) { $0 + 1 + TextWidth.columns(of: $1.text) }
        let textRoom = room - textWidth - keptWidth
        if textRoom > 0 { textWidth += grid.put(item.text, row: y, column: start + textWidth, maxColumns: textRoom, style: dimmed) }
        for mark in kept {
            if textWidth > 0 && textWidth < room { textWidth += 1 }
            textWidth += grid.put(mark.text, row: y, column: start + textWidth, maxColumns: max(0, room - textWidth), style: mark.style, color: mark.color)
        }
        // A sub-item apart from its family names its parent, dim, two
        // columns after the text; cut first where the column is short.
        if let parentText, room - textWidth - 2 >= 4 {
            textWidth += 2 + grid.put(parentMark(parentText, unicode: unicode), row: y, column: start + textWidth + 2,
                                      maxColumns: room - textWidth - 2, style: .dim)
        }
        // The tags after the text, in what the text leaves of its column.
        if !item.tags.isEmpty, textWidth + 1 < room {
            textWidth += 1 + grid.put(Tags.marked(item.tags), row: y, column: start + textWidth + 1,
                                      maxColumns: room - textWidth - 1, style: dimmed, color: .magenta)
        }
        // A repeating item says how, and when it was last done, where the
        // text leaves room in its column.
        if let note = Chrome.repeatNote(item, state: state), textWidth + 2 < room {
            grid.put(note, row: y, column: start + textWidth + 2, maxColumns: room - textWidth - 2, style: .dim)
        }
        let right = grid.width - 1
        var x = Layout.textColumn + layout.textWidth + 2
        if layout.priorityWidth > 0 {
            let mark = layout.priorityWidth < 3 ? item.priority.shortMark : item.priority.mark
            grid.put(mark, row: y, column: x, maxColumns: min(layout.priorityWidth, max(0, right - x)), style: .bold,
                     color: item.priority == .high ? .overdue : .yellow)
            x += layout.priorityWidth + 1
        }
        // The "!" marks overdue items without relying on colour.
        if layout.overdueWidth > 0, overdue {
            grid.put("!", row: y, column: x, maxColumns: max(0, right - x), style: .bold, color: .overdue)
        }
        x += layout.overdueWidth
        if layout.listWidth > 0, let listName {
            grid.put(listName, row: y, column: x, maxColumns: min(layout.listWidth, max(0, right - x)))
            x += layout.listWidth + 2
        }
        grid.put(dueText(item, state: state, form: dueForm(layout.form, dayShown: dayShown)), row: y, column: x,
                 maxColumns: min(layout.dateWidth, max(0, right - x)),
                 style: overdue ? .bold : dimmed, color: alert)
        x += layout.dateWidth + 1
        let reminder = reminderText(item, state: state, form: layout.form)
        if !reminder.isEmpty, x < right {
            grid.put(reminder, row: y, column: x, maxColumns: right - x, color: .yellow)
        }
    }
}
