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
    @Option(help: "How many kills (with --seconds, in each run).") var kills: Int?
    @OptionGroup var budget: TimeBudgetOption
    @Option(help: ArgumentHelp("Where the database goes (default: a new folder under /dev/shm or the temporary folder).", valueName: "dir"))
    var folder: String?

    func run() throws {
        let seed = self.seed.value
        let folder = self.folder ?? FuzzConfiguration.scratchFolder(named: "checklists-kill")
        // Timed, it is runs of `freshEvery` kills (each run starts on a new
        // database anyway), each from its own seed, until the time is spent.
        let perRun = kills ?? (budget.seconds == nil ? 200 : KillConfiguration(seed: 0, kills: 0, folder: "", writer: "").freshEvery)
        say("kill: seed \(seed), " + (budget.seconds.map { "runs of \(perRun) kills for \(Int($0)) s" } ?? "\(perRun) kills")
            + ", database in \(folder)")
        // The writer is this same binary.
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var total: KillReport?
        let runs = try repeatRuns(for: budget.seconds) { number in
            let thisSeed = runSeed(seed, number)
            let test = KillTest(KillConfiguration(seed: thisSeed, kills: perRun, folder: folder, writer: me))
            let result = test.run { report in say("kill: \((total?.kills ?? 0) + report.kills) kills, \((total?.editsReported ?? 0) + report.editsReported) edits checked") }
            switch result {
            case let .success(report):
                test.removeFiles()
                total = total.map { $0.adding(report) } ?? report
            case let .failure(failure):
                say(failure.description)
                say("replay: checklists-stress kill --seed \(thisSeed) --kills \(perRun)")
                say("the database and the writer's report are kept in \(folder)")
                throw ExitCode.failure
            }
        }
        say("kill: PASS seed \(seed): " + (total?.summary ?? "") + (runs > 1 ? " (\(runs) runs of \(perRun))" : ""))
    }
}

extension KillReport {
    /// Adds up the runs of a timed kill phase.
    func adding(_ run: KillReport) -> KillReport {
        var sum = self
        sum.add(run)
        return sum
    }

    private mutating func add(_ run: KillReport) {
        kills += run.kills
        killsBeforeReady += run.killsBeforeReady
        freshDatabases += run.freshDatabases
        editsReported += run.editsReported
        inFlightCommitted += run.inFlightCommitted
        inFlightNotCommitted += run.inFlightNotCommitted
        integrityChecks += run.integrityChecks
        seconds += run.seconds
    }
}
