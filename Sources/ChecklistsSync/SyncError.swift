import Foundation
import ChecklistsModel

/// Why a sync stopped. Every message is one line saying what happened and
/// what to do; it names the host, never the user-info or the password.
/// A sync that stops changes nothing here: the database is written once,
/// at the end.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    public init(_ settings: SyncSettingsError) { self = .settings(settings.description) }

    /// Bad or missing settings (no url, plain HTTP to another machine, a
    /// password command that fails): exit 2, like any bad usage.
    case settings(String)
    case unreachable(host: String, detail: String)
    case tls(host: String)
    case timeout(host: String)
    case unauthorized(host: String)
    /// A 401 to a sync given no password at all.
    case noPassword(host: String)
    case forbidden(host: String, path: String)
    case notFound(host: String, path: String)
    case serverError(host: String, status: Int)
    case notCalDAV(host: String, detail: String)
    /// The server named a place on another origin (scheme, host, port):
    /// nothing is sent there, least of all the password.
    case offOrigin(host: String, other: String, path: String)
    /// The server answered with a redirect, which a sync never follows.
    case redirected(host: String, path: String, to: String)
    /// A reply larger than `SyncLimits.replyBytes`, stopped while it arrived.
    case replyTooLarge(host: String, path: String)
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
        case .noPassword: "no password given"
        case .forbidden: "access refused (403)"
        case .notFound: "nothing at the url (404)"
        case let .serverError(_, status): "server error (HTTP \(status))"
        case .notCalDAV: "not a CalDAV server"
        case .offOrigin: "server pointed elsewhere"
        case .redirected: "server redirected"
        case .replyTooLarge: "reply too large"
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
        case let .noPassword(host):
            "the sync server \(host) asks for a password (401) and none was given; set CHECKLISTS_SYNC_PASSWORD, --password-command or password_command in [sync]; \(Self.unchanged)"
        case let .forbidden(host, path):
            "the sync server \(host) does not allow access to \(path) (403); check the url and the account's rights; \(Self.unchanged)"
        case let .notFound(host, path):
            "the sync server \(host) has nothing at \(path) (404); check the url; \(Self.unchanged)"
        case let .serverError(host, status):
            "the sync server \(host) failed (HTTP \(status)); try again later or ask its administrator; \(Self.unchanged)"
        case let .notCalDAV(host, detail):
            "\(host) did not answer as a CalDAV server (\(detail)); check that the url is the CalDAV address; \(Self.unchanged)"
        case let .offOrigin(host, other, path):
            "the sync server \(host) pointed to \(path) on another server, \(other); nothing was sent there; check the url (it must be the CalDAV address on \(host)); \(Self.unchanged)"
        case let .redirected(host, path, to):
            "the sync server \(host) redirects \(path) to \(to); a sync does not follow redirects: put the address it redirects to in the url if you trust it; \(Self.unchanged)"
        case let .replyTooLarge(host, path):
            "the sync server \(host) sent a reply to \(path) larger than \(SyncLimits.replyBytes / 1_048_576) MiB and it was stopped; ask its administrator; \(Self.unchanged)"
        case let .database(error):
            error.description
        }
    }
}
