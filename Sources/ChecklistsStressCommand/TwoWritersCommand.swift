import Foundation
import ArgumentParser
import ChecklistsStress

/// `two-writers`: the app (driven by keys in tmux) and the command line edit
/// one database at once while reminders come due; then nothing may be lost,
/// nothing may have said "locked", and each reminder is delivered once.
struct TwoWritersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "two-writers",
        abstract: "The app in tmux and the command line edit one database at once while reminders come due.")

    @Option(help: ArgumentHelp("The checklists binary.", valueName: "path")) var app: String
    @Option(help: "How long both write.") var seconds: Int = 60
    @Option(help: "Reminders that come due during the run.") var reminders: Int = 8

    func run() throws {
        let folder = FuzzConfiguration.scratchFolder(named: "checklists-two-writers")
        say("two-writers: \(seconds) s, \(reminders) reminders, database in \(folder)")
        let report = TwoWriters(.init(app: app, seconds: Double(seconds), reminders: reminders, folder: folder)).run()
        say(report.summary)
        if report.problems.isEmpty {
            try? FileManager.default.removeItem(atPath: folder)
            say("two-writers: PASS")
        } else {
            for problem in report.problems { say("two-writers: FAIL: " + problem) }
            say("the database and the app's event log are kept in \(folder)")
            throw ExitCode.failure
        }
    }
}
