import Foundation
import ArgumentParser
import ChecklistsModel

/// `reminders`: adds N items with Remind Me on (due tomorrow) whose
/// reminders fire at `start + (i mod spread)` seconds: one a second for
/// lateness, or many in the same minute. Written through the model, as the
/// app would.
struct RemindersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Add items whose reminders fire from a given second on.")

    @Option(help: ArgumentHelp("The database.", valueName: "path")) var db: String
    @Option(help: "How many reminders.") var count: Int
    @Option(help: ArgumentHelp("When the first fires, in seconds since 1970.", valueName: "epoch-seconds"))
    var start: Int
    @Option(help: ArgumentHelp("Over how many seconds they fire (default: --count).", valueName: "seconds"))
    var spread: Int?

    func run() {
        let spread = max(1, self.spread ?? count)
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation.resolve(option: db, environment: [:]))
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
}
