import Foundation
import ChecklistsModel
import ChecklistsToolSupport

// MARK: - What the writer does

/// One edit of the killed writer, written to its report before and after it
/// is applied (one line, tab-separated, texts in base64 so any Unicode and
/// control character survives).
enum WriterEdit: Equatable {
    case addItem(list: Int64, text: String)
    case setText(item: Int64, text: String)
    case setChecked(item: Int64, Bool)
    case deleteItem(Int64)
    case addList(name: String)
    case renameList(Int64, name: String)
    case deleteList(Int64)
    /// Several items in one transaction (`applyAll`): all of them or none.
    case addItems(list: Int64, texts: [String])

    static let dueDate = Date(timeIntervalSince1970: 1_893_456_000)   // 2030-01-01

    var changes: [Change] {
        switch self {
        case let .addItem(list, text): [.addItem(checklistID: list, ItemDraft(text: text, dueDate: Self.dueDate, shouldRemind: true))]
        case let .setText(item, text): [.updateItem(id: item, ItemDraft(text: text, dueDate: Self.dueDate, shouldRemind: text.count % 2 == 0))]
        case let .setChecked(item, checked): [.setChecked(itemID: item, checked)]
        case let .deleteItem(item): [.deleteItem(id: item)]
        case let .addList(name): [.addChecklist(name: name, icon: .inbox)]
        case let .renameList(list, name): [.updateChecklist(id: list, name: name, icon: .trips)]
        case let .deleteList(list): [.deleteChecklist(id: list)]
        case let .addItems(list, texts): texts.map { .addItem(checklistID: list, ItemDraft(text: $0, dueDate: Self.dueDate)) }
        }
    }

    var line: String {
        switch self {
        case let .addItem(list, text): "add\t\(list)\t\(Self.encode(text))"
        case let .setText(item, text): "text\t\(item)\t\(Self.encode(text))"
        case let .setChecked(item, checked): "check\t\(item)\t\(checked ? 1 : 0)"
        case let .deleteItem(item): "delete\t\(item)"
        case let .addList(name): "addlist\t\(Self.encode(name))"
        case let .renameList(list, name): "rename\t\(list)\t\(Self.encode(name))"
        case let .deleteList(list): "dellist\t\(list)"
        case let .addItems(list, texts): "batch\t\(list)\t\(texts.map(Self.encode).joined(separator: ","))"
        }
    }

    init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        func id(_ index: Int) -> Int64? { fields.indices.contains(index) ? Int64(fields[index]) : nil }
        func text(_ index: Int) -> String? { fields.indices.contains(index) ? Self.decode(fields[index]) : nil }
        switch fields.first {
        case "add": guard let list = id(1), let text = text(2) else { return nil }; self = .addItem(list: list, text: text)
        case "text": guard let item = id(1), let text = text(2) else { return nil }; self = .setText(item: item, text: text)
        case "check": guard let item = id(1), fields.count == 3 else { return nil }; self = .setChecked(item: item, fields[2] == "1")
        case "delete": guard let item = id(1) else { return nil }; self = .deleteItem(item)
        case "addlist": guard let name = text(1) else { return nil }; self = .addList(name: name)
        case "rename": guard let list = id(1), let name = text(2) else { return nil }; self = .renameList(list, name: name)
        case "dellist": guard let list = id(1) else { return nil }; self = .deleteList(list)
        case "batch":
            guard let list = id(1), fields.count == 3 else { return nil }
            let texts = fields[2].split(separator: ",").compactMap { Self.decode(String($0)) }
            self = .addItems(list: list, texts: texts)
        default: return nil
        }
    }

    private static func encode(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
    private static func decode(_ field: String) -> String? { Data(base64Encoded: field).flatMap { String(data: $0, encoding: .utf8) } }
}

/// What the database holds, as far as the writer's edits go.
struct WriterSnapshot: Equatable {
    struct Facts: Equatable {
        var list: Int64
        var text: String
        var isChecked: Bool
    }
    var lists: [Int64: String] = [:]
    var items: [Int64: Facts] = [:]

    /// A new database: what the first start creates.
    static let fresh = WriterSnapshot(lists: [1: "List"])

    /// Reads everything, checking on the way that the trigger-kept counts
    /// agree with the rows.
    static func read(_ database: ChecklistsDatabase) throws -> (WriterSnapshot, problems: [String]) {
        var snapshot = WriterSnapshot()
        var problems: [String] = []
        for summary in try database.checklistSummaries() {
            snapshot.lists[summary.id] = summary.checklist.name
            let page = try database.itemsPage(checklistID: summary.id, sortOrder: .added, offset: 0, limit: summary.itemCount + 1)
            let unchecked = page.items.filter { !$0.isChecked }.count
            if page.items.count != summary.itemCount || unchecked != summary.remainingCount {
                problems.append("list \(summary.id) counts \(summary.itemCount) items, \(summary.remainingCount) remaining; its rows are \(page.items.count), \(unchecked)")
            }
            for item in page.items {
                snapshot.items[item.id] = Facts(list: item.checklistID, text: item.text, isChecked: item.isChecked)
            }
        }
        return (snapshot, problems)
    }

    /// This snapshot after `edit`, with `newIDs` for what it created (in order).
    func applying(_ edit: WriterEdit, newIDs: [Int64]) -> WriterSnapshot? {
        var next = self
        switch edit {
        case let .addItem(list, text):
            guard newIDs.count == 1 else { return nil }
            next.items[newIDs[0]] = Facts(list: list, text: text, isChecked: false)
        case let .addItems(list, texts):
            guard newIDs.count == texts.count else { return nil }
            for (id, text) in zip(newIDs, texts) { next.items[id] = Facts(list: list, text: text, isChecked: false) }
        case let .setText(item, text): next.items[item]?.text = text
        case let .setChecked(item, checked): next.items[item]?.isChecked = checked
        case let .deleteItem(item): next.items[item] = nil
        case let .addList(name):
            guard newIDs.count == 1 else { return nil }
            next.lists[newIDs[0]] = name
        case let .renameList(list, name): next.lists[list] = name
        case let .deleteList(list):
            next.lists[list] = nil
            next.items = next.items.filter { $0.value.list != list }
        }
        return next
    }

    func difference(from other: WriterSnapshot) -> String {
        var notes: [String] = []
        for (id, name) in other.lists.sorted(by: { $0.key < $1.key }) where lists[id] != name {
            notes.append(lists[id] == nil ? "list \(id) is missing" : "list \(id) has another name")
        }
        for id in lists.keys.sorted() where other.lists[id] == nil { notes.append("list \(id) should not exist") }
        for (id, facts) in other.items.sorted(by: { $0.key < $1.key }) where items[id] != facts {
            notes.append(items[id] == nil ? "item \(id) is missing" : "item \(id) differs (\(items[id]!.isChecked) vs \(facts.isChecked), text equal: \(items[id]!.text == facts.text))")
        }
        for id in items.keys.sorted() where other.items[id] == nil { notes.append("item \(id) should not exist") }
        return notes.prefix(10).joined(separator: "; ")
    }
}

/// The process that gets killed: a stream of edits through the model API,
/// each reported (written to the report file with write(2), so it is in the
/// kernel before the next edit starts) once `apply` has returned.
public enum KillWriter {
    public static func run(databasePath: String, seed: UInt64, reportPath: String) -> Never {
        let report = open(reportPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard report >= 0 else { exitWith("cannot open the report \(reportPath)") }
        func tell(_ line: String) {
            var bytes = Array((line + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { write(report, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { exitWith("cannot write the report") }
                offset += written
            }
        }
        var random = SeededRandom(seed: seed)
        let database: ChecklistsDatabase
        var snapshot: WriterSnapshot
        do {
            database = try ChecklistsDatabase.open(DatabaseLocation(path: databasePath, createsFolder: false))
            snapshot = try WriterSnapshot.read(database).0
        } catch {
            exitWith("the start failed: \(error)")
        }
        tell("ready")
        for sequence in 0..<1_000_000 {
            let edit = nextEdit(snapshot, sequence: sequence, seed: seed, random: &random)
            tell("intent\t\(sequence)\t\(edit.line)")
            do {
                // A real writer, killed at a random moment: the machine's clock.
                let outcomes = try database.applyAll(edit.changes, now: Date())
                let ids = outcomes.compactMap { outcome -> Int64? in
                    switch outcome {
                    case let .item(id): if case .setChecked = edit { nil } else if case .setText = edit { nil } else { id }
                    case let .checklist(id): if case .renameList = edit { nil } else { id }
                    case .none: nil
                    }
                }
                tell("ok\t\(sequence)\t\(ids.map(String.init).joined(separator: ","))")
                snapshot = snapshot.applying(edit, newIDs: ids) ?? snapshot
            } catch {
                exitWith("edit \(sequence) (\(edit.line.prefix(80))) failed: \(error)")
            }
        }
        exit(0)
    }

    private static func exitWith(_ message: String) -> Never {
        FileHandle.standardError.write(Data("writer: \(message)\n".utf8))
        exit(3)
    }

    private static func nextEdit(_ snapshot: WriterSnapshot, sequence: Int, seed: UInt64, random: inout SeededRandom) -> WriterEdit {
        let lists = snapshot.lists.keys.sorted()
        let items = snapshot.items.keys.sorted()
        func text() -> String {
            // Unique, any Unicode; sometimes tens of kilobytes, so a commit
            // spans many pages (and overflow pages) of the WAL.
            // Without U+0000: GRDB binds and reads Strings as C strings, so
            // the model cuts a text at its first NUL (CONTRIBUTING.md, "Stress").
            var body = String(String.UnicodeScalarView(NastyText.text(using: &random).unicodeScalars.filter { $0 != "\u{0}" }))
            if random.chance(0.08) { body = String(repeating: body + " ", count: random.int(200...3_000)) }
            return "w\(seed)-\(sequence) " + body
        }
        guard let list = lists.isEmpty ? nil : random.pick(lists) else { return .addList(name: text()) }
        if items.count > 400 && random.chance(0.7), let item = items.first { return .deleteItem(item) }
        let roll = random.int(0...99)
        if !items.isEmpty {
            let item = random.pick(items)
            switch roll {
            case 40..<52: return .setText(item: item, text: text())
            case 52..<64: return .setChecked(item: item, !(snapshot.items[item]?.isChecked ?? false))
            case 64..<78: return .deleteItem(item)
            default: break
            }
        }
        switch roll {
        case 78..<83 where lists.count < 8: return .addList(name: text())
        case 83..<87: return .renameList(list, name: text())
        case 87..<90 where lists.count > 1: return .deleteList(lists.last!)
        case 90..<100: return .addItems(list: list, texts: (0..<random.int(2...6)).map { _ in text() })
        default: return .addItem(list: list, text: text())
        }
    }
}

// MARK: - The killer and the checker

public struct KillConfiguration: Sendable {
    public var seed: UInt64
    public var kills: Int
    public var folder: String
    /// The `checklists-stress` binary, run as `writer`.
    public var writer: String
    /// A new database every this many kills, so kills during creation are tried too.
    public var freshEvery = 10

    public init(seed: UInt64, kills: Int, folder: String, writer: String) {
        self.seed = seed
        self.kills = kills
        self.folder = folder
        self.writer = writer
    }
}

public struct KillReport: Sendable {
    public var kills = 0
    public var killsBeforeReady = 0
    public var freshDatabases = 0
    public var editsReported = 0
    public var inFlightCommitted = 0
    public var inFlightNotCommitted = 0
    public var integrityChecks = 0
    public var seconds = 0.0

    public var summary: String {
        """
        \(kills) kills in \(String(format: "%.1f", seconds)) s (\(killsBeforeReady) during start-up, \(freshDatabases) new databases), \
        \(editsReported) edits reported committed and all found, edits in flight at the kill: \(inFlightCommitted) committed, \
        \(inFlightNotCommitted) not; integrity_check + foreign_key_check ok \(integrityChecks) times; every next start worked
        """
    }
}

public struct KillFailure: Error, Sendable, CustomStringConvertible {
    public var kill: Int
    public var seed: UInt64
    public var problem: String
    public var description: String { "KILL TEST FAILURE after kill \(kill) (seed \(seed)): \(problem)" }
}

/// Starts the writer, SIGKILLs it at a random moment, then checks the file
/// as the next start of the app would find it; again and again.
public final class KillTest {
    let configuration: KillConfiguration
    var random: SeededRandom
    var snapshot = WriterSnapshot.fresh
    var report = KillReport()
    /// How long the writer takes to start (to aim kills inside start-up).
    var startUpSeconds = 0.05

    public init(_ configuration: KillConfiguration) {
        self.configuration = configuration
        random = SeededRandom(seed: configuration.seed)
    }

    var databasePath: String { configuration.folder + "/checklists.sqlite" }

    public func removeFiles() {
        try? FileManager.default.removeItem(atPath: configuration.folder)
    }

    public func run(progress: ((KillReport) -> Void)? = nil) -> Result<KillReport, KillFailure> {
        let stopwatch = Stopwatch()
        try? FileManager.default.createDirectory(atPath: configuration.folder, withIntermediateDirectories: true)
        for kill in 0..<configuration.kills {
            if kill % configuration.freshEvery == 0 {
                for suffix in ["", "-wal", "-shm"] { unlink(databasePath + suffix) }
                snapshot = .fresh
                report.freshDatabases += 1
            }
            if let problem = killOnce(kill) {
                return .failure(KillFailure(kill: kill, seed: configuration.seed, problem: problem))
            }
            report.kills = kill + 1
            if (kill + 1) % 50 == 0, let progress {
                report.seconds = stopwatch.seconds
                progress(report)
            }
        }
        report.seconds = stopwatch.seconds
        return .success(report)
    }

    private func killOnce(_ kill: Int) -> String? {
        let reportPath = configuration.folder + "/report.txt"
        let logPath = configuration.folder + "/writer.log"
        unlink(reportPath)
        let seed = configuration.seed &+ UInt64(kill) &* 7_919
        let sinceSpawn = Stopwatch()
        guard case let .success(pid) = startProcess([configuration.writer, "writer", "--db", databasePath, "--seed", "\(seed)", "--report", reportPath],
                                                    outputPath: logPath) else {
            return "cannot start the writer \(configuration.writer)"
        }
        // Mostly kill amid the edits; sometimes during start-up (opening,
        // creating, migrating), more often on a new database.
        let duringStartUp = random.chance(kill % configuration.freshEvery == 0 ? 0.5 : 0.1)
        if duringStartUp {
            usleep(useconds_t(Double(random.int(0...1_000)) / 1_000 * startUpSeconds * 1.2 * 1_000_000))
        } else {
            while !(readReport(reportPath).first == "ready") {
                if sinceSpawn.seconds > 30 { _ = Glibc.kill(pid, SIGKILL); waitForExit(pid); return "the writer did not start in 30 s: \(log(logPath))" }
                if exited(pid) { return "the writer ended by itself: \(log(logPath))" }
                usleep(500)
            }
            startUpSeconds = 0.8 * startUpSeconds + 0.2 * sinceSpawn.seconds
            usleep(useconds_t(random.int(0...40_000)))
        }
        if exited(pid) { return "the writer ended by itself: \(log(logPath))" }
        _ = Glibc.kill(pid, SIGKILL)
        waitForExit(pid)

        let lines = readReport(reportPath)
        if lines.first != "ready" { report.killsBeforeReady += 1 }
        // Replay what the writer reported: each "ok" confirms the intent
        // before it; an intent without its "ok" was in flight at the kill.
        var expected = snapshot
        var inFlight: WriterEdit?
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            if fields.first == "intent", fields.count == 3 {
                guard let edit = WriterEdit(line: fields[2]) else { return "unreadable report line \(line.prefix(80))" }
                inFlight = edit
            } else if fields.first == "ok", let edit = inFlight {
                let ids = fields.count == 3 ? fields[2].split(separator: ",").compactMap { Int64($0) } : []
                guard let next = expected.applying(edit, newIDs: ids) else { return "the report's ids do not fit \(edit.line.prefix(80))" }
                expected = next
                inFlight = nil
                report.editsReported += 1
            }
        }

        // The next start: the app's own open (which recovers the WAL), then
        // SQLite's full checks, then every reported edit.
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation(path: databasePath, createsFolder: false))
            let problems = try database.soundnessProblems()
            if !problems.isEmpty { return "the database is damaged: \(problems.prefix(5).joined(separator: "; "))" }
            report.integrityChecks += 1
            let (actual, countProblems) = try WriterSnapshot.read(database)
            if !countProblems.isEmpty { return countProblems.joined(separator: "; ") }
            if actual == expected {
                if inFlight != nil { report.inFlightNotCommitted += 1 }
            } else if let edit = inFlight, actual == expected.applying(edit, newIDs: newIDs(in: actual, since: expected)) {
                report.inFlightCommitted += 1
            } else {
                return "the database does not hold what the writer reported: \(actual.difference(from: expected))"
                    + (inFlight.map { " (in flight: \($0.line.prefix(60)))" } ?? "")
            }
            snapshot = actual
        } catch {
            return "the next start failed: \(error)"
        }
        return nil
    }

    /// Ids in `actual` that `expected` lacks, items then lists, in order.
    private func newIDs(in actual: WriterSnapshot, since expected: WriterSnapshot) -> [Int64] {
        let items = actual.items.keys.filter { expected.items[$0] == nil }.sorted()
        return items.isEmpty ? actual.lists.keys.filter { expected.lists[$0] == nil }.sorted() : items
    }

    /// Complete lines of the report; a line cut by the kill is ignored.
    private func readReport(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()   // after the last newline: empty, or a cut line
        return lines
    }

    private func log(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "(no output)"
    }

    private func exited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }
}
