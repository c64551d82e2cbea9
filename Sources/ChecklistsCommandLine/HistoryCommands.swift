import Foundation
import ChecklistsModel

/// `undo`, `redo` and `undo --list`: the same history the app's u and
/// Ctrl-R walk. A script is never asked a question: the command says what
/// it undid and where that change came from, so the output is the record.
public enum HistoryCommands {
    /// Undoes the newest change, or redoes the change undone last. Nothing
    /// to do, or a change refused (a row changed since by something the
    /// history does not hold), is exit status 1 with nothing changed.
    public static func step(_ direction: HistoryDirection, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        let step = try context.storage { () throws(StorageError) in try database.step(direction, now: context.now) }
        switch step {
        case .nothing:
            throw .notFound("nothing to \(direction.verb); `checklists undo --list` shows the history")
        case let .refused(_, entry, reason):
            throw .notFound("cannot \(direction.verb) \(entry.description) (\(where_(entry, context))): \(reason); nothing changed")
        case let .applied(_, entry), let .confirm(_, entry):
            context.output("\(direction.pastTense): \(entry.description) (\(where_(entry, context)))")
        }
    }

    /// The history, newest first: when, where from, what; undone ones
    /// marked. `--json` gives {id, time, origin, description, undone}.
    public static func list(json: Bool, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabaseForReading()
        let entries = try context.storage { () throws(StorageError) in try database.history() }
        if json {
            context.outputUTF8(JSONOutput.array(entries.map { entry in
                .object([
                    ("id", .integer(entry.id)),
                    ("time", .string(Timestamp.format(entry.madeAt, in: context.style.timeZone))),
                    ("origin", .string(entry.origin.rawValue)),
                    ("description", .string(entry.description)),
                    ("undone", .bool(entry.isUndone)),
                ])
            }))
            return
        }
        var table = Table([.left, .left, .left])
        for entry in entries {
            table.add([context.style.format(entry.madeAt), entry.origin.rawValue, (entry.isUndone ? "(undone) " : "") + entry.description])
        }
        table.output(to: context)
    }

    /// "made from the command line, Nov 22, 2026, 9:00 AM".
    private static func where_(_ entry: HistoryEntry, _ context: CommandLineContext) -> String {
        "made \(entry.origin.phrase), \(context.style.format(entry.madeAt))"
    }
}
