import Foundation
import ChecklistsModel

/// The keys that re-plan an item where it is shown apart from its list's
/// order (Upcoming, a filter's items, a tag's items): `p` steps its
/// priority, and `z` asks the reminder banner's snooze choices, whose
/// answer moves the item itself.
enum PlanKeys {
    /// `p` or `z` on `item`; `z` sets `choosingSnooze`, so that the screen
    /// hands the next key to `snooze`. Any other key does nothing.
    static func handle(_ command: KeyCommand, on item: Item, choosingSnooze: inout Bool, state: inout AppState) -> [Effect] {
        switch command {
        case .cyclePriority:
            return [.commit(.setPriority(itemID: item.id, item.priority.next))]
        case .bannerSnooze:
            choosingSnooze = true
            state.message = StatusMessage("Move “\(TextWidth.truncated(item.text, toColumns: 30))” to:")
            return []
        default:
            return []
        }
    }

    /// The key after `z`, which ends the choice: 1, 2 or 3 moves the item's
    /// due date (a start-only item's start) to the moment the banner's
    /// snooze names, its reminders, relative to the due date, with it; any
    /// other key (Esc) moves nothing.
    static func snooze(_ command: KeyCommand, moving item: Item?, choosing: inout Bool, state: inout AppState) -> [Effect] {
        choosing = false
        guard let item else { return [] }
        let until: Date
        switch command {
        case .snoozeShort: until = state.now.addingTimeInterval(5 * 60)
        case .snoozeLong: until = state.now.addingTimeInterval(60 * 60)
        case .snoozeTomorrow: until = ReminderBanner.tomorrowMorning(after: state.now, calendar: state.context.dateStyle.calendar)
        default: return []
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
