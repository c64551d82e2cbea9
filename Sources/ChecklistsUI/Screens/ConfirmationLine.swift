import ChecklistsModel

/// A question that needs y or n before anything happens.
public struct Confirmation: Hashable, Sendable {
    /// What an answer does: y always, n where the question has a second
    /// answer that changes something ("check its sub-items too?": n checks
    /// the item alone). Esc never does anything.
    public enum OnYes: Hashable, Sendable {
        /// Commit this change (a delete).
        case commit(Change)
        /// Leave the form in front, dropping its unsaved changes.
        case discardForm
        /// Undo (or redo) this history entry, made elsewhere.
        case history(HistoryDirection, entryID: Int64)
        /// Delete this smart list (a filter; no item changes).
        case deleteSmartList(id: Int64, name: String)
    }

    public var question: String
    public var onYes: OnYes
    /// What n does; nil: nothing, as Esc.
    public var onNo: OnYes?

    public init(question: String, onYes: OnYes, onNo: OnYes? = nil) {
        self.question = question
        self.onYes = onYes
        self.onNo = onNo
    }

    /// The change y would commit, if y commits one.
    public var change: Change? {
        if case let .commit(change) = onYes { return change }
        return nil
    }
}

/// The y/n question: it takes the message line and every key until answered.
enum ConfirmationLine {
    static func handle(_ command: KeyCommand, state: inout AppState) -> [Effect] {
        guard let confirmation = state.overlays.question else { return [] }
        let answer: Confirmation.OnYes?
        switch command {
        case .confirmYes: answer = confirmation.onYes
        case .confirmNo: answer = confirmation.onNo
        case .confirmCancel: answer = nil
        default: return []
        }
        state.overlays.question = nil
        switch answer {
        case nil: return []
        case let .commit(change)?: return [.commit(change)]
        case .discardForm?: return state.navigate(.pop)
        case let .history(direction, entryID)?: return [.history(direction, confirmed: entryID)]
        case let .deleteSmartList(id, name)?: return [.deleteSmartList(id: id, name: name)]
        }
    }

    /// Esc on a form: an unchanged form closes at once; a changed one asks
    /// first, since Esc is also how one leaves a picker or a choice and a
    /// second press too many would lose the typing.
    static func leaveForm(changed: Bool, state: inout AppState) -> ScreenStep {
        guard changed else { return ScreenStep([], .pop) }
        state.overlays.question = Confirmation(question: "Discard changes?", onYes: .discardForm)
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
