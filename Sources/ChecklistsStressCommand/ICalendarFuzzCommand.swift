import Foundation
import ArgumentParser
import ChecklistsStress

/// `ics-fuzz`: mutated iCalendar files into the reader, the writer and the
/// item mapping; no crash, and what reads must write and read back the same.
struct ICalendarFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ics-fuzz",
        abstract: "Mutated iCalendar files into the reader and the item mapping: no crash, and what reads round-trips exactly.")

    @OptionGroup var seed: SeedOption
    @Option(help: "How many mutated inputs.") var inputs: Int = 1_000_000

    func run() throws {
        let seed = self.seed.value
        CrashReport.install()
        say("ics-fuzz: seed \(seed), \(inputs) inputs")
        let result = ICalendarFuzzer(.init(seed: seed, inputs: inputs)).run { report in
            say("ics-fuzz: \(report.inputs) inputs, \(Int(Double(report.inputs) / max(report.seconds, 0.001))) inputs/s")
        }
        switch result {
        case let .success(report):
            say("ics-fuzz: PASS " + report.summary)
        case let .failure(failure):
            say(failure.description)
            throw ExitCode.failure
        }
    }
}
