import Foundation
import ArgumentParser
import ChecklistsStress

/// `ics-fuzz`: mutated iCalendar files into the reader, the writer and the
/// item mapping; no crash, and what reads must write and read back the same;
/// now and then a family of to-dos naming parents goes into the storage.
struct ICalendarFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ics-fuzz",
        abstract: "Mutated iCalendar files into the reader and the item mapping: no crash, and what reads round-trips exactly; "
            + "families of to-dos naming parents into the storage: no cycle, a parent in its item's list, any order the same.")

    @OptionGroup var seed: SeedOption
    @Option(help: "How many mutated inputs.") var inputs: Int = 1_000_000
    @OptionGroup var budget: TimeBudgetOption

    func run() throws {
        try runInputFuzzer("ics-fuzz", seed: seed.value, inputs: inputs, seconds: budget.seconds) { seed, inputs, progress in
            ICalendarFuzzer(.init(seed: seed, inputs: inputs)).run(progress: progress)
        }
    }
}
