import Foundation
import GRDB
import CSQLiteConfig
#if canImport(Glibc)
import Glibc
#endif

/// Checks made on the file before SQLite is allowed to touch it. SQLite would
/// happily turn an empty file, or another program's database, into ours (and
/// switching to WAL rewrites the header): these checks refuse such files while
/// they are still byte-for-byte unchanged.
enum FileChecks {
    static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// The folder must exist (only the default one is created, owner-only).
    static func prepareFolder(_ folder: String, for path: String, create: Bool) throws(StorageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .isDirectory(path: path)
        }
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw .missingDirectory(path: path) }
            return
        }
        guard create else { throw .missingDirectory(path: path) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // The data folder holds someone's to-dos: owner-only, whatever the umask.
            if chmod(folder, 0o700) != 0 { throw StorageError.readOnly(path: path) }
        } catch {
            throw .cannotOpen(path: path, detail: "cannot create the folder \(folder)")
        }
    }

    /// An exclusive `flock` on the folder, held while the database is opened
    /// and migrated. flock and SQLite's fcntl locks do not interact on Linux.
    struct FolderLock {
        let descriptor: Int32
        func unlock() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Takes that lock. Unlike the lock files beside the database, the
    /// folder may be a link (a data folder moved to another disk): opened
    /// read-only and only as a folder, it is never written, so following it
    /// cannot harm what it leads to.
    static func lockFolder(_ folder: String, for path: String) throws(StorageError) -> FolderLock {
        let descriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, detail: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return FolderLock(descriptor: descriptor)
    }

    /// What the header of a file that exists says, before SQLite opens it.
    enum Header: Equatable {
        /// No file: a new database goes here (its folder can take one).
        case missing
        /// An SQLite file (or only its WAL) whose header does not carry our
        /// application id: another program's, an empty SQLite file, or one
        /// whose header is damaged. Only a read-only look may tell which.
        case unknown
        /// An SQLite file whose header carries our application id, with no
        /// rollback journal beside it: a read-write connection may look at
        /// it, since no read of it writes (a hot journal would be rolled
        /// back by the first read; see `ChecklistsDatabase.open`).
        case ours
    }

    /// `.missing` when the file does not exist (and its folder can take a
    /// new one); otherwise checks that it looks like a writable SQLite file
    /// and says whether its header names it ours. The header is read once,
    /// for both.
    static func inspectHeader(_ path: String) throws(StorageError) -> Header {
        let folder = (path as NSString).deletingLastPathComponent
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw .cannotOpen(path: path, detail: String(cString: strerror(errno))) }
            guard access(folder, W_OK) == 0 else { throw .readOnly(path: path) }
            return .missing
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }
        let walSize = fileSize(path + "-wal") ?? 0
        if info.st_size == 0 && walSize == 0 {
            throw .notADatabase(path: path, reason: "the file is empty")
        }
        var header: [UInt8] = []
        if info.st_size > 0 {
            guard let read = readHeader(path) else { throw .cannotOpen(path: path, detail: "cannot read the file") }
            if read.count < 100 || Array(read.prefix(16)) != sqliteMagic {
                throw .notADatabase(path: path, reason: "the file is not an SQLite database")
            }
            header = read
        }
        // SQLite needs to write the file and, for its WAL, the folder.
        if access(path, R_OK | W_OK) != 0 || access(folder, W_OK) != 0 {
            throw .readOnly(path: path)
        }
        // Whether another program's or damaged is for SQLite to say (a
        // damaged header's application id is as good as random); ours is
        // the one case a read-write connection may look at first.
        guard header.count >= 100, !exists(path + "-journal") else { return .unknown }
        // PRAGMA application_id reads these four bytes, big-endian.
        let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: applicationID) == Schema.applicationID ? .ours : .unknown
    }

    /// Asks SQLite, through a read-only connection, whether the file is one
    /// we may open for writing: for a file whose header is not ours
    /// (`Header.unknown`), before a read-write connection could roll back
    /// its journal or checkpoint its WAL. Refuses another program's
    /// database, a database from a newer version of Checklists, and one
    /// whose schema cannot be read.
    ///
    /// It waits for locks as long as every other connection does: the last
    /// process to close a WAL database holds an exclusive lock on it while it
    /// checkpoints and deletes the WAL, and without a timeout a command
    /// starting at that moment failed at once as "locked" (one in four of
    /// three `checklists add` loops run side by side did).
    static func inspectWithSQLite(_ path: String, migrator: DatabaseMigrator, busyTimeout: TimeInterval) throws(StorageError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        // Remove what this look creates, so a refused file's folder is as we found it.
        let sideFiles = missingSideFiles(path)
        defer { removeSideFiles(sideFiles) }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { InspectionQueues.close(queue) }
            _ = try queue.read { db in try verify(db, path: path, migrator: migrator) }
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// The refusals of `inspectWithSQLite`, on a connection already open:
    /// another program's database, a newer version's, a damaged schema.
    /// Returns the migrations the file has had, or nil for an SQLite file
    /// that is not ours yet but empty, which may become ours.
    @discardableResult
    static func verify(_ db: Database, path: String, migrator: DatabaseMigrator) throws -> [String]? {
        // What the file is and which of our tables it has, in one
        // statement: each statement costs some 60 µs through GRDB, at every
        // start of the app and of every command. The tables as bits:
        // checklist 1, item 2, preference 4.
        let kind = try Row.fetchOne(db, sql: """
            SELECT (SELECT application_id FROM pragma_application_id()),
                   (SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'),
                   (SELECT total(CASE name WHEN 'checklist' THEN 1 WHEN 'item' THEN 2 ELSE 4 END) FROM sqlite_master
                    WHERE type = 'table' AND name IN ('checklist', 'item', 'preference'))
            """)
        let applicationID: Int32 = kind?[0] ?? 0
        let tables: Int = kind?[1] ?? 0
        let ourTables = Int(kind?[2] ?? 0.0)
        if applicationID != Schema.applicationID {
            if tables > 0 { throw StorageError.foreignDatabase(path: path) }
            return nil
        }
        // GRDB's `hasBeenSuperseded` and `hasCompletedMigrations` read the
        // table once each and hash it into a set: a seventh of `status`.
        let applied = try appliedMigrations(db)
        let known = migrator.migrations
        if applied.contains(where: { !known.contains($0) }) { throw StorageError.newerVersion(path: path) }
        // Reading each table's first row finds a damaged schema or root
        // page now rather than at the user's first edit. (Not a full
        // integrity check: that would make start-up grow with the data.)
        // `SELECT 1 ... NOT INDEXED`: the table's own b-tree, as `SELECT *`
        // read it, without naming every column to GRDB's authorizer, which
        // makes strings and a region of each. All three in one statement
        // when all three are there (GRDB's `tableExists` loaded the whole
        // schema description, half of this check's cost on every `status`).
        if ourTables == 7 {
            _ = try Row.fetchOne(db, sql: """
                SELECT (SELECT 1 FROM checklist NOT INDEXED LIMIT 1), (SELECT 1 FROM item NOT INDEXED LIMIT 1),
                       (SELECT 1 FROM preference NOT INDEXED LIMIT 1)
                """)
        } else {
            for (bit, table) in [(1, "checklist"), (2, "item"), (4, "preference")] where ourTables & bit != 0 {
                _ = try Row.all(db, sql: "SELECT 1 FROM \(table) NOT INDEXED LIMIT 1")
            }
        }
        return applied
    }

    /// The identifiers in GRDB's table of applied migrations; none when the
    /// table is not there yet (as GRDB's own `appliedIdentifiers` says).
    private static func appliedMigrations(_ db: Database) throws -> [String] {
        do {
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        } catch {
            let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'grdb_migrations')")
            if exists == false { return [] }
            throw error
        }
    }

    /// What a reader's look at an existing file found, past the refusals.
    enum Readiness: Equatable {
        /// Ours, migrated and with its first list made; the file mode last
        /// reported as open to other users, if any.
        case ready(reportedOpenMode: String?)
        /// Sound, but only a writer can make it ready: an empty SQLite file,
        /// an older schema, or a first start that never finished.
        case needsWriter
    }

    /// `verify`'s refusals, then whether a reader can use the file as it is.
    static func readiness(_ db: Database, path: String, migrator: DatabaseMigrator) throws -> Readiness {
        // Migrated: every migration this version knows has been applied.
        guard let applied = try verify(db, path: path, migrator: migrator),
              migrator.migrations.allSatisfy(applied.contains)
        else { return .needsWriter }
        // Both preferences in one statement.
        let preferences = try Row.fetchOne(db, sql: """
            SELECT (SELECT value FROM preference WHERE key = ?), (SELECT value FROM preference WHERE key = ?)
            """, arguments: [Preference.initialized.rawValue, Preference.reportedOpenMode.rawValue])
        guard let preferences, (preferences[0] as String?) != nil else { return .needsWriter }
        return .ready(reportedOpenMode: preferences[1])
    }

    /// A read-only look at a WAL database leaves an empty -wal and a -shm
    /// behind: these are the ones that are not there before the look.
    static func missingSideFiles(_ path: String) -> [String] {
        [path + "-wal", path + "-shm"].filter { !exists($0) }
    }

    /// Removes the side files a look created (a -wal only while still empty).
    static func removeSideFiles(_ files: [String]) {
        for file in files where (fileSize(file) ?? 1) == 0 || file.hasSuffix("-shm") {
            unlink(file)
        }
    }

    /// Whether anything is at `path` (a stat, no open).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// The file's permission bits when they let other users in (any group or
    /// other bit), else nil. We create files 0600; one that is not was made
    /// or changed by someone else, and is used, but reported.
    static func modeOpenToOthers(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let permissions = info.st_mode & 0o777
        return permissions & 0o077 != 0 ? permissions : nil
    }

    /// Syncs the file or folder at `path` to the disk; false (errno set)
    /// when it cannot be opened or synced.
    static func sync(_ path: String) -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        return fsync(descriptor) == 0
    }

    /// Creates an empty file, owner-only whatever the umask, replacing what
    /// a creation that was killed half-way left at `path`. A link found
    /// there is removed, never followed: O_EXCL and O_NOFOLLOW refuse one
    /// that appears meanwhile.
    static func createPrivateFile(_ path: String, for finalPath: String) throws(StorageError) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        let descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: finalPath, detail: String(cString: strerror(errno))) }
        close(descriptor)
    }

    private static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    private static func readHeader(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 100)).map(Array.init) ?? []
    }

}

/// Keeps closed inspection queues alive for the life of the process.
///
/// Deallocating a GRDB queue disposes a dispatch queue that carries
/// queue-specific data, and libdispatch frees that on a worker thread of the
/// default global queue. On Linux the first such worker starts libdispatch's
/// pool monitor, a one-second timer that then wakes the process forever,
/// which would make an idle dashboard wake every second. One closed queue per
/// start is a few hundred bytes; the wake-ups were measured, not guessed.
enum InspectionQueues {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [DatabaseQueue] = []

    /// Closes a queue the open is done with and keeps it, never freed
    /// (freeing it would start libdispatch's 1 Hz pool monitor; DECISIONS.md,
    /// "Idle means no wake-ups").
    static func close(_ queue: DatabaseQueue) {
        try? queue.close()
        lock.lock()
        defer { lock.unlock() }
        kept.append(queue)
    }

    /// `close` for a read-write connection to a file being refused: the
    /// last connection to a WAL database checkpoints it on closing, which
    /// would write to a file we promised to leave as it was.
    static func closeWithoutCheckpoint(_ queue: DatabaseQueue) {
        queue.inDatabase { db in
            _ = checklists_sqlite_no_checkpoint_on_close(db.sqliteConnection)
        }
        close(queue)
    }
}
