// checklists-stress: issue 5's stress programs, run by `scripts/stress`.
//
//   checklists-stress fuzz [--seed S] [--events N] [--trace-from I]
//       random events into the reducer and its effects on a real database,
//       every invariant checked after every event
//   checklists-stress kill [--seed S] [--kills N] [--folder DIR]
//       starts `writer` again and again, SIGKILLs it at random moments and
//       checks the database after each kill
//   checklists-stress writer --db PATH --seed S --report FILE
//       the process that gets killed: edits through the model API, reporting
//       each commit once `apply` has returned
//   checklists-stress two-writers --app PATH [--seconds N] [--reminders N]
//       the app (the `checklists` binary at PATH, driven by keys in tmux) and
//       the command line edit one database at once while reminders come due;
//       then checks that nothing was lost, nothing said "locked" and each
//       reminder was delivered once
//
// Exit status: 0 when every check held, 1 on a failed check (the report says
// which, with the seed to replay it), 2 for bad usage.

import Foundation
import ChecklistsModel
import ChecklistsStress

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("checklists-stress: \(message)\n".utf8))
    exit(status)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// `--name value` pairs after the subcommand.
func options(_ arguments: ArraySlice<String>, allowed: Set<String>) -> [String: String] {
    var values: [String: String] = [:]
    var rest = arguments
    while let name = rest.popFirst() {
        guard name.hasPrefix("--"), allowed.contains(String(name.dropFirst(2))) else { fail("unknown option \(name)") }
        guard let value = rest.popFirst() else { fail("\(name) needs a value") }
        values[String(name.dropFirst(2))] = value
    }
    return values
}

func number<T: FixedWidthInteger>(_ values: [String: String], _ name: String, default fallback: T) -> T {
    guard let text = values[name] else { return fallback }
    guard let value = T(text.replacingOccurrences(of: "_", with: "")) else { fail("--\(name) wants a number, not \(text)") }
    return value
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: checklists-stress fuzz|kill|writer|two-writers [options]") }

switch arguments[1] {
case "fuzz":
    let values = options(arguments.dropFirst(2), allowed: ["seed", "events", "trace-from"])
    let seed: UInt64 = number(values, "seed", default: StressRandom.freshSeed())
    let events: Int = number(values, "events", default: 1_000_000)
    let traceFrom: Int? = values["trace-from"] == nil ? nil : number(values, "trace-from", default: 0)
    CrashReport.install()
    say("fuzz: seed \(seed), \(events) events")
    let configuration = FuzzConfiguration(seed: seed, events: events, folder: FuzzConfiguration.scratchFolder(named: "checklists-fuzz"),
                                          traceFrom: traceFrom)
    let fuzzer: ReducerFuzzer
    do {
        fuzzer = try ReducerFuzzer(configuration)
    } catch {
        fail("cannot create the fuzz database: \(error)", status: 1)
    }
    let result = fuzzer.run { report in
        say("fuzz: \(report.events) events, \(Int(report.eventsPerSecond)) events/s")
    }
    fuzzer.removeFiles()
    switch result {
    case let .success(report):
        say("fuzz: PASS " + report.summary)
    case let .failure(failure):
        say(failure.description)
        exit(1)
    }

case "kill":
    let values = options(arguments.dropFirst(2), allowed: ["seed", "kills", "folder"])
    let seed: UInt64 = number(values, "seed", default: StressRandom.freshSeed())
    let kills: Int = number(values, "kills", default: 200)
    let folder = values["folder"] ?? FuzzConfiguration.scratchFolder(named: "checklists-kill")
    say("kill: seed \(seed), \(kills) kills, database in \(folder)")
    // The writer is this same binary.
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let test = KillTest(KillConfiguration(seed: seed, kills: kills, folder: folder, writer: me))
    let result = test.run { report in say("kill: \(report.kills) kills, \(report.editsReported) edits checked") }
    switch result {
    case let .success(report):
        test.removeFiles()
        say("kill: PASS seed \(seed): " + report.summary)
    case let .failure(failure):
        say(failure.description)
        say("the database and the writer's report are kept in \(folder)")
        exit(1)
    }

case "writer":
    let values = options(arguments.dropFirst(2), allowed: ["db", "seed", "report"])
    guard let path = values["db"], let report = values["report"] else { fail("writer needs --db PATH and --report FILE") }
    KillWriter.run(databasePath: path, seed: number(values, "seed", default: 1), reportPath: report)

case "two-writers":
    let values = options(arguments.dropFirst(2), allowed: ["app", "seconds", "reminders"])
    guard let app = values["app"] else { fail("two-writers needs --app PATH (the checklists binary)") }
    let seconds: Int = number(values, "seconds", default: 60)
    let reminders: Int = number(values, "reminders", default: 8)
    let folder = FuzzConfiguration.scratchFolder(named: "checklists-two-writers")
    say("two-writers: \(seconds) s, \(reminders) reminders, database in \(folder)")
    let report = TwoWriters(.init(app: app, seconds: Double(seconds), reminders: reminders, folder: folder)).run()
    say(report.summary)
    if report.problems.isEmpty {
        try? FileManager.default.removeItem(atPath: folder)
        say("two-writers: PASS")
    } else {
        for problem in report.problems { say("two-writers: FAIL: " + problem) }
        say("the database and the app's event log are kept in \(folder)")
        exit(1)
    }

default:
    fail("unknown command \(arguments[1]); use fuzz, kill, writer or two-writers")
}
