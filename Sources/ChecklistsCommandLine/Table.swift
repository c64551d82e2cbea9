import ChecklistsModel

/// Plain-text columns for people: every cell sanitized (control characters
/// become visible stand-ins such as ␛, bidi overrides are dropped) and
/// padded by display width, so CJK and emoji names line up. The last column
/// is not padded, and the terminal wraps it if it must.
struct Table {
    enum Alignment { case left, right }

    var alignments: [Alignment]
    /// The sanitized cells, each with its width, measured once: `list` of
    /// 100,000 items spent a fifth of its time measuring every cell twice
    /// and building each line from pieces.
    private var rows: [[(text: String, width: Int)]] = []
    /// Each column's widest cell (the last column's is never needed).
    private var widths: [Int]

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
        widths = Array(repeating: 0, count: alignments.count)
    }

    mutating func add(_ cells: [String]) {
        let row = cells.map { cell in
            let text = TextWidth.sanitized(cell)
            return (text: text, width: TextWidth.columns(of: text))
        }
        for (column, cell) in row.enumerated().dropLast() { widths[column] = max(widths[column], cell.width) }
        rows.append(row)
    }

    func lines() -> [String] {
        let spaces = String(repeating: " ", count: widths.max() ?? 0)
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let isLast = column == row.count - 1
                let gap = spaces.prefix(isLast ? 0 : max(0, widths[column] - cell.width))
                if alignments[column] == .right { line += gap }
                line += cell.text
                if alignments[column] == .left && !isLast { line += gap }
            }
            return line
        }
    }
}
