import Foundation
import GRDB
// The SQLite C API: what the system said when SQLite reports an I/O error.
import GRDBSQLite
import CSQLiteConfig

/// The one owner of the database: the GRDB connection, the migrator and every
/// query. Nothing outside this folder writes SQL.
///
/// Every `apply(_:now:)` is one transaction, committed before it returns:
/// there is no "save on quit", so killing the process loses nothing confirmed.
///
/// This file holds the type and its transactions; the rest are extensions
/// by job, each in its own file: `+Open` (opening, creating and checking
/// the file), `+SQLFunctions` (the collation and functions every connection
/// gets), `+Reads` (what screens and the command line show), `+Reminders`
/// (what the alarm needs), `+Changes` (confirmed edits and the reminder
/// rule), `+Snapshot` (export and import), `+Search` (items containing a
/// text), `+History` (undo and redo), `+Sync`, `+Checks` (soundness checks).
/// The tables' columns are named once, in Records.swift; SQLite's errors
/// become `StorageError`s in StorageError+SQLite.swift.
public final class ChecklistsDatabase: Sendable {
    /// Tuning that tests shorten; the defaults are for people.
    public struct Options: Sendable {
        /// How long a write waits for another process's lock before giving up.
        public var busyTimeout: TimeInterval
        /// The user's calendar and time zone, in which a repeating item's
        /// next occurrence is found when it is checked off (a 09:00 daily
        /// item stays at 09:00 local time). The app and the command line
        /// pass their date style's. Without one, `Calendar.current`, built
        /// only when an item is checked off: building a calendar loads ICU's
        /// calendar and locale data, which a reading command never needs.
        public var calendar: Calendar {
            get { chosenCalendar ?? .current }
            set { chosenCalendar = newValue }
        }
        fileprivate var chosenCalendar: Calendar?
        /// Makes each new item's iCalendar UID (a random UUID); tests count.
        public var makeUID: @Sendable () -> String
        /// Who this process is, for the history: its changes are recorded
        /// as made there, and the app undoes only its own without asking.
        public var origin: HistoryOrigin
        public init(busyTimeout: TimeInterval = 5, calendar: Calendar? = nil,
                    makeUID: @escaping @Sendable () -> String = { UUID().uuidString }, origin: HistoryOrigin = .commandLine) {
            self.busyTimeout = busyTimeout
            chosenCalendar = calendar
            self.makeUID = makeUID
            self.origin = origin
        }

        /// Hears the SQL of every statement any connection runs: what the
        /// tests read to see which statements a change or a read costs.
        package var statementTrace: (@Sendable (String) -> Void)?

        /// The options of a real run: `CHECKLISTS_BUSY_TIMEOUT` (seconds)
        /// shortens the wait for another writer's lock (the tests' faults).
        public static func fromEnvironment(_ environment: [String: String], calendar: Calendar? = nil) -> Options {
            var options = Options(calendar: calendar)
            if let seconds = environment["CHECKLISTS_BUSY_TIMEOUT"].flatMap(Double.init) { options.busyTimeout = seconds }
            return options
        }
    }

    public let path: String
    /// What every read goes through: the writer, or the one read-only
    /// connection of `openForReading`. Only this folder's extensions use
    /// it, through `read` and `run`.
    private let reader: DatabaseQueue
    /// The one connection that writes (and reads); nil when the database
    /// was opened for reading only (a write then fails, it never opens a writer).
    private let writer: DatabaseQueue?
    /// Something the user should hear about once, found while opening: the
    /// file is open to other users. Nil on every later open of the same file
    /// with the same mode, so a dashboard started daily does not nag.
    public let openingNotice: StorageNotice?
    /// `Options.calendar`: where repeating items' occurrences fall.
    var calendar: Calendar { chosenCalendar ?? .current }
    private let chosenCalendar: Calendar?
    /// `Options.makeUID`.
    let uidMaker: @Sendable () -> String
    /// The families of the list last read, while they stay as they were.
    let layouts = FamilyLayoutCache()
    /// `Options.origin`.
    let origin: HistoryOrigin
    /// Whether `open` created the file and put its `creatingFrom` snapshot
    /// in it: the snapshot then needs no `restore`.
    public let holdsCreatingSnapshot: Bool

    init(path: String, reader: DatabaseQueue, writer: DatabaseQueue?, openingNotice: StorageNotice?, options: Options,
                 holdsCreatingSnapshot: Bool = false) {
        self.holdsCreatingSnapshot = holdsCreatingSnapshot
        self.path = path
        self.reader = reader
        self.writer = writer
        self.openingNotice = openingNotice
        chosenCalendar = options.chosenCalendar
        self.uidMaker = options.makeUID
        self.origin = options.origin
    }

    /// Closes the connection (a writer's close checkpoints the WAL into the
    /// file and removes it) and keeps its queue, never freed, as the open's
    /// inspection queues are: freeing a GRDB queue on Linux first makes
    /// Foundation's NotificationCenter to remove it from, then frees a
    /// dispatch queue, which starts a thread.
    deinit {
        InspectionQueues.close(writer ?? reader)
    }

    /// The writing connection, for what only a writer does (the extensions'
    /// `data_version` look and the tests' faults); a reader-only database refuses.
    package func writingConnection() throws(StorageError) -> DatabaseQueue {
        guard let writer else { throw .writeFailed(path: path, detail: "the database was opened for reading only") }
        return writer
    }

    // MARK: - Errors a user can act on

    /// Runs GRDB work and turns its errors into messages a user can act on;
    /// `reading` work that fails never says a change was not saved.
    package func run<T>(reading: Bool = false, _ body: () throws -> T) throws(StorageError) -> T {
        do {
            return try body()
        } catch {
            throw StorageError(error, path: path, reading: reading)
        }
    }

    /// One read transaction (a consistent view of the file while other
    /// processes write), its errors as `run`'s.
    ///
    /// Not GRDB's `read`, which on a connection that also writes turns
    /// `PRAGMA query_only` on before and off after: SQLite expires every
    /// prepared statement at each such pragma, so each read prepared all its
    /// statements again, the two pragmas, BEGIN and COMMIT among them (36 of
    /// the 73 statements the app prepared up to its first frame). Here BEGIN
    /// and COMMIT are prepared once per connection and the statements a read
    /// caches stay prepared. A read's statements are SELECTs; on the
    /// connection of `openForReading` SQLite refuses any write besides.
    func read<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        try run(reading: true) {
            try reader.inDatabase { db in
                try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
                let result: T
                do {
                    result = try body(db)
                } catch {
                    if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
                    throw error
                }
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return result
            }
        }
    }

    /// One write transaction (IMMEDIATE, as GRDB's `write`), its errors
    /// turned into messages a user can act on. SQLite reports most failed
    /// writes as a bare "disk I/O error"; what the system said is read from
    /// the files right after the failure, so a filesystem the kernel turned
    /// read-only under a running app (EROFS) reads as read-only, and a full
    /// one as full.
    /// `body` in one write transaction. `restoring`: the transaction puts a
    /// snapshot in (`restore`), with room for the search index built beside
    /// it (`BackgroundSearchIndex.withRoomForTheBuiltIndex`).
    package func write<T>(restoring: Bool = false, _ body: (Database) throws -> T) throws(StorageError) -> T {
        defer { layouts.noteWrite() }
        return try Self.write(in: writingConnection(), path: path, restoring: restoring, body)
    }

    static func write<T>(in queue: DatabaseQueue, path: String, restoring: Bool = false,
                         _ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                do {
                    func transaction() throws -> T {
                        var result: T?
                        try db.inTransaction {
                            result = try body(db)
                            return .commit
                        }
                        return result!
                    }
                    return try restoring ? BackgroundSearchIndex.withRoomForTheBuiltIndex(db, transaction) : transaction()
                } catch let error as DatabaseError where error.resultCode == .SQLITE_IOERR {
                    throw StorageError(error, path: path, systemError: Self.lastSystemError(db))
                }
            }
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// The errno of the last failed system call on the WAL (where a commit
    /// writes) or else the main file. `sqlite3_system_errno` is not enough:
    /// it was 0 for a commit that failed with EROFS (SQLite records it only
    /// for some statements), while each file keeps its own last errno.
    private static func lastSystemError(_ db: Database) -> Int32 {
        var code: Int32 = 0
        var wal: UnsafeMutablePointer<sqlite3_file>?
        if sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &wal) == SQLITE_OK,
           let wal, let control = wal.pointee.pMethods?.pointee.xFileControl {
            _ = control(wal, SQLITE_FCNTL_LAST_ERRNO, &code)
        }
        if code == 0 { _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_LAST_ERRNO, &code) }
        return code == 0 ? sqlite3_system_errno(db.sqliteConnection) : code
    }
}

