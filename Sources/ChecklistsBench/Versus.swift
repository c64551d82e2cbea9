import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsToolSupport

/// `calcurse-data`: calcurse's data files holding the items of a benchmark
/// database, so both programs are timed on the same data. Every item is an
/// appointment at its due time (`apts`, what `calcurse -a` and `-n` read)
/// and a to-do (`todo`, what `calcurse -t` lists), checked items as done.
/// A note goes to calcurse's `notes` folder, as calcurse keeps one (a file
/// named by a 40-digit hex id, the line naming it after ">"), line breaks
/// and all. Text is written as UTF-8, whatever its script. A repeating item
/// is written as a plain appointment at its due time: `list --due today`
/// shows an item once, at its stored due date, and so must calcurse's `-a`.
/// A priority is calcurse's number for it, as iCalendar's PRIORITY has it
/// (high 1, medium 5, low 9; none 0), and tags follow the text as `list`
/// prints them ("#work"), since calcurse has none: both print as much.
struct CalcurseDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calcurse-data",
        abstract: "Write calcurse's apts and todo files with a benchmark database's items.")

    @Option(help: ArgumentHelp("The benchmark database (read only).", valueName: "path")) var db: String
    @Option(help: ArgumentHelp("calcurse's data folder to write.", valueName: "folder")) var out: String

    func run() {
        let items: [ListedItem]
        do {
            let database = try ChecklistsDatabase.openForReading(DatabaseLocation.resolve(option: db, environment: [:]))
            items = try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil)
        } catch {
            fail("reading \(db): \(error)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        func stamp(_ date: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "%02d/%02d/%04d @ %02d:%02d", c.month!, c.day!, c.year!, c.hour!, c.minute!)
        }
        // Each file in the order calcurse itself saves it: appointments by
        // start, then text; to-dos pending first, then by text (bytewise, as
        // its strcmp). calcurse loads a line by appending it when it sorts
        // after the last one and by walking its list otherwise, so a file in
        // any other order costs it quadratic time (100,000 to-dos did not
        // load in minutes): the order a user's own files have is the fair one.
        var appointments: [(due: Date, text: String, note: String)] = []
        var todos: [(done: Bool, priority: Int, text: String, note: String)] = []
        var notes: [(id: String, text: String)] = []
        for listed in items {
            let item = listed.item
            // calcurse's files are one item a line.
            let text = item.text.replacingOccurrences(of: "\n", with: " ")
            var note = ""
            if !item.note.isEmpty {
                let hex = String(UInt64(item.id), radix: 16)
                let id = String(repeating: "0", count: 40 - hex.count) + hex
                notes.append((id, item.note.hasSuffix("\n") ? item.note : item.note + "\n"))
                note = ">" + id + " "
            }
            if let due = item.dueDate { appointments.append((due, text, note)) }
            let tagged = item.tags.reduce(text) { $0 + " #" + $1 }
            todos.append((item.isChecked, item.priority.icalendarValue.flatMap { Int($0) } ?? 0, tagged, note))
        }
        appointments.sort { $0.due != $1.due ? $0.due < $1.due : $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }
        // Then by priority, 1 first and none (0) last, as calcurse's todo_cmp.
        todos.sort {
            if $0.done != $1.done { return !$0.done }
            if $0.priority != $1.priority { return $1.priority == 0 || $0.priority != 0 && $0.priority < $1.priority }
            return $0.text.utf8.lexicographicallyPrecedes($1.text.utf8)
        }
        var apts = "", todo = ""
        apts.reserveCapacity(items.count * 80)
        todo.reserveCapacity(items.count * 40)
        for (due, text, note) in appointments {
            let when = stamp(due)
            apts += "\(when) -> \(when) \(note)|\(text)\n"
        }
        for (done, priority, text, note) in todos { todo += "[\(done ? "-" : "")\(priority)]\(note.isEmpty ? " " : note)\(text)\n" }
        do {
            try FileManager.default.createDirectory(atPath: out + "/notes", withIntermediateDirectories: true)
            for (id, text) in notes { try text.write(toFile: out + "/notes/" + id, atomically: false, encoding: .utf8) }
            try apts.write(toFile: out + "/apts", atomically: true, encoding: .utf8)
            try todo.write(toFile: out + "/todo", atomically: true, encoding: .utf8)
        } catch {
            fail("writing \(out): \(error)")
        }
    }
}

/// `versus`: whole runs of checklists and of calcurse on the same items,
/// interleaved (ours, then theirs, for every command, `runs` times) so both
/// see the same load; prints "vs_NAME_ours_ns" and "vs_NAME_calcurse_ns"
/// lines, one per run, and the peak memory of a run of each beside each
/// timed run (untimed, through /usr/bin/time: `peakMemoryRun`) as
/// "vs_NAME_ours_kb" and "vs_NAME_calcurse_kb". Each command runs once
/// untimed first.
struct VersusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versus",
        abstract: "Time checklists and calcurse side by side on the same items.")

    @Option(help: ArgumentHelp("The checklists binary.", valueName: "path")) var binary: String
    @Option(help: ArgumentHelp("The calcurse binary.", valueName: "path")) var calcurse: String
    @Option(help: ArgumentHelp("The database (add writes to it).", valueName: "path")) var db: String
    @Option(help: ArgumentHelp("calcurse's data folder, from calcurse-data (its add writes to it).", valueName: "folder"))
    var calcurseData: String
    @Option(help: ArgumentHelp("A folder for the files the runs make (exports, imported databases).", valueName: "folder"))
    var scratch: String
    @Option(help: "Timed runs of each command.") var runs: Int = 21
    @Option(help: ArgumentHelp("Only these commands, comma-separated (version, status, list, list_json, list_today, lists, add, export, import).",
                               valueName: "names"))
    var only: String?

    /// One command of each program; `ours` gets the run's number, for
    /// commands that need a fresh file each time (import).
    struct Case {
        var name: String
        var ours: (Int) -> [String]
        var theirs: [String]?
        var runs: Int
    }

    func run() {
        let export = scratch + "/export.json"
        guard case let .success(pid) = startProcess([binary, "export", "--db", db], outputPath: export), waitForExit(pid) == 0 else {
            fail("\(binary) export --db \(db) failed")
        }
        // One to-do in iCalendar, which is how calcurse takes a new item from the command line.
        let ics = scratch + "/one.ics"
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nSUMMARY:Benchmark item\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        guard FileManager.default.createFile(atPath: ics, contents: Data(event.utf8)) else { fail("cannot write \(ics)") }
        let data = ["-D", calcurseData, "-C", calcurseData]
        // Heavy commands (a whole file) get fewer runs; their medians are stable.
        let heavy = Swift.max(3, runs / 4)
        let cases = [
            Case(name: "version", ours: { _ in ["--version"] }, theirs: ["--version"], runs: runs),
            Case(name: "status", ours: { _ in ["status", "--db", db] }, theirs: data + ["-n"], runs: runs),
            Case(name: "list", ours: { _ in ["list", "--db", db] }, theirs: data + ["-t"], runs: runs),
            Case(name: "list_json", ours: { _ in ["list", "--json", "--db", db] }, theirs: data + ["-t"], runs: runs),
            Case(name: "list_today", ours: { _ in ["list", "--due", "today", "--db", db] }, theirs: data + ["-a"], runs: runs),
            Case(name: "lists", ours: { _ in ["lists", "--db", db] }, theirs: nil, runs: runs),
            Case(name: "add", ours: { _ in ["add", "Benchmark item", "--due", "tomorrow 9:00", "--db", db] },
                 theirs: data + ["-q", "-i", ics], runs: runs),
            Case(name: "export", ours: { _ in ["export", "--db", db] }, theirs: data + ["-x"], runs: heavy),
            Case(name: "import", ours: { run in ["import", export, "--db", scratch + "/import-\(run).sqlite"] }, theirs: nil, runs: heavy),
        ]
        let chosen = only.map { Set($0.split(separator: ",").map(String.init)) }
        if let chosen, let unknown = chosen.first(where: { name in !cases.contains { $0.name == name } }) {
            fail("--only: no command named \(unknown)")
        }
        for entry in cases where chosen?.contains(entry.name) ?? true {
            for run in -1..<entry.runs {
                let ours = entry.ours(run)
                guard let measured = timedRun(binary, ours) else { fail("\(binary) \(ours.joined(separator: " ")) failed") }
                if run >= 0 {
                    // A fresh file for an import's memory run too.
                    guard let peak = peakMemoryRun(binary, entry.ours(run + entry.runs), scratch: scratch) else { fail("/usr/bin/time \(binary) failed") }
                    print("vs_\(entry.name)_ours_ns\t\(Int(measured))\nvs_\(entry.name)_ours_kb\t\(peak)")
                }
                if let theirs = entry.theirs {
                    guard let measured = timedRun(calcurse, theirs) else { fail("\(calcurse) \(theirs.joined(separator: " ")) failed") }
                    if run >= 0 {
                        guard let peak = peakMemoryRun(calcurse, theirs, scratch: scratch) else { fail("/usr/bin/time \(calcurse) failed") }
                        print("vs_\(entry.name)_calcurse_ns\t\(Int(measured))\nvs_\(entry.name)_calcurse_kb\t\(peak)")
                    }
                }
            }
        }
    }
}
