import Foundation
import ChecklistsModel

/// `add`, `done`, `undone`, `delete`, `edit`: one item at a time, each one
/// transaction through the app's own `Change`s with the context's now, so
/// reminders follow exactly the rule they follow in the app.
public enum ItemCommands {
    /// Adds an item and prints its id. Without `--due` it has no due date,
    /// as a new item in the app; without `--list` it goes to the default
    /// list (`defaultList`, config's `[add] default_list`) or else to the
    /// list named "Inbox", made when first needed.
    /// `--remind` and `--repeat` need `--due`: a reminder fires at the due
    /// date, and a repeat counts from it. `remindBefore` (`--remind-before`)
    /// and `remindAt` (`--remind-at`) add a reminder each, as many as given;
    /// `tags` (`--tag`) are its tags; `start` (`--start`) when it starts.
    /// With `quick` (`--quick`, or `[add] quick = true`) the text is read
    /// as quick add ("Pay rent fri 9am #home !high"); an option and the
    /// words saying different things is refused rather than one winning.
    public static func add(text: String, list: String?, due: String?, remind: Bool, repeat repeatText: String? = nil,
                           note: String? = nil, priority priorityText: String? = nil, remindBefore: [String] = [], remindAt: [String] = [],
                           tags tagValues: [String] = [], start: String? = nil, parent: Int64? = nil,
                           quick: Bool = false, defaultList: String? = nil,
                           context: CommandLineContext) throws(CommandLineError) {
        // Trailing spaces are no part of the text: "Buy milk " is "Buy milk".
        var text = TextRules.trimmingTrailingSpaces(try Inputs.text(text, what: "item text"))
        var tags = try Inputs.tags(tagValues)
        var priority = try priorityText.map { text throws(CommandLineError) in try Inputs.priority(text) } ?? .none
        let note = try Inputs.note(note ?? "")
        var dueDate = try due.map { text throws(CommandLineError) in try Inputs.dueDate(text, in: context) }
        var recurrence = try repeatText.map { text throws(CommandLineError) in try Inputs.recurrence(text) }
        let startDate = try start.map { text throws(CommandLineError) in try Inputs.startDate(text, in: context) }
        var quickReminders: [ReminderTime] = []
        if quick {
            let reading = QuickAdd(calendar: context.style.calendar).read(text, now: context.now)
            if let read = reading.dueDate {
                if let dueDate, dueDate != read {
                    throw .badInput("the text says due \(context.style.format(read)) and --due says \(context.style.format(dueDate)); give one")
                }
                dueDate = read
            }
            if let read = reading.priority {
                if priorityText != nil, read != priority {
                    throw .badInput("the text says priority \(read.name) and --priority says \(priority.name); give one")
                }
                priority = read
            }
            if let read = reading.recurrence {
                if let recurrence, recurrence != read {
                    throw .badInput("the text says \(read.name) and --repeat says \(recurrence.name); give one")
                }
                recurrence = read
            }
            tags = Tags.unique(tags + reading.tags)
            quickReminders = reading.reminders
            text = reading.text
        }
        if remind && dueDate == nil { throw Inputs.remindWithoutDue }
        if !remindBefore.isEmpty && dueDate == nil { throw Inputs.remindBeforeWithoutDue }
        if recurrence != nil && dueDate == nil { throw Inputs.repeatWithoutDue }
        var reminders: [ReminderTime] = quickReminders
        for text in remindBefore { reminders.append(try Inputs.reminderBefore(text, dueDate: dueDate, in: context)) }
        for text in remindAt { reminders.append(try Inputs.reminderAt(text, in: context)) }
        let database = try context.openDatabase()
        let lists = try context.storage { () throws(StorageError) in try database.checklists() }
        // A sub-item goes to its parent's list; a --list naming another is a mistake.
        let parentItem = try parent.map { id throws(CommandLineError) in try existingItem(id, in: database, context: context) }
        let parentList = parentItem.flatMap { parent in lists.first { $0.id == parent.checklistID } }
        let checklist = if let list { try Inputs.checklist(named: list, in: lists) }
            else if let parentList { parentList }
            else { try inbox(named: defaultList, lists: lists, database: database, context: context) }
        if let parentItem, parentItem.checklistID != checklist.id {
            throw .badInput("item \(parentItem.id) is in another list; a sub-item goes in its parent's list: leave out --list")
        }
        let draft = ItemDraft(text: text, dueDate: dueDate, shouldRemind: remind, recurrence: recurrence, note: note, priority: priority,
                              reminders: reminders, tags: tags, startDate: startDate)
        try Inputs.requireValidStart(draft, in: context)
        let change: Change = parent.map { .addSubItem(parentID: $0, draft) } ?? .addItem(checklistID: checklist.id, draft)
        let outcome = try context.storage { () throws(StorageError) in try database.apply(change, now: context.now) }
        if case .item(let id) = outcome { context.output(String(id)) }
        noticePast(reminders + (remind ? [.atDue] : []), dueDate: dueDate, context: context)
    }

    /// The list an item goes to without `--list`: the one `named` (config's
    /// `[add] default_list`, which must exist), else the list named
    /// "Inbox", made now if there is none. Never the first list by order:
    /// a reordered All Lists must not move where scripts add.
    static func inbox(named name: String?, lists: [Checklist], database: ChecklistsDatabase,
                      context: CommandLineContext) throws(CommandLineError) -> Checklist {
        if let name {
            do {
                return try Inputs.checklist(named: name, in: lists)
            } catch {
                throw .badInput("config [add] default_list: \(error.description)")
            }
        }
        let inbox = ChecklistIcon.inbox.displayName
        if lists.contains(where: { Checklist.nameKey($0.name) == Checklist.nameKey(inbox) }) {
            return try Inputs.checklist(named: inbox, in: lists)
        }
        // Another command may make it between our read and our write: its
        // Inbox is then ours too (the write refuses a second one).
        do {
            _ = try database.apply(.addChecklist(name: inbox, icon: .inbox), now: context.now)
        } catch .nameInUse {
        } catch {
            throw .database(error)
        }
        return try Inputs.checklist(named: inbox, in: try context.storage { () throws(StorageError) in try database.checklists() })
    }

    /// A reminder given on the command line whose time has already passed
    /// is kept (the item says it was wanted) but will never ring: said on
    /// stderr, so a script's output is unchanged and the user is not left
    /// waiting for it.
    static func noticePast(_ given: [ReminderTime], dueDate: Date?, context: CommandLineContext) {
        for reminder in ReminderTime.normalized(given) {
            guard let time = reminder.fireDate(dueDate: dueDate), time <= context.now else { continue }
            let what = reminder.offsetWords.map { "the reminder \($0)" } ?? "the reminder"
            context.notice("\(what) (\(context.style.format(time))) has already passed; it will not ring")
        }
    }

    /// Checks an item off (`done`) or back on (`undone`). `withSubItems`
    /// (`done --with-sub-items`) checks its open sub-items off too; without
    /// it they stay open, and stderr says so. Reopening a sub-item reopens
    /// its checked parents, as in the app.
    public static func setChecked(id: Int64, _ checked: Bool, withSubItems: Bool = false, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        _ = try existingItem(id, in: database, context: context)
        let open = try openSubItemCount(id, in: database, context: context)
        let change: Change = checked && withSubItems ? .checkFamily(itemID: id) : .setChecked(itemID: id, checked)
        try context.storage { () throws(StorageError) in try database.apply(change, now: context.now) }
        if checked && !withSubItems && open > 0 {
            context.notice("item \(id) has \(open) open sub-item\(open == 1 ? "" : "s"), left open; "
                           + "`checklists done --with-sub-items \(id)` checks \(open == 1 ? "it" : "them") off too")
        }
    }

    /// Deletes an item; one with sub-items only with `withSubItems`
    /// (`delete --with-sub-items`), which deletes them too, as `rm -r` asks.
    public static func delete(id: Int64, withSubItems: Bool = false, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        _ = try existingItem(id, in: database, context: context)
        let family = try context.storage { () throws(StorageError) in try database.family(of: id) }
        if family.count > 1 && !withSubItems {
            let count = family.count - 1
            throw .badInput("item \(id) has \(count) sub-item\(count == 1 ? "" : "s"): `checklists delete --with-sub-items \(id)` deletes "
                            + "\(count == 1 ? "it" : "them") too; nothing was deleted")
        }
        try context.storage { () throws(StorageError) in try database.apply(.deleteItem(id: id), now: context.now) }
    }

    /// How many of the item's sub-items, at any depth, are not checked off.
    private static func openSubItemCount(_ id: Int64, in database: ChecklistsDatabase, context: CommandLineContext) throws(CommandLineError) -> Int {
        try context.storage { () throws(StorageError) in try database.family(of: id).dropFirst().filter { !$0.isChecked }.count }
    }

    /// Changes what is given and keeps the rest; giving nothing is refused.
    /// `remind` is true for `--remind`, false for `--no-remind`, nil to keep.
    /// `noDue` (`--no-due`) clears the due date, and with it Remind Me and
    /// the repeat (which need one, as in the app). `repeat` is the new
    /// repeat; `noRepeat` (`--no-repeat`) stops it. `noReminders`
    /// (`--no-reminders`) removes every reminder first; `noRemindBefore`
    /// (`--no-remind-before`) removes those offsets; `remindBefore` and
    /// `remindAt` add reminders, as `add`'s do. `noTags` (`--no-tags`)
    /// removes every tag first, `noTag` (`--no-tag`) those, then `tags`
    /// (`--tag`) are added. `start` (`--start`) sets the start, `noStart`
    /// (`--no-start`) removes it.
    public static func edit(id: Int64, text: String?, due: String?, noDue: Bool = false, remind: Bool?,
                            repeat repeatText: String? = nil, noRepeat: Bool = false, note: String? = nil,
                            priority priorityText: String? = nil,
                            remindBefore: [String] = [], remindAt: [String] = [], noRemindBefore: [String] = [], noReminders: Bool = false,
                            tags tagValues: [String] = [], noTag noTagValues: [String] = [], noTags: Bool = false,
                            start: String? = nil, noStart: Bool = false, parent parentText: String? = nil,
                            context: CommandLineContext) throws(CommandLineError) {
        let remindersChange = !remindBefore.isEmpty || !remindAt.isEmpty || !noRemindBefore.isEmpty || noReminders
        let tagsChange = !tagValues.isEmpty || !noTagValues.isEmpty || noTags
        let fieldsChange = text != nil || due != nil || noDue || remind != nil || repeatText != nil || noRepeat || note != nil
            || priorityText != nil || remindersChange || tagsChange || start != nil || noStart
        if !fieldsChange && parentText == nil {
            throw .badInput("nothing to change: give --text, --due, --no-due, --remind, --no-remind, --remind-before, --remind-at, "
                            + "--no-remind-before, --no-reminders, --repeat, --no-repeat, --note, --priority, --tag, --no-tag, --no-tags, "
                            + "--start, --no-start or --parent")
        }
        // `none`: to the top level; otherwise an item id.
        let newParent: Int64?? = try parentText.map { text throws(CommandLineError) -> Int64? in
            if text.lowercased() == "none" { return nil }
            guard let id = Int64(text), id > 0 else { throw .badInput("--parent takes an item id, or none for the top level; not \(text)") }
            return id
        }
        if noStart && start != nil { throw .badInput("--start and --no-start contradict each other; give one") }
        let addedTags = try Inputs.tags(tagValues)
        let removedTags = try Inputs.tags(noTagValues, option: "--no-tag")
        if let both = addedTags.first(where: { Tags.contains(removedTags, $0) }) {
            throw .badInput("--tag \(both) and --no-tag \(both) contradict each other; give one")
        }
        if noDue && !remindBefore.isEmpty { throw Inputs.remindBeforeWithoutDue }
        let newPriority = try priorityText.map { text throws(CommandLineError) in try Inputs.priority(text) }
        let newNote = try note.map { text throws(CommandLineError) in try Inputs.note(text) }
        if noDue && due != nil { throw .badInput("--due and --no-due contradict each other; give one") }
        if noRepeat && repeatText != nil { throw .badInput("--repeat and --no-repeat contradict each other; give one") }
        if noDue && remind == true { throw Inputs.remindWithoutDue }
        if noDue && repeatText != nil { throw Inputs.repeatWithoutDue }
        let newText = try text.map { text throws(CommandLineError) in try Inputs.text(text, what: "item text", option: "--text") }
        let newDue = try due.map { text throws(CommandLineError) in try Inputs.dueDate(text, in: context) }
        let newRecurrence = try repeatText.map { text throws(CommandLineError) in try Inputs.recurrence(text) }
        let newStart = try start.map { text throws(CommandLineError) in try Inputs.startDate(text, in: context) }
        let database = try context.openDatabase()
        let existing = try existingItem(id, in: database, context: context)
        if case let .some(.some(parentID)) = newParent { _ = try existingItem(parentID, in: database, context: context) }
        guard fieldsChange else {
            if let newParent {
                try context.storage { () throws(StorageError) in try database.apply(.setParent(itemID: id, parentID: newParent), now: context.now) }
            }
            return
        }
        var draft = existing.draft
        if let newText { draft.text = newText }
        if let newDue { draft.dueDate = newDue }
        if noDue {
            draft.dueDate = nil
            // Reminders before the due date go with it; one at a time of its own stays.
            draft.reminders = draft.reminders.filter { $0.fireDate(dueDate: nil) != nil }
            draft.recurrence = nil
        }
        if noReminders { draft.reminders = [] }
        for text in noRemindBefore {
            let removed = try Inputs.reminderBefore(text, dueDate: draft.dueDate, in: context)
            draft.reminders.removeAll { $0 == removed }
        }
        if let remind { draft.shouldRemind = remind }
        if !remindBefore.isEmpty && draft.dueDate == nil {
            throw .badInput("item \(id) has no due date, and --remind-before needs one: give --due too")
        }
        var added: [ReminderTime] = []
        for text in remindBefore { added.append(try Inputs.reminderBefore(text, dueDate: draft.dueDate, in: context)) }
        for text in remindAt { added.append(try Inputs.reminderAt(text, in: context)) }
        draft.reminders = ReminderTime.normalized(draft.reminders + added)
        if let newRecurrence { draft.recurrence = newRecurrence }
        if noRepeat { draft.recurrence = nil }
        if let newNote { draft.note = newNote }
        if let newPriority { draft.priority = newPriority }
        if noTags { draft.tags = [] }
        draft.tags = Tags.unique(draft.tags.filter { !Tags.contains(removedTags, $0) } + addedTags)
        if draft.shouldRemind && draft.dueDate == nil && remind == true {
            throw .badInput("item \(id) has no due date, and --remind needs one: give --due too")
        }
        if newRecurrence != nil && draft.dueDate == nil {
            throw .badInput("item \(id) has no due date, and --repeat needs one: give --due too")
        }
        if let newStart { draft.startDate = newStart }
        if noStart { draft.startDate = nil }
        try Inputs.requireValidStart(draft, in: context)
        // Both in one transaction: one change to undo.
        let changes: [Change] = [.updateItem(id: id, draft)] + (newParent.map { [.setParent(itemID: id, parentID: $0)] } ?? [])
        try context.storage { () throws(StorageError) in _ = try database.applyAll(changes, now: context.now) }
        if !existing.isChecked { noticePast(added + (remind == true ? [.atDue] : []), dueDate: draft.dueDate, context: context) }
    }

    /// Moves an item to the list named `list`, keeping everything else
    /// (id, due date, reminder, note, UID); prints the item as `list --json`
    /// does with `json`, else nothing, as the other item commands.
    public static func move(id: Int64, toList list: String, json: Bool = false, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        let lists = try context.storage { () throws(StorageError) in try database.checklists() }
        let target = try Inputs.checklist(named: list, in: lists)
        _ = try existingItem(id, in: database, context: context)
        try context.storage { () throws(StorageError) in try database.apply(.moveItem(id: id, toChecklistID: target.id), now: context.now) }
        guard json, let moved = try context.storage({ () throws(StorageError) in try database.item(id: id) }) else { return }
        var out = JSONBytes()
        ItemQueryCommands.writeJSON(ListedItem(item: moved, checklistName: target.name), context: context, to: &out)
        context.output(out.string)
    }

    private static func existingItem(_ id: Int64, in database: ChecklistsDatabase, context: CommandLineContext) throws(CommandLineError) -> Item {
        guard let item = try context.storage({ () throws(StorageError) in try database.item(id: id) }) else {
            throw .notFound("there is no item \(id); `checklists list --all` shows the ids")
        }
        return item
    }
}
