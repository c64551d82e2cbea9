import Foundation
import ChecklistsModel
import ChecklistsToolSupport

/// The notifier SIGKILLed at random moments while reminders come due, each
/// kill followed by a restart: afterwards every reminder must have been
/// delivered (none lost), and the ones delivered twice are counted. A
/// reminder is delivered twice only when the kill lands between handing it
/// over and recording it, a window of one database write.
///
/// Deliveries are counted through the command channel: `sh -c` appends the
/// item's id to a file, one line per delivery. The command runs in its own
/// process group, so a kill of the notifier does not take a delivery it
/// already handed over.
public struct NotifierKills {
    public struct Configuration: Sendable {
        public var seed: UInt64
        public var kills: Int
        public var reminders: Int
        public var app: String
        public var folder: String

        public init(seed: UInt64, kills: Int, reminders: Int, app: String, folder: String) {
            self.seed = seed
            self.kills = kills
            self.reminders = reminders
            self.app = app
            self.folder = folder
        }
    }

    public struct Report: Sendable {
        public var kills = 0
        public var reminders = 0
        public var delivered = 0
        public var lost: [Int64] = []
        public var twice: [Int64] = []
        public var seconds = 0.0
        public var problems: [String] = []

        public var summary: String {
            "notifier-kills: \(kills) kills in \(String(format: "%.1f", seconds)) s, \(reminders) reminders: "
                + "\(delivered) delivered, \(lost.count) lost, \(twice.count) delivered twice"
        }
    }

    let configuration: Configuration

    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    var database: String { configuration.folder + "/checklists.sqlite" }
    var deliveries: String { configuration.folder + "/deliveries" }
    var config: String { configuration.folder + "/config.toml" }

    public func run() -> Report {
        var report = Report()
        var random = SeededRandom(seed: configuration.seed)
        let started = Date()
        do {
            try FileManager.default.createDirectory(atPath: configuration.folder, withIntermediateDirectories: true)
            try """
                [notify]
                channels = ["command"]
                command = ["/bin/sh", "-c", "echo $CHECKLISTS_ITEM_ID >> \(deliveries)"]
                """.write(toFile: config, atomically: true, encoding: .utf8)
        } catch {
            report.problems.append("cannot set up \(configuration.folder): \(error)")
            return report
        }
        // The kills take about 0.15 s each: the reminders come due over that
        // time, a few each second, some while no notifier runs.
        let span = max(10, Double(configuration.kills) * 0.15)
        let ids: [Int64]
        do {
            ids = try addReminders(count: configuration.reminders, from: started.addingTimeInterval(1), span: span, random: &random)
        } catch {
            report.problems.append("cannot add the reminders: \(error)")
            return report
        }
        report.reminders = ids.count
        for _ in 0..<configuration.kills {
            guard let pid = startNotifier(log: "/dev/null") else {
                report.problems.append("cannot start \(configuration.app) notify")
                return report
            }
            usleep(UInt32(random.int(0...300_000)))
            kill(pid, SIGKILL)
            waitForExit(pid)
            report.kills += 1
        }
        // The last one runs until every reminder came due and was handed over.
        let lastDue = started.addingTimeInterval(1 + span + 1)
        if let pid = startNotifier(log: configuration.folder + "/last.log") {
            while Date() < lastDue { usleep(100_000) }
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, (try? pendingCount()) != 0 { usleep(100_000) }
            kill(pid, SIGTERM)
            waitForExit(pid)
        }
        // The last commands finishing their append.
        usleep(500_000)
        report.seconds = Date().timeIntervalSince(started)
        let lines = ((try? String(contentsOfFile: deliveries, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int64($0) }
        var counts: [Int64: Int] = [:]
        for id in lines { counts[id, default: 0] += 1 }
        report.delivered = counts.count
        report.lost = ids.filter { counts[$0] == nil }
        report.twice = counts.filter { $0.value > 1 }.map(\.key).sorted()
        if !report.lost.isEmpty {
            report.problems.append("lost reminders (never delivered): items \(report.lost.map(String.init).joined(separator: ", "))")
        }
        if let pending = try? pendingCount(), pending != 0 {
            report.problems.append("\(pending) reminders still pending in the database")
        }
        return report
    }

    private func addReminders(count: Int, from start: Date, span: Double, random: inout SeededRandom) throws -> [Int64] {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let list = try store.checklistSummaries()[0].id
        let now = Date()
        let due = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 86_400)
        var ids: [Int64] = []
        for index in 0..<count {
            guard case let .item(id) = try store.apply(.addItem(checklistID: list, ItemDraft(text: "Reminder \(index)", dueDate: due, shouldRemind: true)),
                                                       now: now) else { continue }
            let at = start.addingTimeInterval(Double(random.int(0...Int(span * 1000))) / 1000)
            try store.apply(.snooze(itemID: id, until: at), now: now)
            ids.append(id)
        }
        return ids
    }

    private func pendingCount() throws -> Int {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        return try store.dueReminders(now: Date().addingTimeInterval(365 * 86_400)).count
    }

    private func startNotifier(log: String) -> pid_t? {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        guard case let .success(pid) = startProcess([configuration.app, "notify", "--db", database, "--config", config],
                                                    environment: environment, outputPath: log) else { return nil }
        return pid
    }

    public func removeFiles() {
        try? FileManager.default.removeItem(atPath: configuration.folder)
    }
}
