/// Everything that can go wrong with the database file, each with a message
/// that names the file and says what to do. Start-up errors are printed as one
/// line and the app exits non-zero with the file untouched.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingDirectory(path: String)
    case isDirectory(path: String)
    case notADatabase(path: String, reason: String)
    case foreignDatabase(path: String)
    case newerVersion(path: String)
    case readOnly(path: String)
    case locked(path: String)
    case corrupt(path: String, detail: String)
    case diskFull(path: String)
    case cannotOpen(path: String, detail: String)
    case writeFailed(path: String, detail: String)
    /// A read that failed for a reason none of the above names.
    case readFailed(path: String, detail: String)
    /// The item or checklist is gone: deleted by another window or process.
    case notFound(what: String)
    /// Text that is empty after trimming white space.
    case emptyText(what: String)
    /// Text holding U+0000, which cannot be stored without losing what follows it.
    case nulInText(what: String)
    /// A start the item cannot have (`StartDate.problem` says why).
    case badStart(reason: String)
    /// A parent the item cannot have: in another list, itself, or one of
    /// its own sub-items (`reason` says which, as a sentence).
    case badParent(reason: String)
    /// A smart list that cannot be kept: no name, a name taken, or a filter
    /// that does not read (`reason` says which, as a sentence).
    case badSmartList(reason: String)
    /// A list's name another list has (ignoring case and surrounding
    /// spaces): lists are found by name, on the command line and in filters.
    case nameInUse(name: String)

    public var description: String {
        switch self {
        case let .missingDirectory(path):
            "the folder of \(path) does not exist; create it or choose another file with --db"
        case let .isDirectory(path):
            "\(path) is a folder, not a database file; choose a file with --db"
        case let .notADatabase(path, reason):
            "\(path) is not a Checklists database (\(reason)); it was left untouched. Move it aside or choose another file with --db"
        case let .foreignDatabase(path):
            "\(path) is an SQLite database of another program; it was left untouched. Choose another file with --db"
        case let .newerVersion(path):
            "\(path) was written by a newer version of Checklists; it was left untouched. Install the newer version to open it"
        case let .readOnly(path):
            "\(path) cannot be written (a read-only file, folder or disk); fix its permissions or the disk, or choose another file with --db"
        case let .locked(path):
            "\(path) is locked by another program that did not let go in time; close it and try again"
        case let .corrupt(path, detail):
            "\(path) is damaged (\(detail)); it was left untouched. Restore a backup or choose another file with --db"
        case let .diskFull(path):
            "the disk holding \(path) is full; the change was not saved. Free some space and try again"
        case let .cannotOpen(path, detail):
            "cannot open \(path) (\(detail)); check the path and its permissions"
        case let .writeFailed(path, detail):
            "could not save to \(path) (\(detail)); the change was not saved"
        case let .readFailed(path, detail):
            "could not read \(path) (\(detail)); nothing was changed"
        case let .notFound(what):
            "\(what) no longer exists; it was deleted elsewhere"
        case let .emptyText(what):
            "the \(what) is empty; type some text first"
        case let .nulInText(what):
            "the \(what) contains a NUL character (U+0000), which cannot be stored; remove it and try again"
        case let .badStart(reason), let .badParent(reason), let .badSmartList(reason):
            reason.prefix(1).lowercased() + reason.dropFirst()
        case let .nameInUse(name):
            "a list named \"\(name)\" already exists; choose another name"
        }
    }

    /// The message for the running app's one status line: what happened
    /// first and no path (the app has one database, named when it started),
    /// so even a narrow pane shows it before the line is cut. With the path
    /// in front, the disk-full test's 80-column pane showed "the disk
    /// holding /tmp/…" and the line ended inside the path, before "is full".
    /// `description` (with the path) is for the command line.
    public var statusLine: String {
        switch self {
        case .diskFull:
            "The disk is full: the change was not saved (what was saved before is safe). Free some space, then try again."
        case .readOnly:
            "The database's disk became read-only: the change was not saved (what was saved before is safe). Quit, fix the disk, and start again."
        case .locked:
            "Another program held the database locked too long; try again."
        case let .writeFailed(_, detail):
            "Could not save (\(detail)); the change was not saved."
        case let .readFailed(_, detail):
            "Could not read the database (\(detail)); nothing was changed."
        case let .corrupt(_, detail):
            "The database is damaged (\(detail)); quit and restore a backup."
        case let .badStart(reason), let .badParent(reason), let .badSmartList(reason):
            reason
        case let .nameInUse(name):
            "A list is already named “\(name)”; choose another name."
        default:
            description
        }
    }
}

/// What opening found that the user should know but that stops nothing.
public enum StorageNotice: Hashable, Sendable, CustomStringConvertible {
    /// The database file's mode lets other users read or change it.
    /// Recorded as said, so said once.
    case openToOthers(path: String, mode: Int)
    /// The same, found by a reader, which records nothing: said at every
    /// read until a writer (any saved change, or the app) records it.
    case openToOthersUntilRecorded(path: String, mode: Int)

    public var description: String {
        switch self {
        case let .openToOthers(path, mode):
            return Self.openToOthers(path, mode, until: "said once")
        case let .openToOthersUntilRecorded(path, mode):
            return Self.openToOthers(path, mode, until: "said until a change is saved")
        }
    }

    private static func openToOthers(_ path: String, _ mode: Int, until: String) -> String {
        let access = mode & 0o022 != 0 ? "read and change" : "read"
        return "other users can \(access) \(path) (mode \(String(mode, radix: 8))); chmod 600 it to keep your lists private (\(until))"
    }
}
