import Foundation
import ChecklistsModel
import ChecklistsCommandLine
import ChecklistsSync
import ChecklistsEventLoop

/// The sync helper: what `checklists sync` and the notifier run, as the same
/// binary started again with `--settings-fd N` (`RootCommand.main`) and the
/// settings as JSON on that descriptor (`SyncSettings.handOver`), so no
/// password is ever in its arguments. A process of its own, so a sync's
/// libcurl (loaded by CCurl when the sync starts) never lives in the app.
public enum SyncCommand {
    /// Runs one sync, printing a line per list (and one per conflict, kept
    /// item or skipped to-do); returns the exit status.
    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let settings: SyncSettings
        do {
            settings = try SyncSettings.received(arguments: arguments)
        } catch {
            return fail(error.description, status: 2)
        }
        let context = CommandLineContext.live(databasePath: settings.databasePath, environment: environment)
        let database: ChecklistsDatabase
        do {
            database = try context.openDatabase()
        } catch {
            return fail(error.description, status: error.exitStatus)
        }
        // One sync of a database at a time: two at once (the notifier's and
        // a command's) each made the lists the other had just made, and the
        // next sync emptied the first calendars on the server. The second
        // waits (one line says so); the first's end, however it ends, lets it go.
        let lock: HeldLock
        switch SyncPresence.wait(databasePath: database.path, waiting: { holder in
            let who = holder.map { $0 > 0 ? " (pid \($0))" : "" } ?? ""
            FileHandle.standardError.write(Data("checklists: another sync of this database is running\(who); waiting for it to end\n".utf8))
        }) {
        case let .success(held): lock = held
        case let .failure(error): return fail(error.description, status: 3)
        }
        defer { lock.release() }
        // From here on every ending is recorded, for the home screen's sync line.
        do {
            let named = { (name: String) throws(CommandLineError) in
                try Inputs.checklist(named: name, in: context.storage { () throws(StorageError) in try database.checklists() })
            }
            let only = try settings.list.map(named)
            let recreate = try settings.recreate.map(named)
            let password: String?
            do {
                password = try settings.resolvedPassword()
            } catch {
                throw SyncError(error)
            }
            let client = CalDAVClient(settings: settings, password: password, timeout: settings.timeout)
            let style = context.style
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
