import ChecklistsModel

/// Plain-text columns for people: every cell sanitized (control characters
/// become visible stand-ins such as ␛, bidi overrides are dropped) and
/// padded by display width, so CJK and emoji names line up. The last column
/// is not padded, and the terminal wraps it if it must.
struct Table {
    enum Alignment { case left, right }

    var alignments: [Alignment]
    private var rows: [[String]] = []

    init(_ alignments: [Alignment]) { self.alignments = alignments }

    mutating func add(_ cells: [String]) {
        rows.append(cells.map(TextWidth.sanitized))
    }

    func lines() -> [String] {
        var widths = Array(repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated().dropLast() { widths[column] = max(widths[column], TextWidth.columns(of: cell)) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                if column == row.count - 1 && alignments[column] == .left { return cell }
                let gap = String(repeating: " ", count: max(0, widths[column] - TextWidth.columns(of: cell)))
                return alignments[column] == .left ? cell + gap : gap + cell
            }.joined(separator: "  ")
        }
    }
}
