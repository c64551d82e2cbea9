import Foundation
import GRDB
// The SQLite C API: what the system said when SQLite reports an I/O error.
import GRDBSQLite
import CSQLiteConfig

/// The one owner of the database: the GRDB pool, the migrator and every
/// query. Nothing outside this folder writes SQL.
///
/// Every `apply(_:now:)` is one transaction, committed before it returns:
/// there is no "save on quit", so killing the process loses nothing confirmed.
///
/// This file holds the type, its opening and how its errors reach the user;
/// the queries are extensions by job, each in its own file: `+Reads` (what
/// screens and the command line show), `+Reminders` (what the alarm needs),
/// `+Changes` (confirmed edits and the reminder rule), `+Snapshot` (export
/// and import), `+Search` (items containing a text), `+Checks` (soundness checks and faults for tests). The
/// tables' columns are named once, in Records.swift.
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
        var statementTrace: (@Sendable (String) -> Void)?

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
    /// `Options.origin`.
    let origin: HistoryOrigin
    /// Whether `open` created the file and put its `creatingFrom` snapshot
    /// in it: the snapshot then needs no `restore`.
    public let holdsCreatingSnapshot: Bool

    private init(path: String, reader: DatabaseQueue, writer: DatabaseQueue?, openingNotice: StorageNotice?, options: Options,
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
    /// Foundation's NotificationCenter to remove it from (a tenth of
    /// `status`), then frees a dispatch queue, which starts a thread.
    deinit {
        InspectionQueues.close(writer ?? reader)
    }

    /// The writing connection, for what only a writer does (the extensions'
    /// `data_version` look and the tests' faults); a reader-only database refuses.
    func writingConnection() throws(StorageError) -> DatabaseQueue {
        guard let writer else { throw .writeFailed(path: path, detail: "the database was opened for reading only") }
        return writer
    }

    // MARK: - Opening

    /// Opens (creating on first use) the database at `location`, refusing any
    /// file that is not ours or that we cannot safely write, without changing it.
    /// A file created now holds `snapshot` when one is given (an import into
    /// a new file), put in before the file is: see `create`.
    public static func open(_ location: DatabaseLocation, options: Options = Options(),
                            creatingFrom snapshot: Snapshot? = nil) throws(StorageError) -> ChecklistsDatabase {
        let path = location.path
        let folder = (path as NSString).deletingLastPathComponent
        try FileChecks.prepareFolder(folder, for: path, create: location.createsFolder)

        // Two processes opening a new database at once could both decide to
        // create it and race in the migrator: serialise the whole open.
        let folderLock = try FileChecks.lockFolder(folder, for: path)
        defer { folderLock.unlock() }

        let configuration = connectionConfiguration(options)
        let header = try FileChecks.inspectHeader(path)
        if header == .missing {
            if let snapshot { try Self.checkTexts(snapshot) }
            try create(path, configuration: configuration, filling: snapshot, makeUID: options.makeUID)
        } else if header == .unknown {
            // Maybe another program's: only a read-only connection looks at
            // it, one that can neither roll back its journal nor checkpoint
            // its WAL on closing.
            try FileChecks.inspectWithSQLite(path, migrator: Schema.migrator, busyTimeout: options.busyTimeout)
        }

        // One connection reads and writes: the app and the notifier do both
        // on the main queue, a command does one thing and ends. A pool
        // opened a second connection for the first read (SQLite parsing the
        // whole schema again, GRDB setting it up) and made sure of the WAL
        // with a write (DECISIONS.md, "One connection for a writer").
        let sideFiles = FileChecks.missingSideFiles(path)
        let queue: DatabaseQueue
        var readiness = FileChecks.Readiness.needsWriter
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            FileChecks.removeSideFiles(sideFiles)
            throw StorageError(error, path: path)
        }
        do {
            // A file whose header is ours is checked on this connection
            // before anything is written: refused (a newer version's, a
            // damaged one), it is closed without the checkpoint a last
            // connection makes, and its folder gets back as it was.
            // What it finds also spares the start what it already knows:
            // a file migrated and made ready needs no migrator.
            if header == .ours {
                readiness = try queue.read { db in try FileChecks.readiness(db, path: path, migrator: Schema.migrator) }
            }
            try queue.writeWithoutTransaction { db in
                if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                }
                // SQLite's default for WAL is NORMAL: commits reach the disk
                // only at the next checkpoint, and a crash of the system or
                // the disk before then loses edits the screen showed as
                // saved (the read-only disk test lost one when ext4 turned
                // read-only). FULL syncs the WAL at every commit.
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
        } catch {
            InspectionQueues.closeWithoutCheckpoint(queue)
            FileChecks.removeSideFiles(sideFiles)
            throw StorageError(error, path: path)
        }
        let notice = try prepareSchema(queue, path: path, openMode: FileChecks.modeOpenToOthers(path), readiness: readiness)
        withoutStatementAuthorizer(queue)
        return ChecklistsDatabase(path: path, reader: queue, writer: queue, openingNotice: notice, options: options,
                                  holdsCreatingSnapshot: header == .missing && snapshot != nil)
    }

    /// Opens the database for reading only: one read-only connection, and
    /// nothing written or synced, neither the file nor its WAL (SQLite sets
    /// up its shared-memory index, as for any reader). What `open` refuses
    /// is refused here too, checked on that one connection: not SQLite,
    /// another program's, from a newer version, damaged, unwritable. A file
    /// open to other users is reported without being recorded (recording
    /// is a write): every read says so until a writer records it.
    ///
    /// A file that does not exist yet, or that an older version wrote and
    /// must be migrated first, is opened by `open` instead: creating and
    /// migrating are writes, made once, by whoever comes first.
    public static func openForReading(_ location: DatabaseLocation, options: Options = Options()) throws(StorageError) -> ChecklistsDatabase {
        let path = location.path
        // Missing (or gone since): `open` creates it, the folder too.
        guard FileChecks.exists(path), try FileChecks.inspectHeader(path) != .missing else { return try open(location, options: options) }
        var configuration = connectionConfiguration(options)
        configuration.readonly = true
        // A command that reads maps the file instead of copying each page
        // with pread. Not the app, which stays open all day, where the
        // mapped pages would count in its memory (DECISIONS.md, "Reading by
        // position, mapping the file").
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 268435456") }
        // SQLite's reader leaves an empty -wal and the -shm when it found
        // none, as any reader does; a refused file gets its folder back as it was.
        let sideFiles = FileChecks.missingSideFiles(path)
        var opened: DatabaseQueue?
        let readiness: FileChecks.Readiness
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            opened = queue
            readiness = try queue.read { db in try FileChecks.readiness(db, path: path, migrator: Schema.migrator) }
        } catch {
            opened.map(InspectionQueues.close)
            FileChecks.removeSideFiles(sideFiles)
            throw StorageError(error, path: path)
        }
        guard let queue = opened, case let .ready(reportedOpenMode) = readiness else {
            opened.map(InspectionQueues.close)
            return try open(location, options: options)
        }
        withoutStatementAuthorizer(queue)
        var notice: StorageNotice?
        if let openMode = FileChecks.modeOpenToOthers(path), reportedOpenMode != String(openMode, radix: 8) {
            notice = .openToOthersUntilRecorded(path: path, mode: Int(openMode))
        }
        return ChecklistsDatabase(path: path, reader: queue, writer: nil, openingNotice: notice, options: options)
    }

    /// Takes GRDB's statement authorizer off the connection, once the file
    /// is checked and migrated. SQLite calls it for every column a
    /// statement names while it is prepared, and GRDB builds a "database
    /// region" of each (tables and column names made into Strings, hashed
    /// case-insensitively) for its value observation, notes schema changes
    /// for its schema cache, and transactions for its transaction
    /// observers: none of which this code uses after the open (it asks
    /// `sqlite_master` itself, and watches the file for changes).
    /// Set only here, between statements: SQLite expires the prepared ones.
    private static func withoutStatementAuthorizer(_ queue: DatabaseQueue) {
        queue.inDatabase { db in _ = sqlite3_set_authorizer(db.sqliteConnection, nil, nil) }
    }

    /// What SQLite is told once, before the process's first connection
    /// (every open comes through `connectionConfiguration` first).
    private static let sqliteSetUp: Void = { _ = checklists_sqlite_without_memory_statistics() }()

    /// Every connection's set-up: how long to wait for a lock, the
    /// natural order collation the queries name, and temporary files in
    /// memory. The last is for the statement journal SQLite keeps for a
    /// statement that fires triggers inside a transaction: on disk, an
    /// import spent most of its time writing it, and it is thrown away at
    /// the statement's end, so it never needed a disk.
    private static func connectionConfiguration(_ options: Options) -> Configuration {
        _ = sqliteSetUp
        var configuration = Configuration()
        configuration.busyMode = .timeout(options.busyTimeout)
        configuration.prepareDatabase { db in
            db.add(collation: naturalCollation)
            // The search index's triggers call it: every connection that
            // may write an item (or migrate) needs it, and readers fold
            // the same way for `instr`.
            addSearchFold(to: db)
            // Only a writer keeps statement journals; a reader (`status`
            // in a tmux status line) is not made to run one more statement.
            if !db.configuration.readonly { try db.execute(sql: "PRAGMA temp_store = MEMORY") }
            if let trace = options.statementTrace { db.trace { trace($0.description) } }
        }
        return configuration
    }

    /// Builds a new database beside `path` and renames it into place only
    /// when it is complete: migrated, in WAL mode, and wholly in the main
    /// file (header and application id included). A first start killed
    /// half-way (the killed-writer stress test did it) leaves only the
    /// `.creating` file, which the next start replaces; before, it left an
    /// empty file or one with GRDB's migration table and no application id,
    /// which every later start refused as "another program's database".
    ///
    /// With a snapshot (an import into a new file), it is put in before the
    /// file is renamed into place, with the journal in memory: the file is
    /// nobody's yet, and a failure throws it away, so each page is written
    /// once, where through the WAL it was written there and then again by
    /// the checkpoint, and the file
    /// appears with all of the import or not at all.
    ///
    /// For the same reason nothing is synced while it is built (each of the
    /// thirteen migrations synced its commit): the finished file is synced
    /// once before the rename, and its folder after, so that what the
    /// rename shows is on the disk when the open returns.
    private static func create(_ path: String, configuration: Configuration,
                               filling snapshot: Snapshot? = nil, makeUID: () -> String) throws(StorageError) {
        let partial = path + ".creating"
        try FileChecks.createPrivateFile(partial, for: path)
        do {
            let queue = try DatabaseQueue(path: partial, configuration: configuration)
            defer { InspectionQueues.close(queue) }
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = OFF") }
            let journal = snapshot == nil ? "WAL" : "MEMORY"
            _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = \(journal)") }
            try Schema.migrator.migrate(queue)
            if let snapshot {
                _ = try write(in: queue, path: path, restoring: true) { db in
                    try restore(snapshot, replacingExisting: false, in: db, makeUID: makeUID)
                }
                _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            }
            _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        } catch {
            for suffix in ["", "-wal", "-shm"] { unlink(partial + suffix) }
            throw StorageError(error, path: path)
        }
        for suffix in ["-wal", "-shm"] { unlink(partial + suffix) }
        guard FileChecks.sync(partial) else {
            let detail = String(cString: strerror(errno))
            unlink(partial)
            throw .cannotOpen(path: path, detail: detail)
        }
        guard rename(partial, path) == 0 else {
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        _ = FileChecks.sync((path as NSString).deletingLastPathComponent)
    }

    /// Migrates, then runs the start's write transaction. `openMode` is the
    /// file's mode when other users can open it; the mode reported is kept
    /// in the file, so each mode is reported once (and again if the file is
    /// made private and later opened up again). `readiness` is what the
    /// check of the file found: a file already ready is not migrated, and
    /// its preferences are not read again (the open holds the folder's
    /// lock, so no other start migrates it in between).
    private static func prepareSchema(_ queue: DatabaseQueue, path: String, openMode: mode_t?,
                                      readiness: FileChecks.Readiness) throws(StorageError) -> StorageNotice? {
        if readiness == .needsWriter {
            do {
                try Schema.migrator.migrate(queue)
            } catch {
                throw StorageError(error, path: path)
            }
        }
        // A write transaction on every start: it creates the first list on
        // a new database and proves now, not at the user's first edit, that
        // the file can be written and is not held locked by another program.
        return try write(in: queue, path: path) { db -> StorageNotice? in
            let reported: String?
            if case let .ready(reportedOpenMode) = readiness {
                reported = reportedOpenMode
            } else {
                if try Preference.initialized.value(db) == nil {
                    try db.execute(sql: "INSERT INTO checklist (name) VALUES (?)", arguments: [startingListName])
                    try Preference.initialized.set("1", db)
                }
                reported = try Preference.reportedOpenMode.value(db)
            }
            guard let openMode else {
                if reported != nil { try Preference.reportedOpenMode.set(nil, db) }
                return nil
            }
            let mode = String(openMode, radix: 8)
            guard reported != mode else { return nil }
            try Preference.reportedOpenMode.set(mode, db)
            return .openToOthers(path: path, mode: Int(openMode))
        }
    }

    /// The list a new database starts with. An import still counts a
    /// database holding only this list, empty, as empty.
    static let startingListName = "List"

    /// Names sort as people count ("List 2" before "List 10"), in SQL too:
    /// `ORDER BY text COLLATE natural_order` agrees with `NaturalOrder`.
    private static let naturalCollation = DatabaseCollation("natural_order") { NaturalOrder.compare($0, $1) }

    /// Adds `SearchText.fold` to `db` as the SQL function `search_fold`, for
    /// the search index (Schema v10): the stored text is folded by the very
    /// function that folds a query. Text folds (the triggers and the import
    /// pass text); NULL and any other value give NULL.
    ///
    /// Registered with SQLite's own call rather than as a GRDB function:
    /// ASCII text is folded from SQLite's bytes into SQLite's result with
    /// no string made, where GRDB made a value, a string and another value
    /// for each call, and an import folds every item.
    ///
    /// Also adds `text_contains(text, part)` (the C shim's), what a query
    /// too short for the trigram index looks for in every folded text in
    /// place of `instr(text, part) > 0` (DECISIONS.md, "Search").
    static func addSearchFold(to db: Database) {
        sqlite3_create_function_v2(db.sqliteConnection, "search_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                   nil, searchFoldCall, nil, nil, nil)
        _ = checklists_sqlite_add_text_contains(db.sqliteConnection)
    }

    // MARK: - Errors a user can act on

    /// Runs GRDB work and turns its errors into messages a user can act on.
    func run<T>(_ body: () throws -> T) throws(StorageError) -> T {
        do {
            return try body()
        } catch {
            throw StorageError(error, path: path)
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
        try run {
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
    func write<T>(restoring: Bool = false, _ body: (Database) throws -> T) throws(StorageError) -> T {
        try Self.write(in: writingConnection(), path: path, restoring: restoring, body)
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

extension StorageError {
    /// Maps SQLite's result codes to what the user should do about them.
    /// `systemError` is the errno behind an I/O error, where known.
    init(_ error: any Error, path: String, systemError: Int32 = 0) {
        if let storage = error as? StorageError {
            self = storage
            return
        }
        guard let database = error as? DatabaseError else {
            self = .writeFailed(path: path, detail: "\(error)")
            return
        }
        switch database.resultCode {
        case .SQLITE_NOTADB: self = .notADatabase(path: path, reason: "the file is not an SQLite database")
        case .SQLITE_CORRUPT: self = .corrupt(path: path, detail: database.message ?? "malformed")
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: self = .readOnly(path: path)
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_CANTOPEN: self = .cannotOpen(path: path, detail: database.message ?? "cannot open")
        case .SQLITE_IOERR where systemError == EROFS: self = .readOnly(path: path)
        case .SQLITE_IOERR where systemError == ENOSPC || systemError == EDQUOT: self = .diskFull(path: path)
        default: self = .writeFailed(path: path, detail: database.message ?? "\(database.resultCode)")
        }
    }
}

/// `search_fold(text)`: see `ChecklistsDatabase.addSearchFold`. Up to the
/// first U+0000, as a string read from SQLite always was.
private func searchFoldCall(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let value = arguments?[0], sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) else {
        sqlite3_result_null(context)
        return
    }
    let bytes = UnsafeBufferPointer(start: text, count: strnlen(text, Int(sqlite3_value_bytes(value))))
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    let folded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { out -> Bool in
        guard SearchText.foldASCII(bytes, into: out) else { return false }
        sqlite3_result_text(context, UnsafeRawPointer(out.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
        return true
    }
    guard !folded else { return }
    var other = SearchText.fold(String(decoding: bytes, as: UTF8.self))
    other.withUTF8 { utf8 in
        guard let start = utf8.baseAddress, !utf8.isEmpty else { return sqlite3_result_text(context, "", 0, nil) }
        sqlite3_result_text(context, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), Int32(utf8.count), transient)
    }
}
