import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsUI
import ChecklistsTerminal

/// `checklists`: with no arguments, the full-screen app.
@main
struct ChecklistsCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "checklists",
        abstract: "A full-screen to-do dashboard for the terminal: named checklists, items with due dates.",
        discussion: """
            Run it in a terminal (or a tmux pane) and press ? for the keys.
            The data lives in $XDG_DATA_HOME/checklists/checklists.sqlite (by default under ~/.local/share);
            --db or CHECKLISTS_DB chooses another file. Every change is saved the moment you confirm it.
            Exit status: 0 after q, 2 for bad usage or no usable terminal, 3 for a database problem,
            129/130/143 when ended by SIGHUP/SIGINT/SIGTERM.
            """,
        version: "checklists \(version)"
    )

    @Option(name: .long, help: ArgumentHelp("The database file to use instead of the default.", valueName: "path"))
    var db: String?

    mutating func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let location = DatabaseLocation.resolve(option: db, environment: environment)

        // The terminal is checked before the database is touched, so that a
        // script calling us without a terminal creates nothing.
        if let problem = MainActor.assumeIsolated({ CursesTerminal.preflight() }) {
            Self.fail(problem.description, status: 2)
        }
        let database: ChecklistsDatabase
        do {
            var options = ChecklistsDatabase.Options()
            if let seconds = environment["CHECKLISTS_BUSY_TIMEOUT"].flatMap(Double.init) { options.busyTimeout = seconds }
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
                terminal = try CursesTerminal.start(options: TerminalOptions(colour: !noColour))
            } catch let error as TerminalError {
                Self.fail(error.description, status: 2)
            } catch {
                Self.fail("\(error)", status: 2)
            }
            let context = UIContext(dateStyle: DueDateStyle.fromEnvironment(environment), unicode: terminal.supportsUnicode)
            Runtime(database: database, terminal: terminal, context: context, firstFrameMarker: marker, eventLog: eventLog).run()
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("checklists: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
