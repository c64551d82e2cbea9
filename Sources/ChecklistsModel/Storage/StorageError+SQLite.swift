import Foundation
import GRDB

extension StorageError {
    /// Maps SQLite's result codes to what the user should do about them.
    /// `systemError` is the errno behind an I/O error, where known; an
    /// error of a read (`reading`) says so instead of "could not save".
    init(_ error: any Error, path: String, systemError: Int32 = 0, reading: Bool = false) {
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
        default:
            let detail = database.message ?? "\(database.resultCode)"
            self = reading ? .readFailed(path: path, detail: detail) : .writeFailed(path: path, detail: detail)
        }
    }
}
