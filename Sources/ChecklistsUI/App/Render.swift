/// Draws the whole screen for `state`: a pure function of the state, so every
/// screen can be checked as plain lines in a test.
public func render(_ state: AppState) -> ScreenGrid {
    var grid = ScreenGrid(width: state.width, height: state.height)
    if state.isTooSmall {
        TooSmallNotice.render(state, into: &grid)
        return grid
    }
    if state.showsHelp {
        HelpOverlay.render(state, context: state.screenKeyContext, into: &grid)
        return grid
    }
    switch state.route {
    case .allLists: AllListsScreen.render(state, into: &grid)
    case .checklist: ChecklistScreen.render(state, into: &grid)
    case .itemDetail: ItemDetailScreen.render(state, into: &grid)
    case .listDetail: ListDetailScreen.render(state, into: &grid)
    }
    Chrome.bottomLines(state, into: &grid)
    if state.banner != nil {
        ReminderBanner.render(state, into: &grid)
        // The banner takes the keys, so the form's cursor must not blink under it.
        grid.cursor = nil
    }
    return grid
}

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
