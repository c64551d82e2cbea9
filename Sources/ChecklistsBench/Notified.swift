import Foundation
import ArgumentParser

/// `notified`: the test notification server's record (one JSON line per
/// Notify call, with the nanosecond it arrived) read against the reminders
/// `reminders` wrote: prints each reminder's lateness (arrival minus its
/// moment) in nanoseconds, one a line, for `stats`. A notification grouping
/// several names each of them ("Reminder K of N"), so each is counted.
struct NotifiedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notified",
        abstract: "Read the notification server's record; print each reminder's lateness in nanoseconds.")

    @Option(help: ArgumentHelp("The record file.", valueName: "path")) var record: String
    @Option(help: ArgumentHelp("--start given to `reminders`.", valueName: "epoch-seconds")) var start: Int
    @Option(help: ArgumentHelp("--spread given to `reminders`.", valueName: "seconds")) var spread: Int
    @Flag(help: "Print each reminder's number instead (to count deliveries).") var numbers = false

    func run() throws {
        let text = try String(contentsOfFile: record, encoding: .utf8)
        for line in text.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let arrived = (object["ns"] as? NSNumber)?.int64Value else { continue }
            let words = ((object["summary"] as? String ?? "") + "\n" + (object["body"] as? String ?? ""))
            // A single reminder's text is in the summary; a group's, one per body line.
            var seen = Set<Int>()
            for match in words.matches(of: /Reminder (\d+) of \d+/) {
                guard let number = Int(match.1), seen.insert(number).inserted else { continue }
                let due = Int64(start + (number - 1) % spread) * 1_000_000_000
                print(numbers ? "\(number)" : "\(arrived - due)")
            }
        }
    }
}
