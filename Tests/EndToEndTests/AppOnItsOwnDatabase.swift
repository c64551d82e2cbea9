import Foundation
import ChecklistsModel
import TestSupport

/// A tmux test of the built binary on a database of its own in a temporary
/// folder, filled from the command line first: the folder, the app's
/// command, a subcommand run on the same file, and the rows under the
/// title bar, shared so that each suite writes only its steps.
protocol AppOnItsOwnDatabase {
    var folder: TemporaryFolder { get }
}

extension AppOnItsOwnDatabase {
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// A subcommand on the database, in UTC and C.UTF-8, as a script runs it.
    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    /// The rows: the lines under the title bar down to the first empty one.
    func rows(_ tmux: TmuxSession) -> [String] {
        Array(tmux.screen().dropFirst().prefix { !$0.isEmpty })
    }
}
