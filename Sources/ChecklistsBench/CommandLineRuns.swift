import Foundation
import ArgumentParser
import ChecklistsToolSupport

/// Runs `binary` with `arguments` (output to /dev/null) and returns the
/// nanoseconds from spawn to exit, or nil if it failed.
func timedRun(_ binary: String, _ arguments: [String]) -> Double? {
    let stopwatch = Stopwatch()
    guard case let .success(pid) = startProcess([binary] + arguments, outputPath: "/dev/null"), waitForExit(pid) == 0 else { return nil }
    return Double(stopwatch.nanoseconds)
}

/// The peak resident memory in KiB of one run of `binary`, as
/// `/usr/bin/time` reads it (its child's ru_maxrss), or nil if it failed.
/// Not the harness's own wait4: Linux starts a new program's peak at the
/// peak of the process that started it, and this one spawns with vfork, so
/// every command measured from here, calcurse's too, read as the harness's
/// own peak (24,044 KB for each, from a debug build of it), where through
/// `time`, which is small, calcurse's `-t` reads about 2.5 MB.
func peakMemoryRun(_ binary: String, _ arguments: [String], scratch: String) -> Int? {
    let report = scratch + "/peak-\(getpid()).txt"
    defer { unlink(report) }
    guard case let .success(pid) = startProcess(["/usr/bin/time", "-f", "%M", "-o", report, binary] + arguments, outputPath: "/dev/null"),
          waitForExit(pid) == 0,
          let text = try? String(contentsOfFile: report, encoding: .utf8) else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
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

