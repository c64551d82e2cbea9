import Foundation
import ChecklistsModel

/// The "Add Item" / "Edit Item" form: a text field, the note (several
/// lines), the Remind Me toggle with a row under it for each further
/// reminder, the Due Date row, under which the date picker row opens and
/// closes, the Starts, Repeat, Priority and Tags rows.
public struct ItemDetailState: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        case add(checklistID: Int64)
        /// A new sub-item, last under `parent` (A in a checklist).
        case addSubItem(parent: Item)
        case edit(Item)
    }

    /// The form's rows, top to bottom. `picker` exists only while it is
    /// open; `reminder(n)` is the n-th reminder other than at the due time;
    /// `newReminder` exists only while one is being typed.
    public enum Row: Hashable, Sendable { case text, note, remind, reminder(Int), newReminder, dueDate, picker, start, repeatRule, priority, tags }

    /// Where the user opened the form from, so that leaving it (Esc, Done)
    /// goes back there and not to whatever happens to sit beneath it.
    public enum Origin: Hashable, Sendable {
        /// The checklist beneath the form: Enter or a on one of its items.
        case checklistBeneath
        /// The home screen: a row of the Due view, or a reminder opened there.
        /// Its selection stays on the row it was on.
        case home
        /// Another checklist, left when a reminder opened an item of a
        /// different list: it comes back around the item that was selected.
        case checklist(id: Int64, anchor: ItemsAnchor)
        /// The Upcoming view, as it was: it comes back read again around
        /// its selection.
        case upcoming(UpcomingState)
    }

    public var mode: Mode
    public var origin: Origin
    /// The draft as the form opened: Esc leaves at once while nothing differs.
    public let original: ItemDraft
    public var text: TextField
    /// The note: Enter makes a new line in it, Ctrl-S is Done.
    public var note: TextField
    /// Every reminder, Remind Me's (at the due time) among them.
    public var reminders: [ReminderTime]
    /// A reminder being typed ("1h", "2 days before 9:00", "fri 9:00"):
    /// on the `newReminder` row, or in place of the one being changed.
    public var reminderInput: TextField?
    /// Nil: no due date. The picker is only open on a date, so opening it
    /// (or switching Remind Me on, which needs a date) gives one.
    public var dueDate: Date?
    public var focus: Row = .text
    /// Non-nil exactly when the picker row is shown beneath Due Date.
    public var picker: DatePickerState?
    /// How the item repeats; nil: never. Needs a due date, as Remind Me does.
    public var recurrence: Recurrence?
    /// Digits typed on the Repeat row so far: the N of "every N days".
    public var repeatDigits = ""
    public var priority: Priority
    /// The tags as typed: words separated by spaces or commas, `#` optional.
    public var tags: TextField
    /// When the item starts; nil: it has no start.
    public var startDate: Date?
    /// A start being typed in words ("mon", "dec 7 9:00", "+3d"), while
    /// Enter on the Starts row has opened it.
    public var startInput: TextField?
    /// Whether the text is kept exactly as typed rather than read as
    /// quick add ("Pay rent fri 9am #home"): ^L toggles it.
    public var literal = false

    public init(mode: Mode, draft: ItemDraft, origin: Origin = .checklistBeneath) {
        self.mode = mode
        self.origin = origin
        original = draft
        text = TextField(draft.text)
        note = TextField(draft.note, multiline: true)
        reminders = draft.reminders
        dueDate = draft.dueDate
        recurrence = draft.recurrence
        priority = draft.priority
        tags = TextField(Tags.typed(draft.tags))
        startDate = draft.startDate
    }

    public var title: String {
        switch mode {
        case .add: "Add Item"
        // The parent named, since the form hides the list it is added to.
        case let .addSubItem(parent): "Add Sub-item to “\(TextWidth.truncated(parent.text, toColumns: 30))”"
        case .edit: "Edit Item"
        }
    }

    public var draft: ItemDraft {
        ItemDraft(text: text.text, dueDate: dueDate, recurrence: recurrence, note: note.text, priority: priority, reminders: reminders,
                  tags: Tags.parse(tags.text), startDate: startDate)
    }

    /// Remind Me: the reminder at the due time, the row's toggle.
    public var shouldRemind: Bool {
        get { reminders.contains(.atDue) }
        set { reminders = ReminderTime.normalized(reminders.filter { $0 != .atDue } + (newValue ? [.atDue] : [])) }
    }

    /// The reminders with a row of their own under Remind Me.
    public var otherReminders: [ReminderTime] { reminders.filter { $0 != .atDue } }

    /// A blank "Add Item" form for `checklistID`, due at the next full hour.
    static func adding(to checklistID: Int64, origin: Origin = .checklistBeneath) -> ItemDetailState {
        // A new item has no due date until the user gives it one.
        let draft = ItemDraft(text: "", dueDate: nil)
        return ItemDetailState(mode: .add(checklistID: checklistID), draft: draft, origin: origin)
    }

    /// A blank form for a new sub-item of `parent`, as `adding(to:)` is.
    static func adding(under parent: Item) -> ItemDetailState {
        ItemDetailState(mode: .addSubItem(parent: parent), draft: ItemDraft(text: "", dueDate: nil))
    }

    /// What quick add reads in the text, when adding and not literal, and
    /// only when it reads something: editing keeps the text as it is, so
    /// an old "Fix bug fri" never moves its date when opened.
    public func quickReading(calendar: Calendar, now: Date) -> QuickAdd.Reading? {
        if case .edit = mode { return nil }
        guard !literal else { return nil }
        let reading = QuickAdd(calendar: calendar).read(text.text, now: now)
        return reading.understoodAnything ? reading : nil
    }

    /// Whether the text field has a preview line beneath it: while adding,
    /// once the text reads as something, or literal was chosen.
    func showsQuickPreview(calendar: Calendar, now: Date) -> Bool {
        if case .edit = mode { return false }
        return literal ? !TextRules.isBlank(text.text) : quickReading(calendar: calendar, now: now) != nil
    }

    /// Whether the due date is the one the form opened with: none, or the
    /// day the Upcoming view adds to. A date typed in the text then wins;
    /// one chosen on the row wins over the text.
    var dueDateLeftAlone: Bool { draft.dueDate == original.dueDate }

    /// The draft saved by Done: what quick add read fills the rows the
    /// user left alone (a due date chosen on the row wins), and trailing
    /// spaces go from the text.
    func savedDraft(calendar: Calendar, now: Date) -> ItemDraft {
        var saved = draft
        if let reading = quickReading(calendar: calendar, now: now) {
            saved.text = reading.text
            // Not only when there is none: the text's words are cut from it,
            // so keeping the Upcoming view's day instead lost "fri 5pm".
            if let due = reading.dueDate, dueDateLeftAlone { saved.dueDate = due }
            saved.tags = Tags.unique(saved.tags + reading.tags)
            if saved.priority == .none, let priority = reading.priority { saved.priority = priority }
            if saved.recurrence == nil { saved.recurrence = reading.recurrence }
            if saved.dueDate != nil { saved.reminders = ReminderTime.normalized(saved.reminders + reading.reminders) }
        }
        saved.text = TextRules.trimmingTrailingSpaces(saved.text)
        return saved
    }

    /// Whether leaving now would lose anything the user typed or chose.
    public var hasChanges: Bool { draft != original }

    /// Done is refused while the text is empty.
    public var canBeDone: Bool { !TextRules.isBlank(text.text) }

    /// The rows as shown: a row per further reminder beneath Remind Me
    /// (and one for a reminder being added), the picker row directly
    /// beneath Due Date.
    public var rows: [Row] {
        let extra = otherReminders.indices.map { Row.reminder($0) } + (reminderInput != nil && focus == .newReminder ? [.newReminder] : [])
        return [.text, .note, .remind] + extra + [.dueDate] + (picker == nil ? [] : [.picker]) + [.start, .repeatRule, .priority, .tags]
    }

    /// The rows under Remind Me, one per reminder other than at the due
    /// time and the one being typed: they take rows from the note.
    var reminderRowCount: Int {
        rows.count { row in
            switch row {
            case .reminder, .newReminder: true
            default: false
            }
        }
    }

    /// Runs `body` on the due date the picker edits (there is always one
    /// while it is open).
    mutating func editDate(_ body: (inout DatePickerState, inout Date) -> Void) {
        guard var picker, var date = dueDate else { return }
        body(&picker, &date)
        self.picker = picker
        dueDate = date
    }

    /// Steps the Repeat row's choice (never, every day, weekdays, every
    /// week, every month, every year); a custom interval counts as its kind.
    mutating func stepRecurrence(by step: Int) {
        let choices = Recurrence.choices
        let current = choices.firstIndex { choice in
            switch (choice, recurrence) {
            case (nil, nil), (.days?, .days?), (.weeks?, .weeks?): true
            case let (choice?, current?): choice == current
            default: false
            }
        } ?? 0
        recurrence = choices[(current + step + choices.count) % choices.count]
        repeatDigits = ""
    }

    /// A digit typed on the Repeat row: every N days, or every N weeks when
    /// the choice is weekly.
    mutating func typeRepeatDigit(_ digit: Int) {
        if repeatDigits.isEmpty && digit == 0 { return }
        repeatDigits = String((repeatDigits + String(digit)).suffix(3))
        recurrence = (recurrence ?? .days(1)).withInterval(Int(repeatDigits) ?? 1)
    }

    /// The word the cursor is in on the Tags row (a `#` before it left
    /// out) and the first of `known` (the tags in use) that starts with it,
    /// case ignored, is longer, and is not typed in the row already; nil
    /// when there is none.
    func tagCompletion(from known: [String]) -> (word: Range<Int>, tag: String)? {
        let characters = tags.characters
        var start = tags.cursor, end = tags.cursor
        while start > 0, !Tags.isSeparator(characters[start - 1]) { start -= 1 }
        while end < characters.count, !Tags.isSeparator(characters[end]) { end += 1 }
        let word = Tags.key(String(characters[start..<end]))
        let typed = Set(Tags.parse(String(characters[..<start]) + " " + String(characters[end...])).map(Tags.key))
        guard !word.isEmpty, let tag = known.first(where: { Tags.key($0).hasPrefix(word) && Tags.key($0) != word && !typed.contains(Tags.key($0)) })
        else { return nil }
        return (start..<end, tag)
    }

    /// Tab on the Tags row: the word becomes the tag, and a space follows
    /// at the end of the row so the next one can be typed.
    mutating func completeTag(_ completion: (word: Range<Int>, tag: String)) {
        var characters = tags.characters
        characters.replaceSubrange(completion.word, with: Array(completion.tag))
        var cursor = completion.word.lowerBound + completion.tag.count
        if cursor == characters.count {
            characters.append(" ")
            cursor += 1
        }
        tags = TextField(String(characters))
        tags.moveCursor(to: cursor)
    }

    /// Opens the picker, on the next full hour when there is no due date yet.
    mutating func openPicker(style: DueDateStyle, now: Date) {
        if dueDate == nil { dueDate = style.defaultDueDate(after: now) }
        picker = DatePickerState()
        focus = .picker
    }

    var keyContext: KeyContext {
        switch focus {
        case .text: .itemText
        case .note: .itemNote
        case .remind: .itemRemind
        case .reminder, .newReminder: reminderInput == nil ? .itemReminder : .typedReminder
        case .dueDate: .itemDueDate
        case .start: startInput == nil ? .itemStart : .typedStart
        case .repeatRule: .itemRepeat
        case .priority: .itemPriority
        case .tags: .itemTags
        case .picker: picker?.typed == nil ? .datePicker : .typedDate
        }
    }
}

/// The text typed into Item Detail when the app ended without Done or
/// Esc (the pane closed, Ctrl-C), kept in a file beside the database
/// (never in it: a draft is no change to undo or sync) and given back the
/// next time the same form opens: adding to that list, or editing that item.
public struct FormDraft: Codable, Hashable, Sendable {
    public enum Target: Codable, Hashable, Sendable {
        case add(checklistID: Int64)
        case edit(itemID: Int64)
        /// Adding a sub-item under that item: given back there, not as an
        /// item at the top level of its list.
        case addSubItem(parentID: Int64)
    }
    public var target: Target
    public var text: String
    public var note: String

    /// The file beside `database`: `checklists.sqlite.draft`.
    public static func path(besideDatabase database: String) -> String { database + ".draft" }

    /// The draft in `path`, or nil (none, or unreadable: a draft is a
    /// kindness, never a reason to refuse to start).
    public static func read(from path: String) -> FormDraft? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(FormDraft.self, from: data)
    }

    /// Writes `draft` to `path` readable by the owner alone, or removes the
    /// file for nil.
    public static func write(_ draft: FormDraft?, to path: String) {
        guard let draft, let data = try? JSONEncoder().encode(draft) else {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        // A draft that cannot be written (a full disk) is lost quietly, as
        // one that cannot be read is: the form itself is still saved.
        _ = FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
    }
}

extension ItemDetailState {
    /// What a draft keeps of this form: its text and note, when either
    /// differs from how the form opened; nil otherwise.
    public var typedDraft: FormDraft? {
        guard text.text != original.text || note.text != original.note else { return nil }
        let target: FormDraft.Target = switch mode {
        case let .add(checklistID): .add(checklistID: checklistID)
        case let .addSubItem(parent): .addSubItem(parentID: parent.id)
        case let .edit(item): .edit(itemID: item.id)
        }
        return FormDraft(target: target, text: text.text, note: note.text)
    }
}

extension ItemDetailState {
    /// Puts text and a note typed elsewhere (a draft kept, a form whose
    /// list went) into this form; the form's own start stays its original,
    /// so Esc asks before dropping them.
    mutating func take(text typed: String, note typedNote: String) {
        text = TextField(typed)
        note = TextField(typedNote, multiline: true)
    }
}

extension AppState {
    /// Gives the unsaved draft back to the form just opened, when it is the
    /// same form (adding to that list, editing that item) and still as it
    /// opened; the status line says so, Esc drops it as any change.
    mutating func offerDraft() {
        guard let draft = unsavedDraft, var form = screen.itemDetail, form.typedDraft == nil else { return }
        let matches = switch (draft.target, form.mode) {
        case let (.add(wanted), .add(checklistID)): wanted == checklistID
        case let (.edit(wanted), .edit(item)): wanted == item.id
        case let (.addSubItem(wanted), .addSubItem(parent)): wanted == parent.id
        default: false
        }
        guard matches else { return }
        form.take(text: draft.text, note: draft.note)
        screen.itemDetail = form
        unsavedDraft = nil
        message = StatusMessage("The text you were typing when the app closed is back; Esc drops it.")
    }
}

/// Item Detail waiting for its checklist's page to load, and where it was
/// opened from.
public struct PendingItemForm: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        case edit(itemID: Int64)
        case add
        /// A new item due at that moment (Upcoming's `a` on a day).
        case addDue(Date)
        /// A new item holding what a form had typed when its list was
        /// deleted elsewhere (`typedDraft`), so it is not lost with it.
        case addTyped(text: String, note: String)
    }
    public var purpose: Purpose
    public var origin: ItemDetailState.Origin
}

enum ItemDetailScreen {
    /// `command` is what the key table made of `key` on the focused row;
    /// without one, the key is typing: into the text field, the picker's
    /// digits or the date typed in words.
    static func handle(_ command: KeyCommand?, key: Key, state: inout AppState) -> ScreenStep {
        guard var form = state.screen.itemDetail else { return [] }
        defer { state.screen.itemDetail = form }
        let calendar = state.context.dateStyle.calendar
        if let command {
            return perform(command, key: key, form: &form, state: &state, calendar: calendar)
        }
        switch form.keyContext {
        case .itemText:
            _ = form.text.handle(key)
        case .itemDueDate:
            // Typing on Due Date types a date in words, the key kept.
            if case let .character(typed) = key, !typed.isWhitespace {
                form.openPicker(style: state.context.dateStyle, now: state.now)
                form.picker?.typed = TextField(String(typed))
                form.picker?.typedIsOpeningLetter = typed.isLetter
            }
        case .itemNote:
            typeInNote(key, form: &form, width: state.width)
        case .datePicker:
            if case let .character(typed) = key, let digit = typed.wholeNumberValue, typed.isASCII {
                form.editDate { $0.type(digit: digit, date: &$1, calendar: calendar, message: &state.message) }
            } else if case let .character(typed) = key, typed.isLetter || typed == "+" {
                // "fri 17:00" typed into the fields must not become the
                // 17th at 00:00: a letter starts the words, kept.
                finishTyping(&form, calendar: calendar, state: &state)
                form.picker?.typed = TextField(String(typed))
                form.picker?.typedIsOpeningLetter = typed.isLetter
            }
        case .typedDate:
            // The letter that opened the words gives way to a next letter
            // that no word begins with after it: "t" then "fri" is "fri",
            // "t" then "omorrow" stays "tomorrow".
            if form.picker?.typedIsOpeningLetter == true, case let .character(next) = key, next.isLetter,
               let opening = form.picker?.typed?.text,
               !DueDateParser(calendar: calendar).beginsAWord(opening + String(next)) {
                form.picker?.typed = TextField()
            }
            form.picker?.typedIsOpeningLetter = false
            _ = form.picker?.typed?.handle(key)
        case .typedReminder:
            _ = form.reminderInput?.handle(key)
        case .typedStart:
            _ = form.startInput?.handle(key)
        case .itemTags:
            _ = form.tags.handle(key)
        default:
            break
        }
        return []
    }

    /// Closes the date picker, what was typed into it counting first.
    private static func closePicker(_ form: inout ItemDetailState, calendar: Calendar, state: inout AppState) {
        finishTyping(&form, calendar: calendar, state: &state)
        form.picker = nil
    }

    private static func perform(_ command: KeyCommand, key: Key, form: inout ItemDetailState, state: inout AppState, calendar: Calendar) -> ScreenStep {
        switch command {
        case .nextRow, .previousRow:
            finishTyping(&form, calendar: calendar, state: &state)
            // Leaving a typed reminder drops it, as Esc does.
            if form.reminderInput != nil {
                form.reminderInput = nil
                if form.focus == .newReminder { form.focus = .remind }
            }
            // So does leaving a typed start.
            form.startInput = nil
            form.repeatDigits = ""
            let rows = form.rows
            let index = rows.firstIndex(of: form.focus) ?? 0
            let step = command == .nextRow ? 1 : rows.count - 1
            form.focus = rows[(index + step) % rows.count]
            // Moving into the text field (or the note) closes the picker.
            if form.focus == .text || form.focus == .note { form.picker = nil }
        case .addReminder:
            // The picker belongs to the Due Date row: typing a reminder
            // closes it, as moving into the text field does (a short pane
            // could not show both).
            closePicker(&form, calendar: calendar, state: &state)
            form.reminderInput = TextField()
            form.focus = .newReminder
        case .changeReminder:
            if case let .reminder(index) = form.focus, form.otherReminders.indices.contains(index) {
                closePicker(&form, calendar: calendar, state: &state)
                form.reminderInput = TextField(typedForm(of: form.otherReminders[index], style: state.context.dateStyle))
            }
        case .removeReminder:
            if case let .reminder(index) = form.focus, form.otherReminders.indices.contains(index) {
                let removed = form.otherReminders[index]
                form.reminders.removeAll { $0 == removed }
                let left = form.otherReminders.count
                form.focus = left == 0 ? .remind : .reminder(min(index, left - 1))
            }
        case .done where form.reminderInput != nil:
            acceptTypedReminder(&form, state: &state, calendar: calendar)
        case .editStart:
            // The picker belongs to the Due Date row, and a short pane
            // could not show both: typing a start closes it.
            closePicker(&form, calendar: calendar, state: &state)
            form.startInput = TextField()
        case .clearStart:
            form.startDate = nil
        case .done where form.startInput != nil:
            acceptTypedStart(&form, state: &state, calendar: calendar)
        case .cancel where form.startInput != nil:
            form.startInput = nil
        case .cancel where form.reminderInput != nil:
            form.reminderInput = nil
            if form.focus == .newReminder { form.focus = .remind }
        case .toggleRemind:
            form.shouldRemind.toggle()
            // A reminder fires at the due date: without one, the picker
            // opens on the next full hour to choose it.
            if form.shouldRemind && form.dueDate == nil {
                form.openPicker(style: state.context.dateStyle, now: state.now)
            }
        case .togglePicker:
            if form.picker == nil {
                form.openPicker(style: state.context.dateStyle, now: state.now)
            } else {
                form.picker = nil
            }
        case .clearDueDate:
            // No due date, so no reminder before it or repeat either: both
            // go with it (a reminder at a time of its own stays).
            form.dueDate = nil
            form.reminders = form.reminders.filter { $0.fireDate(dueDate: nil) != nil }
            form.recurrence = nil
            form.picker = nil
            form.focus = .dueDate
        case .repeatNext, .repeatPrevious, .repeatInterval:
            if command == .repeatInterval {
                if case let .character(typed) = key, let digit = typed.wholeNumberValue { form.typeRepeatDigit(digit) }
            } else {
                form.stepRecurrence(by: command == .repeatNext ? 1 : -1)
            }
            // A repeat is counted from the due date: without one, the
            // picker opens on the next full hour to choose it.
            if form.recurrence != nil && form.dueDate == nil {
                form.openPicker(style: state.context.dateStyle, now: state.now)
            }
        case .completeTag:
            guard let completion = form.tagCompletion(from: state.tagsInUse.map(\.tag)) else {
                return perform(.nextRow, key: key, form: &form, state: &state, calendar: calendar)
            }
            form.completeTag(completion)
        case .priorityNext:
            form.priority = form.priority.next
        case .priorityPrevious:
            form.priority = form.priority.previous
        case .closePicker:
            closePicker(&form, calendar: calendar, state: &state)
            form.focus = .dueDate
        case .pickerPreviousField, .pickerNextField:
            finishTyping(&form, calendar: calendar, state: &state)
            form.picker?.moveField(by: command == .pickerNextField ? 1 : -1)
        case .pickerIncrement, .pickerDecrement:
            form.editDate { picker, date in
                picker.digits = ""
                date = DatePickerMath.adding(command == .pickerIncrement ? 1 : -1, to: picker.field, of: date, calendar: calendar)
            }
        case .pickerTypeWords:
            finishTyping(&form, calendar: calendar, state: &state)
            // The letter that opened the words is their first ("tomorrow",
            // not "omorrow"); a control key opens them empty.
            if case let .character(typed) = key, typed.isLetter {
                form.picker?.typed = TextField(String(typed))
                form.picker?.typedIsOpeningLetter = true
            } else {
                form.picker?.typed = TextField()
                form.picker?.typedIsOpeningLetter = false
            }
        case .toggleLiteral:
            form.literal.toggle()
        case .done where form.picker?.typed != nil:
            // Enter while typing a date in words: accept it if it reads.
            guard let typed = form.picker?.typed else { break }
            switch DueDateParser(calendar: calendar).parse(typed.text, now: state.now) {
            case let .success(date):
                form.dueDate = date
                form.picker?.typed = nil
                if date <= state.now {
                    state.message = StatusMessage("\(state.context.dateStyle.format(date)) is in the past: the item will be overdue.", kind: .error)
                }
            case let .failure(error):
                state.message = StatusMessage(error.description, kind: .error)
            }
        case .cancel where form.picker?.typed != nil:
            form.picker?.typed = nil
        case .done:
            finishTyping(&form, calendar: calendar, state: &state)
            guard form.canBeDone else {
                state.message = StatusMessage("Type the item's text first: Done needs some text.", kind: .error)
                form.focus = .text
                form.picker = nil
                return []
            }
            // A start the rules refuse is said here and nothing is saved;
            // storage would refuse it too.
            if let problem = form.draft.startProblem(calendar: calendar) {
                state.message = StatusMessage(problem, kind: .error)
                form.focus = .start
                form.picker = nil
                return []
            }
            let saved = form.savedDraft(calendar: calendar, now: state.now)
            // A due date in the past is saved as asked, but said: it is
            // overdue at once, and no reminder before it rings.
            if let due = saved.dueDate, due <= state.now, due != form.original.dueDate {
                state.message = StatusMessage("Saved due \(state.context.dateStyle.format(due)), which is in the past.")
            }
            switch form.mode {
            case let .add(checklistID):
                return [.commit(.addItem(checklistID: checklistID, saved))]
            case let .addSubItem(parent):
                // A folded parent opens first, so the new sub-item shows
                // and is selected; undo takes the sub-item back first.
                let unfold: [Effect] = parent.isCollapsed ? [.commit(.setCollapsed(itemID: parent.id, false))] : []
                return ScreenStep(unfold + [.commit(.addSubItem(parentID: parent.id, saved))])
            case let .edit(item):
                // Editing nothing changes nothing: no write, no reminder touched.
                if saved == item.draft { return ScreenStep([], .pop) }
                return [.commit(.editItem(id: item.id, from: item.draft, to: saved))]
            }
        case .cancel:
            return ConfirmationLine.leaveForm(changed: form.hasChanges, state: &state)
        default:
            break
        }
        return []
    }

    /// A key in the note: Enter is a new line; ↑↓ move by the rows drawn,
    /// and past the first or last row to the form's row above or below;
    /// the rest edit as in the text field.
    private static func typeInNote(_ key: Key, form: inout ItemDetailState, width: Int) {
        switch key {
        case .enter:
            form.note.insert("\n")
        case .up, .down:
            let layout = NoteLayout(form.note, columns: noteColumns(width: width))
            if let index = layout.cursor(from: form.note.cursor, by: key == .up ? -1 : 1) {
                form.note.moveCursor(to: index)
            } else {
                let rows = form.rows
                let here = rows.firstIndex(of: .note) ?? 0
                form.focus = rows[min(rows.count - 1, max(0, here + (key == .up ? -1 : 1)))]
                // As Tab: moving into the text field closes the picker.
                if form.focus == .text { form.picker = nil }
            }
        default:
            _ = form.note.handle(key)
        }
    }

    /// How a reminder is typed: "1h" before the due time, or its moment as
    /// the date picker writes it.
    static func typedForm(of reminder: ReminderTime, style: DueDateStyle) -> String {
        switch reminder {
        case let .beforeDue(minutes): ReminderTime.shortOffset(minutes)
        case let .at(date): style.format(date)
        }
    }

    /// Enter on a typed reminder: an offset before the due time ("1h",
    /// "2 days before 9:00"), else a moment ("fri 9:00"); the one being
    /// changed is replaced. What does not read stays, with a message.
    private static func acceptTypedReminder(_ form: inout ItemDetailState, state: inout AppState, calendar: Calendar) {
        guard let typed = form.reminderInput?.text.trimmingCharacters(in: .whitespaces), !typed.isEmpty else {
            state.message = StatusMessage("Type when: 15m, 1h, 1d, \"2 days before 9:00\", or a date such as \"fri 9:00\".", kind: .error)
            return
        }
        let reminder: ReminderTime
        if let minutes = ReminderTime.parseBefore(typed, dueDate: form.dueDate, calendar: calendar) {
            guard form.dueDate != nil else {
                state.message = StatusMessage("A reminder before the due time needs a due date: set one first.", kind: .error)
                return
            }
            reminder = .beforeDue(minutes: minutes)
        } else {
            switch DueDateParser(calendar: calendar).parse(typed, now: state.now) {
            case let .success(date):
                reminder = .at(Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60))
            case let .failure(error):
                state.message = StatusMessage(error.description, kind: .error)
                return
            }
        }
        if case let .reminder(index) = form.focus, form.otherReminders.indices.contains(index) {
            let old = form.otherReminders[index]
            form.reminders.removeAll { $0 == old }
        }
        form.reminders = ReminderTime.normalized(form.reminders + [reminder])
        form.reminderInput = nil
        form.focus = form.otherReminders.firstIndex(of: reminder).map { .reminder($0) } ?? .remind
    }

    /// Enter on a typed start: the start it reads as (a day alone is that
    /// day at 00:00); what does not read stays, with a message. A start the
    /// due date or the repeat refuses is kept, and said at once: Done
    /// refuses it until one of them moves.
    private static func acceptTypedStart(_ form: inout ItemDetailState, state: inout AppState, calendar: Calendar) {
        guard let typed = form.startInput?.text, !TextRules.isBlank(typed) else {
            state.message = StatusMessage("Type when it starts: mon, dec 7, +3d, tomorrow 9:00; Del on Starts: no start.", kind: .error)
            return
        }
        switch DueDateParser(calendar: calendar).parseStart(typed, now: state.now) {
        case let .success(date):
            form.startDate = date
            form.startInput = nil
            if let problem = form.draft.startProblem(calendar: calendar) { state.message = StatusMessage(problem, kind: .error) }
        case let .failure(error):
            state.message = StatusMessage(error.description, kind: .error)
        }
    }

    /// Applies digits typed into the picker's field so far.
    private static func finishTyping(_ form: inout ItemDetailState, calendar: Calendar, state: inout AppState) {
        form.editDate { $0.finishTyping(date: &$1, calendar: calendar, message: &state.message) }
    }

    // MARK: - Drawing

    /// What the Remind Me row says when Remind Me is on and the due date
    /// has passed, longest first: the longest that fits is shown.
    static let pastDueNotes = [
        "no reminder will ring: the due date has passed",
        "won't ring: the due date has passed",
        "won't ring: date passed",
        "won't ring: past",
    ]

    /// A reminder's row: "1 hour before" ("1h before" where that does not
    /// fit), or its own moment.
    static func reminderWords(_ reminder: ReminderTime, style: DueDateStyle, width: Int) -> String {
        switch reminder {
        case let .beforeDue(minutes):
            let words = ReminderTime.durationWords(minutes) + " before"
            return TextWidth.columns(of: words) <= width ? words : ReminderTime.shortOffset(minutes) + " before"
        case let .at(date):
            return "at " + style.format(date)
        }
    }

    static let labelColumn = 2
    static let valueColumn = 14

    /// The note's width in a pane `width` columns wide: from the value
    /// column to the form's right margin.
    static func noteColumns(width: Int) -> Int { max(1, width - 2 - valueColumn) }

    /// How many rows the note takes: up to six, fewer in a short pane, so
    /// that the form's other rows and Done still fit; always one. Room for
    /// the picker (two rows, with the typed date's preview) is kept even
    /// while it is closed, so opening it moves only the rows below it.
    static func noteRows(height: Int, extraRows: Int = 0) -> Int {
        let spacers = height >= AppState.roomyHeight ? 2 : 0
        // Title, text, Remind Me, Due Date, the picker, Starts, Repeat, Priority, Tags, Done, and the two bottom lines.
        let others = 13 + spacers + extraRows
        return min(6, max(1, height - others))
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard case let .itemDetail(form, list) = state.screen else { return }
        let listName = list.summary.checklist.name
        Chrome.titleBar(form.title, detail: listName, into: &grid)
        // Short panes lose the spacer rows, so the picker still fits at 8 rows.
        let spacer = state.height >= AppState.roomyHeight ? 1 : 0
        // In a pane too short for every row, the rows above the focused one
        // give way, first to last, until it (and its cursor) is above the
        // two bottom lines: the row being edited is never drawn off screen.
        var drawn = grid
        var end = drawRows(form, skipping: 0, spacer: spacer, state: state, into: &drawn)
        var skipped = 0
        while end.focusBottom >= grid.height - 2, skipped < form.rows.count - 1 {
            skipped += 1
            // The open picker gives way with its Due Date row: a date with
            // no label above it would read as a stray line.
            if form.rows[skipped] == .picker, form.focus != .picker, skipped < form.rows.count - 1 { skipped += 1 }
            drawn = grid
            end = drawRows(form, skipping: skipped, spacer: spacer, state: state, into: &drawn)
        }
        grid = drawn
        var y = end.next
        // The blank row above the buttons goes first where they would not
        // fit above the message line (which a wrapped help line may take).
        if y + spacer < grid.height - 2 { y += spacer }
        // In the shortest panes the help line (which names ^S) wins over the buttons.
        guard y < grid.height - 1 else { return }
        let doneStyle: CellStyle = form.canBeDone ? .bold : .dim
        let doneWidth = grid.put("[ Done ]", row: y, column: labelColumn, style: doneStyle)
        grid.put("[ Cancel ]", row: y, column: labelColumn + doneWidth + 2)
        if !form.canBeDone {
            let x = labelColumn + doneWidth + 14
            let why = ["(type some text)", "(no text)"].first { TextWidth.columns(of: $0) <= grid.width - x - 1 } ?? "(no text)"
            grid.put(why, row: y, column: x, maxColumns: max(0, grid.width - x - 1), style: .dim)
        }
    }

    /// The line under the text while adding: what quick add read, "→ Pay
    /// rent · Fri, Nov 27, 2026, 9:00 AM · #home · !!! · monthly", shortened
    /// to fit (the date said relative to today, then the rest left out but
    /// for "…", then cut); or, literal, that the text is kept as typed. The
    /// key is named where it fits, so the way out is seen. A narrow pane
    /// starts it under the label, for the columns.
    private static func drawQuickPreview(_ form: ItemDetailState, row y: Int, to right: Int, state: AppState, into grid: inout ScreenGrid) {
        let style = state.context.dateStyle
        let x = grid.width >= 60 ? valueColumn : labelColumn
        let width = right - x
        guard width > 0 else { return }
        let key = state.context.keys.keyLabel(for: .toggleLiteral, in: .itemText)
        if form.literal {
            grid.put("as typed" + (key.map { " (\($0): read it)" } ?? ""), row: y, column: x, maxColumns: width, style: .dim)
            return
        }
        guard let reading = form.quickReading(calendar: style.calendar, now: state.now) else { return }
        // The date Done saves: one chosen on the row wins over the text's.
        let dueDate = form.dueDateLeftAlone ? reading.dueDate : form.draft.dueDate
        var rest: [String] = []
        if !reading.tags.isEmpty { rest.append(Tags.marked(reading.tags)) }
        // As for the date: a priority or repeat chosen on its row is what
        // Done saves, not the text's.
        let chosen = form.draft
        if let priority = chosen.priority != .none ? chosen.priority : reading.priority { rest.append(priority.mark) }
        if let recurrence = chosen.recurrence ?? reading.recurrence { rest.append(recurrence.shortName) }
        for reminder in reading.reminders {
            rest.append("⏰ " + (reminder.offsetWords ?? reminder.fireDate(dueDate: dueDate).map(style.format) ?? ""))
        }
        func line(_ date: String?, _ others: [String]) -> String {
            "→ " + ([reading.text] + (date.map { [$0] } ?? []) + others).joined(separator: " · ")
        }
        let long = line(dueDate.map(style.formatWithWeekday), rest)
        let relative = dueDate.map { style.relative($0, now: state.now) }
        var candidates = [long + (key.map { "  \($0): as typed" } ?? ""), long, line(relative, rest)]
        if !rest.isEmpty, relative != nil { candidates.append(line(relative, ["…"])) }
        candidates.append(line(dueDate.map { style.relative($0, now: state.now, form: .compact) }, rest))
        let fitting = candidates.first { TextWidth.columns(of: $0) <= width } ?? candidates[candidates.count - 1]
        grid.put(fitting, row: y, column: x, maxColumns: width, color: .green)
    }

    /// The typed start, "mon 9:00 → Mon, Nov 23, 2026, 9:00 AM": the
    /// preview shows what it resolves to before the user accepts it, beside
    /// the field, or beneath it with `rows` 2.
    private static func drawTypedStart(_ input: TextField, rows: Int, row y: Int, to right: Int, state: AppState, into grid: inout ScreenGrid) {
        let width = rows == 1 ? max(4, min(20, (right - valueColumn) / 2)) : max(4, right - valueColumn)
        let cursor = input.draw(into: &grid, row: y, column: valueColumn, columns: width, placeholder: "mon, dec 7, +3d")
        grid.cursor = GridPosition(row: y, column: cursor)
        let (previewRow, previewColumn) = rows == 1 ? (y, valueColumn + width + 1) : (y + 1, valueColumn)
        guard previewColumn < right, !TextRules.isBlank(input.text) else { return }
        let style = state.context.dateStyle
        switch DueDateParser(calendar: style.calendar).parseStart(input.text, now: state.now) {
        case let .success(date):
            grid.put("→ " + StartText.fullForms(date, style: style)[0], row: previewRow, column: previewColumn,
                     maxColumns: right - previewColumn, color: .green)
        case .failure:
            grid.put("? not a date yet", row: previewRow, column: previewColumn, maxColumns: right - previewColumn, style: .dim)
        }
    }

    /// Draws the form's rows from the `skipping`-th on, below the title;
    /// returns the row after them and the lowest row the focused one (or
    /// its cursor) takes, for `render` to choose what fits.
    private static func drawRows(_ form: ItemDetailState, skipping: Int, spacer: Int, state: AppState,
                                 into grid: inout ScreenGrid) -> (next: Int, focusBottom: Int) {
        let style = state.context.dateStyle
        let right = grid.width - 2
        var y = 1 + spacer
        var focusBottom = 0
        for row in form.rows.dropFirst(skipping) {
            let focused = row == form.focus
            // The two bottom lines are the message's and the help's: a row
            // that would reach them is left out, and if it is the focused
            // one, `render` lets rows above it give way. The Due Date row
            // needs room for its open picker beneath: without it, a lone
            // highlighted date would hide that the picker is open.
            let last = row == .dueDate && form.picker != nil ? y + 1 : y
            if last >= grid.height - 2 {
                if !form.rows.prefix(while: { $0 != row }).contains(form.focus) { focusBottom = last }
                break
            }
            if focused && row != .picker { grid.put("›", row: y, column: 0, style: .bold) }
            let labelStyle: CellStyle = focused ? .bold : []
            switch row {
            case .text:
                grid.put("Text", row: y, column: labelColumn, style: labelStyle)
                let cursorColumn = form.text.draw(into: &grid, row: y, column: valueColumn, columns: right - valueColumn,
                                                  placeholder: "Name of the Item", focused: focused)
                if focused { grid.cursor = GridPosition(row: y, column: cursorColumn) }
                if form.showsQuickPreview(calendar: style.calendar, now: state.now), y + 1 < grid.height - 2 {
                    y += 1
                    drawQuickPreview(form, row: y, to: right, state: state, into: &grid)
                }
            case .note:
                grid.put("Note", row: y, column: labelColumn, style: labelStyle)
                let preview = form.showsQuickPreview(calendar: style.calendar, now: state.now) ? 1 : 0
                let rows = noteRows(height: state.height, extraRows: form.reminderRowCount + preview)
                let layout = NoteLayout(form.note, columns: noteColumns(width: grid.width))
                // Unfocused, the note shows from its start; focused, the cursor's row.
                let top = focused ? layout.top(cursor: form.note.cursor, rows: rows) : 0
                let cursor = layout.draw(into: &grid, row: y, column: valueColumn, columns: noteColumns(width: grid.width), rows: rows,
                                         top: top, cursor: focused ? form.note.cursor : nil, placeholder: "Notes (Enter: new line)")
                if focused { grid.cursor = cursor }
                // Rows scrolled out of sight are counted beside the note:
                // those below on its last row, those above on its second
                // (when that is not the last), beside the label in one row.
                let unicode = state.context.unicode
                let below = layout.lines.count - top - rows
                let up = "\(unicode ? "↑" : "^")", down = "\(unicode ? "↓" : "v")"
                let room = valueColumn - labelColumn - 1
                if rows == 1, below > 0 || top > 0 {
                    grid.put(below > 0 ? "\(down)\(below)" : "\(up)\(top)", row: y, column: labelColumn + 5, maxColumns: room - 5, style: .dim)
                } else if rows > 1 {
                    if below > 0 { grid.put("\(down) \(below) more", row: y + rows - 1, column: labelColumn, maxColumns: room, style: .dim) }
                    if top > 0 && (rows > 2 || below == 0) {
                        grid.put("\(up) \(top) more", row: y + 1, column: labelColumn, maxColumns: room, style: .dim)
                    }
                }
                y += rows - 1
            case .remind:
                grid.put("Remind Me", row: y, column: labelColumn, style: labelStyle)
                let used = grid.put(form.shouldRemind ? "[x] On" : "[ ] Off", row: y, column: valueColumn,
                                    style: focused ? .reverse : [])
                // The reminder rule schedules nothing for a date already
                // past: say so here rather than let the user wait for it.
                if form.shouldRemind, let due = form.dueDate, due <= state.now {
                    let x = valueColumn + used + 2
                    let note = pastDueNotes.first { TextWidth.columns(of: $0) <= right - x } ?? pastDueNotes[pastDueNotes.count - 1]
                    grid.put(note, row: y, column: x, maxColumns: max(0, right - x), style: .bold, color: .yellow)
                }
            case let .reminder(index):
                let value: String
                if focused, let input = form.reminderInput {
                    let cursorColumn = input.draw(into: &grid, row: y, column: valueColumn, columns: right - valueColumn,
                                                  placeholder: "1h, 1d, fri 9:00")
                    grid.cursor = GridPosition(row: y, column: cursorColumn)
                } else if form.otherReminders.indices.contains(index) {
                    let reminder = form.otherReminders[index]
                    value = reminderWords(reminder, style: style, width: right - valueColumn)
                    let past = reminder.fireDate(dueDate: form.dueDate).map { $0 <= state.now } ?? true
                    grid.put(value, row: y, column: valueColumn, maxColumns: right - valueColumn,
                             style: focused ? .reverse : (past ? .dim : []))
                }
            case .newReminder:
                grid.put("+", row: y, column: labelColumn + 2, style: labelStyle)
                if let input = form.reminderInput {
                    let cursorColumn = input.draw(into: &grid, row: y, column: valueColumn, columns: right - valueColumn,
                                                  placeholder: "1h, 1d, fri 9:00")
                    grid.cursor = GridPosition(row: y, column: cursorColumn)
                }
            case .dueDate:
                grid.put("Due Date", row: y, column: labelColumn, style: labelStyle)
                var value = form.dueDate.map(style.format) ?? "None"
                // A date already past is said on its row, not only in red
                // on the checklist after saving.
                // Only a date set here: an overdue item opened keeps its row.
                let past = form.dueDate.map { $0 <= state.now } ?? false && form.dueDate != form.original.dueDate
                if past {
                    let marked = "in the past · " + value
                    value = TextWidth.columns(of: marked) <= right - valueColumn ? marked : "past · " + value
                }
                // While the picker is open the value it edits is highlighted.
                let highlighted: CellStyle = form.picker != nil ? [.reverse, .bold] : (focused ? .reverse : [])
                grid.putRightAligned(value, row: y, endColumn: right, maxColumns: right - valueColumn,
                                     style: highlighted, color: form.picker != nil ? .cyan : (past ? .yellow : .default))
            case .start:
                grid.put("Starts", row: y, column: labelColumn, style: labelStyle)
                if focused, let input = form.startInput {
                    // The preview goes beneath the field where the row has no
                    // room for it, in the picker's room (typing closed it).
                    let wanted = DatePickerRow.typedRows(from: valueColumn - DatePickerRow.labelWidth, to: right)
                    let rows = y + wanted + spacer < grid.height - 2 ? wanted : 1
                    drawTypedStart(input, rows: rows, row: y, to: right, state: state, into: &grid)
                    y += rows - 1
                } else {
                    let problem = form.draft.startProblem(calendar: style.calendar) != nil
                    let forms = form.startDate.map { StartText.fullForms($0, style: style) } ?? ["None"]
                    let value = forms.first { TextWidth.columns(of: $0) <= right - valueColumn } ?? forms[forms.count - 1]
                    // A start the rules refuse stands out until it or the due date moves.
                    grid.putRightAligned(value, row: y, endColumn: right, maxColumns: right - valueColumn,
                                         style: focused ? .reverse : (problem ? .bold : []), color: problem ? .yellow : .default)
                }
            case .repeatRule:
                grid.put("Repeat", row: y, column: labelColumn, style: labelStyle)
                grid.putRightAligned(form.recurrence?.name ?? "Never", row: y, endColumn: right, maxColumns: right - valueColumn,
                                     style: focused ? .reverse : [])
            case .priority:
                grid.put("Priority", row: y, column: labelColumn, style: labelStyle)
                let mark = form.priority.mark
                let value = form.priority == .none ? "None" : "\(mark) \(form.priority.name.capitalized)"
                grid.putRightAligned(value, row: y, endColumn: right, maxColumns: right - valueColumn, style: focused ? .reverse : [])
            case .tags:
                grid.put("Tags", row: y, column: labelColumn, style: labelStyle)
                // The tag Tab would complete to, at the row's end while the
                // typed tags still fit beside it: the field comes first.
                var hint = focused ? form.tagCompletion(from: state.tagsInUse.map(\.tag)).map { "Tab: #" + $0.tag } ?? "" : ""
                if TextWidth.columns(of: form.tags.text) + 2 + TextWidth.columns(of: hint) > right - valueColumn { hint = "" }
                let hintWidth = hint.isEmpty ? 0 : TextWidth.columns(of: hint) + 1
                let cursorColumn = form.tags.draw(into: &grid, row: y, column: valueColumn, columns: right - valueColumn - hintWidth,
                                                  placeholder: "e.g. work home", focused: focused)
                if focused { grid.cursor = GridPosition(row: y, column: cursorColumn) }
                if !hint.isEmpty {
                    grid.put(hint, row: y, column: right - hintWidth + 1, maxColumns: hintWidth - 1, style: .dim, color: .magenta)
                }
            case .picker:
                if let picker = form.picker, let date = form.dueDate {
                    // A second row for the typed date's preview where the
                    // form has one to spare above Done and the bottom lines.
                    let wanted = picker.typed == nil ? 1 : DatePickerRow.typedRows(from: labelColumn, to: right)
                    let rows = y + wanted + spacer < grid.height - 2 ? wanted : 1
                    DatePickerRow.render(picker, date: date, now: state.now, style: style, typedRows: rows,
                                         row: y, from: labelColumn, to: right, focused: focused, into: &grid)
                    y += rows - 1
                }
            }
            if row == form.focus {
                focusBottom = max(y, grid.cursor?.row ?? 0)
                // The open picker goes with the Due Date row it edits: the
                // rows above give way for both, as for the picker itself.
                if row == .dueDate, form.picker != nil { focusBottom = max(focusBottom, y + 1) }
            }
            y += 1
        }
        return (y, focusBottom)
    }
}
