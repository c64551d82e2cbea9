import ChecklistsModel

/// Why a subcommand failed, and so its exit status. The message is one line
/// for stderr, already safe to print.
public enum CommandLineError: Error, Equatable, CustomStringConvertible {
    /// No item, list or file by that name or id: exit 1.
    case notFound(String)
    /// Bad usage or input (empty text, a date that cannot be read): exit 2.
    case badInput(String)
    /// The database refused, broken, locked or read-only: exit 3.
    case database(StorageError)
    public var exitStatus: Int32 {
        switch self {
        case .notFound: 1
        case .badInput: 2
        case .database: 3
        }
    }

    public var description: String {
        switch self {
        case .notFound(let message), .badInput(let message): TextWidth.sanitized(message)
        case .database(let error): TextWidth.sanitized(error.description)
        }
    }
}
