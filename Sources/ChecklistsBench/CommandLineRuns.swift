import Foundation
import ArgumentParser
import ChecklistsToolSupport

/// Runs `binary` with `arguments` (output to /dev/null) and returns the
/// nanoseconds from spawn to exit, or nil if it failed.
func timedRun(_ binary: String, _ arguments: [String]) -> Double? {
    let stopwatch = Stopwatch()
    guard case let .success(pid) = startProcess([binary] + arguments, outputPath: "/dev/null") else { return nil }
    let status = waitForExit(pid)
    let elapsed = Double(stopwatch.nanoseconds)
    return status == 0 ? elapsed : nil
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

