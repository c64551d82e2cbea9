import Foundation
import ChecklistsModel

/// One row of the Upcoming view: a day's (or a week's, a month's) heading,
/// or an item of the window loaded. Only items can be selected.
public enum UpcomingRow: Hashable, Sendable {
    case heading(String)
    /// An index into the window's items.
    case item(Int)
}

/// The Upcoming view (`U` on All Lists, or its row there): every open item
/// with a due date, and every one with a start and no due date from today
/// on, across the lists, under day headings. Only a window of the items
/// around the selection is loaded; the headings are worked out from it.
public struct UpcomingState: Hashable, Sendable {
    public private(set) var window = UpcomingWindow()
    /// False until the first window is here.
    public private(set) var isLoaded = false
    public private(set) var rows: [UpcomingRow] = []
    public var viewport = Viewport()

    public init() {}

    public var selectedItem: ListedItem? {
        guard rows.indices.contains(viewport.selection), case let .item(index) = rows[viewport.selection] else { return nil }
        return window.items[index]
    }

    var keyContext: KeyContext { .upcoming }

    /// Takes a window read, keeping the selection on the same item (or the
    /// one now in its place) and that row on the same screen line.
    mutating func load(_ window: UpcomingWindow, anchor: UpcomingAnchor, headings: (Date) -> (text: String, until: Date), visibleRows: Int) {
        let previous = selectedItem
        let previousLine = viewport.selection - viewport.top
        let wasLoaded = isLoaded
        self.window = window
        isLoaded = true
        rows = []
        // The items come in time order: a heading is worked out once, for
        // the first item past the end of the one before.
        var until = Date.distantPast
        for (index, listed) in window.items.enumerated() {
            let date = UpcomingKey(listed.item)?.date ?? .distantFuture
            if date >= until {
                let heading = headings(date)
                rows.append(.heading(heading.text))
                until = heading.until
            }
            rows.append(.item(index))
        }
        let itemRows = rows.indices.filter { if case .item = rows[$0] { true } else { false } }
        let wanted: Int?
        switch anchor {
        case .first: wanted = itemRows.first
        case .last: wanted = itemRows.last
        case .key:
            // The same item, else the first after where it stood, else the last.
            let key = previous.flatMap { UpcomingKey($0.item) }
            wanted = itemRows.first { index in
                guard case let .item(at) = rows[index], let key, let here = UpcomingKey(window.items[at].item) else { return false }
                return here.id == key.id || key < here
            } ?? itemRows.last
        }
        viewport.top = wasLoaded && anchor != .first ? (wanted ?? 0) - previousLine : 0
        select(wanted ?? 0, visibleRows: visibleRows)
    }

    /// Moves the selection to `index`, or the nearest item in `direction`,
    /// scrolling the least needed; a heading just above is shown with it.
    mutating func select(_ index: Int, direction: Int = 1, visibleRows: Int) {
        let target = nearestItem(to: index, direction: direction)
        viewport.select(target, count: rows.count, visibleRows: visibleRows)
        if target > 0, target == viewport.top, case .heading = rows[target - 1], visibleRows > 1 {
            viewport.top = target - 1
        }
        if window.reachesFirst && target == rows.firstIndex(where: { if case .item = $0 { true } else { false } }) { viewport.top = 0 }
        viewport.clampTop(count: rows.count, visibleRows: visibleRows)
    }

    private func nearestItem(to index: Int, direction: Int) -> Int {
        guard !rows.isEmpty else { return 0 }
        let start = min(max(0, index), rows.count - 1)
        func isItem(_ at: Int) -> Bool { if case .item = rows[at] { true } else { false } }
        let step = direction < 0 ? -1 : 1
        for candidate in stride(from: start, to: step < 0 ? -1 : rows.count, by: step) where isItem(candidate) { return candidate }
        for candidate in stride(from: start, to: step < 0 ? rows.count : -1, by: -step) where isItem(candidate) { return candidate }
        return start
    }
}

enum UpcomingScreen {
    /// Items read before the selection, in screens: the margin that keeps
    /// moving from reading until the selection nears the window's edge.
    static let screensBefore = 2
    /// Items read from the selection on, in screens.
    static let screensAfter = 3

    static func before(_ state: AppState) -> Int { state.listRows * screensBefore }
    static func after(_ state: AppState) -> Int { state.listRows * screensAfter }

    /// `U` on All Lists, or Enter on its Upcoming row: the first window is
    /// asked for as the screen opens.
    static func open(state: AppState) -> ScreenStep {
        ScreenStep([load(.first, state: state)], .push(.upcoming(UpcomingState())))
    }

    /// The read of a window around `anchor`.
    static func load(_ anchor: UpcomingAnchor, state: AppState) -> Effect {
        let today = state.context.dateStyle.dayCalendar.startOfDay(for: state.now)
        return .loadUpcoming(anchor, before: before(state), after: after(state), startsFrom: today)
    }

    /// What the screen shows, asked again around the selected item (a change
    /// was saved or made elsewhere, or midnight came).
    static func reload(_ view: UpcomingState, state: AppState) -> [Effect] {
        [load(view.selectedItem.flatMap { UpcomingKey($0.item) }.map(UpcomingAnchor.key) ?? .first, state: state)]
    }

    /// `.upcomingLoaded`: taken while the view is in front.
    static func loaded(_ window: UpcomingWindow, anchor: UpcomingAnchor, state: inout AppState) {
        guard case var .upcoming(view) = state.screen else { return }
        let now = state.now
        let style = state.context.dateStyle
        var months: DateFormatter?
        view.load(window, anchor: anchor, headings: { heading(for: $0, now: now, style: style, months: &months) }, visibleRows: state.listRows)
        state.screen = .upcoming(view)
    }

    static func handle(_ command: KeyCommand, count: Int? = nil, state: inout AppState) -> ScreenStep {
        guard case var .upcoming(view) = state.screen else { return [] }
        defer { if case .upcoming = state.screen { state.screen = .upcoming(view) } }
        let rows = state.listRows
        switch command {
        case .first where !view.window.reachesFirst && count == nil:
            return [load(.first, state: state)]
        case .last where !view.window.reachesLast && count == nil:
            return [load(.last, state: state)]
        default:
            break
        }
        if let target = view.viewport.target(of: command, count: view.rows.count, visibleRows: rows, times: count) {
            view.select(target, direction: target < view.viewport.selection ? -1 : 1, visibleRows: rows)
            return ScreenStep(moreIfNeeded(view, state: state))
        }
        if command == .back { return ScreenStep([], .pop) }
        guard let listed = view.selectedItem else {
            if command == .addItem { return ScreenStep(add(on: nil, view: view, state: &state)) }
            return []
        }
        let item = listed.item
        switch command {
        case .toggleChecked:
            // A parent with open sub-items asks first, as in its list.
            return item.isChecked ? [.commit(.setChecked(itemID: item.id, false))] : [.countFamily(itemID: item.id, for: .check)]
        case .editItem:
            state.openItemAfterLoad = PendingItemForm(purpose: .edit(itemID: item.id), origin: .upcoming(view))
            return [.loadItems(checklistID: item.checklistID, anchor: .item(item.id, fallback: 0), pageSize: state.pageSize)]
        case .addItem:
            return ScreenStep(add(on: listed, view: view, state: &state))
        default:
            return ScreenStep(PlanKeys.handle(command, on: item, state: &state))
        }
    }

    /// `a`: a new item due on the day under the cursor, at 9:00 (the time a
    /// day typed without one means), or for today past 9:00 at the next full
    /// hour, so that it is not born overdue; in the list of the item under
    /// the cursor, else the list last opened, else the first list.
    private static func add(on listed: ListedItem?, view: UpcomingState, state: inout AppState) -> [Effect] {
        let style = state.context.dateStyle
        let calendar = style.calendar
        let day = listed.flatMap { UpcomingKey($0.item)?.date } ?? state.now
        let start = calendar.startOfDay(for: max(day, state.now))
        let morning = calendar.date(bySettingHour: 9, minute: 0, second: 0, of: start) ?? start
        let due = morning > state.now ? morning : style.defaultDueDate(after: state.now)
        guard let listID = listed?.item.checklistID ?? state.lastOpenedChecklistID ?? state.allLists.lists.first?.id else {
            state.message = StatusMessage("No list to add to: add one on All Lists first.", kind: .error)
            return []
        }
        state.openItemAfterLoad = PendingItemForm(purpose: .addDue(due), origin: .upcoming(view))
        return [.loadItems(checklistID: listID, anchor: .index(0), pageSize: state.pageSize)]
    }

    /// The next window, asked for when the selection is within a screen of
    /// the loaded window's edge and more lies beyond it.
    private static func moreIfNeeded(_ view: UpcomingState, state: AppState) -> [Effect] {
        let margin = max(1, state.listRows)
        let nearEnd = !view.window.reachesLast && view.viewport.selection >= view.rows.count - margin
        let nearStart = !view.window.reachesFirst && view.viewport.selection < margin
        guard nearEnd || nearStart, let key = view.selectedItem.flatMap({ UpcomingKey($0.item) }) else { return [] }
        return [load(.key(key), state: state)]
    }

    /// The mouse, as on a list: the wheel scrolls, a click selects, a second
    /// click on the same row opens the item.
    static func mouse(_ event: MouseEvent, wheel: Int?, state: inout AppState) -> [Effect] {
        guard case var .upcoming(view) = state.screen else { return [] }
        let previous = state.lastClick
        state.lastClick = nil
        let rows = state.listRows
        if let wheel {
            let before = view.viewport.selection
            var viewport = view.viewport
            viewport.scroll(by: wheel, count: view.rows.count, visibleRows: rows)
            view.viewport.top = viewport.top
            view.select(viewport.selection, direction: viewport.selection < before ? -1 : 1, visibleRows: rows)
            state.screen = .upcoming(view)
            return moreIfNeeded(view, state: state)
        }
        // The rows start under the title bar.
        let index = view.viewport.top + event.row - 1
        guard event.button == .left, event.row >= 1, event.row <= rows, view.rows.indices.contains(index),
              case .item = view.rows[index] else { return [] }
        view.select(index, visibleRows: rows)
        state.screen = .upcoming(view)
        if MouseInput.isSecondClick(after: previous, route: .upcoming, index: index, now: state.now) {
            return state.apply(handle(.editItem, state: &state))
        }
        state.lastClick = Click(route: .upcoming, index: index, at: state.now)
        return moreIfNeeded(view, state: state)
    }

    // MARK: - Headings

    /// Today and the next six days: the days with a heading of their own;
    /// before them is Overdue, after them weeks, then months.
    static func daysWithHeadings(now: Date, calendar: Calendar) -> Range<Date> {
        let today = calendar.startOfDay(for: now)
        return today..<(calendar.date(byAdding: .day, value: 7, to: today) ?? today.addingTimeInterval(7 * 86_400))
    }

    /// The heading an item keyed at `date` sits under, seen from `now`, and
    /// when it ends: "Overdue" for the days before today (today's past
    /// items stay under Today, marked overdue, so the day reads in its
    /// order), "Today", "Tomorrow", the next five days by weekday and date,
    /// then weeks ("Week of Dec 14") up to the first month that begins about
    /// two months away, then months ("February 2027").
    static func heading(for date: Date, now: Date, style: DueDateStyle, months: inout DateFormatter?) -> (text: String, until: Date) {
        let calendar = style.calendar
        let days = daysWithHeadings(now: now, calendar: calendar)
        let today = days.lowerBound, weeksFrom = days.upperBound
        func day(_ offset: Int) -> Date { calendar.date(byAdding: .day, value: offset, to: today) ?? today.addingTimeInterval(Double(offset) * 86_400) }
        if date < today { return ("Overdue", today) }
        if date < weeksFrom {
            let offset = style.dayOffset(of: date, from: now)
            let text = offset == 0 ? "Today" : offset == 1 ? "Tomorrow" : style.weekday(date) + " " + style.compactFormat(date, now: now)
            return (text, day(offset + 1))
        }
        let inEightWeeks = day(56)
        let monthsFrom = calendar.dateInterval(of: .month, for: inEightWeeks).map(\.end) ?? inEightWeeks
        if date < monthsFrom {
            let week = calendar.dateInterval(of: .weekOfYear, for: date)
            let start = max(week?.start ?? date, weeksFrom)
            return ("Week of " + style.compactFormat(start, now: now), min(week?.end ?? monthsFrom, monthsFrom))
        }
        if months == nil {
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.locale = calendar.locale
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate("yMMMM")
            months = formatter
        }
        let month = calendar.dateInterval(of: .month, for: date)
        return (months?.string(from: date) ?? "", month?.end ?? .distantFuture)
    }

    // MARK: - Drawing

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard case let .upcoming(view) = state.screen else { return }
        let rows = state.listRows
        let total = view.window.total
        let count = total >= ChecklistsDatabase.upcomingCountCap ? AllListsScreen.countText(total) + "+ items"
            : total == 1 ? "1 item" : AllListsScreen.countText(total) + " items"
        Chrome.listTitleBar("Upcoming", details: view.isLoaded ? [count] : [], viewport: view.viewport, count: 0, visibleRows: rows, into: &grid)
        if view.isLoaded && view.window.items.isEmpty {
            grid.putWrapped("Nothing upcoming: no open item has a due date, or a start ahead.", row: 2, column: 2,
                            maxColumns: grid.width - 4, lastRow: grid.height - 3, style: .dim)
            return
        }
        let items = view.window.items
        // Laid out on the items the pane shows, as the Due view is: the
        // window holds a few screens more, and measuring them all was most
        // of a frame's time.
        let shown = view.rows.dropFirst(view.viewport.top).prefix(rows).compactMap { row -> ListedItem? in
            if case let .item(at) = row { items[at] } else { nil }
        }
        // A row under a heading that names its day; worked out once a frame.
        let days = daysWithHeadings(now: state.now, calendar: state.context.dateStyle.calendar)
        let daysShown = shown.map { listed in UpcomingKey(listed.item).map { days.contains($0.date) } ?? false }
        let layout = ItemRow.layout(for: shown.map(\.item), parentTexts: shown.map(\.parentText), listNames: shown.map(\.checklistName),
                                    daysShown: daysShown, lead: .bullet, state: state, width: grid.width)
        var shownIndex = 0
        for row in 0..<rows {
            let index = view.viewport.top + row
            guard view.rows.indices.contains(index) else { break }
            let y = row + 1
            switch view.rows[index] {
            case let .heading(text):
                grid.put(text, row: y, column: 1, maxColumns: grid.width - 2, style: .bold)
            case let .item(at):
                let listed = items[at]
                ItemRow.draw(listed.item, listName: listed.checklistName, parentText: listed.parentText, dayShown: daysShown[shownIndex],
                             layout: layout, lead: .bullet, row: y, state: state, into: &grid)
                shownIndex += 1
            }
            Chrome.selectionBar(row: y, selected: index == view.viewport.selection, into: &grid)
        }
    }
}
