import Foundation
import ChecklistsModel

/// Which due dates `list --due` shows.
public enum DueFilter: String, CaseIterable, Sendable {
    /// Due today (midnight to midnight, local time), earlier today included.
    case today
    /// Not checked off and due now or before, any day.
    case overdue
    /// Due today or in the six days after it.
    case week
}

/// `list` and `status`: reading items and what is due, never writing.
public enum ItemQueryCommands {
    /// Items by due date: pending ones, or all with `--all`; of one list or
    /// every list; optionally only those in a due window. Undated items come
    /// after the dated ones (and are in no window). One line each for people
    /// (id, a mark, due date or nothing, list, text), or a JSON array
    /// (`"due": null` for no due date). With `match`, only the items
    /// containing that text, as the app's search finds them (case, accents
    /// and width ignored, anywhere in the text).
    /// Unless `flat`, the table shows a sub-item under its parent when both
    /// are listed, indented, and one listed without its parent with the
    /// parent's text ("‹ Trip"); JSON is always in the listing's order, each
    /// item naming its `parent`.
    /// With `count`, only how many items there are.
    public static func list(list: String?, due: DueFilter?, all: Bool, match: String? = nil, json: Bool, flat: Bool = false,
                            fields: FieldFilter = FieldFilter(), count: Bool = false, context: CommandLineContext) throws(CommandLineError) {
        let query = try match.map { typed throws(CommandLineError) in
            guard let query = SearchQuery(typed) else {
                throw .badInput("--match needs some text to look for, e.g. --match milk")
            }
            return query
        }
        let database = try context.openDatabaseForReading()
        let checklistID = try list.map { name throws(CommandLineError) in
            try Inputs.checklist(named: name, in: context.storage { () throws(StorageError) in try database.checklists() }).id
        }
        let days = DayWindows(now: context.now, calendar: context.style.dayCalendar)
        var window: (start: Date?, end: Date?) = (nil, nil)
        switch due {
        case nil: break
        case .today: window = (days.startOfToday, days.startOfDay(after: 1))
        case .week: window = (days.startOfToday, days.startOfDay(after: 7))
        case .overdue: window = (nil, days.overdueEnd)
        }
        // Checked items are never overdue, whatever --all says.
        let includeChecked = all && due != .overdue
        // What has not started is not due yet: a --due window leaves it out.
        let startedBy = due == nil ? nil : context.now
        if count {
            var items = 0
            try context.storage { () throws(StorageError) in
                try database.eachListingLine(checklistID: checklistID, includeChecked: includeChecked, dueFrom: window.start, before: window.end,
                                             startedBy: startedBy, matching: query, priority: fields.priority, tags: fields.tags) { _ in items += 1 }
            }
            context.output(String(items))
            return
        }
        // Printed as they are read, in chunks, none of them kept (a large
        // listing held whole was most of `list`'s memory and page faults),
        // and made on a second core while the database is read (`ListingLineRelay`).
        if json {
            var out = LineOutput(to: context)
            var count = 0
            let timeZone = context.style.timeZone
            let relay = ListingLineRelay { line in
                out.text.append(count == 0 ? "[" : ",")
                out.endLine()
                out.text.append("  ")
                Self.writeJSON(line, now: context.now, timeZone: timeZone, to: &out.text)
                count += 1
            }
            defer { relay.finish() }
            try context.storage { () throws(StorageError) in
                try database.eachListingLine(checklistID: checklistID, includeChecked: includeChecked, dueFrom: window.start, before: window.end,
                                             startedBy: startedBy, matching: query, priority: fields.priority, tags: fields.tags,
                                             details: true, relay.add)
            }
            relay.finish()
            out.text.append(count == 0 ? "[]" : "\n]")
            out.endLine()
            out.flush()
            return
        }
        var columns = ListingColumns(style: context.style)
        var table: StreamingTable?
        // The outline is read whole before the first line, so the widths
        // are known before the relay reads a line.
        let relay = ListingLineRelay { line in
            if table == nil { table = StreamingTable(ListingColumns.alignments, widths: columns.widths, to: context) }
            columns.addLine(line, now: context.now, to: &table!)
        }
        defer { relay.finish() }
        try context.storage { () throws(StorageError) in
            try database.eachListingLine(checklistID: checklistID, includeChecked: includeChecked, dueFrom: window.start, before: window.end,
                                         startedBy: startedBy, matching: query, priority: fields.priority, tags: fields.tags,
                                         familiesTogether: !flat, outline: { columns.measure($0) },
                                         enoughDueDates: { columns.hasWidestDue(from: $0) }, relay.add)
        }
        relay.finish()
        table?.finish()
    }

    /// The columns of `list` for people: id, a mark (x checked, ! overdue, ~ not started yet),
    /// due date or nothing, list, text. `cells` makes a row's cells; the
    /// widths of all but the last are found before the first row from the
    /// listing's outline (`measure`), exactly as wide as the widest cell
    /// each column will hold.
    struct ListingColumns {
        static let alignments: [Table.Alignment] = [.right, .left, .left, .left, .left]
        /// `Tags.separator`'s byte (ASCII), to split stored tags without a `String`.
        static let tagSeparator = Tags.separator.asciiValue ?? UInt8(ascii: ",")

        static func cells(_ listed: ListedItem, context: CommandLineContext) -> [String] {
            let item = listed.item
            return [String(item.id), mark(item, context: context), item.dueDate.map(context.style.format) ?? "", listed.checklistName,
                    textCell(listed, context: context)]
        }

        /// x checked, ! overdue, ~ not started yet. An item not started yet
        /// cannot be overdue: its start is not after its due date.
        static func mark(_ item: Item, context: CommandLineContext) -> String {
            mark(isChecked: item.isChecked, overdue: item.isOverdue(now: context.now), started: item.hasStarted(now: context.now))
        }

        static func mark(isChecked: Bool, overdue: Bool, started: Bool) -> String {
            marks[markIndex(isChecked: isChecked, overdue: overdue, started: started)]
        }

        /// The marks, by `markIndex`.
        static let marks = ["x", "!", " ", "~"]

        static func markIndex(isChecked: Bool, overdue: Bool, started: Bool) -> Int {
            isChecked ? 0 : overdue ? 1 : started ? 2 : 3
        }

        /// The text column, sanitized, as `appendTextCell` writes it.
        static func textCell(_ listed: ListedItem, context: CommandLineContext) -> String {
            ListingLine.with(listed.item, checklistName: listed.checklistName, depth: listed.depth, parentText: listed.parentText,
                             details: false) { line in
                var bytes: [UInt8] = []
                appendTextCell(line, now: context.now, style: context.style, to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
        }

        /// `cells`' line written straight into `table` from the line read
        /// in place, each cell sanitized and measured once per value, not per
        /// row: the list's name once per list, the due date by its day's and
        /// its minute's parts, the id and the mark by their bytes (ASCII),
        /// the text never; the text's bytes go from SQLite's row to the
        /// output, checked on the way (`TextWidth.appendSanitized`). Making
        /// and measuring five strings for each of 100,000 rows was a fifth of
        /// `list`. Its cells are `cells`' (tests hold the two to the same lines).
        mutating func addLine(_ line: ListingLine, now: Date, to table: inout StreamingTable) {
            table.add(number: line.id, column: 0)
            let markIndex = Self.markIndex(isChecked: line.isChecked, overdue: line.isOverdue(now: now), started: line.hasStarted(now: now))
            // An undated line's cells between its id and its text depend on
            // its mark and its list alone: made once for each pair, then
            // copied (most items have no due date).
            let key = line.dueDate == nil ? Self.undatedKey(markIndex: markIndex, checklistID: line.checklistID) : nil
            if let key, let middle = undatedMiddles[key] {
                table.lastCell.append(contentsOf: middle)
            } else {
                let start = table.lastCell.count
                table.add(sanitized: Self.marks[markIndex], width: 1, column: 1)
                if let due = line.dueDate {
                    let cell = style.formattedCell(due)
                    table.add(sanitized: cell.day, joinedTo: cell.time, width: cell.width, column: 2)
                } else {
                    table.add(sanitized: "", width: 0, column: 2)
                }
                let list = listCell(line.checklistID, name: line.checklistName)
                table.add(sanitized: list.text, width: list.width, column: 3)
                table.beginLast()
                if let key { undatedMiddles[key] = Array(table.lastCell[start...]) }
            }
            Self.appendTextCell(line, now: now, style: style, to: &table.lastCell)
            table.endLine()
        }

        /// The key of an undated line's middle cells: its list's id and its
        /// mark in the two low bits; nil for an id too large to shift (none
        /// is made so, but a file may hold one), which is then not kept.
        private static func undatedKey(markIndex: Int, checklistID: Int64) -> Int64? {
            guard checklistID >= 0 && checklistID < 1 << 60 else { return nil }
            return checklistID << 2 | Int64(markIndex)
        }

        /// The text column of a `list` line, each part sanitized as it is
        /// appended: the indent of its depth, the priority's mark before the
        /// text and the tags after it ("!!! Call the bank #work"), as the
        /// app's rows show them, when an item not started yet starts, and a
        /// sub-item's parent. Sanitizing scalar by scalar, the parts come out
        /// as the whole would.
        static func appendTextCell(_ line: ListingLine, now: Date, style: DueDateStyle, to out: inout [UInt8]) {
            for _ in 0..<line.depth {
                out.append(0x20)
                out.append(0x20)
            }
            if line.priority != .none {
                out.append(contentsOf: line.priority.mark.utf8)
                out.append(0x20)
            }
            TextWidth.appendSanitized(utf8: line.text, to: &out)
            // "a,b" as " #a #b", as `Tags.marked` writes them.
            for tag in line.storedTags.split(separator: tagSeparator) {
                out.append(0x20)
                out.append(UInt8(ascii: "#"))
                TextWidth.appendSanitized(utf8: UnsafeBufferPointer(rebasing: tag), to: &out)
            }
            var rest = ""
            // When it starts, for the item the `~` mark says has not started.
            if let start = line.startDate, start > now { rest += " (starts " + style.startWords(start, now: now) + ")" }
            if let parent = line.parentText { rest += "  ‹ " + parent }
            if !rest.isEmpty { rest.withUTF8 { TextWidth.appendSanitized(utf8: $0, to: &out) } }
        }

        /// A list's name sanitized and measured, the first time one of its items comes.
        private mutating func listCell(_ checklistID: Int64, name: String) -> (text: String, width: Int) {
            if let known = listCells[checklistID] { return known }
            let clean = TextWidth.prepare(name)
            let cell = (clean.text, TextWidth.columns(of: clean))
            listCells[checklistID] = cell
            return cell
        }

        let style: DueDateStyle
        private var largestID: Int64 = 0
        private var any = false
        private var dueWidth = 0
        /// The widest list name so far, each list measured once. Not a
        /// dictionary by id: the first one keyed by Int64 scans every
        /// protocol conformance in the binary (about 400,000 instructions).
        private var listWidth = 0
        private var measuredLists = RowIDTable<Bool>()
        /// Each list's name as its cell shows it, with its width.
        private var listCells = RowIDTable<(text: String, width: Int)>()
        /// The bytes between an undated line's id and its text, by
        /// `undatedKey`.
        private var undatedMiddles = RowIDTable<[UInt8]>()

        /// The widest a due date of the listing can be, once asked
        /// (`hasWidestDue`); nil inside when it cannot be known.
        private var widestDue: Int??

        init(style: DueDateStyle) { self.style = style }

        /// Whether the due dates measured so far hold one as wide as any
        /// date in `range` can be, so the rest need not be measured.
        mutating func hasWidestDue(from range: ClosedRange<Date>) -> Bool {
            if widestDue == nil { widestDue = style.widestFormattedWidth(from: range.lowerBound, to: range.upperBound) }
            guard let widest = widestDue ?? nil else { return false }
            return dueWidth >= widest
        }

        mutating func measure(_ row: ListingOutlineRow) {
            if let id = row.id {
                any = true
                largestID = max(largestID, id)
            }
            if let due = row.dueDate { dueWidth = max(dueWidth, style.formattedWidth(due)) }
            if let list = row.checklistID, let name = row.checklistName, measuredLists[list] == nil {
                measuredLists[list] = true
                listWidth = max(listWidth, TextWidth.columns(of: name))
            }
        }

        /// The widths of all columns but the text.
        var widths: [Int] {
            // Ids are positive: the largest has the most digits.
            [any ? String(largestID).utf8.count : 0, any ? 1 : 0, dueWidth, listWidth]
        }
    }

    /// One item as `list --json` prints it (and `move --json`), written
    /// straight into `out` as the export writes its items: building a JSON
    /// value of fifteen members for each item and then writing it was
    /// most of what `list --json` spent beyond `list`.
    static func writeJSON(_ listed: ListedItem, context: CommandLineContext, to out: inout JSONBytes) {
        ListingLine.with(listed.item, checklistName: listed.checklistName) { line in
            writeJSON(line, now: context.now, timeZone: context.style.timeZone, to: &out)
        }
    }

    /// `writeJSON` of a listing's line read in place with its details
    /// (`eachListingLine`), its texts written from their stored bytes.
    static func writeJSON(_ line: ListingLine, now: Date, timeZone: TimeZone, to out: inout JSONBytes) {
        // The keys and the values that take only a few forms are written a
        // run at a time (`, "checked": false, "remind": false, "reminders": [`):
        // a line is some 25 appends instead of 40, and at 100,000 lines each
        // append's own cost showed.
        let details = line.details
        out.appendRaw("{\"id\": ")
        out.appendInteger(line.id)
        out.appendRaw(", \"text\": ")
        JSON.writeString(utf8: line.text, to: &out)
        out.appendRaw(", \"list\": ")
        JSON.writeString(line.checklistName, to: &out)
        out.appendRaw(", \"listId\": ")
        out.appendInteger(line.checklistID)
        out.appendRaw(", \"due\": ")
        out.appendTimestamp(line.dueDate, in: timeZone)
        switch (line.isChecked, details?.shouldRemind == true) {
        case (false, false): out.appendRaw(", \"checked\": false, \"remind\": false, \"reminders\": [")
        case (false, true): out.appendRaw(", \"checked\": false, \"remind\": true, \"reminders\": [")
        case (true, false): out.appendRaw(", \"checked\": true, \"remind\": false, \"reminders\": [")
        case (true, true): out.appendRaw(", \"checked\": true, \"remind\": true, \"reminders\": [")
        }
        for (index, reminder) in (details?.reminders ?? []).enumerated() {
            out.appendRaw(index == 0 ? "{" : ", {")
            out.appendReminderTime(reminder, in: timeZone)
            out.appendRaw("}")
        }
        out.appendRaw("], \"nextReminder\": ")
        out.appendTimestamp(details?.remindAt, in: timeZone)
        if let rule = details?.recurrence {
            out.appendRaw(line.isOverdue(now: now) ? ", \"overdue\": true, \"repeat\": " : ", \"overdue\": false, \"repeat\": ")
            JSON.writeString(rule.rrule, to: &out)
        } else {
            out.appendRaw(line.isOverdue(now: now) ? ", \"overdue\": true, \"repeat\": null" : ", \"overdue\": false, \"repeat\": null")
        }
        if let lastDone = details?.lastDoneAt {
            out.appendRaw(", \"lastDone\": ")
            out.appendTimestamp(lastDone, in: timeZone)
            out.appendRaw(", \"note\": ")
        } else {
            out.appendRaw(", \"lastDone\": null, \"note\": ")
        }
        JSON.writeString(utf8: details?.note ?? UnsafeBufferPointer(start: nil, count: 0), to: &out)
        switch line.priority {
        case .none: out.appendRaw(", \"priority\": \"none\", \"tags\": [")
        case .low: out.appendRaw(", \"priority\": \"low\", \"tags\": [")
        case .medium: out.appendRaw(", \"priority\": \"medium\", \"tags\": [")
        case .high: out.appendRaw(", \"priority\": \"high\", \"tags\": [")
        }
        for (index, tag) in line.storedTags.split(separator: ListingColumns.tagSeparator).enumerated() {
            if index > 0 { out.appendRaw(", ") }
            JSON.writeString(utf8: UnsafeBufferPointer(rebasing: tag), to: &out)
        }
        if let start = line.startDate {
            out.appendRaw("], \"start\": ")
            out.appendTimestamp(start, in: timeZone)
            out.appendRaw(", \"parent\": ")
        } else {
            out.appendRaw("], \"start\": null, \"parent\": ")
        }
        if let parent = line.parentID {
            out.appendInteger(parent)
            out.appendRaw("}")
        } else {
            out.appendRaw("null}")
        }
    }

    /// One short line for tmux's status-right: "2 due today, 1 overdue",
    /// "nothing due". Items that have not started are not counted. Overdue counts every pending item due now or before;
    /// due today the rest of today. Counts stop at `statusCap` and show as
    /// "999+": what matters at a glance is "a lot", and the cost stays the
    /// same whatever the backlog.
    public static func status(context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabaseForReading()
        let days = DayWindows(now: context.now, calendar: context.style.dayCalendar)
        let (overdue, today) = try context.storage { () throws(StorageError) in
            (try database.pendingCount(dueFrom: nil, before: days.overdueEnd, startedBy: context.now, upTo: statusCap + 1),
             try database.pendingCount(dueFrom: days.overdueEnd, before: days.startOfDay(after: 1), startedBy: context.now, upTo: statusCap + 1))
        }
        func count(_ value: Int) -> String { value > statusCap ? "\(statusCap)+" : String(value) }
        var parts: [String] = []
        if today > 0 { parts.append("\(count(today)) due today") }
        if overdue > 0 { parts.append("\(count(overdue)) overdue") }
        context.output(parts.isEmpty ? "nothing due" : parts.joined(separator: ", "))
    }

    /// The largest count `status` spells out.
    static let statusCap = 999
}

/// Day boundaries of the user's calendar around now.
struct DayWindows {
    let now: Date
    let calendar: Calendar

    /// Local midnight today (or the first instant of today where a time
    /// zone skips midnight).
    var startOfToday: Date { calendar.startOfDay(for: now) }

    func startOfDay(after days: Int) -> Date {
        calendar.date(byAdding: .day, value: days, to: startOfToday).map(calendar.startOfDay(for:))
            ?? startOfToday.addingTimeInterval(TimeInterval(days) * 86_400)
    }

    /// Due dates before this are overdue: an item is overdue when its due
    /// minute has come (`Item.isOverdue`: due <= now), and due dates are
    /// whole seconds, so the bound is the next whole second after now.
    var overdueEnd: Date {
        Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down) + 1)
    }
}
