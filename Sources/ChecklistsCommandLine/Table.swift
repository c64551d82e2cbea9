import ChecklistsModel

/// Plain-text columns for people: every cell sanitized (control characters
/// become visible stand-ins such as ␛, bidi overrides are dropped) and
/// padded by display width, so CJK and emoji names line up. The last column
/// is not padded, and the terminal wraps it if it must.
struct Table {
    enum Alignment { case left, right }

    var alignments: [Alignment]
    /// Every sanitized cell's UTF-8, one after another, and where each
    /// ends with its width, measured once: the lines are then copied from
    /// here. Keeping each row's strings instead retained and released every
    /// cell again as it was printed (a tenth of `list` of 100,000 items).
    private var text: [UInt8] = []
    private var cells: [(end: Int, width: Int)] = []
    /// Each column's widest cell (the last column's is never needed).
    private var widths: [Int]

    init(_ alignments: [Alignment]) {
        self.alignments = alignments
        widths = Array(repeating: 0, count: alignments.count)
    }

    /// One row: a cell for each column.
    mutating func add(_ row: [String]) {
        precondition(row.count == alignments.count, "a table row needs a cell for each column")
        for (column, cell) in row.enumerated() {
            // Sanitized and measured from one scan of the cell: sanitizing,
            // then measuring the result, scanned every cell twice.
            let clean = TextWidth.prepare(cell)
            let width = TextWidth.columns(of: clean)
            text.append(contentsOf: clean.text.utf8)
            cells.append((text.count, width))
            if column < alignments.count - 1 { widths[column] = max(widths[column], width) }
        }
    }

    /// Prints the lines, each cell padded to its column's width, in one
    /// write: `print` line by line was a tenth of `list` of 100,000 items.
    func output(to context: CommandLineContext) {
        guard !cells.isEmpty else { return }
        let columns = alignments.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + cells.count / columns * (widths.reduce(0, +) + 2 * columns + 1))
        text.withUnsafeBufferPointer { text in
            var start = 0
            for (index, cell) in cells.enumerated() {
                let column = index % columns
                if column == 0 && index > 0 { bytes.append(0x0A) }
                if column > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
                let isLast = column == columns - 1
                let gap = isLast ? 0 : max(0, widths[column] - cell.width)
                if alignments[column] == .right { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<cell.end]))
                if alignments[column] == .left && !isLast { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
                start = cell.end
            }
        }
        context.outputUTF8(bytes)
    }
}
