import Foundation
import ArgumentParser

/// `stats`: nanosecond values on stdin, one a line; prints
/// "COUNT MEDIAN_MS MAX_MS" (or "0 - -").
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Read nanoseconds from stdin, one a line; print the count, median and maximum in milliseconds.")

    func run() {
        var values: [Double] = []
        while let line = readLine() {
            if let value = Double(line.trimmingCharacters(in: .whitespaces)) { values.append(value) }
        }
        let summary = Summary(values)
        guard !summary.isEmpty else {
            print("0 - -")
            return
        }
        print(String(format: "%d %.1f %.1f", summary.count, summary.median / 1e6, summary.max / 1e6))
    }
}
