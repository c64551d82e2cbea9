import Foundation
import ArgumentParser
import ChecklistsStress

/// Runs one of the input fuzzers as `scripts/stress` reads it: the seed
/// first, so a crash can be replayed, then its rate every 100,000 inputs,
/// then PASS with its figures or the failure with the command that replays it.
func runInputFuzzer<Report: InputFuzzReport>(_ command: String, seed: UInt64, inputs: Int,
                                             _ run: (_ progress: (Report) -> Void) -> Result<Report, InputFuzzFailure>) throws {
    CrashReport.install()
    say("\(command): seed \(seed), \(inputs) inputs")
    let result = run { report in
        say("\(command): \(report.inputs) inputs, \(Int(Double(report.inputs) / max(report.seconds, 0.001))) inputs/s")
    }
    switch result {
    case let .success(report):
        say("\(command): PASS " + report.summary)
    case let .failure(failure):
        say(failure.description)
        throw ExitCode.failure
    }
}
