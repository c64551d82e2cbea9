import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsCommandLine

// The subcommands: argument parsing only. What each one does lives in
// ChecklistsCommandLine, where tests run it with a fixed time and a
// temporary database. Every command names itself: deriving the name from
// the type goes through String(describing:) and runtime conformance scans,
// about 2 ms of every run (measured with perf), which `status` in a tmux
// status line pays every few seconds.

/// `--db` for every subcommand, so it works after the subcommand's name too
/// (`checklists add milk --db x.sqlite`); before it, the root's `--db` counts.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file to use instead of the default (or set CHECKLISTS_DB).", valueName: "path"))
    var db: String?
}

/// What every subcommand does around its work: build the live context, run,
/// and turn a failure into "checklists: message" on stderr and its status.
protocol Subcommand: ParsableCommand {
    var database: DatabaseOption { get }
    var root: RootCommand { get }
    func perform(_ context: CommandLineContext) throws(CommandLineError)
}

extension Subcommand {
    func run() throws {
        let status = execute(databasePath: database.db ?? root.db, perform)
        if status != 0 { throw ExitCode(status) }
    }
}

/// Runs a subcommand's work in the live context; a failure is
/// "checklists: message" on stderr. Returns the exit status.
func execute(databasePath: String?, _ perform: (CommandLineContext) throws(CommandLineError) -> Void) -> Int32 {
    let context = CommandLineContext.live(databasePath: databasePath, environment: ProcessInfo.processInfo.environment)
    do {
        try perform(context)
        return 0
    } catch {
        FileHandle.standardError.write(Data("checklists: \(error.description)\n".utf8))
        return error.exitStatus
    }
}

extension DueFilter: ExpressibleByArgument {}

private let repeatHelp = #"daily, weekdays, weekly, monthly, yearly, "every N days", "every N weeks" (or an RRULE such as FREQ=WEEKLY;INTERVAL=2). Checking it off moves it to its next due date."#

private let whenHelp = #"Like the app's date picker: "tomorrow 9", "fri 17:00", "dec 24 18:00", "24.12.", "+2h", "in 3 days 10:00", "tonight", "next week", "2026-12-24 18:00"."#

struct Add: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an item and print its id.",
        discussion: "Without --list the item goes to the first list (All Lists order); without --due it has no due date.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Argument(help: "The item's text.") var text: String
    @Option(help: ArgumentHelp("The list to add it to.", valueName: "name")) var list: String?
    @Option(help: ArgumentHelp("When it is due. \(whenHelp)", valueName: "when")) var due: String?
    @Flag(help: "Remind me when it comes due (needs --due).") var remind = false
    @Option(help: ArgumentHelp("Repeat it (needs --due): \(repeatHelp)", valueName: "how")) var `repeat`: String?

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemCommands.add(text: text, list: list, due: due, remind: remind, repeat: `repeat`, context: context)
    }
}

struct ListItems: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show items not checked off (or all), by due date.",
        discussion: """
            One line per item: id, a mark (! overdue, x checked off), due date, list, text.
            Items without a due date come last, with an empty date column.
            --due today: due today; week: today and the 6 days after; overdue: due now or earlier.
            --json prints an array of {id, text, list, listId, due, checked, remind, overdue, repeat, lastDone} (see the README).
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Option(help: ArgumentHelp("Only this list's items.", valueName: "name")) var list: String?
    @Option(help: "Only items due today, this week, or overdue.") var due: DueFilter?
    @Flag(help: "Include items checked off.") var all = false
    @Flag(help: "Print JSON for scripts.") var json = false

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemQueryCommands.list(list: list, due: due, all: all, json: json, context: context)
    }
}

/// `done`, `undone` and `delete` take one item id.
struct ItemID: ParsableArguments {
    @Argument(help: ArgumentHelp("The item's id, as `checklists list` shows it.", valueName: "id")) var id: Int64
}

struct Done: Subcommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Check an item off (its reminder is cancelled); a repeating item stays open, due at its next occurrence.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ItemCommands.setChecked(id: item.id, true, context: context) }
}

struct Undone: Subcommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Uncheck an item (its reminder comes back if it is still ahead).")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ItemCommands.setChecked(id: item.id, false, context: context) }
}

struct Delete: Subcommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an item (and its reminder).")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ItemCommands.delete(id: item.id, context: context) }
}

struct Edit: Subcommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change an item's text, due date, reminder or repeat; the rest stays.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    @Option(help: "The new text.") var text: String?
    @Option(help: ArgumentHelp("The new due date. \(whenHelp)", valueName: "when")) var due: String?
    @Flag(help: "Clear the due date (and Remind Me, which needs one).") var noDue = false
    @Flag(inversion: .prefixedNo, help: "Turn Remind Me on or off.") var remind: Bool?
    @Option(help: ArgumentHelp("Repeat it: \(repeatHelp)", valueName: "how")) var `repeat`: String?
    @Flag(help: "Stop repeating it.") var noRepeat = false

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemCommands.edit(id: item.id, text: text, due: due, noDue: noDue, remind: remind, repeat: `repeat`, noRepeat: noRepeat,
                              context: context)
    }
}

struct Lists: Subcommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Show the lists with how many items remain.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Flag(help: "Print JSON for scripts.") var json = false
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ChecklistCommands.lists(json: json, context: context) }
}

struct NewList: Subcommand {
    static let configuration = CommandConfiguration(commandName: "new-list", abstract: "Make a list.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Argument(help: "The list's name (not one another list has).") var name: String
    @Option(help: ArgumentHelp("The list's icon.", valueName: "icon"),
            completion: .list(ChecklistIcon.allCases.map(\.rawValue))) var icon: String?
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ChecklistCommands.newList(name: name, icon: icon, context: context) }
}

struct DeleteList: Subcommand {
    static let configuration = CommandConfiguration(commandName: "delete-list", abstract: "Delete a list and all its items (and their reminders), without asking.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Argument(help: "The list's name.") var name: String
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ChecklistCommands.deleteList(name: name, context: context) }
}

struct Status: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "One short line for tmux's status-right: \"2 due today, 1 overdue\" or \"nothing due\".")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ItemQueryCommands.status(context: context) }
}

struct Export: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print everything (lists, items, reminders) as JSON that import takes back exactly, or write iCalendar files.",
        discussion: "--ics DIR writes a vdir: a folder per list (with a displayname file) holding one UID.ics to-do per item, as todoman and vdirsyncer read them.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Flag(help: "JSON (the default).") var json = false
    @Option(help: ArgumentHelp("Write iCalendar to-dos into this folder instead.", valueName: "dir"), completion: .directory) var ics: String?
    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        if json && ics != nil { throw .badInput("give --json or --ics, not both") }
        if let ics {
            try CalendarFileCommands.export(to: ics, context: context)
        } else {
            try ExportImportCommands.export(context: context)
        }
    }
}

struct Import: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load an export into a new database (or replace everything with --replace), all or nothing; or add iCalendar to-dos.",
        discussion: """
            --ics PATH reads one .ics file (one or many to-dos), a folder of them, or a vdir, and adds its to-dos (an item with \
            the same UID is updated) to the list of each folder's displayname, or of --list. All or nothing.
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Flag(help: "JSON (the default).") var json = false
    @Flag(help: "Replace everything the database holds (JSON only).") var replace = false
    @Option(help: ArgumentHelp("Read iCalendar to-dos from this file or folder instead.", valueName: "path"), completion: .file(extensions: ["ics"]))
    var ics: String?
    @Option(help: ArgumentHelp("With --ics: the list every to-do goes to.", valueName: "name")) var list: String?
    @Argument(help: ArgumentHelp("The file export wrote; - reads standard input.", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String?
    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        if let ics {
            if json || replace || file != nil { throw .badInput("--ics takes its path alone (no --json, --replace or file)") }
            try CalendarFileCommands.importFiles(path: ics, list: list, context: context)
        } else {
            guard let file else { throw .badInput("give the file to import (or --ics PATH)") }
            if list != nil { throw .badInput("--list goes with --ics") }
            try ExportImportCommands.importFile(path: file, replace: replace, context: context)
        }
    }
}
