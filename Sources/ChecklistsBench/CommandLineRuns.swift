import Foundation
import ArgumentParser
import ChecklistsToolSupport

/// Runs `binary` with `arguments` (output to /dev/null) and returns the
/// nanoseconds from spawn to exit, or nil if it failed.
func timedRun(_ binary: String, _ arguments: [String]) -> Double? {
    measuredRun(binary, arguments)?.nanoseconds
}

/// Like `timedRun`, plus the child's peak resident memory in KiB (its
/// ru_maxrss, from wait4), which is how calcurse's peak is read too.
func measuredRun(_ binary: String, _ arguments: [String]) -> (nanoseconds: Double, peakKB: Int)? {
    let stopwatch = Stopwatch()
    guard case let .success(pid) = startProcess([binary] + arguments, outputPath: "/dev/null") else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = Double(stopwatch.nanoseconds)
    // Exited (not signalled) with status 0.
    return status & 0x7f == 0 && (status >> 8) & 0xff == 0 ? (elapsed, usage.ru_maxrss) : nil
}

/// `cli`: whole runs of the command line's `add`, `list --due today` and
/// `status` on one database, each `runs` times after one warm-up; prints
/// every run as "metric<TAB>ns".
struct CommandLineRunsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cli",
        abstract: "Time whole runs of checklists add, list --due today and status.")

    @Option(help: ArgumentHelp("The checklists binary.", valueName: "path")) var binary: String
    @Option(help: ArgumentHelp("The database (add writes to it).", valueName: "path")) var db: String
    @Option(help: "Timed runs of each command.") var runs: Int = 21

    func run() {
        let commands: [(String, [String])] = [
            ("cli_add_ns", ["add", "Benchmark item", "--due", "tomorrow 9:00", "--remind", "--db", db]),
            ("cli_list_today_ns", ["list", "--due", "today", "--db", db]),
            ("cli_status_ns", ["status", "--db", db]),
        ]
        for (metric, arguments) in commands {
            guard timedRun(binary, arguments) != nil else { fail("\(binary) \(arguments.joined(separator: " ")) failed") }
            for _ in 0..<runs {
                guard let elapsed = timedRun(binary, arguments) else { fail("\(binary) \(arguments.joined(separator: " ")) failed") }
                print("\(metric)\t\(Int(elapsed))")
            }
        }
    }
}

