import Foundation
import ArgumentParser

/// `side-by-side`: the data sets of one run next to each other, each figure
/// against calcurse's on the same items where calcurse has a counterpart,
/// with the goals marked PASS/FAIL per data set.
struct SideBySideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "side-by-side",
        abstract: "Compare the data sets of one scripts/bench run against calcurse, next to each other.")

    @Argument(help: ArgumentHelp("The figures.", valueName: "results.tsv")) var path: String

    func run() {
        let rows = readMeasured(path)
        var sets: [String] = []
        for m in rows { if let set = m.text("set"), !sets.contains(set) { sets.append(set) } }
        guard !sets.isEmpty else { return }
        func find(_ set: String, _ items: Int) -> Measured? {
            rows.first { $0.text("set") == set && $0.items == items && $0.shape == "one-list" }
        }
        func median(_ m: Measured?, _ metric: String) -> Double? {
            guard let m else { return nil }
            let s = Summary(m.numbers(metric))
            return s.isEmpty ? nil : s.median
        }
        func verdict(_ ok: Bool?) -> String { ok.map { $0 ? "PASS" : "FAIL" } ?? "n/a " }
        func ratioText(_ value: Double) -> String { String(format: "%.2f×", value) }

        print("Data sets side by side (median of whole runs, interleaved run for run with calcurse's; ratio = ours / calcurse's)")
        var lines = [["check", "goal"] + sets]
        var failures: [String] = []
        func add(_ check: String, _ goal: String, _ cell: (String) -> (text: String, ok: Bool?)) {
            var line = [check, goal]
            for set in sets {
                let (text, ok) = cell(set)
                line.append("\(verdict(ok)) \(text)")
                if ok == false { failures.append("\(set): \(check)") }
            }
            lines.append(line)
        }
        /// Ours against calcurse's counterpart: time or peak memory.
        func versus(_ check: String, items: Int, metric: String, limit: Double, memory: Bool = false) {
            add(check, "≤ \(limit.formatted(.number))×") { set in
                let m = find(set, items)
                let unit = memory ? "kb" : "ns"
                guard let ours = median(m, "vs_\(metric)_ours_\(unit)"), let theirs = median(m, "vs_\(metric)_calcurse_\(unit)") else {
                    return ("not measured", nil)
                }
                let text = memory
                    ? String(format: "%.1f vs %.1f MB = ", ours / 1024, theirs / 1024) + ratioText(ours / theirs)
                    : "\(milliseconds(ours)) vs \(milliseconds(theirs)) ms = \(ratioText(ours / theirs))"
                return (text, ours <= limit * theirs)
            }
        }
        versus("list, 100,000 vs calcurse -t", items: 100_000, metric: "list", limit: 0.5)
        // The same mix with a tenth of the items sub-items, which calcurse
        // has none of: `list` puts each under its parent (multilingual only).
        versus("list, 100,000, a tenth sub-items vs -t", items: 100_000, metric: "families_list", limit: 0.5)
        // calcurse prints no JSON: -t, which reads its whole to-do file and
        // prints every to-do, is the nearest work it does to ours.
        versus("list --json, 100,000 vs calcurse -t", items: 100_000, metric: "list_json", limit: 1)
        for (name, metric, theirs) in [("status", "status", "-n"), ("list", "list", "-t"), ("list --due today", "list_today", "-a"),
                                       ("add", "add", "-i one to-do"), ("--version", "version", "--version")] {
            versus("\(name), 1 item vs calcurse \(theirs)", items: 1, metric: metric, limit: 3)
        }
        // Flat in N: whole runs of the command line at 1, 1,000 and 100,000
        // items; 100,000 may cost at most a fifth more than 1,000, as the
        // English set's goal has always said, and the 1-item run is shown
        // to see what a big file costs over an empty one.
        for (name, metric) in [("list --due today", "cli_list_today_ns"), ("add", "cli_add_ns")] {
            add("\(name) at 1 / 1,000 / 100,000 (flat)", "100k ≤ 1.2 × 1k") { set in
                let figures = [1, 1000, 100_000].map { median(find(set, $0), metric) }
                let text = figures.map { $0.map(milliseconds) ?? "-" }.joined(separator: " / ") + " ms"
                guard let small = figures[1], let big = figures[2] else { return (text, nil) }
                return (text + " (×\(String(format: "%.2f", big / small)); ×\(figures[0].map { String(format: "%.2f", big / $0) } ?? "-") of 1)",
                        big <= 1.2 * small)
            }
        }
        for (width, height) in [(40, 12), (80, 24), (120, 40)] {
            for items in [1, 100_000] {
                add("first frame \(width)×\(height), \(grouped(items)) vs calcurse", "≤ 0.5×") { set in
                    let metric = "frame_\(width)x\(height)"
                    guard let ours = median(find(set, items), "\(metric)_ours_ns"),
                          let theirs = median(find(set, items), "\(metric)_calcurse_ns") else { return ("not measured", nil) }
                    return ("\(milliseconds(ours)) vs \(milliseconds(theirs)) ms = \(ratioText(ours / theirs))", ours <= 0.5 * theirs)
                }
            }
        }
        versus("peak memory: list, 100,000 vs calcurse -t", items: 100_000, metric: "list", limit: 0.5, memory: true)
        versus("peak memory: list --json, 100,000 vs -t", items: 100_000, metric: "list_json", limit: 0.5, memory: true)
        versus("peak memory: list --due today, 100,000 vs -a", items: 100_000, metric: "list_today", limit: 0.5, memory: true)
        versus("peak memory: list, 1 item vs calcurse -t", items: 1, metric: "list", limit: 0.5, memory: true)
        for items in [1, 100_000] {
            add("peak memory: the app at its first frame, \(grouped(items)) vs calcurse", "≤ 0.5×") { set in
                guard let ours = median(find(set, items), "tui_ours_kb"), let theirs = median(find(set, items), "tui_calcurse_kb") else {
                    return ("not measured", nil)
                }
                return (String(format: "%.1f vs %.1f MB = ", ours / 1024, theirs / 1024) + ratioText(ours / theirs), ours <= 0.5 * theirs)
            }
        }
        var widths = lines[0].map(\.count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = Swift.max(widths[index], cell.count) } }
        for (number, line) in lines.enumerated() {
            print("  " + line.enumerated().map { pad($1, widths[$0]) }.joined(separator: "  "))
            if number == 0 { print("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        print("""

              A command's peak memory is /usr/bin/time's (its ru_maxrss), median over the runs; the app's and calcurse's are their VmHWM in /proc once their first screens are drawn (frames), medians over the launches.
              list --json is held to calcurse -t, which has no JSON: -t reads the whole to-do file and prints every to-do, the nearest work.
              FAIL: \(failures.isEmpty ? "none" : failures.joined(separator: "; "))
            """)
    }
}
