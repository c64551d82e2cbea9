import Foundation
import ChecklistsModel

/// Why a sync stopped. Every message is one line saying what happened and
/// what to do; it names the host, never the user-info or the password.
/// A sync that stops changes nothing here: the database is written once,
/// at the end.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bad or missing settings (no url, plain HTTP to another machine, a
    /// password command that fails): exit 2, like any bad usage.
    case settings(String)
    case unreachable(host: String, detail: String)
    case tls(host: String)
    case timeout(host: String)
    case unauthorized(host: String)
    case forbidden(host: String, path: String)
    case notFound(host: String, path: String)
    case serverError(host: String, status: Int)
    case notCalDAV(host: String, detail: String)
    /// The database refused (exit 3).
    case database(StorageError)

    /// 2 for settings, 3 for the database, 4 for the server or the network.
    public var exitStatus: Int32 {
        switch self {
        case .settings: 2
        case .database: 3
        default: 4
        }
    }

    /// A few words for the home screen's "Sync failed 14:05: ..." line,
    /// where the whole message would not fit.
    public var summary: String {
        switch self {
        case .settings: "check the sync settings"
        case .unreachable: "server unreachable"
        case .tls: "secure connection failed"
        case .timeout: "server did not answer"
        case .unauthorized: "wrong username or password"
        case .forbidden: "access refused (403)"
        case .notFound: "nothing at the url (404)"
        case let .serverError(_, status): "server error (HTTP \(status))"
        case .notCalDAV: "not a CalDAV server"
        case .database: "database problem"
        }
    }

    private static let unchanged = "nothing was changed here"

    public var description: String {
        switch self {
        case let .settings(message):
            message
        case let .unreachable(host, detail):
            "cannot reach the sync server \(host) (\(detail)); check the url and your network, then sync again; \(Self.unchanged)"
        case let .tls(host):
            "the secure connection to \(host) failed (its certificate is not trusted or TLS failed); check the url, or install the server's certificate in the system's trust store; \(Self.unchanged)"
        case let .timeout(host):
            "the sync server \(host) did not answer in time; try again later; \(Self.unchanged)"
        case let .unauthorized(host):
            "the sync server \(host) refused the username or password (401); check --username and the password; \(Self.unchanged)"
        case let .forbidden(host, path):
            "the sync server \(host) does not allow access to \(path) (403); check the url and the account's rights; \(Self.unchanged)"
        case let .notFound(host, path):
            "the sync server \(host) has nothing at \(path) (404); check the url; \(Self.unchanged)"
        case let .serverError(host, status):
            "the sync server \(host) failed (HTTP \(status)); try again later or ask its administrator; \(Self.unchanged)"
        case let .notCalDAV(host, detail):
            "\(host) did not answer as a CalDAV server (\(detail)); check that the url is the CalDAV address; \(Self.unchanged)"
        case let .database(error):
            error.description
        }
    }
}
