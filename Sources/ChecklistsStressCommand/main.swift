import Foundation
import ArgumentParser
import ChecklistsToolSupport

/// `checklists-stress`: the stress programs `scripts/stress` runs, one file
/// per subcommand. Each prints its figures as plain lines on stdout.
struct StressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklists-stress",
        abstract: "Stress programs for Checklists: the reducer fuzzer, the killed writer, two writers at once, the iCalendar fuzzer, the WebDAV reply fuzzer, the killed notifier.",
        discussion: """
            scripts/stress runs them all with their figures; a failure prints the seed and \
            the command that replays it.

            Exit status: 0 when every check held, 1 on a failed check (the report says which, \
            with the seed to replay it), 2 for bad usage.
            """,
        subcommands: [FuzzCommand.self, KillCommand.self, WriterCommand.self, TwoWritersCommand.self, ICalendarFuzzCommand.self,
                      DAVXMLFuzzCommand.self, NotifierKillsCommand.self]
    )
}

/// `--seed` of the random runs: given, to replay one; else a fresh one, which
/// the run prints so it can be replayed.
struct SeedOption: ParsableArguments {
    @Option(help: "The seed (default: a fresh one, printed).") var seed: UInt64?

    var value: UInt64 { seed ?? SeededRandom.freshSeed() }
}

/// Fails the command with a message on stderr.
func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("checklists-stress: \(message)\n".utf8))
    exit(status)
}

/// One line on stdout at once (unbuffered), so a long run shows its progress.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

StressCommand.main(usageErrorStatus: 2)
