import Foundation
import ArgumentParser
import ChecklistsStress

/// `notifier-kills`: SIGKILLs `checklists notify` at random moments while
/// reminders come due, restarting it each time; no reminder may be lost,
/// and the ones delivered twice are counted.
struct NotifierKillsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifier-kills",
        abstract: "SIGKILL the notifier at random moments, each followed by a restart: no reminder lost; duplicates counted.")

    @OptionGroup var seed: SeedOption
    @Option(help: ArgumentHelp("The checklists binary.", valueName: "path")) var app: String
    @Option(help: "How many kills.") var kills: Int = 200
    @Option(help: "Reminders that come due during the run.") var reminders: Int = 300

    func run() throws {
        let seed = self.seed.value
        let folder = FuzzConfiguration.scratchFolder(named: "checklists-notifier-kills")
        say("notifier-kills: seed \(seed), \(kills) kills, \(reminders) reminders, database in \(folder)")
        let test = NotifierKills(.init(seed: seed, kills: kills, reminders: reminders, app: app, folder: folder))
        let report = test.run()
        say(report.summary)
        if report.problems.isEmpty {
            test.removeFiles()
            say("notifier-kills: PASS seed \(seed)")
        } else {
            for problem in report.problems { say("notifier-kills: FAIL: " + problem) }
            say("the database and the deliveries are kept in \(folder)")
            throw ExitCode.failure
        }
    }
}
