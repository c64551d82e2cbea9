import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// Runs commands the way the executable does, on a real database in a
/// temporary folder, at `Fixed.now` (Saturday 21 November 2026, 10:30 UTC)
/// in en_US and UTC unless a test says otherwise; output is kept as lines.
final class Harness: @unchecked Sendable {
    let folder = TemporaryFolder()
    var path: String { folder.file("test.sqlite") }
    var now = Fixed.now
    var style = Fixed.style
    private(set) var output: [String] = []
    /// Notices for stderr, kept across runs.
    private(set) var notices: [String] = []
    /// New items' UIDs are "uid-1", "uid-2"..., so exports read as literal lines.
    let uids: UIDCounter

    init(uidPrefix: String = "uid-") {
        uids = UIDCounter(prefix: uidPrefix)
    }

    deinit { folder.remove() }

    var context: CommandLineContext {
        CommandLineContext(location: DatabaseLocation(path: path, createsFolder: false), databaseOptions: .init(busyTimeout: 1, makeUID: uids.make),
                           now: now, style: style, output: { [unowned self] in output.append(contentsOf: $0.components(separatedBy: "\n")) },
                           notice: { [unowned self] in notices.append($0) })
    }

    /// Runs one command; returns its error (nil for success) and the lines
    /// it printed, which are also kept in `output` until the next run.
    @discardableResult
    func run(_ command: (CommandLineContext) throws -> Void) -> CommandLineError? {
        output = []
        do {
            try command(context)
            return nil
        } catch let error as CommandLineError {
            return error
        } catch {
            Issue.record("not a CommandLineError: \(error)")
            return nil
        }
    }

    /// Runs a command that must succeed and returns what it printed.
    func lines(_ command: (CommandLineContext) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        if let error = run(command) { Issue.record("failed: \(error)", sourceLocation: sourceLocation) }
        return output
    }

    /// Adds an item through the command and returns its id.
    func add(_ text: String, list: String? = "List", due: String? = nil, remind: Bool = false, repeatRule: String? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) -> Int64 {
        let printed = lines({ context in
            try ItemCommands.add(text: text, list: list, due: due, remind: remind, repeat: repeatRule, context: context)
        }, sourceLocation: sourceLocation)
        guard printed.count == 1, let id = Int64(printed[0]) else {
            Issue.record("add printed \(printed)", sourceLocation: sourceLocation)
            return -1
        }
        return id
    }

    /// The database, opened directly, to check what a command wrote.
    func database() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1, makeUID: uids.make))
    }

    func item(_ id: Int64) throws -> Item? { try database().item(id: id) }

    /// `export`'s document.
    func exported() -> String {
        lines { context in try ExportImportCommands.export(context: context) }.joined(separator: "\n")
    }

    /// `import` of `text` as a file in this harness's folder; its error, if any.
    func imported(_ text: String) -> CommandLineError? {
        let file = folder.file("import.json")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return run { context in try ExportImportCommands.importFile(path: file, replace: false, context: context) }
    }
    func reminder(_ id: Int64) throws -> Date? { try database().reminderDate(ofItem: id) }
    var fileExists: Bool { FileManager.default.fileExists(atPath: path) }
}

extension CommandLineError {
    var isNotFound: Bool { if case .notFound = self { true } else { false } }
    var isBadInput: Bool { if case .badInput = self { true } else { false } }
    var isDatabase: Bool { if case .database = self { true } else { false } }
}

/// Counts UIDs instead of making random ones.
final class UIDCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0
    let prefix: String

    init(prefix: String) {
        self.prefix = prefix
    }

    @Sendable func make() -> String {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return prefix + "\(last)"
    }
}
