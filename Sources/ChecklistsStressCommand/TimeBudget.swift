import Foundation
import ArgumentParser
import ChecklistsToolSupport

/// `--seconds`: a phase of `scripts/stress` runs for a time instead of a
/// count, so CI takes as long on a busy machine as on an idle one and
/// checks as much as the time allows.
struct TimeBudgetOption: ParsableArguments {
    @Option(help: ArgumentHelp("Run for this long instead of a count (a run in progress is finished).", valueName: "seconds"))
    var seconds: Double?
}

/// The seed of run `number` of a timed phase made of independent runs: the
/// first is the phase's own seed (so `--seed S` with a count replays it), the
/// others are spread far apart, so two shards started at seeds S and S+1 never
/// repeat each other's runs. A failure names its run's seed and count, which
/// replay it alone.
func runSeed(_ seed: UInt64, _ number: Int) -> UInt64 {
    seed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15
}

/// Runs `body` with run numbers 0, 1, 2... until `seconds` have passed (at
/// least once), or once when there is no budget. Returns how many ran.
func repeatRuns(for seconds: Double?, _ body: (_ number: Int) throws -> Void) rethrows -> Int {
    let stopwatch = Stopwatch()
    var number = 0
    repeat {
        try body(number)
        number += 1
    } while seconds.map { stopwatch.seconds < $0 } ?? false
    return number
}
