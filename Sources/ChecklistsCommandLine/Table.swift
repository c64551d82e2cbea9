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
        beginCell(width: width, column: column, alignments: alignments, widths: widths, to: &bytes)
        bytes.append(contentsOf: cell)
        endCell(width: width, column: column, alignments: alignments, widths: widths, to: &bytes)
    }

    /// What comes before a cell's text: two spaces unless it is the first
    /// column, and the padding of a right-aligned one.
    static func beginCell(width: Int, column: Int, alignments: [Alignment], widths: [Int], to bytes: inout [UInt8]) {
        if column > 0 {
            bytes.append(0x20)
            bytes.append(0x20)
        }
        if alignments[column] == .right && column < widths.count { appendSpaces(widths[column] - width, to: &bytes) }
    }

    /// What comes after a cell's text: the padding of a left-aligned one
    /// that is not the last.
    static func endCell(width: Int, column: Int, alignments: [Alignment], widths: [Int], to bytes: inout [UInt8]) {
        if alignments[column] == .left && column < alignments.count - 1 { appendSpaces(widths[column] - width, to: &bytes) }
    }

    /// A line's padding: copied from a row of spaces, since appending
    /// `repeatElement` went element by element (4 % of `list`).
    private static func appendSpaces(_ count: Int, to bytes: inout [UInt8]) {
        var left = count
        while left > 0 {
            let run = min(left, spaces.count)
            spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
            left -= run
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)
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
        Table.beginCell(width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
        var text = cell
        text.withUTF8 { out.text.bytes.append(contentsOf: $0) }
        Table.endCell(width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
    }

    /// A cell of two texts joined by ", " (a due date's day and time),
    /// each already sanitized, measured together by the caller.
    mutating func add(sanitized first: String, joinedTo second: String, width: Int, column: Int) {
        Table.beginCell(width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
        var first = first, second = second
        first.withUTF8 { out.text.bytes.append(contentsOf: $0) }
        out.text.bytes.append(UInt8(ascii: ","))
        out.text.bytes.append(0x20)
        second.withUTF8 { out.text.bytes.append(contentsOf: $0) }
        Table.endCell(width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
    }

    /// A cell of a number's digits, measured by their count, written in
    /// place (a `String` of each row's id was 3 % of `list`).
    mutating func add(number: Int64, column: Int) {
        var digits = 1
        var rest = number.magnitude
        while rest >= 10 {
            digits += 1
            rest /= 10
        }
        let width = digits + (number < 0 ? 1 : 0)
        Table.beginCell(width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
        out.text.appendInteger(number)
        Table.endCell(width: width, column: column, alignments: alignments, widths: widths, to: &out.text.bytes)
    }

    /// Starts the last cell, whose text the caller then appends to
    /// `lastCell`, sanitized: it is never measured, so it can go straight
    /// into the line.
    mutating func beginLast() {
        Table.beginCell(width: 0, column: alignments.count - 1, alignments: alignments, widths: widths, to: &out.text.bytes)
    }

    /// The line being made, for the last cell's text (`beginLast`).
    var lastCell: [UInt8] {
        get { out.text.bytes }
        _modify { yield &out.text.bytes }
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
