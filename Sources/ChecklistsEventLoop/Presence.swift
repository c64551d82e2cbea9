import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Who runs on a database, told by two lock files beside it rather than by
/// the database itself: the kernel drops an flock when its process ends,
/// however it ends (a SIGKILL, a closed pane), so a lock never outlives the
/// process that held it, and nothing needs cleaning up after a crash.
///
/// - `<database>.app-lock`: every full-screen app holds a shared lock on it
///   while open. The notifier delivers only while it can take it
///   exclusively, so exactly one side delivers (DECISIONS.md, "The
///   notifier: never both, never neither, by two lock files").
/// - `<database>.notify-lock`: the notifier holds an exclusive lock on it,
///   and its pid inside, so one runs per database and `--status` can name it.
/// - `<database>.sync-lock`: a sync holds an exclusive lock on it, and its
///   pid inside, from before its first request to its end, so two syncs of
///   one database never overlap (each would take the calendars the other
///   just made for another client's, and its lists for new ones).
public enum PresenceFiles {
    public static func appLock(databasePath: String) -> String { databasePath + ".app-lock" }
    public static func notifierLock(databasePath: String) -> String { databasePath + ".notify-lock" }
    public static func syncLock(databasePath: String) -> String { databasePath + ".sync-lock" }
}

/// A held flock on one of those files; dropping it (or the process ending)
/// releases it.
public final class HeldLock: @unchecked Sendable {
    public let path: String
    private var descriptor: Int32

    init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Unlocks and closes: another process may take it at once.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Writes `text` as the file's whole content (the notifier's pid).
    func replaceContent(with text: String) {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Opens (creating, owner-only) the lock file, never through a link:
    /// whoever planted one where a lock goes would choose a file of ours
    /// for the notifier to write its pid over. Never truncated on opening:
    /// only the holder of the lock may change what it says.
    static func open(_ path: String) throws(PrivateFileError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, errno: errno) }
        return descriptor
    }

    /// Reads the whole (small) file from the start, through the descriptor
    /// opened, not by its name again.
    static func content(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        var offset: off_t = 0
        while bytes.count < 4096 {
            let count = pread(descriptor, &buffer, buffer.count, offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// flock, retried when a signal interrupts it.
    static func lock(_ descriptor: Int32, _ operation: Int32) -> Bool {
        while true {
            if flock(descriptor, operation) == 0 { return true }
            if errno != EINTR { return false }
        }
    }
}

/// Why a file the app keeps for itself (a lock beside the database, a
/// child's output file) cannot be used, as one line saying what to do.
public enum PrivateFileError: Error, Equatable, CustomStringConvertible {
    /// A link where the file goes: it is neither followed nor touched.
    case symbolicLink(path: String)
    case cannotOpen(path: String, reason: String)
    case cannotLock(path: String, reason: String)

    /// The error of an open of `path` that failed with `errno`.
    init(path: String, errno code: Int32) {
        var info = stat()
        if code == ELOOP, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            self = .symbolicLink(path: path)
        } else {
            self = .cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
    }

    public var description: String {
        switch self {
        case let .symbolicLink(path): "\(path) is a symbolic link; remove it"
        case let .cannotOpen(path, reason): "cannot open \(path): \(reason)"
        case let .cannotLock(path, reason): "cannot lock \(path): \(reason)"
        }
    }
}

// MARK: - The app's side

/// The full-screen app's presence: a shared lock held from start to exit.
public enum AppPresence {
    /// Takes the shared lock, waiting while a notifier is in the middle of a
    /// delivery (it holds the lock exclusively for milliseconds), so an app
    /// starting at the due second finds the reminder either delivered and
    /// recorded, or still pending and its own. Nil when the lock file cannot
    /// be made (a read-only folder): the app runs all the same.
    /// A link planted in the lock's place counts as a lock that cannot be
    /// made: the app runs, and the notifier, unable to take it either, stays
    /// silent and says why.
    public static func announce(databasePath: String) -> HeldLock? {
        let path = PresenceFiles.appLock(databasePath: databasePath)
        guard let descriptor = try? HeldLock.open(path) else { return nil }
        guard HeldLock.lock(descriptor, LOCK_SH) else {
            close(descriptor)
            return nil
        }
        return HeldLock(path: path, descriptor: descriptor)
    }

    // MARK: The notifier's side

    /// The lock taken exclusively when no app is open, without waiting;
    /// nil while one is (or when the file cannot be made: then nothing
    /// proves that no app is open, and the notifier stays silent).
    public static func takeIfNoAppOpen(databasePath: String) -> HeldLock? {
        let path = PresenceFiles.appLock(databasePath: databasePath)
        guard let descriptor = try? HeldLock.open(path) else { return nil }
        guard HeldLock.lock(descriptor, LOCK_EX | LOCK_NB) else {
            close(descriptor)
            return nil
        }
        return HeldLock(path: path, descriptor: descriptor)
    }

    /// Waits on a thread of its own until every app has closed (or been
    /// killed), then calls `then` on `queue` with the lock held exclusively,
    /// or why it cannot be taken. The thread sleeps in the kernel meanwhile:
    /// no polling.
    public static func waitUntilNoAppOpen(databasePath: String, queue: DispatchQueue,
                                          then: @escaping @Sendable (Result<HeldLock, PrivateFileError>) -> Void) {
        let path = PresenceFiles.appLock(databasePath: databasePath)
        Thread.detachNewThread {
            let result: Result<HeldLock, PrivateFileError>
            do throws(PrivateFileError) {
                let descriptor = try HeldLock.open(path)
                if HeldLock.lock(descriptor, LOCK_EX) {
                    result = .success(HeldLock(path: path, descriptor: descriptor))
                } else {
                    result = .failure(.cannotLock(path: path, reason: String(cString: strerror(errno))))
                    close(descriptor)
                }
            } catch {
                result = .failure(error)
            }
            queue.async { then(result) }
        }
    }

    /// Whether an app is open on the database now (for tests and tools).
    public static func isAppOpen(databasePath: String) -> Bool {
        guard FileManager.default.fileExists(atPath: PresenceFiles.appLock(databasePath: databasePath)) else { return false }
        return takeIfNoAppOpen(databasePath: databasePath) == nil
    }
}

// MARK: - What runs once per database

/// An exclusive lock with its holder's pid inside: what one process at a
/// time may run on a database (the notifier, a sync).
public enum SingleHolder {
    public enum Claim {
        case acquired(HeldLock)
        /// Another process holds it (its pid, when the file says it).
        case running(pid: Int32?)
        case failed(String)
    }

    /// Takes the lock without waiting.
    public static func claim(path: String, pid: Int32 = getpid()) -> Claim {
        let descriptor: Int32
        do {
            descriptor = try HeldLock.open(path)
        } catch {
            return .failed(error.description)
        }
        guard HeldLock.lock(descriptor, LOCK_EX | LOCK_NB) else {
            defer { close(descriptor) }
            return .running(pid: readPID(descriptor))
        }
        let held = HeldLock(path: path, descriptor: descriptor)
        held.replaceContent(with: "\(pid)\n")
        return .acquired(held)
    }

    /// Takes the lock, waiting for its holder to end: `waiting` is told
    /// once, with the holder's pid, before the wait.
    public static func wait(path: String, pid: Int32 = getpid(),
                            waiting: (Int32?) -> Void) -> Result<HeldLock, PrivateFileError> {
        let descriptor: Int32
        do {
            descriptor = try HeldLock.open(path)
        } catch {
            return .failure(error)
        }
        if !HeldLock.lock(descriptor, LOCK_EX | LOCK_NB) {
            let held = errno == EWOULDBLOCK
            if held { waiting(readPID(descriptor)) }
            guard held, HeldLock.lock(descriptor, LOCK_EX) else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return .failure(.cannotLock(path: path, reason: reason))
            }
        }
        let held = HeldLock(path: path, descriptor: descriptor)
        held.replaceContent(with: "\(pid)\n")
        return .success(held)
    }

    /// The holder's pid, or nil when none holds it. A lock held with no
    /// pid written yet (a holder starting this instant) reads as 0. A link
    /// in the lock's place reads as none: no one could have claimed it.
    public static func runningPID(path: String) -> Int32? {
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if HeldLock.lock(descriptor, LOCK_SH | LOCK_NB) { return nil }
        return readPID(descriptor) ?? 0
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        Int32(HeldLock.content(descriptor).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// One notifier per database, so `--status` and `--stop` can name it.
public enum NotifierPresence {
    public typealias Claim = SingleHolder.Claim

    public static func claim(databasePath: String, pid: Int32 = getpid()) -> Claim {
        SingleHolder.claim(path: PresenceFiles.notifierLock(databasePath: databasePath), pid: pid)
    }

    public static func runningPID(databasePath: String) -> Int32? {
        SingleHolder.runningPID(path: PresenceFiles.notifierLock(databasePath: databasePath))
    }
}

/// One sync at a time per database: a second one (the notifier's beside a
/// command's, or two commands) waits for the first to end, then syncs what
/// is left, instead of both making the same new lists and calendars.
public enum SyncPresence {
    public static func wait(databasePath: String, pid: Int32 = getpid(),
                            waiting: (Int32?) -> Void) -> Result<HeldLock, PrivateFileError> {
        SingleHolder.wait(path: PresenceFiles.syncLock(databasePath: databasePath), pid: pid, waiting: waiting)
    }
}
