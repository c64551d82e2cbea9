import Foundation
import ChecklistsModel

/// The parts every screen shares: the title bar on top, the message and
/// help lines at the bottom.
enum Chrome {
    static func titleBar(_ title: String, detail: String = "", into grid: inout ScreenGrid) {
        grid.applyStyle(.reverse, row: 0, columns: 0..<grid.width)
        let detailWidth = detail.isEmpty ? 0 : min(TextWidth.columns(of: detail), grid.width / 2)
        grid.put(" " + title, row: 0, column: 0, maxColumns: grid.width - detailWidth - 2, style: [.reverse, .bold])
        if detailWidth > 0 {
            grid.putRightAligned(detail, row: 0, endColumn: grid.width - 1, maxColumns: detailWidth, style: .reverse)
        }
    }

    /// The bottom two lines: a message (or a y/n question) and the keys that
    /// work on this screen. A message too long for one line (a storage
    /// error naming a long path) takes both, the keys coming back with the
    /// next key press: the end of a message is often what says what to do.
    static func bottomLines(_ state: AppState, into grid: inout ScreenGrid) {
        let helpRow = grid.height - 1
        let messageRow = grid.height - 2
        if state.confirmation == nil, let message = state.message,
           TextWidth.columns(of: message.text) > grid.width - 1, grid.height >= 2 {
            let isError = message.kind == .error
            let (head, rest) = TextWidth.splitAtWord(message.text, columns: grid.width - 1)
            for (row, line) in [(messageRow, head), (helpRow, rest)] {
                grid.put(" " + line, row: row, column: 0, maxColumns: grid.width,
                         style: isError ? .bold : [], color: isError ? .red : .default)
            }
            return
        }
        if let confirmation = state.confirmation {
            ConfirmationLine.render(confirmation, row: messageRow, into: &grid)
        } else if let message = state.message {
            let isError = message.kind == .error
            grid.put(" " + message.text, row: messageRow, column: 0, maxColumns: grid.width,
                     style: isError ? .bold : [], color: isError ? .red : .default)
        }
        // The help may take the message row too when that row is free.
        let messageRowFree = state.confirmation == nil && state.message == nil
        let help = KeyBindings.helpLines(for: state.keyContext, width: grid.width - 1, lines: messageRowFree ? 2 : 1)
        for (offset, line) in help.enumerated() {
            grid.put(" " + line, row: helpRow - (help.count - 1) + offset, column: 0, maxColumns: grid.width, style: .dim)
        }
    }

    /// Draws one row of a list, with the selection bar across the full width.
    static func selectionBar(row: Int, selected: Bool, into grid: inout ScreenGrid) {
        if selected { grid.applyStyle(.reverse, row: row, columns: 0..<grid.width) }
    }

    static func icon(_ icon: ChecklistIcon, unicode: Bool) -> String {
        unicode ? icon.glyph : icon.asciiGlyph
    }
}
