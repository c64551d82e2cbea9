import Foundation
import ChecklistsModel

/// `lists`, `new-list`, `delete-list`: the lists themselves, shown, made and
/// deleted by name (their items are `ItemCommands` and `ItemQueryCommands`).
public enum ChecklistCommands {
    /// Every list in All Lists order with the app's detail ("3 Remaining",
    /// "All Done!", "(No Items)"); `--json` gives ids and counts.
    public static func lists(json: Bool, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabaseForReading()
        let summaries = try context.storage { () throws(StorageError) in try database.checklistSummaries() }
        if json {
            context.outputUTF8(JSONOutput.array(summaries.map { summary in
                .object([
                    ("id", .integer(summary.id)),
                    ("name", .string(summary.checklist.name)),
                    ("icon", .string(summary.checklist.icon.rawValue)),
                    ("items", .integer(Int64(summary.itemCount))),
                    ("remaining", .integer(Int64(summary.remainingCount))),
                ])
            }))
            return
        }
        var table = Table([.left, .left])
        for summary in summaries { table.add([summary.checklist.name, summary.detail]) }
        table.output(to: context)
    }

    /// Makes a list. A name another list already has (ignoring case) is
    /// refused by the write itself: the command line finds lists by name.
    public static func newList(name: String, icon: String?, context: CommandLineContext) throws(CommandLineError) {
        let name = try Inputs.text(name, what: "list name")
        let icon = try icon.map { name throws(CommandLineError) in try Inputs.icon(name) } ?? ChecklistIcon.none
        let database = try context.openDatabase()
        try context.storage { () throws(StorageError) in try database.apply(.addChecklist(name: name, icon: icon), now: context.now) }
    }

    /// Deletes a list and its items (their reminders go with them), without
    /// asking: the name was typed on purpose.
    public static func deleteList(name: String, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        let lists = try context.storage { () throws(StorageError) in try database.checklists() }
        let checklist = try Inputs.checklist(named: name, in: lists)
        try context.storage { () throws(StorageError) in try database.apply(.deleteChecklist(id: checklist.id), now: context.now) }
    }
}
