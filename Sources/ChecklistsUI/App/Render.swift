/// Draws the whole screen for `state`: a pure function of the state, so every
/// screen can be checked as plain lines in a test.
public func render(_ state: AppState) -> ScreenGrid {
    var grid = ScreenGrid(width: state.width, height: state.height)
    if state.isTooSmall {
        TooSmallNotice.render(state, into: &grid)
        return grid
    }
    state.screen.render(state, into: &grid)
    // The message line, or the question that takes it, and the keys of
    // whatever takes them now.
    Chrome.bottomLines(state, into: &grid)
    // The overlays bottom to top, the stack key routing reads top down.
    for layer in state.overlays.layers {
        switch layer {
        case .chooser: ListChooser.render(state, into: &grid)
        case .help: HelpOverlay.render(state, context: state.screenKeyContext, into: &grid)
        // Drawn on the message line by `Chrome.bottomLines`, which gives them that line.
        case .question, .move: break
        case .banner: ReminderBanner.render(state, into: &grid)
        }
        // What is drawn over a form takes the keys: its cursor must not blink beneath.
        grid.cursor = nil
    }
    return grid
}
