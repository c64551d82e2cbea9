import Foundation

/// Where the database lives: `--db PATH`, else `CHECKLISTS_DB`, else
/// `$XDG_DATA_HOME/checklists/checklists.sqlite` (by default under
/// `~/.local/share`). Only the default folder is created on demand: a folder
/// the user named must exist, so a typo does not scatter databases around.
public struct DatabaseLocation: Hashable, Sendable {
    public var path: String
    /// True for the default location, whose folder may be created (0700).
    public var createsFolder: Bool

    public init(path: String, createsFolder: Bool) {
        self.path = path
        self.createsFolder = createsFolder
    }

    public static func resolve(option: String?, environment: [String: String]) -> DatabaseLocation {
        if let option, !option.isEmpty {
            return DatabaseLocation(path: absolute(option), createsFolder: false)
        }
        if let fromEnvironment = environment["CHECKLISTS_DB"], !fromEnvironment.isEmpty {
            return DatabaseLocation(path: absolute(fromEnvironment), createsFolder: false)
        }
        // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return DatabaseLocation(path: dataHome + "/checklists/checklists.sqlite", createsFolder: true)
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            return home + path.dropFirst(1)
        }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
