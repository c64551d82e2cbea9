// checklists-bench: the in-process half of `scripts/bench` and
// `scripts/bench-live`, one file per subcommand.
//
// `generate` builds a database through the app's own `Change` vocabulary, so
// the files hold exactly what the app would have written. `keystroke` drives a
// `Store` and `render` the way the terminal runtime does, minus ncurses.
// `cli` times whole runs of the release `checklists` subcommands (process
// start included: that is what a tmux status line pays); `calcurse-data` and
// `versus` time them against calcurse on the same items. `report` turns the
// tab-separated figures the script collects (in-process and tmux) into the
// table with the goals. `reminders`, `commit`, `fire` and `stats` serve the
// reminders and live-dashboard half: they write to a benchmark database the
// way another process would, and turn the app's event log into figures.
// Everything prints plain text; the scripts are what people run.

import ArgumentParser
import ChecklistsToolSupport

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklists-bench",
        abstract: "The in-process half of the Checklists benchmark.",
        discussion: "Run scripts/bench for the whole benchmark (it ends with scripts/bench-live).",
        subcommands: [
            GenerateCommand.self, KeystrokeCommand.self, CommandLineRunsCommand.self, CalcurseDataCommand.self, VersusCommand.self,
            ReportCommand.self, SideBySideCommand.self, FramesCommand.self,
            RemindersCommand.self, CommitCommand.self, FireCommand.self, StatsCommand.self, NotifiedCommand.self,
            UndoCommand.self,
        ]
    )
}

BenchCommand.main(usageErrorStatus: 2)
