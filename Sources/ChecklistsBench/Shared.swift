// What several subcommands share: failing, order statistics, number format.

import Foundation

/// Fails the command with a message on stderr; the script stops on it.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("checklists-bench: \(message)\n".utf8))
    exit(2)
}

/// Order statistics of a sample. Medians rather than means, because one
/// page-in or scheduler hiccup should not move a figure.
struct Summary {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    var isEmpty: Bool { sorted.isEmpty }
    var count: Int { sorted.count }
    var median: Double { percentile(50) }
    var min: Double { sorted.first ?? .nan }
    var max: Double { sorted.last ?? .nan }
    var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }

    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        if p == 50 && sorted.count % 2 == 0 {
            return (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
    }
}

/// Grouped thousands ("100,000"), as the goals write sizes.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(character)
    }
    return (value < 0 ? "-" : "") + out
}

/// Keeps the optimiser from dropping a render whose result nobody reads
/// (`keystroke` and `fire` render without showing).
nonisolated(unsafe) var sink = 0
