import Foundation
import ChecklistsModel

/// What the app says about an undo or redo: on the status line when done
/// or refused, on the y/n line when the change was made elsewhere.
enum UndoMessages {
    static func reduce(_ step: HistoryStep, state: inout AppState) -> [Effect] {
        switch step {
        case let .nothing(direction):
            state.message = StatusMessage("Nothing to \(direction.verb).")
            return []
        case let .confirm(direction, entry):
            state.overlays.question = Confirmation(question: question(direction, entry, state: state),
                                              onYes: .history(direction, entryID: entry.id))
            return []
        case let .applied(direction, entry):
            state.message = StatusMessage("\(direction.pastTense): \(entry.description)")
            // What is on screen may have come back or gone, and with it a reminder.
            return reloadCurrent(state) + [.loadWakeCandidates(after: state.now)]
        case let .refused(direction, entry, reason):
            state.message = StatusMessage("Cannot \(direction.verb) \(entry.description): \(reason); nothing changed.", kind: .error)
            return []
        }
    }

    /// Whether `message` reports an undo or redo just done.
    static func saysWhatWasDone(_ message: StatusMessage?) -> Bool {
        guard let message, message.kind == .info else { return false }
        return [HistoryDirection.undo, .redo].contains { message.text.hasPrefix($0.pastTense + ": ") }
    }

    /// "Undo add list “Trips” (from the command line, 9:00 AM)?"
    static func question(_ direction: HistoryDirection, _ entry: HistoryEntry, state: AppState) -> String {
        let origin = entry.origin == .app ? "in another window of the app" : entry.origin.phrase
        let when = state.context.dateStyle.compactFormat(entry.madeAt, now: state.now)
        return "\(direction == .undo ? "Undo" : "Redo") \(entry.description) (\(origin), \(when))?"
    }
}
