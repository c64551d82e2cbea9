import Foundation
import ChecklistsModel

/// The parts every screen shares: the title bar on top, the message and
/// help lines at the bottom.
enum Chrome {
    static func titleBar(_ title: String, detail: String = "", into grid: inout ScreenGrid) {
        titleBar(title, detail: detail, detailColumns: min(TextWidth.columns(of: detail), grid.width / 2), into: &grid)
    }

    /// The title bar of a scrolling list. A list longer than the screen
    /// shows where the selection is ("120/5000", 1-based) at the right, kept
    /// whole at any width: the first of `details` (fullest first) that fits
    /// beside it, or none, so that the title keeps its first dozen columns.
    /// With `keepsDetailWhole` a list that fits chooses among `details` so
    /// too; otherwise it shows the first, cut at half the bar.
    static func listTitleBar(_ title: String, details: [String], keepsDetailWhole: Bool = false,
                             viewport: Viewport, count: Int, visibleRows: Int, into grid: inout ScreenGrid) {
        let position = count > visibleRows ? "\(viewport.selection + 1)/\(count)" : ""
        guard !position.isEmpty || keepsDetailWhole else { return titleBar(title, detail: details.first ?? "", into: &grid) }
        let room = max(0, grid.width - min(TextWidth.columns(of: title), 12) - 3)
        // The last is shown, cut if it must be, when none fits.
        let choices = position.isEmpty ? details : details.map { $0 + " · " + position } + [position]
        let chosen = choices.first { TextWidth.columns(of: $0) <= room } ?? choices[choices.count - 1]
        titleBar(title, detail: chosen, detailColumns: min(TextWidth.columns(of: chosen), room), into: &grid)
    }

    private static func titleBar(_ title: String, detail: String, detailColumns: Int, into grid: inout ScreenGrid) {
        grid.applyStyle(.reverse, color: .heading, row: 0, columns: 0..<grid.width)
        let detailWidth = detail.isEmpty ? 0 : detailColumns
        grid.put(" " + title, row: 0, column: 0, maxColumns: grid.width - detailWidth - 2, style: [.reverse, .bold], color: .heading)
        if detailWidth > 0 {
            grid.putRightAligned(detail, row: 0, endColumn: grid.width - 1, maxColumns: detailWidth, style: .reverse, color: .heading)
        }
    }

    /// The bottom two lines: a message (or a y/n question, or where to move
    /// an item) and the keys that work on this screen. A message too long
    /// for one line (a storage error naming a long path) takes both, the
    /// keys coming back with the next key press: the end of a message is
    /// often what says what to do.
    static func bottomLines(_ state: AppState, into grid: inout ScreenGrid) {
        let helpRow = grid.height - 1
        let messageRow = grid.height - 2
        let asks = state.overlays.question != nil || state.overlays.move != nil
        if !asks, let message = state.message,
           TextWidth.columns(of: message.text) > grid.width - 1, grid.height >= 2 {
            let isError = message.kind == .error
            let (head, rest) = TextWidth.splitAtWord(message.text, columns: grid.width - 1)
            for (row, line) in [(messageRow, head), (helpRow, rest)] {
                grid.put(" " + line, row: row, column: 0, maxColumns: grid.width,
                         style: isError ? .bold : [], color: isError ? .red : .default)
            }
            return
        }
        if let confirmation = state.overlays.question {
            ConfirmationLine.render(confirmation, row: messageRow, into: &grid)
        } else if let choice = state.overlays.move {
            grid.put(" " + choice.question, row: messageRow, column: 0, maxColumns: grid.width, style: .bold)
        } else if let message = state.message {
            let isError = message.kind == .error
            grid.put(" " + message.text, row: messageRow, column: 0, maxColumns: grid.width,
                     style: isError ? .bold : [], color: isError ? .red : .default)
        }
        // A count being typed (5 of 5j) shows at the right, where vi shows it.
        if let count = state.pendingCount, !asks {
            grid.putRightAligned(String(count), row: messageRow, endColumn: grid.width - 1, style: .bold)
        }
        // The help may take the message row too when that row is free,
        // unless the home screen shows how the last sync ended there.
        var messageRowFree = !asks && state.message == nil && state.pendingCount == nil
        if messageRowFree, state.route == .allLists, let sync = AllListsScreen.syncLine(state) {
            grid.put(" " + sync.text, row: messageRow, column: 0, maxColumns: grid.width,
                     style: sync.failed ? [] : .dim, color: sync.failed ? .red : .default)
            messageRowFree = false
        }
        let help = state.context.keys.helpLines(for: state.keyContext, width: grid.width - 1, lines: messageRowFree ? 2 : 1)
        for (offset, line) in help.enumerated() {
            grid.put(" " + line, row: helpRow - (help.count - 1) + offset, column: 0, maxColumns: grid.width, style: .dim)
        }
    }

    /// Draws one row of a list, with the selection bar across the full width.
    static func selectionBar(row: Int, selected: Bool, into grid: inout ScreenGrid) {
        guard selected else { return }
        grid.applyStyle(.reverse, row: row, columns: 0..<grid.width)
        grid.tint(.selection, row: row, columns: 0..<grid.width)
    }

    /// What a row shows of a repeating item: "↻ daily · done Nov 20"
    /// (the time alone for today), or nil when it does not repeat.
    static func repeatNote(_ item: Item, state: AppState) -> String? {
        guard let recurrence = item.recurrence else { return nil }
        let mark = state.context.unicode ? "↻" : "(r)"
        let done = item.lastDoneAt.map { " · done " + state.context.dateStyle.compactFormat($0, now: state.now) } ?? ""
        return "\(mark) \(recurrence.shortName)\(done)"
    }

    static func icon(_ icon: ChecklistIcon, unicode: Bool) -> String {
        unicode ? icon.glyph : icon.asciiGlyph
    }
}
