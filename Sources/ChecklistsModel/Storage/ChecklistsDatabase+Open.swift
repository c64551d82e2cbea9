import Foundation
import GRDB
import CSQLiteConfig

extension ChecklistsDatabase {
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
        // Pages are read with pread, not mapped: every mapped page a read
        // touched, and its neighbours the kernel mapped with it, counted in
        // the command's memory for no time saved (DECISIONS.md, "list
        // printed as it is read").
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
        var notice: StorageNotice?
        if let openMode = FileChecks.modeOpenToOthers(path), reportedOpenMode != String(openMode, radix: 8) {
            notice = .openToOthersUntilRecorded(path: path, mode: Int(openMode))
        }
        return ChecklistsDatabase(path: path, reader: queue, writer: nil, openingNotice: notice, options: options)
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
            db.add(function: tagIn)
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

}
