/// Draws the whole screen for `state`: a pure function of the state, so every
/// screen can be checked as plain lines in a test.
public func render(_ state: AppState) -> ScreenGrid {
    var grid = ScreenGrid(width: state.width, height: state.height)
    if state.isTooSmall {
        TooSmallNotice.render(state, into: &grid)
        return grid
    }
    // Drawn bottom to top in the order `AppState.keyContext` gives the keys
    // top to bottom: the screen, help, then a reminder banner over either.
    if state.showsHelp {
        HelpOverlay.render(state, context: state.screenKeyContext, into: &grid)
    } else {
        switch state.route {
        case .allLists: AllListsScreen.render(state, into: &grid)
        case .checklist:
            ChecklistScreen.render(state, into: &grid)
            ListChooser.render(state, into: &grid)
        case .itemDetail: ItemDetailScreen.render(state, into: &grid)
        case .listDetail: ListDetailScreen.render(state, into: &grid)
        case .search: SearchScreen.render(state, into: &grid)
        }
        Chrome.bottomLines(state, into: &grid)
    }
    if state.banner != nil {
        ReminderBanner.render(state, into: &grid)
        // The banner takes the keys, so the form's cursor must not blink under it.
        grid.cursor = nil
    }
    return grid
}
