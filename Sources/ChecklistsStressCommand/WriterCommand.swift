import ArgumentParser
import ChecklistsStress

/// `writer`: the process `kill` starts and kills. It edits through the model
/// API and reports each commit once `apply` has returned.
struct WriterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "writer",
        abstract: "The process the kill test kills: edits through the model API, reporting each commit.")

    @Option(help: ArgumentHelp("The database to edit.", valueName: "path")) var db: String
    @Option(help: "The seed of its edits.") var seed: UInt64 = 1
    @Option(help: ArgumentHelp("The file each intent and commit is appended to.", valueName: "file")) var report: String

    func run() {
        KillWriter.run(databasePath: db, seed: seed, reportPath: report)
    }
}
