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

    /// Prints the lines, each cell padded to its column's width, in one write: `print` line by line was a tenth of
    /// `list` of 100,000 items.
    func output(to context: CommandLineContext) {
        guard !rows.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * widths.count + 40))
        for (index, row) in rows.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            append(row, to: &bytes)
        }
        context.outputUTF8(bytes)
    }

    private func append(_ row: [(text: String, width: Int)], to bytes: inout [UInt8]) {
        for (column, cell) in row.enumerated() {
            if column > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
            let isLast = column == row.count - 1
            let gap = isLast ? 0 : max(0, widths[column] - cell.width)
            if alignments[column] == .right { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
            bytes.append(contentsOf: cell.text.utf8)
            if alignments[column] == .left && !isLast { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
        }
    }
}
