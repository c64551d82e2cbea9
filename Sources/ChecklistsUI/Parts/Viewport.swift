/// A selection in a scrolling list: keeps the selected row on screen and
/// moves the view as little as possible.
public struct Viewport: Hashable, Sendable {
    public var selection = 0
    public var top = 0

    public init(selection: Int = 0, top: Int = 0) {
        self.selection = selection
        self.top = top
    }

    /// Moves the selection to `index` (clamped to `count`) and scrolls the
    /// least needed to show it in `visibleRows`.
    public mutating func select(_ index: Int, count: Int, visibleRows: Int) {
        selection = count == 0 ? 0 : min(max(0, index), count - 1)
        clampTop(count: count, visibleRows: visibleRows)
    }

    public mutating func clampTop(count: Int, visibleRows: Int) {
        let rows = max(1, visibleRows)
        if selection < top { top = selection }
        if selection >= top + rows { top = selection - rows + 1 }
        top = max(0, min(top, max(0, count - rows)))
    }

    /// Moves the view by `rows` (the mouse wheel), within the list, and
    /// the selection with it only as far as needed to keep it on screen.
    public mutating func scroll(by rows: Int, count: Int, visibleRows: Int) {
        let visible = max(1, visibleRows)
        top = max(0, min(top + rows, count - visible))
        selection = max(0, min(selection, top + visible - 1, count - 1))
        selection = max(selection, top)
    }

    /// The new selection for a movement command, or nil if it is not one.
    /// `times` is a count typed before the key, as in vi: it repeats a
    /// move or a page, and with g or G names the line to go to (1-based).
    public func target(of command: KeyCommand, count: Int, visibleRows: Int, times: Int? = nil) -> Int? {
        let repeats = times ?? 1
        let page = max(1, visibleRows - 1)
        return switch command {
        case .moveUp: selection - repeats
        case .moveDown: selection + repeats
        case .pageUp: selection - page * repeats
        case .pageDown: selection + page * repeats
        case .first: times.map { $0 - 1 } ?? 0
        case .last: times.map { $0 - 1 } ?? count - 1
        default: nil
        }
    }
}
