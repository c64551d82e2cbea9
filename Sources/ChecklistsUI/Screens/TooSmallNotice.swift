/// Shown instead of garbage when the terminal cannot hold a screen.
enum TooSmallNotice {
    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        let lines = ["Terminal too small", "need \(AppState.minimumWidth)×\(AppState.minimumHeight)",
                     "now \(state.width)×\(state.height)"]
        let top = max(0, (grid.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < grid.height {
            let width = TextWidth.columns(of: line)
            grid.put(line, row: top + offset, column: max(0, (grid.width - width) / 2), style: offset == 0 ? .bold : [])
        }
    }
}
