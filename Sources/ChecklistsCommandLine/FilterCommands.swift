import Foundation
import ChecklistsModel

/// `list --filter` and `smart-lists`: the app's filters (`ItemFilter`) and
/// smart lists from the shell.
public enum FilterCommands {
    /// What `--filter` names: a smart list of that name (exactly, else
    /// ignoring case) first, else the text read as a filter; a bad filter
    /// is an error saying what is allowed.
    static func filter(_ typed: String, in database: ChecklistsDatabase, context: CommandLineContext) throws(CommandLineError) -> ItemFilter {
        if let smart = try context.storage({ () throws(StorageError) in try database.smartList(named: typed) }) {
            do {
                return try ItemFilter.parse(smart.filter)
            } catch {
                throw .badInput("the smart list \"\(smart.name)\" has a filter that does not read (\(error.description)); edit it in the app")
            }
        }
        do {
            return try ItemFilter.parse(typed)
        } catch {
            throw .badInput("--filter: \(error.description)")
        }
    }

    /// `list --filter TEXT`: the items matching, by due date, as `list`
    /// prints them (or `--json`), or with `count` just how many.
    public static func list(filter typed: String, json: Bool, count: Bool, context: CommandLineContext) throws(CommandLineError) {
        guard !TextRules.isBlank(typed) else {
            throw .badInput("--filter needs a filter or a smart list's name, e.g. --filter '#work !high'")
        }
        let database = try context.openDatabaseForReading()
        let filter = try filter(typed, in: database, context: context)
        let calendar = context.style.dayCalendar
        if let name = filter.listName {
            // A list that is not there is an error here, as for --list.
            _ = try Inputs.checklist(named: name, in: context.storage { () throws(StorageError) in try database.checklists() })
        }
        if count {
            let matching = try context.storage { () throws(StorageError) in try database.filteredCount(filter, now: context.now, calendar: calendar) }
            context.output(String(matching ?? 0))
            return
        }
        let results = try context.storage { () throws(StorageError) in
            try database.filteredItems(filter, now: context.now, calendar: calendar, limit: Int.max)
        }
        if json {
            var out = LineOutput(to: context)
            for (index, listed) in results.items.enumerated() {
                out.text.append(index == 0 ? "[" : ",")
                out.endLine()
                out.text.append("  ")
                ItemQueryCommands.writeJSON(listed, context: context, to: &out.text)
            }
            out.text.append(results.items.isEmpty ? "[]" : "\n]")
            out.endLine()
            out.flush()
            return
        }
        guard !results.items.isEmpty else { return }
        let widths = [
            results.items.map { String($0.id).utf8.count }.max() ?? 0,
            1,
            results.items.compactMap { $0.item.dueDate.map(context.style.formattedWidth) }.max() ?? 0,
            results.items.map { TextWidth.columns(of: $0.checklistName) }.max() ?? 0,
        ]
        var table = StreamingTable(ItemQueryCommands.ListingColumns.alignments, widths: widths, to: context)
        for listed in results.items { table.add(ItemQueryCommands.ListingColumns.cells(listed, context: context)) }
        table.finish()
    }

    /// `smart-lists`: each smart list with its count and filter, by name.
    public static func smartLists(json: Bool, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabaseForReading()
        let counted = try context.storage { () throws(StorageError) in
            try database.smartListCounts(now: context.now, calendar: context.style.dayCalendar)
        }
        if json {
            context.outputUTF8(JSONOutput.array(counted.map { smart in
                .object([
                    ("id", .integer(smart.smartList.id)),
                    ("name", .string(smart.smartList.name)),
                    ("filter", .string(smart.smartList.filter)),
                    ("count", smart.count.map { .integer(Int64($0)) } ?? .null),
                ])
            }))
            return
        }
        var table = Table([.left, .right, .left])
        for smart in counted {
            table.add([smart.smartList.name, smart.count.map(String.init) ?? "?", smart.smartList.filter])
        }
        table.output(to: context)
    }

    /// `smart-lists --add NAME --filter TEXT`: keeps a filter, as S does in
    /// the app; `u` in the app undoes it.
    public static func addSmartList(name: String, filter: String, context: CommandLineContext) throws(CommandLineError) {
        let name = try Inputs.text(name, what: "smart list's name")
        do {
            _ = try ItemFilter.parse(filter)
        } catch {
            throw .badInput("--filter: \(error.description)")
        }
        let database = try context.openDatabase()
        do {
            try database.saveSmartList(id: nil, name: name, filter: filter, now: context.now)
        } catch {
            if case let .badSmartList(reason) = error { throw .badInput(reason) }
            throw .database(error)
        }
    }

    /// `smart-lists --delete NAME`: deletes it without asking (the name
    /// was typed on purpose); its items stay.
    public static func deleteSmartList(name: String, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabase()
        guard let smart = try context.storage({ () throws(StorageError) in try database.smartList(named: name) }) else {
            let names = (try? database.smartLists().map { "\"\($0.name)\"" }) ?? []
            throw .notFound("no smart list is named \"\(name)\"" + (names.isEmpty ? "; there are none" : "; they are \(names.joined(separator: ", "))"))
        }
        try context.storage { () throws(StorageError) in try database.deleteSmartList(id: smart.id, now: context.now) }
    }
}
