import ChecklistsModel

/// A question that needs y or n before anything happens.
public struct Confirmation: Hashable, Sendable {
    public var question: String
    /// Committed on y; n or Esc drops it unmade.
    public var change: Change
}

/// The y/n question: it takes the message line and every key until answered.
enum ConfirmationLine {
    static func handle(_ command: KeyCommand, state: inout AppState) -> [Effect] {
        guard let confirmation = state.confirmation else { return [] }
        if command == .confirmYes {
            state.confirmation = nil
            return [.commit(confirmation.change)]
        }
        if command == .confirmNo { state.confirmation = nil }
        return []
    }

    static func render(_ confirmation: Confirmation, row: Int, into grid: inout ScreenGrid) {
        grid.applyStyle(.reverse, row: row, columns: 0..<grid.width)
        // The question is cut, never its "(y/n)": that is what says a key is awaited.
        let suffix = " (y/n)"
        let question = TextWidth.truncated(confirmation.question, toColumns: grid.width - 1 - TextWidth.columns(of: suffix))
        grid.put(" " + question + suffix, row: row, column: 0, maxColumns: grid.width, style: [.reverse, .bold])
    }
}
