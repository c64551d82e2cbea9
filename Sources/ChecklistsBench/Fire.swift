import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsUI
import ChecklistsToolSupport

/// `fire`: what the app does when the alarm goes off, in process and step by
/// step (claim, banner and reload, re-arm queries), median microseconds of N
/// firings, each with one reminder due. For "no cost that grows with the
/// number of items when a reminder fires".
struct FireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fire",
        abstract: "Time the steps of one reminder firing, in process.")

    @Option(help: ArgumentHelp("The database.", valueName: "path")) var db: String
    @Option(help: "How many firings.") var times: Int = 25

    func run() {
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation.resolve(option: db, environment: [:]))
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
}
