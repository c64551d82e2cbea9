import Foundation
import ChecklistsModel
import ChecklistsCommandLine
import ChecklistsSync

/// `checklists-sync`: what `checklists sync` runs (it parses the options,
/// for its help and completions, and hands them over in one plain form:
/// `--url U --username N --password-command W... --allow-insecure-http
/// --list L --recreate L --db PATH`). A binary of its own because only sync needs
/// libcurl and FoundationXML, whose libraries (libcurl, libssl, libxml2)
/// every other run of `checklists` would load for nothing.
enum SyncCommand {
    /// Runs one sync, printing a line per list (and one per conflict, kept
    /// item or skipped to-do); returns the exit status. The environment gives
    /// the password (`CHECKLISTS_SYNC_PASSWORD`) and the request timeout in
    /// seconds (`CHECKLISTS_SYNC_TIMEOUT`, 30 by default).
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var values: [String: String] = [:]
        var passwordCommand: [String] = []
        var allowInsecureHTTP = false
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            if name == "--allow-insecure-http" {
                allowInsecureHTTP = true
                index += 1
                continue
            }
            guard ["--url", "--username", "--password-command", "--list", "--recreate", "--db"].contains(name), index + 1 < arguments.count else {
                return fail("checklists-sync is run by `checklists sync`; use that (unexpected \(name))", status: 2)
            }
            if name == "--password-command" { passwordCommand.append(arguments[index + 1]) } else { values[name] = arguments[index + 1] }
            index += 2
        }
        let context = CommandLineContext.live(databasePath: values["--db"], environment: environment)
        let settings: SyncSettings
        let database: ChecklistsDatabase
        do {
            settings = try SyncSettings.resolve(url: values["--url"], username: values["--username"], passwordCommand: passwordCommand,
                                                allowInsecureHTTP: allowInsecureHTTP, environment: environment)
            database = try context.openDatabase()
        } catch let error as SyncError {
            return fail(error.description, status: error.exitStatus)
        } catch let error as CommandLineError {
            return fail(error.description, status: error.exitStatus)
        } catch {
            return fail("\(error)", status: 1)
        }
        // From here on every ending is recorded, for the home screen's sync line.
        do {
            let named = { (name: String) throws(CommandLineError) in
                try Inputs.checklist(named: name, in: context.storage { () throws(StorageError) in try database.checklists() })
            }
            let only = try values["--list"].map(named)
            let recreate = try values["--recreate"].map(named)
            let timeout = environment["CHECKLISTS_SYNC_TIMEOUT"].flatMap(Double.init) ?? 30
            let style = context.style
            let client = CalDAVClient(settings: settings, password: try settings.password(environment: environment), timeout: timeout)
            let session = SyncSession(client: client, database: database,
                                      mapping: CalendarMapping(timeZone: style.calendar.timeZone, now: context.now),
                                      describeDate: { style.format($0) })
            for line in try session.run(only: only, recreate: recreate) { context.output(TextWidth.sanitized(line)) }
            return 0
        } catch let error as SyncError {
            try? database.recordSyncStatus(SyncStatus(at: Date(), error: error.summary))
            return fail(error.description, status: error.exitStatus)
        } catch let error as CommandLineError {
            return fail(error.description, status: error.exitStatus)
        } catch {
            return fail("\(error)", status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        FileHandle.standardError.write(Data("checklists: \(TextWidth.sanitized(message))\n".utf8))
        return status
    }
}

exit(SyncCommand.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
