// The in-process helpers of `scripts/bench-live` (reminders and the live
// dashboard): they write to a benchmark database the way another process
// would, and turn the app's event log into figures.

import Foundation
import ChecklistsModel
import ChecklistsUI

/// `reminders --db PATH --count N --start EPOCH_S [--spread S]`: adds N
/// items with Remind Me on (due tomorrow) whose reminders fire at
/// `start + (i mod spread)` seconds: one a second for lateness, or many in
/// the same minute. Written through the model, as the app would.
func prepareReminders(_ options: Options) {
    guard let path = options.string("db") else { fail("--db is required") }
    let count = options.int("count")
    let start = options.int("start")
    let spread = max(1, options.int("spread", default: count))
    do {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        let now = Date()
        guard case let .checklist(list) = try database.apply(.addChecklist(name: "Reminders \(start)", icon: .none), now: now) else {
            fail("no list created")
        }
        let due = now.addingTimeInterval(86_400)
        let outcomes = try database.applyAll((0..<count).map {
            .addItem(checklistID: list, ItemDraft(text: "Reminder \($0 + 1) of \(count)", dueDate: due, shouldRemind: true))
        }, now: now)
        let snoozes: [Change] = outcomes.enumerated().compactMap { index, outcome in
            guard case let .item(id) = outcome else { return nil }
            return .snooze(itemID: id, until: Date(timeIntervalSince1970: TimeInterval(start + index % spread)))
        }
        try database.applyAll(snoozes, now: now)
    } catch {
        fail(error.description)
    }
}

/// `commit --db PATH`: one change as another process makes it (an item
/// added to the first list); prints the wall-clock nanoseconds at which the
/// commit returned, to compare with the app's "external" log line.
func commitOne(_ options: Options) {
    guard let path = options.string("db") else { fail("--db is required") }
    do {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        guard let list = try database.checklistSummaries().first?.id else { fail("no list") }
        let now = Date()
        let due = now.addingTimeInterval(7 * 86_400)
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Added from elsewhere", dueDate: due)), now: now)
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        print(Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    } catch {
        fail(error.description)
    }
}

/// `stats`: nanosecond values on stdin, one a line; prints
/// "COUNT MEDIAN_MS MAX_MS" (or "0 - -").
func printStats() {
    var values: [Double] = []
    while let line = readLine() {
        if let value = Double(line.trimmingCharacters(in: .whitespaces)) { values.append(value) }
    }
    let summary = Summary(values)
    guard !summary.isEmpty else {
        print("0 - -")
        return
    }
    print(String(format: "%d %.1f %.1f", summary.count, summary.median / 1e6, summary.max / 1e6))
}

/// `fire --db PATH [--times N]`: what the app does when the alarm goes off,
/// in process and step by step (claim, banner and reload, re-arm queries),
/// median microseconds of N firings, each with one reminder due. For "no
/// cost that grows with the number of items when a reminder fires".
func timeFiring(_ options: Options) {
    guard let path = options.string("db") else { fail("--db is required") }
    let times = options.int("times", default: 25)
    do {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        let context = UIContext(dateStyle: DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone.current), unicode: true)
        var steps: [String: [Double]] = [:]
        func timed<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            let start = monotonicNanoseconds()
            defer { steps[name, default: []].append(Double(monotonicNanoseconds() - start)) }
            return try body()
        }
        let now = Date()
        guard case let .checklist(list) = try database.apply(.addChecklist(name: "Firing \(now.timeIntervalSince1970)", icon: .none), now: now) else {
            fail("no list")
        }
        let store = Store(state: AppState(context: context, width: 120, height: 40, now: now), database: database)
        store.start(now: now)
        for round in 0..<times {
            let due = Date().addingTimeInterval(3600 + Double(round))
            guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "fire \(round)", dueDate: due, shouldRemind: true)), now: Date()) else { fail("no item") }
            try database.apply(.snooze(itemID: id, until: Date()), now: Date())
            let fireTime = Date().addingTimeInterval(1)
            store.send(.clock(fireTime))
            let claimed = try timed("claim") { try database.claimDueReminders(now: fireTime) }
            timed("banner + reload") { store.send(.remindersDue(claimed, missed: false)) }
            timed("render") { sink &+= render(store.state).width }
            _ = try timed("next reminder") { try database.nextReminderDate() }
            _ = try timed("next overdue") { try database.nextOverdueDate(after: fireTime) }
            store.send(.key(.escape))
        }
        for name in ["claim", "banner + reload", "render", "next reminder", "next overdue"] {
            print(String(format: "%@\t%.0f", name, Summary(steps[name] ?? []).median / 1000))
        }
    } catch {
        fail("\(error)")
    }
}
