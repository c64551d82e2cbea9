import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsUI
import ChecklistsTerminal
import ChecklistsCommandLine
import ChecklistsNotify
import ChecklistsConfig
import ChecklistsEventLoop
import ChecklistsSyncCommand

/// `checklists`, the argument parser's root: with no arguments, the
/// full-screen app; with a subcommand (Subcommands.swift), one change or
/// query for scripts and the shell.
@main
struct RootCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "checklists",
        abstract: "A full-screen to-do dashboard for the terminal: named checklists, items with due dates.",
        usage: """
            checklists [--db <path>] [--config <path>]   (the full-screen app)
            checklists <subcommand> [<options>]
            """,
        discussion: """
            Without a subcommand, run it in a terminal (or a tmux pane) and press ? for the keys. \
            The subcommands change or show the same data from the shell and scripts.

            The data lives in $XDG_DATA_HOME/checklists/checklists.sqlite (by default under ~/.local/share); \
            --db or CHECKLISTS_DB chooses another file, for the app and every subcommand. \
            Every change is saved the moment you confirm it.

            Exit status: 0 ok (after q), 1 not found, 2 bad usage or input or no usable terminal, \
            3 a database problem, 4 a sync server or network problem (sync), 5 the output could not be written \
            (a full disk), 129/130/143 when ended by SIGHUP/SIGINT/SIGTERM.

            Shell completions: checklists --generate-completion-script bash|zsh|fish
            """,
        version: "checklists \(version)",
        subcommands: [
            Add.self, ListItems.self, Done.self, Undone.self, Delete.self, Edit.self, Move.self,
            Lists.self, NewList.self, DeleteList.self, SmartLists.self, Status.self, Export.self, Import.self, Notify.self, Sync.self,
            Undo.self, Redo.self,
        ]
    )

    @Option(name: .long, help: ArgumentHelp("The database file to use instead of the default.", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("The config file to read instead of the default (or set CHECKLISTS_CONFIG); its [keys] and [colors] are the app's.", valueName: "path"))
    var config: String?

    /// Runs a subcommand or the app. Usage errors exit 2 (the manual page's
    /// promise) rather than ArgumentParser's 64; `--help` still exits 0.
    static func main() {
        // Before anything else grows the process: the loader's table is
        // read, and its 2 MB would count in every run's peak memory.
        LoaderTables.releaseRelocations()
        let raw = (0..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
        }
        if let problem = RawArguments.invalidUTF8Problem(raw) { fail(problem, status: 2) }
        // The sync helper `checklists sync` and the notifier start: this
        // binary again (SyncHelper), never a command a user types.
        if SyncSettings.startsHelper(Array(CommandLine.arguments.dropFirst())) {
            Foundation.exit(SyncCommand.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
        }
        if let status = answerWithoutParser(Array(CommandLine.arguments.dropFirst())) { Foundation.exit(status) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let arguments = Array(CommandLine.arguments.dropFirst())
                if let message = misspeltCommand(arguments) { fail(message, status: 2) }
                let parserMessage = fullMessage(for: error)
                if let message = dashedPositional(arguments, parserMessage: parserMessage) { fail(message, status: 2) }
                fail(oneLine(message(for: error), parserMessage: parserMessage), status: 2)
            }
            exit(withError: error)
        }
    }

    /// `--version`, the app's own launch (`checklists`, `checklists --db
    /// P`) and the subcommands scripts and status lines call most
    /// (`plainSubcommand`), answered without the argument parser, which
    /// builds every command's arguments through reflection and runtime
    /// conformance lookups, a large share of a short command's time
    /// (DECISIONS.md, "The floor"). Only
    /// these shapes, with a path that cannot be an option; everything else
    /// (`status --help`, `--db=x`, a typo) goes to the parser as before.
    /// Returns the exit status, or nil to parse.
    static func answerWithoutParser(_ arguments: [String]) -> Int32? {
        func app(_ path: String?) -> Int32 {
            runApp(databaseOption: path, configOption: nil)
            return 0
        }
        if arguments == ["--version"] {
            print(configuration.version)
            return 0
        }
        if arguments.isEmpty { return app(nil) }
        if arguments.count == 2 && arguments[0] == "--db" {
            return arguments[1].isEmpty || arguments[1].hasPrefix("-") ? nil : app(arguments[1])
        }
        return plainSubcommand(arguments)
    }

    /// The parser's refusal as one line, as every other error is: its own
    /// words, and where the command's help is ("unknown option '--bogus';
    /// see `checklists add --help`"), not its block of Error, Help and
    /// Usage lines.
    static func oneLine(_ message: String, parserMessage: String) -> String {
        var text = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        if text.hasSuffix(".") { text.removeLast() }
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true {
            text = first.lowercased() + text.dropFirst()
        }
        if let hint = parserMessage.range(of: #"See '[^']+ --help'"#, options: .regularExpression) {
            // After the parser's question ("Did you mean '--db'?"), a sentence of its own.
            text += (text.hasSuffix("?") ? " See `" : "; see `") + parserMessage[hint].dropFirst(5).dropLast() + "`"
        }
        return text
    }

    /// For a command line the parser refused: a first word that names no
    /// command but is a slip of one (`checklists lst`), where the parser says
    /// only "Unexpected argument 'lst'", so the command meant is offered.
    /// Asked only once the parser has refused, so a good command line pays
    /// nothing for it. Nil for a word near no command: the parser's message
    /// stands.
    static func misspeltCommand(_ arguments: [String]) -> String? {
        guard let word = commandWord(arguments) else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard word != "help", !names.contains(word), let meant = Spelling.nearest(to: word, in: names).first else { return nil }
        return #"there is no command "\#(word)"; did you mean "\#(meant)"? (`checklists --help` lists them)"#
    }

    /// For a command line the parser refused for a missing positional
    /// (`checklists add "-5 kg rice"`), where the text was given but begins
    /// with a dash and so read as an option: how to give it. No option of
    /// ours has a short name, so a word with one dash, or with a space in
    /// it, is never an option; a word like `--weird` is left to the parser's
    /// own message, and so is one right after an option, which may be its
    /// value (`--note "- milk"` with the text forgotten). Nil otherwise.
    static func dashedPositional(_ arguments: [String], parserMessage: String) -> String? {
        let missing = "Error: Missing expected argument '"
        guard parserMessage.hasPrefix(missing) else { return nil }
        let positional = parserMessage.dropFirst(missing.count).prefix { $0 != "'" }
        let options = arguments.prefix { $0 != "--" }
        func afterAnOption(_ index: Int) -> Bool { index > 0 && arguments[index - 1].hasPrefix("--") }
        guard let subcommand = commandWord(arguments),
              let place = options.indices.first(where: { index in
                  let word = options[index]
                  return word.hasPrefix("-") && word != "-" && (!word.hasPrefix("--") || word.contains(" ")) && !afterAnOption(index)
              })
        else { return nil }
        let word = options[place]
        return #"\#(positional) "\#(word)" begins with a dash, so it reads as an option; give it last, after --: checklists \#(subcommand) ... -- "\#(word)""#
    }

    /// The first word that is no root option or its value: the subcommand's
    /// name when the line has one.
    static func commandWord(_ arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-") {
            // The root's options that take their value as the next argument.
            if ["--db", "--config", "--generate-completion-script"].contains(arguments[index]) { index += 1 }
            index += 1
        }
        return index < arguments.count ? arguments[index] : nil
    }

    /// The subcommands scripts and status lines call most (`status`,
    /// `list`, `lists`, `add`, `done`, `undone`, `delete`) in their plain
    /// shapes (`PlainArguments`), without the parser; nil for any other
    /// command line.
    static func plainSubcommand(_ arguments: [String]) -> Int32? {
        guard let (command, databasePath) = PlainArguments.command(arguments) else { return nil }
        return execute(databasePath: databasePath, command.perform)
    }

    mutating func run() throws {
        Self.runApp(databaseOption: db, configOption: config)
    }

    /// The full-screen app, until the user quits.
    static func runApp(databaseOption db: String?, configOption config: String?) {
        let environment = ProcessEnvironment.read()
        let location = DatabaseLocation.resolve(option: db, environment: environment)
        // Read first: a bad file is refused (exit 2, as the notifier does)
        // before a terminal or a database is touched.
        let settings: Config
        do {
            settings = try Config.load(ConfigLocation.resolve(option: config, environment: environment))
        } catch {
            Self.fail(error.description, status: 2)
        }

        // The terminal is checked before the database is touched, so that a
        // script calling us without a terminal creates nothing.
        if let problem = MainActor.assumeIsolated({ CursesTerminal.preflight() }) {
            Self.fail(problem.description, status: 2)
        }
        // Before the database's queues start threads: a SIGTERM, SIGINT,
        // SIGHUP, or a resize, from now on waits for the runtime's signal
        // sources, set up after the first frame, instead of being lost
        // (`HeldSignals`).
        HeldSignals.hold(HeldSignals.stopping + HeldSignals.terminal)
        let dateStyle = DueDateStyle.fromEnvironment(environment)
        let database: ChecklistsDatabase
        do {
            // Repeating items need the zone, not the language (as on the
            // command line): the day calendar loads no locale data.
            var options = ChecklistsDatabase.Options.fromEnvironment(environment, calendar: dateStyle.dayCalendar)
            options.origin = .app
            database = try ChecklistsDatabase.open(location, options: options)
        } catch {
            Self.fail(error.description, status: 3)
        }
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
        let marker = environment["CHECKLISTS_FIRST_FRAME_FILE"]
        let eventLog = environment["CHECKLISTS_EVENT_LOG"]
        MainActor.assumeIsolated {
            let terminal: CursesTerminal
            do {
                terminal = try CursesTerminal.start(options: TerminalOptions(colour: !noColour, theme: settings.colors.theme))
            } catch let error as TerminalError {
                Self.fail(error.description, status: 2)
            } catch {
                Self.fail("\(error)", status: 2)
            }
            let context = UIContext(dateStyle: dateStyle, unicode: terminal.supportsUnicode, keys: settings.keys.keyMap,
                                    defaultList: settings.add.defaultList)
            Runtime(database: database, terminal: terminal, context: context, now: Date.init,
                    firstFrameMarker: marker, eventLog: eventLog,
                    notifierPID: { NotifyCommand.runningPID(database: database.path) }).run()
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("checklists: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
