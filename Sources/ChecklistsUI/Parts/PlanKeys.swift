import Foundation
import ChecklistsModel

/// `z` on an item shown apart from its list's order: the reminder banner's
/// snooze choices, asked on the message line, whose answer moves that item
/// itself. The item is kept by id, so a reload beneath the question (a
/// change made elsewhere) cannot turn the answer onto the row that moved
/// under the cursor.
public struct MoveChoice: Hashable, Sendable {
    public var itemID: Int64
    /// The item's text when `z` was pressed, for the question.
    public var text: String

    public init(itemID: Int64, text: String) {
        self.itemID = itemID
        self.text = text
    }

    /// What the message line asks while the choice is open.
    var question: String { "Move “\(TextWidth.truncated(text, toColumns: 30))” to:" }
}

/// The keys that re-plan an item where it is shown apart from its list's
/// order (Upcoming, a filter's items, a tag's items): `p` steps its
/// priority, and `z` opens the move choice over the view.
enum PlanKeys {
    /// `p` or `z` on `item`; any other key does nothing.
    static func handle(_ command: KeyCommand, on item: Item, state: inout AppState) -> [Effect] {
        switch command {
        case .cyclePriority:
            return [.commit(.setPriority(itemID: item.id, item.priority.next))]
        case .bannerSnooze:
            state.overlays.move = MoveChoice(itemID: item.id, text: item.text)
            return []
        default:
            return []
        }
    }

    /// The key after `z`, which ends the choice: 1, 2 or 3 moves the item's
    /// due date (a start-only item's start) to the moment the banner's
    /// snooze names, its reminders, relative to the due date, with it; any
    /// other key (Esc) moves nothing.
    static func answer(_ command: KeyCommand?, state: inout AppState) -> [Effect] {
        guard let choice = state.overlays.move else { return [] }
        state.overlays.move = nil
        let until: Date
        switch command {
        case .snoozeShort?: until = state.now.addingTimeInterval(5 * 60)
        case .snoozeLong?: until = state.now.addingTimeInterval(60 * 60)
        case .snoozeTomorrow?: until = ReminderBanner.tomorrowMorning(after: state.now, calendar: state.context.dateStyle.calendar)
        default: return []
        }
        // As the view shows it now: a change made elsewhere since `z` is
        // kept, and an item gone from the view is not moved unseen.
        guard let item = state.screen.itemShownApart(id: choice.itemID) else {
            state.message = StatusMessage("Nothing moved: “\(TextWidth.truncated(choice.text, toColumns: 30))” is no longer shown here.",
                                          kind: .error)
            return []
        }
        var draft = item.draft
        // Minutes are the stored precision.
        let moment = Date(timeIntervalSince1970: (until.timeIntervalSince1970 / 60).rounded(.down) * 60)
        if draft.dueDate == nil {
            draft.startDate = moment
        } else {
            draft.dueDate = moment
            if let start = draft.startDate, start > moment { draft.startDate = moment }
        }
        state.message = StatusMessage("Moved to \(state.context.dateStyle.relative(moment, now: state.now, form: .inSentence)): "
                                      + "“\(TextWidth.truncated(item.text, toColumns: 30))”")
        return [.commit(.updateItem(id: item.id, draft))]
    }
}
