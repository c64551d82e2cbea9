import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsCommandLine
import ChecklistsConfig
import ChecklistsNotify

// The subcommands: argument parsing only. What each one does lives in
// ChecklistsCommandLine, where tests run it with a fixed time and a
// temporary database. Every command names itself: deriving the name from
// the type goes through String(describing:) and runtime conformance scans
// on every run, which `status` in a tmux status line pays every few
// seconds (DECISIONS.md, "Command-line choices a script can rely on").

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
    let context = CommandLineContext.live(databasePath: databasePath, environment: ProcessEnvironment.read())
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

private let noteHelp = "A note of one or more lines (a new line in the argument is a new line in the note)."

private let priorityHelp = "none, low, medium or high (iCalendar's PRIORITY; a number 0-9 is read as iCalendar reads it)."

private let whenHelp = #"Like the app's date picker: "tomorrow 9", "fri 17:00", "dec 24 18:00", "24.12.", "+2h", "in 3 days 10:00", "tonight", "next week", "2026-12-24 18:00"."#

/// When an item starts, as `--start` takes it.
private let startHelp = "Before then it is not due: left out of the Due view, list --due and status. A day without a time starts at 00:00; before the due date."

/// How long before the due time a reminder rings, as `--remind-before` takes it.
private let remindBeforeHelp = #"15m, 1h, 1d, 2w, 1d9h, or "2 days before 9:00" (that time, two days before the due day)."#

struct Add: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an item and print its id.",
        discussion: """
            Without --list the item goes to config's [add] default_list, or else to the list named Inbox (made when first \
            needed); without --due it has no due date. With --quick (or [add] quick = true) the text is read for a date, \
            #tags, a !priority, a repeat and a reminder at its end: "Pay rent fri 9am #home !high every month"; without it \
            the text is kept exactly as given, so a script adding "Buy 2 kg rice" never gets a date.
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Argument(help: "The item's text.") var text: String
    @Option(parsing: .unconditional, help: ArgumentHelp("The list to add it to.", valueName: "name")) var list: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("When it is due. \(whenHelp)", valueName: "when")) var due: String?
    @Flag(help: "Remind me when it comes due (needs --due).") var remind = false
    @Option(help: ArgumentHelp("Remind me this long before it is due (needs --due; repeatable): \(remindBeforeHelp)", valueName: "how long"))
    var remindBefore: [String] = []
    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Remind me at this moment (repeatable). \(whenHelp)", valueName: "when")) var remindAt: [String] = []
    @Option(help: ArgumentHelp("Repeat it (needs --due): \(repeatHelp)", valueName: "how")) var `repeat`: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(noteHelp, valueName: "text")) var note: String?
    @Option(help: ArgumentHelp("How much it matters: \(priorityHelp)", valueName: "level")) var priority: String?
    @Option(help: ArgumentHelp("A tag (iCalendar's CATEGORIES; repeatable): one word without spaces, commas or #.", valueName: "name"))
    var tag: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("When it starts. \(startHelp)", valueName: "when")) var start: String?
    @Option(help: ArgumentHelp("Add it as a sub-item of this item, last under it, in its list.", valueName: "id")) var parent: Int64?
    @Flag(help: "Read the text as quick add: a date, #tags, !priority, a repeat and a reminder at its end.") var quick = false
    @Flag(help: "Keep the text as given even where config's [add] quick = true.") var literal = false
    @Option(help: ArgumentHelp("The config file to read instead of the default (or set CHECKLISTS_CONFIG); its [add] is read.",
                               valueName: "path"), completion: .file(extensions: ["toml"]))
    var config: String?

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        let section = try addSection(configOption: config ?? root.config)
        if quick && literal { throw .badInput("--quick and --literal contradict each other; give one") }
        try ItemCommands.add(text: text, list: list, due: due, remind: remind, repeat: `repeat`, note: note, priority: priority,
                             remindBefore: remindBefore, remindAt: remindAt, tags: tag, start: start, parent: parent,
                             quick: quick || (section.quick && !literal), defaultList: section.defaultList, context: context)
    }
}

/// config.toml's `[add]`, which `add` reads on both paths (the parser's
/// and the fast one): a missing default file means its defaults.
func addSection(configOption: String?) throws(CommandLineError) -> AddSection {
    do {
        return try Config.load(ConfigLocation.resolve(option: configOption, environment: ProcessEnvironment.read())).add
    } catch {
        throw .badInput(error.description)
    }
}

struct ListItems: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show items not checked off (or all), by due date.",
        discussion: """
            One line per item: id, a mark (! overdue, x checked off, ~ not started yet), due date, list, text (after its priority: !!! high, !! medium, ! low; before its tags: #work).
            Items without a due date come last, with an empty date column.
            --due today: due today; week: today and the 6 days after; overdue: due now or earlier (each leaves out items not started yet).
            --match: only items containing TEXT anywhere, case and accents ignored (as the app's / search).
            --priority: only items of that priority. --tag (repeatable): only items having every tag given (case ignored).
            --filter: the app's filter words (#work !high due:3d list:NAME has:reminder is:checked started text), or a smart list's name (tried first); alone, without the options above.
            --count prints only how many items there are.
            A sub-item listed with its parent comes under it, indented; one listed without it ends with its parent's text (‹ Trip). --flat lists every item in due order, unindented.
            --json prints an array of {id, text, list, listId, due, checked, remind, reminders, nextReminder, overdue, repeat, lastDone, note, priority, tags, start, parent} (see the manual page, JSON).
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Option(parsing: .unconditional, help: ArgumentHelp("Only this list's items.", valueName: "name")) var list: String?
    @Option(help: "Only items due today, this week, or overdue.") var due: DueFilter?
    @Flag(help: "Include items checked off.") var all = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Only items containing this text (case and accents ignored).", valueName: "text")) var match: String?
    @Option(help: ArgumentHelp("Only items of this priority: none, low, medium or high.", valueName: "level")) var priority: String?
    @Option(help: ArgumentHelp("Only items with this tag (repeatable: items having all of them).", valueName: "name")) var tag: [String] = []
    @Flag(help: "Print JSON for scripts.") var json = false
    @Flag(help: "Every item on its own line in due order, sub-items not under their parents.") var flat = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Only items matching this filter (the app's f), or this smart list's.", valueName: "filter")) var filter: String?
    @Flag(help: "Print only how many items there are.") var count = false

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        if let filter {
            // One way to say what to list: the filter holds every other option's meaning.
            let others = [list == nil ? nil : "--list", due == nil ? nil : "--due", all ? "--all" : nil, match == nil ? nil : "--match",
                          priority == nil ? nil : "--priority", tag.isEmpty ? nil : "--tag"].compactMap { $0 }
            if !others.isEmpty {
                throw .badInput("--filter cannot be combined with \(others.joined(separator: ", ")); write it in the filter (list:NAME, due:today, is:any, #tag, !high, text)")
            }
            try FilterCommands.list(filter: filter, json: json, count: count, context: context)
            return
        }
        try ItemQueryCommands.list(list: list, due: due, all: all, match: match, json: json, flat: flat,
                                   fields: FieldFilter(priority: priority, tags: tag), count: count, context: context)
    }
}

struct SmartLists: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "smart-lists",
        abstract: "Show the smart lists (filters kept by name) with their counts; add or delete one.",
        discussion: """
            One line per smart list, by name: name, how many items match now, its filter.
            --add NAME --filter TEXT keeps a filter under a name (as S does in the app); --delete NAME deletes one (its items stay).
            `checklists list --filter NAME` lists a smart list's items.
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Option(parsing: .unconditional, help: ArgumentHelp("Keep --filter under this name.", valueName: "name")) var add: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The filter to keep, with --add.", valueName: "filter")) var filter: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Delete the smart list of this name.", valueName: "name")) var delete: String?
    @Flag(help: "Print JSON for scripts: [{id, name, filter, count}].") var json = false

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        switch (add, delete) {
        case let (name?, nil):
            guard let filter else { throw .badInput("--add needs --filter, e.g. smart-lists --add Urgent --filter '!high due:today'") }
            try FilterCommands.addSmartList(name: name, filter: filter, context: context)
        case let (nil, name?):
            try FilterCommands.deleteSmartList(name: name, context: context)
        case (nil, nil):
            if filter != nil { throw .badInput("--filter goes with --add NAME here; to list its items: checklists list --filter") }
            try FilterCommands.smartLists(json: json, context: context)
        case (_?, _?):
            throw .badInput("give --add or --delete, not both")
        }
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
    @Flag(help: "Check its open sub-items off too (without it they stay open).") var withSubItems = false
    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemCommands.setChecked(id: item.id, true, withSubItems: withSubItems, context: context)
    }
}

struct Undone: Subcommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Uncheck an item (its reminder comes back if it is still ahead).")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try ItemCommands.setChecked(id: item.id, false, context: context) }
}

struct Delete: Subcommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an item (and its reminders).")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    @Flag(help: "Delete its sub-items too (an item with sub-items is not deleted without it).") var withSubItems = false
    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemCommands.delete(id: item.id, withSubItems: withSubItems, context: context)
    }
}

struct Edit: Subcommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change an item's text, due date, reminder, repeat, note, priority, tags or start; the rest stays.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    @Option(parsing: .unconditional, help: "The new text.") var text: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The new due date. \(whenHelp)", valueName: "when")) var due: String?
    @Flag(help: "Clear the due date (and Remind Me, which needs one).") var noDue = false
    @Flag(inversion: .prefixedNo, help: "Turn Remind Me (the reminder at the due time) on or off.") var remind: Bool?
    @Option(help: ArgumentHelp("Add a reminder this long before it is due (repeatable): \(remindBeforeHelp)", valueName: "how long"))
    var remindBefore: [String] = []
    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Add a reminder at this moment (repeatable). \(whenHelp)", valueName: "when")) var remindAt: [String] = []
    @Option(help: ArgumentHelp("Remove the reminder this long before it is due (repeatable).", valueName: "how long"))
    var noRemindBefore: [String] = []
    @Flag(help: "Remove every reminder (before any --remind, --remind-before or --remind-at adds one).") var noReminders = false
    @Option(help: ArgumentHelp("Repeat it: \(repeatHelp)", valueName: "how")) var `repeat`: String?
    @Flag(help: "Stop repeating it.") var noRepeat = false
    @Option(parsing: .unconditional, help: ArgumentHelp(noteHelp + " --note '' clears it.", valueName: "text")) var note: String?
    @Option(help: ArgumentHelp("The new priority: \(priorityHelp)", valueName: "level")) var priority: String?
    @Option(help: ArgumentHelp("Add this tag (repeatable).", valueName: "name")) var tag: [String] = []
    @Option(help: ArgumentHelp("Remove this tag, case ignored (repeatable).", valueName: "name")) var noTag: [String] = []
    @Flag(help: "Remove every tag (before any --tag adds one).") var noTags = false
    @Option(parsing: .unconditional, help: ArgumentHelp("The new start. \(startHelp)", valueName: "when")) var start: String?
    @Flag(help: "Remove the start: the item is due as any other.") var noStart = false
    @Option(help: ArgumentHelp("Make it a sub-item of this item (in the same list), or none: back to the top level.", valueName: "id|none"))
    var parent: String?

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemCommands.edit(id: item.id, text: text, due: due, noDue: noDue, remind: remind, repeat: `repeat`, noRepeat: noRepeat,
                              note: note, priority: priority, remindBefore: remindBefore, remindAt: remindAt, noRemindBefore: noRemindBefore,
                              noReminders: noReminders, tags: tag, noTag: noTag, noTags: noTags, start: start, noStart: noStart,
                              parent: parent, context: context)
    }
}

struct Move: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move an item, with its sub-items, to another list; it keeps its id, due date, reminders and note.",
        discussion: "It goes last in the list's \"order added\" sort. --json prints the moved item as list --json does.")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var item: ItemID
    @Option(parsing: .unconditional, help: ArgumentHelp("The list to move it to.", valueName: "name")) var list: String
    @Flag(help: "Print the moved item as JSON.") var json = false

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        try ItemCommands.move(id: item.id, toList: list, json: json, context: context)
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
    @Option(parsing: .unconditional, help: ArgumentHelp("With --ics: the list every to-do goes to.", valueName: "name")) var list: String?
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

/// `checklists sync`: parsed here (for --help and the completions), run by
/// the sync helper (`SyncHelper`); exec keeps its output and exit status.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync every list (or one) both ways with a CalDAV server.",
        discussion: syncDiscussion)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @OptionGroup var options: SyncOptions
    @Option(help: ArgumentHelp("The config file to read instead of the default (or set CHECKLISTS_CONFIG); its [sync] fills what the options and CHECKLISTS_SYNC_* leave out.", valueName: "path"),
            completion: .file(extensions: ["toml"]))
    var config: String?

    func run() throws {
        let environment = ProcessEnvironment.read()
        let section: SyncSection
        do {
            // Before the subcommand's name the root's --config counts (as --db does).
            section = try Config.load(ConfigLocation.resolve(option: config ?? root.config, environment: environment)).sync
        } catch {
            FileHandle.standardError.write(Data("checklists: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        var settings: SyncSettings
        do {
            settings = try options.settings(over: section, environment: environment)
        } catch {
            FileHandle.standardError.write(Data("checklists: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        settings.databasePath = database.db ?? root.db
        let helper = SyncHelper.path
        do {
            let descriptor = try settings.handOver()
            if descriptor != SyncSettings.handoverDescriptor {
                dup2(descriptor, SyncSettings.handoverDescriptor)
                close(descriptor)
            }
        } catch {
            FileHandle.standardError.write(Data("checklists: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        // The password went into the handover; the helper's environment (and
        // so the password command's) does not carry it.
        let environmentList = SyncSettings.helperEnvironment(environment).map { "\($0.key)=\($0.value)" }
        let arguments = SyncSettings.helperArguments(binary: helper)
        execve(helper, arguments.map { strdup($0) } + [nil], environmentList.map { strdup($0) } + [nil])
        FileHandle.standardError.write(Data("checklists: cannot run \(helper) (\(String(cString: strerror(errno))))\n".utf8))
        throw ExitCode(2)
    }
}

/// The sync helper `checklists sync` and the notifier run: this binary
/// again, as `checklists --settings-fd N` (RootCommand.main). A process of
/// its own, so the network library it loads never lives in the app or the
/// notifier.
enum SyncHelper {
    static var path: String { CommandLine.executablePath }
}

extension CommandLine {
    /// This binary's own file, wherever it was started from.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
    }
}

private let syncDiscussion = """
    Each list is one calendar of to-dos on the server (made when missing); calendars there that no list has \
    become lists here. An item changed on both sides is merged field by field; the same field changed on both \
    sides takes the later change and the line names the value that lost. The password comes from \
    CHECKLISTS_SYNC_PASSWORD or --password-command and is never stored or printed.
    Exit status 4: the server or the network failed (nothing was changed here).
    """

/// `sync`'s options, declared once; `settings` is what they hand to the
/// sync helper.
struct SyncOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The server's address (or set CHECKLISTS_SYNC_URL).", valueName: "url")) var url: String?
    @Option(help: ArgumentHelp("The account (or set CHECKLISTS_SYNC_USERNAME).", valueName: "name")) var username: String?
    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("A command printing the password: once per word (--password-command pass --password-command show --password-command dav), or one JSON array.", valueName: "arg"))
    var passwordCommand: [String] = []
    @Flag(help: "Allow plain http:// to a host other than this machine (sends the password in the clear).") var allowInsecureHttp = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Sync only this list.", valueName: "name")) var list: String?
    @Option(help: ArgumentHelp("Make this list's calendar again after it was deleted on the server, and fill it from here.", valueName: "name"))
    var recreate: String?

    /// The options, over the environment, over the config file's `[sync]`.
    func settings(over section: SyncSection, environment: [String: String]) throws(SyncSettingsError) -> SyncSettings {
        var settings = try section.settings(url: url, username: username, passwordCommand: passwordCommand,
                                            allowInsecureHTTP: allowInsecureHttp, environment: environment)
        settings.list = list
        settings.recreate = recreate
        return settings
    }
}

struct Notify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Deliver reminders while no copy of the app is open: to the desktop (D-Bus), tmux, or your own command.",
        discussion: """
            Runs in the foreground without a terminal (start it from a tmux hook, a systemd user unit or with &), \
            one per database: a second one says which one runs and exits 0. While a copy of the app is open on the \
            database, the app shows each reminder and this stays silent. Every delivery and every problem is one line on stderr.

            The channels and the command come from the config file's [notify] section: \
            $XDG_CONFIG_HOME/checklists/config.toml (else ~/.config/checklists/config.toml), or --config / CHECKLISTS_CONFIG.

            Exit status: 0 when stopped by a signal or when one already runs; --status: 0 running, 1 not; \
            2 a bad config file; 3 a database problem.
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Option(help: ArgumentHelp("The config file to read instead of the default (or set CHECKLISTS_CONFIG).", valueName: "path"),
            completion: .file(extensions: ["toml"]))
    var config: String?
    @Flag(help: "Say whether a notifier runs on the database (exit 0 yes, 1 no).") var status = false
    @Flag(help: "Stop the running notifier (SIGTERM) and wait until it has ended.") var stop = false

    func run() throws {
        let environment = ProcessEnvironment.read()
        let location = DatabaseLocation.resolve(option: database.db ?? root.db, environment: environment)
        if status && stop { throw ValidationError("give --status or --stop, not both") }
        let exitStatus: Int32
        if status {
            exitStatus = NotifyCommand.status(database: location)
        } else if stop {
            exitStatus = NotifyCommand.stop(database: location)
        } else {
            // Before the subcommand's name the root's --config counts (as --db does).
            let configLocation = ConfigLocation.resolve(option: config ?? root.config, environment: environment)
            exitStatus = MainActor.assumeIsolated { NotifyCommand.run(database: location, config: configLocation, environment: environment,
                                                                        syncHelper: SyncHelper.path) }
        }
        if exitStatus != 0 { throw ExitCode(exitStatus) }
    }
}

struct Undo: Subcommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the latest change (made here, in the app or by a sync) and say what it was and where it came from.",
        discussion: """
            One history for the database, the same as the app's u and Ctrl-R. A change whose rows were changed since \
            by something the history does not hold is refused (exit 1), nothing changed.
            --list shows the history, newest first: when, where from, what; --json as {id, time, origin, description, undone}.
            """)
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    @Flag(help: "Show the history instead, newest first.") var list = false
    @Flag(help: "With --list: print JSON for scripts.") var json = false
    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        if json && !list { throw .badInput("--json goes with --list: `checklists undo --list --json`") }
        if list {
            try HistoryCommands.list(json: json, context: context)
        } else {
            try HistoryCommands.step(.undo, context: context)
        }
    }
}

struct Redo: Subcommand {
    static let configuration = CommandConfiguration(commandName: "redo", abstract: "Redo the change undone last (until a new change is made).")
    @OptionGroup var database: DatabaseOption
    @ParentCommand var root: RootCommand
    func perform(_ context: CommandLineContext) throws(CommandLineError) { try HistoryCommands.step(.redo, context: context) }
}
