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
    @OptionGroup var budget: TimeBudgetOption

    func run() throws {
        try runInputFuzzer("ics-fuzz", seed: seed.value, inputs: inputs, seconds: budget.seconds) { seed, inputs, progress in
            ICalendarFuzzer(.init(seed: seed, inputs: inputs)).run(progress: progress)
        }
    }
}
