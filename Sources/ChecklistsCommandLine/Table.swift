import ChecklistsModel

/// Plain-text columns for people: every cell sanitized (control characters
/// become visible stand-ins such as ␛, bidi overrides are dropped) and
/// padded by display width, so CJK and emoji names line up. The last column
/// is not padded, and the terminal wraps it if it must.
///
/// A small table (`lists`, `history`) is gathered, then printed, its widths
/// found from its cells; a large one (`list`) is a `StreamingTable`.
struct Table {
    enum Alignment { case left, right }

    var alignments: [Alignment]
    /// Every sanitized cell's UTF-8, one after another, and where each
    /// ends with its width, measured once: the lines are then copied from
    /// here. Keeping each row's strings instead retained and released every
    /// cell again as it was printed.
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
    /// write: `print` line by line was a tenth of a large table.
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
                Self.append(UnsafeBufferPointer(rebasing: text[start..<cell.end]), width: cell.width, column: column,
                            alignments: alignments, widths: widths, to: &bytes)
                start = cell.end
            }
        }
        context.outputUTF8(bytes)
    }

    /// One cell of a line: after two spaces unless it is the first, padded
    /// to its column's width unless it is the last.
    static func append(_ cell: UnsafeBufferPointer<UInt8>, width: Int, column: Int, alignments: [Alignment], widths: [Int],
                       to bytes: inout [UInt8]) {
        if column > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
        let isLast = column == alignments.count - 1
        let gap = isLast ? 0 : max(0, widths[column] - width)
        if alignments[column] == .right { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
        bytes.append(contentsOf: cell)
        if alignments[column] == .left && !isLast { bytes.append(contentsOf: repeatElement(0x20, count: gap)) }
    }
}

/// A table printed as its rows come, in chunks (`LineOutput`), none of
/// them kept: its columns' widths, all but the last's, are known before
/// the first line (`list` reads them from the listing's outline). Its
/// lines are those `Table` prints for the same rows. The last column is
/// sanitized but never measured: it is the long one (an item's text).
struct StreamingTable {
    let alignments: [Table.Alignment]
    /// The width of each column but the last: its widest cell.
    let widths: [Int]
    private var out: LineOutput

    init(_ alignments: [Table.Alignment], widths: [Int], to context: CommandLineContext, chunkSize: Int = 1 << 16) {
        precondition(widths.count == alignments.count - 1, "a streaming table needs the width of each column but the last")
        self.alignments = alignments
        self.widths = widths
        out = LineOutput(to: context, chunkSize: chunkSize)
    }

    /// One line: a cell for each column.
    mutating func add(_ row: [String]) {
        precondition(row.count == alignments.count, "a table row needs a cell for each column")
        for (column, cell) in row.enumerated() {
            let clean = TextWidth.prepare(cell)
            add(sanitized: clean.text, width: column < widths.count ? TextWidth.columns(of: clean) : 0, column: column)
        }
        endLine()
    }

    /// One cell of the line being made, already sanitized and measured by
    /// the caller (the last column's width is never used): `list` knows
    /// most of its cells' widths without measuring them row by row.
    mutating func add(sanitized cell: String, width: Int, column: Int) {
        var text = cell
        text.withUTF8 { utf8 in
            Table.append(utf8, width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
        }
    }

    /// Ends the line made by `add(sanitized:width:column:)`.
    mutating func endLine() {
        out.endLine()
    }

    /// Writes what is left.
    mutating func finish() {
        out.flush()
    }
}
