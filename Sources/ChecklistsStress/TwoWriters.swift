import Foundation
import ChecklistsModel
import ChecklistsToolSupport

/// Two writers at once: the app, driven in tmux by keys (adding items,
/// checking them off, editing them), and the command line (`add`, `done`,
/// `edit` in a loop) change one database at the same time, while reminders
/// come due. Afterwards every edit the app showed as saved and every command
/// that exited 0 must be in the database, "locked" must never have been on
/// screen or on stderr, and each reminder must have been delivered exactly
/// once (the app's CHECKLISTS_EVENT_LOG). `scripts/stress` runs it for a
/// minute; the end-to-end tests for 10 s.
public struct TwoWriters {
    public struct Configuration: Sendable {
        /// The `checklists` binary.
        public var app: String
        public var seconds: Double
        /// Reminders due while the run lasts, spread over it.
        public var reminders: Int
        public var folder: String

        public init(app: String, seconds: Double, reminders: Int, folder: String) {
            self.app = app
            self.seconds = seconds
            self.reminders = reminders
            self.folder = folder
        }
    }

    /// What each writer did and what was found afterwards.
    public struct Report: Sendable {
        public var appEdits = 0
        public var commands = 0
        public var found = 0
        public var expected = 0
        public var remindersDue = 0
        public var deliveries = 0
        /// Each a sentence; empty when every check held.
        public var problems: [String] = []

        public var summary: String {
            "two-writers: app \(appEdits) edits shown as saved, command line \(commands) commands exited 0; "
                + "found \(found) of \(expected) edits; reminders: \(remindersDue) due, \(deliveries) deliveries"
        }
    }

    let configuration: Configuration
    private let database: String
    private let eventLog: String

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        database = configuration.folder + "/two-writers.sqlite"
        eventLog = configuration.folder + "/events.log"
    }

    public func run() -> Report {
        var report = Report()
        let lists: (app: Int64, cli: Int64)
        do {
            try FileManager.default.createDirectory(atPath: configuration.folder, withIntermediateDirectories: true)
            lists = try prepare()
        } catch {
            report.problems.append("could not prepare \(database): \(error)")
            return report
        }
        let tmux = TmuxSession(width: 100, height: 40, command:
            "CHECKLISTS_EVENT_LOG=\(shellQuoted(eventLog)) \(shellQuoted(configuration.app)) --db \(shellQuoted(database))")
        defer { tmux.kill() }
        var driver = AppDriver(tmux: tmux)
        var reminders: [Int64: Date] = [:]
        let commandLine = CommandLineWriter(app: configuration.app, database: database,
                                            deadline: Date().addingTimeInterval(configuration.seconds))
        if driver.waitFor({ $0.contains(" App ") && $0.contains("No items") }, "the App list at start") {
            let start = Date()
            let deadline = start.addingTimeInterval(configuration.seconds)
            commandLine.deadline = deadline
            do {
                // Added once the app runs, so it learns of them as of any
                // other process's change, and none is missed at its start.
                reminders = try scheduleReminders(from: start)
            } catch {
                report.problems.append("could not add the reminders: \(error)")
            }
            driver.reminderTimes = reminders.values.sorted()
            Thread { commandLine.run() }.start()
            driver.edit(until: deadline)
            commandLine.finished.wait()
            driver.dismissReminders(until: (reminders.values.max() ?? start).addingTimeInterval(1))
            tmux.press("C-c")
            _ = tmux.waitUntil { _ in tmux.isDead }
        }
        report.remindersDue = reminders.count
        report.appEdits = driver.edits
        report.commands = commandLine.succeeded
        report.problems += driver.problems + commandLine.problems
        check(app: driver.saved, commandLine: commandLine.saved, lists: lists, reminders: reminders, into: &report)
        return report
    }

    /// A new database with the lists "App" (open, for the app), "CLI" and
    /// "Reminders".
    private func prepare() throws -> (app: Int64, cli: Int64) {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let now = Date()
        var ids: [Int64] = []
        for name in ["App", "CLI", "Reminders"] {
            guard case let .checklist(id) = try store.apply(.addChecklist(name: name, icon: .none), now: now) else { throw StorageError.notFound(what: name) }
            ids.append(id)
        }
        try store.apply(.setOpenChecklist(id: ids[0]), now: now)
        return (ids[0], ids[1])
    }

    /// Items in "Reminders" whose reminders come due during the run, two at
    /// a time, at instants spread evenly over it. Nobody edits them, so each
    /// must be delivered exactly once.
    private func scheduleReminders(from start: Date) throws -> [Int64: Date] {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        guard let list = try store.checklists().first(where: { $0.name == "Reminders" })?.id else { throw StorageError.notFound(what: "Reminders") }
        // Due dates are whole minutes; a snooze moves only the reminder, to the second.
        let due = Date(timeIntervalSince1970: ((start.timeIntervalSince1970 / 60).rounded(.up) + 120) * 60)
        let instants = (configuration.reminders + 1) / 2
        var reminders: [Int64: Date] = [:]
        for index in 0..<configuration.reminders {
            guard case let .item(id) = try store.apply(.addItem(checklistID: list,
                                                                ItemDraft(text: "reminder \(index)", dueDate: due, shouldRemind: true)),
                                                      now: start)
            else { throw StorageError.notFound(what: "reminder \(index)") }
            let offset = configuration.seconds * Double(index / 2 + 1) / Double(instants + 1)
            let at = Date(timeIntervalSince1970: (start.timeIntervalSince1970 + offset).rounded(.up))
            try store.apply(.snooze(itemID: id, until: at), now: start)
            reminders[id] = at
        }
        return reminders
    }

    private func check(app: [String: Saved], commandLine: [String: Saved], lists: (app: Int64, cli: Int64),
                       reminders: [Int64: Date], into report: inout Report) {
        do {
            let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
            for (list, saved, writer) in [(lists.app, app, "the app"), (lists.cli, commandLine, "the command line")] {
                let stored = Dictionary(try store.listedItems(checklistID: list, includeChecked: true, dueFrom: nil, before: nil)
                    .map { ($0.item.text, Saved(text: $0.item.text, checked: $0.item.isChecked)) }) { first, _ in first }
                for (_, item) in saved.sorted(by: { $0.key < $1.key }) {
                    report.expected += 1
                    if stored[item.text] == item {
                        report.found += 1
                    } else {
                        report.problems.append("\(writer) saved “\(item.text)” (\(item.checked ? "checked" : "not checked")), "
                            + "the database has \(stored[item.text].map { $0.checked ? "it checked" : "it not checked" } ?? "no such item")")
                    }
                }
            }
            for id in reminders.keys.sorted() where try store.reminderDate(ofItem: id) != nil {
                report.problems.append("the reminder of item \(id) was never claimed")
            }
        } catch {
            report.problems.append("could not read \(database) afterwards: \(error)")
        }
        let delivered = ((try? String(contentsOfFile: eventLog, encoding: .utf8)) ?? "")
            .split(separator: "\n").compactMap { line -> Int64? in
                let fields = line.split(separator: " ")
                return fields.first == "reminder" && fields.count > 1 ? Int64(fields[1]) : nil
            }
        report.deliveries = delivered.count
        for id in reminders.keys.sorted() {
            let times = delivered.filter { $0 == id }.count
            if times != 1 { report.problems.append("the reminder of item \(id) was delivered \(times) times") }
        }
        for id in Set(delivered).subtracting(reminders.keys).sorted() {
            report.problems.append("item \(id) was delivered, but had no reminder due")
        }
    }
}

/// The state an edit left an item in, as its writer was told it was saved.
private struct Saved: Equatable {
    var text: String
    var checked: Bool
}

// MARK: - The app, driven by keys

/// Types into the app and believes an edit saved only when the screen shows
/// it (the app reloads from the database after every commit). It sends no
/// key from shortly before a reminder is due until its banner is dismissed,
/// so the banner (which takes every key) never eats an edit.
private struct AppDriver {
    let tmux: TmuxSession
    var reminderTimes: [Date] = []
    var edits = 0
    var saved: [String: Saved] = [:]
    var problems: [String] = []
    private var next = 1

    init(tmux: TmuxSession) {
        self.tmux = tmux
    }

    /// No key is sent from this long before a reminder is due until its
    /// banner is gone: far more than one edit takes, even on a loaded machine.
    static let quietBeforeReminder: TimeInterval = 5

    /// Waits for the screen (generously: the machine may be loaded), noting
    /// any "locked" or unsaved message on every screen it reads.
    mutating func waitFor(_ condition: (String) -> Bool, _ what: String, timeout: TimeInterval = 30) -> Bool {
        var seenProblem: String?
        let shown = tmux.waitUntil(timeout: timeout) { screen in
            if screen.localizedCaseInsensitiveContains("locked") || screen.contains("not saved") || screen.contains("Could not") {
                seenProblem = screen
            }
            return condition(screen)
        }
        if let seenProblem { problems.append("the app showed an error: \(seenProblem)") }
        if !shown { problems.append("the app never showed \(what); the screen:\n\(tmux.text)") }
        return shown
    }

    mutating func edit(until deadline: Date) {
        while Date() < deadline && problems.isEmpty {
            dismissReminders(until: Date().addingTimeInterval(Self.quietBeforeReminder))
            let text = String(format: "app %04d", next)
            next += 1
            tmux.press("a")
            guard waitFor({ $0.contains("Add Item") }, "the Add Item form") else { return }
            tmux.type(text)
            tmux.press("C-s")
            guard waitFor({ $0.contains("[ ] \(text) ") }, "“\(text)” saved") else { return }
            record(text, checked: false)

            dismissReminders(until: Date().addingTimeInterval(Self.quietBeforeReminder))
            tmux.press("Space")
            guard waitFor({ $0.contains("[x] \(text) ") }, "“\(text)” checked off") else { return }
            record(text, checked: true)

            // Every other item also gets its text edited.
            guard next % 2 == 0 else { continue }
            dismissReminders(until: Date().addingTimeInterval(Self.quietBeforeReminder))
            tmux.press("Enter")
            guard waitFor({ $0.contains("Edit Item") }, "the Edit Item form") else { return }
            tmux.press("C-u")
            tmux.type(text + " edited")
            tmux.press("C-s")
            guard waitFor({ $0.contains("[x] \(text) edited") }, "“\(text) edited” saved") else { return }
            saved[text] = nil
            record(text + " edited", checked: true)
        }
    }

    private mutating func record(_ text: String, checked: Bool) {
        saved[text] = Saved(text: text, checked: checked)
        edits += 1
    }

    /// The banner's top line ("┌ Reminder 1 of 6 ───"); nil when none is shown.
    private static func bannerHeader(_ screen: String) -> Substring? {
        screen.split(separator: "\n").first { $0.contains("┌ Reminder") }
    }

    /// For every reminder due before `time`: waits for its banner and
    /// dismisses it (and any others shown with it).
    mutating func dismissReminders(until time: Date) {
        while let due = reminderTimes.first, due <= time {
            reminderTimes.removeFirst()
            // Two may come due together: their banner is dismissed once per reminder.
            guard waitFor({ $0.contains("┌ Reminder") }, "the banner of a reminder due at \(due)") else { return }
            for _ in 0..<10 {
                guard let header = Self.bannerHeader(tmux.text) else { break }
                tmux.press("Escape")
                // An Escape dismisses one reminder, so the next waits until
                // the app shows that (the count in the header changes, or the
                // banner goes). Sent 200 ms apart on a loaded machine, one read
                // off a screen not yet redrawn reached the list behind the
                // banner and closed it, and the next `a` added a list.
                _ = tmux.waitUntil(timeout: 10) { Self.bannerHeader($0) != header }
            }
            while let again = reminderTimes.first, again <= due { reminderTimes.removeFirst() }
            _ = waitFor({ !$0.contains("┌ Reminder") }, "the banner dismissed")
        }
    }
}

// MARK: - The command line, in a loop

/// `add`, `done` and (every other time) `edit` as separate processes until
/// the deadline, on the list "CLI". Runs on its own thread.
private final class CommandLineWriter: @unchecked Sendable {
    let app: String
    let database: String
    var deadline: Date
    let finished = DispatchSemaphore(value: 0)
    private(set) var succeeded = 0
    private(set) var saved: [String: Saved] = [:]
    private(set) var problems: [String] = []

    init(app: String, database: String, deadline: Date) {
        self.app = app
        self.database = database
        self.deadline = deadline
    }

    func run() {
        defer { finished.signal() }
        var index = 1
        while Date() < deadline {
            let text = String(format: "cli %04d", index)
            guard let added = command(["add", text, "--list", "CLI", "--due", "2030-01-01 09:00"]) else { return }
            saved[text] = Saved(text: text, checked: false)
            let id = added.trimmingCharacters(in: .whitespacesAndNewlines)
            guard command(["done", id]) != nil else { return }
            saved[text] = Saved(text: text, checked: true)
            if index % 2 == 0 {
                guard command(["edit", id, "--text", text + " edited"]) != nil else { return }
                saved[text] = nil
                saved[text + " edited"] = Saved(text: text + " edited", checked: true)
            }
            index += 1
        }
    }

    /// Runs one command; its output when it exited 0, else nil (and a problem).
    private func command(_ arguments: [String]) -> String? {
        let result = runCommand([app] + arguments + ["--db", database])
        guard result.status == 0 else {
            problems.append("checklists \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
            return nil
        }
        succeeded += 1
        return result.output
    }
}
