import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsToolSupport

/// `undo`: what a user waits for after u on a deleted list of many items:
/// the delete (with its history written in the same transaction), the
/// undo that puts every item back, and the redo. Each round runs on a
/// fresh list in a scratch database; medians of the rounds are printed.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Time deleting a list of N items, undoing the delete and redoing it; print the medians in milliseconds.")

    @Option(help: "Items in the list.") var items = 10_000
    @Option(help: "Rounds (a fresh list each).") var rounds = 5
    @Option(help: ArgumentHelp("A scratch folder (removed afterwards).", valueName: "dir")) var folder = NSTemporaryDirectory() + "checklists-bench-undo-" + UUID().uuidString

    func run() {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var deletes: [Double] = [], undos: [Double] = [], redos: [Double] = []
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation(path: folder + "/undo.sqlite", createsFolder: false))
            let now = Date()
            for round in 0..<rounds {
                try database.apply(.addChecklist(name: "Round \(round)", icon: .none), now: now)
                guard let list = try database.checklists().first(where: { $0.name == "Round \(round)" })?.id else { fail("no list") }
                // Every other item reminds, so the undo restores reminders too.
                try database.applyAll((0..<items).map { index in
                    .addItem(checklistID: list, ItemDraft(text: "Item \(index)", dueDate: now.addingTimeInterval(Double(index % 500) * 3_600 + 86_400),
                                                          shouldRemind: index % 2 == 0))
                }, now: now)
                var watch = Stopwatch()
                try database.apply(.deleteChecklist(id: list), now: now)
                deletes.append(watch.seconds * 1_000)
                watch = Stopwatch()
                guard case .applied = try database.step(.undo, now: now) else { fail("the undo was not done") }
                undos.append(watch.seconds * 1_000)
                guard try database.checklistSummary(id: list)?.itemCount == items else { fail("the undo did not bring back \(items) items") }
                watch = Stopwatch()
                guard case .applied = try database.step(.redo, now: now) else { fail("the redo was not done") }
                redos.append(watch.seconds * 1_000)
            }
        } catch {
            fail(error.description)
        }
        let format = { (values: [Double]) in String(format: "%.0f ms (min %.0f, max %.0f)", Summary(values).median, Summary(values).min, Summary(values).max) }
        print("list of \(grouped(items)) items, \(rounds) rounds, medians:")
        print("  delete (with its history): \(format(deletes))")
        print("  undo (every item back):    \(format(undos))")
        print("  redo:                      \(format(redos))")
    }
}
