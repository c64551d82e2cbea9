import Foundation
import ChecklistsModel

/// `add`, `done`, `undone`, `delete`, `edit`: one item at a time, each one
/// transaction through the app's own `Change`s with the context's now, so
/// reminders follow exactly the rule they follow in the app.
public enum ItemCommands {
    /// Adds an item and prints its id. Without `--due` it has no due date,
    /// as a new item in the app; without `--list` it goes to the first list.
    /// `--remind` needs `--due`: a reminder fires at the due date.
    public static func add(text: String, list: String?, due: String?, remind: Bool,
                           context: CommandLineContext) throws(CommandLineError) {
        let text = try Inputs.text(text, what: "item text")
        let dueDate = try due.map { text throws(CommandLineError) in try Inputs.dueDate(text, in: context) }
        if remind && dueDate == nil { throw Inputs.remindWithoutDue }
        let database = try context.openDatabase()
        let lists = try context.storage { () throws(StorageError) in try database.checklists() }
        let checklist = if let list { try Inputs.checklist(named: list, in: lists) } else { try Inputs.defaultChecklist(in: lists) }
        let draft = ItemDraft(text: text, dueDate: dueDate, shouldRemind: remind)
        let outcome = try context.storage { () throws(StorageError) in
            try database.apply(.addItem(checklistID: checklist.id, draft), now: context.now)
        }
        if case .item(let id) = outcome { context.output(String(id)) }
    }

    /// Checks an item off (`done`) or back on (`undone`).
    public static func setChecked(id: Int64, _ checked: Bool, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        _ = try existingItem(id, in: database, context: context)
        try context.storage { () throws(StorageError) in try database.apply(.setChecked(itemID: id, checked), now: context.now) }
    }

    public static func delete(id: Int64, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        _ = try existingItem(id, in: database, context: context)
        try context.storage { () throws(StorageError) in try database.apply(.deleteItem(id: id), now: context.now) }
    }

    /// Changes what is given and keeps the rest; giving nothing is refused.
    /// `remind` is true for `--remind`, false for `--no-remind`, nil to keep.
    /// `noDue` (`--no-due`) clears the due date, and with it Remind Me (which
    /// needs one, as in the app).
    public static func edit(id: Int64, text: String?, due: String?, noDue: Bool = false, remind: Bool?,
                            context: CommandLineContext) throws(CommandLineError) {
        if text == nil && due == nil && !noDue && remind == nil {
            throw .badInput("nothing to change: give --text, --due, --no-due, --remind or --no-remind")
        }
        if noDue && due != nil { throw .badInput("--due and --no-due contradict each other; give one") }
        if noDue && remind == true { throw Inputs.remindWithoutDue }
        let newText = try text.map { text throws(CommandLineError) in try Inputs.text(text, what: "item text", option: "--text") }
        let newDue = try due.map { text throws(CommandLineError) in try Inputs.dueDate(text, in: context) }
        let database = try context.openDatabase()
        var draft = try existingItem(id, in: database, context: context).draft
        if let newText { draft.text = newText }
        if let newDue { draft.dueDate = newDue }
        if noDue {
            draft.dueDate = nil
            draft.shouldRemind = false
        }
        if let remind { draft.shouldRemind = remind }
        if draft.shouldRemind && draft.dueDate == nil && remind == true {
            throw .badInput("item \(id) has no due date, and --remind needs one: give --due too")
        }
        try context.storage { () throws(StorageError) in try database.apply(.updateItem(id: id, draft), now: context.now) }
    }

    private static func existingItem(_ id: Int64, in database: ChecklistsDatabase, context: CommandLineContext) throws(CommandLineError) -> Item {
        guard let item = try context.storage({ () throws(StorageError) in try database.item(id: id) }) else {
            throw .notFound("there is no item \(id); `checklists list --all` shows the ids")
        }
        return item
    }
}
