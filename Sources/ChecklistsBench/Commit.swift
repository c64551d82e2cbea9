import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsToolSupport

/// `commit`: one change as another process makes it (an item added to the
/// first list); prints the wall-clock nanoseconds at which the commit
/// returned, to compare with the app's "external" event-log line.
struct CommitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit",
        abstract: "Add one item as another process would; print the wall-clock nanoseconds when it was committed.")

    @Option(help: ArgumentHelp("The database.", valueName: "path")) var db: String

    func run() {
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation.resolve(option: db, environment: [:]))
            guard let list = try database.checklistSummaries().first?.id else { fail("no list") }
            let now = Date()
            let due = now.addingTimeInterval(7 * 86_400)
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "Added from elsewhere", dueDate: due)), now: now)
            print(wallNanoseconds())
        } catch {
            fail(error.description)
        }
    }
}
