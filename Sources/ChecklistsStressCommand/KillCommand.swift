import Foundation
import ArgumentParser
import ChecklistsStress

/// `kill`: starts `writer` again and again, SIGKILLs it at random moments
/// and checks the database after each kill.
struct KillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kill",
        abstract: "SIGKILL a writer at random moments; after each kill the database must be sound and hold every reported edit.")

    @OptionGroup var seed: SeedOption
    @Option(help: "How many kills.") var kills: Int = 200
    @Option(help: ArgumentHelp("Where the database goes (default: a new folder under /dev/shm or the temporary folder).", valueName: "dir"))
    var folder: String?

    func run() throws {
        let seed = self.seed.value
        let folder = self.folder ?? FuzzConfiguration.scratchFolder(named: "checklists-kill")
        say("kill: seed \(seed), \(kills) kills, database in \(folder)")
        // The writer is this same binary.
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let test = KillTest(KillConfiguration(seed: seed, kills: kills, folder: folder, writer: me))
        let result = test.run { report in say("kill: \(report.kills) kills, \(report.editsReported) edits checked") }
        switch result {
        case let .success(report):
            test.removeFiles()
            say("kill: PASS seed \(seed): " + report.summary)
        case let .failure(failure):
            say(failure.description)
            say("the database and the writer's report are kept in \(folder)")
            throw ExitCode.failure
        }
    }
}
