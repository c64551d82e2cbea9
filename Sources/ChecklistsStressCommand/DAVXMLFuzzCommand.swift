import Foundation
import ArgumentParser
import ChecklistsStress

/// `dav-fuzz`: hostile WebDAV replies into the sync's XML reader; no crash,
/// no file read through an entity, bounded time per reply and bounded memory.
struct DAVXMLFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dav-fuzz",
        abstract: "Hostile WebDAV replies into the sync's XML reader: no crash, no file read, bounded time and memory.")

    @OptionGroup var seed: SeedOption
    @Option(help: "How many inputs.") var inputs: Int = 1_000_000
    @OptionGroup var budget: TimeBudgetOption

    func run() throws {
        let phaseSeed = seed.value
        let reports = try runInputFuzzer("dav-fuzz", seed: phaseSeed, inputs: inputs, seconds: budget.seconds) { seed, inputs, progress in
            var configuration = DAVXMLFuzzer.Configuration(seed: seed, inputs: inputs)
            // One fuzzer in this process: a crash inside libxml2 or the reader can name its input.
            configuration.reportsCrashes = true
            return DAVXMLFuzzer(configuration).run(progress: progress)
        }
        // Each run bounds its own growth; across timed runs in one process
        // the bound is kept here, from the first run's largest.
        let limit = DAVXMLFuzzer.Configuration(seed: 0, inputs: 0).memoryGrowthLimit
        if let first = reports.first?.largestResident, let grown = reports.first(where: { $0.largestResident > first + limit }) {
            say("dav-fuzz: FAIL resident memory grew from \(first >> 20) to \(grown.largestResident >> 20) MiB over the runs "
                + "(at most \(limit >> 20) MiB more); replay: checklists-stress dav-fuzz --seed \(phaseSeed) --seconds \(Int(budget.seconds ?? 0))")
            throw ExitCode.failure
        }
    }
}
