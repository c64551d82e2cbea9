import Foundation
import ArgumentParser
import ChecklistsStress

/// Inputs in one run of a timed input fuzzer: small enough that a budget is
/// kept to a few seconds on a busy machine, large enough that a run's
/// set-up is noise.
let inputsPerTimedRun = 2_000

/// Runs one of the input fuzzers as `scripts/stress` reads it: the seed
/// first, so a crash can be replayed, then its rate, then PASS with its
/// figures or the failure with the command that replays it. With a time
/// budget it runs `inputsPerTimedRun` inputs at a time, each run from its own
/// seed (`runSeed`), until the budget is spent; each input is checked alone,
/// so many short runs check as deeply as one long one. Returns every run's report.
@discardableResult
func runInputFuzzer<Report: InputFuzzReport>(_ command: String, seed: UInt64, inputs: Int, seconds: Double?,
                                             _ run: (_ seed: UInt64, _ inputs: Int, _ progress: (Report) -> Void) -> Result<Report, InputFuzzFailure>) throws
    -> [Report] {
    CrashReport.install()
    let perRun = seconds == nil ? inputs : inputsPerTimedRun
    say(seconds.map { "\(command): seed \(seed), runs of \(perRun) inputs for \(Int($0)) s" } ?? "\(command): seed \(seed), \(inputs) inputs")
    var reports: [Report] = []
    let started = Date()
    let progress = { (report: Report) in
        let total = reports.reduce(0) { $0 + $1.inputs } + report.inputs
        say("\(command): \(total) inputs, \(Int(Double(total) / max(Date().timeIntervalSince(started), 0.001))) inputs/s")
    }
    _ = try repeatRuns(for: seconds) { number in
        switch run(runSeed(seed, number), perRun, progress) {
        case let .success(report):
            if seconds != nil { progress(report) }
            reports.append(report)
        case let .failure(failure):
            say(failure.description)
            throw ExitCode.failure
        }
    }
    let total = reports.reduce(0) { $0 + $1.inputs }
    if reports.count == 1 {
        say("\(command): PASS " + reports[0].summary)
    } else {
        say("\(command): PASS seed \(seed): \(total) inputs in \(reports.count) runs of \(perRun), "
            + "\(String(format: "%.1f", Date().timeIntervalSince(started))) s; last run: \(reports[reports.count - 1].summary)")
    }
    return reports
}
