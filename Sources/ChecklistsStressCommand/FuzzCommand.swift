import Foundation
import ArgumentParser
import ChecklistsStress

/// `fuzz`: random events into the reducer and its effects on a real
/// database, every invariant checked after every event.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Random events into the app minus the terminal, every invariant checked after every event.")

    @OptionGroup var seed: SeedOption
    @Option(help: "How many events (with --seconds, at most this many).") var events: Int?
    @OptionGroup var budget: TimeBudgetOption
    @Option(help: ArgumentHelp("Print every event from this index on, before it runs (to replay a crash).", valueName: "index"))
    var traceFrom: Int?

    func run() throws {
        let seed = self.seed.value
        CrashReport.install()
        // One run, however long: the database it grows is part of what is checked.
        let events = self.events ?? (budget.seconds == nil ? 1_000_000 : Int.max)
        say("fuzz: seed \(seed), " + (budget.seconds.map { "events for \(Int($0)) s" } ?? "\(events) events"))
        let configuration = FuzzConfiguration(seed: seed, events: events, folder: FuzzConfiguration.scratchFolder(named: "checklists-fuzz"),
                                              traceFrom: traceFrom, seconds: budget.seconds)
        let fuzzer: ReducerFuzzer
        do {
            fuzzer = try ReducerFuzzer(configuration)
        } catch {
            fail("cannot create the fuzz database: \(error)", status: 1)
        }
        let result = fuzzer.run { report in
            say("fuzz: \(report.events) events, \(Int(report.eventsPerSecond)) events/s")
        }
        fuzzer.removeFiles()
        switch result {
        case let .success(report):
            say("fuzz: PASS " + report.summary)
        case let .failure(failure):
            say(failure.description)
            throw ExitCode.failure
        }
    }
}
