import Foundation
import ChecklistsModel

/// Reminders that came due, shown over whatever screen is in front. Several
/// due together queue here and the user steps through them; each leaves the
/// queue only when the user acts on it, so none is lost or shown twice.
public struct BannerState: Hashable, Sendable {
    public var reminders: [DueReminder]
    public var index = 0
    /// Came due while no copy of the app was running.
    public var missed: Set<DueReminder.ID> = []
    /// Waiting for 1, 2 or 3 after z.
    public var choosingSnooze = false

    public var current: DueReminder { reminders[index] }

    var keyContext: KeyContext { choosingSnooze ? .snoozeChoice : .banner }

    /// Adds reminders not already queued (a snoozed one may come back).
    mutating func enqueue(_ more: [DueReminder], missed isMissed: Bool) {
        for reminder in more where !reminders.contains(where: { $0.id == reminder.id }) {
            reminders.append(reminder)
            if isMissed { missed.insert(reminder.id) }
        }
    }

    /// Drops the current reminder; nil when none are left.
    func removingCurrent() -> BannerState? {
        var next = self
        let removed = next.reminders.remove(at: index)
        next.missed.remove(removed.id)
        next.choosingSnooze = false
        if next.reminders.isEmpty { return nil }
        next.index = min(index, next.reminders.count - 1)
        return next
    }
}

enum ReminderBanner {
    static func handle(_ command: KeyCommand, state: inout AppState) -> [Effect] {
        guard var banner = state.overlays.banner else { return [] }
        let reminder = banner.current
        let calendar = state.context.dateStyle.calendar
        switch command {
        case .bannerNext:
            banner.index = (banner.index + 1) % banner.reminders.count
            state.overlays.banner = banner
        case .bannerDismiss:
            state.overlays.banner = banner.removingCurrent()
        case .bannerDone:
            state.overlays.banner = banner.removingCurrent()
            return [.commit(.setChecked(itemID: reminder.item.id, true))]
        case .bannerSnooze:
            banner.choosingSnooze = true
            state.overlays.banner = banner
        case .snoozeShort, .snoozeLong, .snoozeTomorrow:
            let until: Date
            switch command {
            case .snoozeShort: until = state.now.addingTimeInterval(5 * 60)
            case .snoozeLong: until = state.now.addingTimeInterval(60 * 60)
            default: until = tomorrowMorning(after: state.now, calendar: calendar)
            }
            state.overlays.banner = banner.removingCurrent()
            state.message = snoozedMessage(reminder.item.text, until: until, state: state)
            return [.commit(.snooze(itemID: reminder.item.id, until: until, reminder: reminder.reminder))]
        case .cancel:
            banner.choosingSnooze = false
            state.overlays.banner = banner
        case .bannerOpen:
            if state.route == .itemDetail || state.route == .listDetail {
                state.message = StatusMessage("Finish the form first (Ctrl-S or Esc), then open the reminder.", kind: .error)
                return []
            }
            // The question stays for after the banner; opening another
            // screen beneath it would let y delete what is no longer shown.
            if state.overlays.question != nil {
                state.message = StatusMessage("Answer the question first (y or n), then open the reminder.", kind: .error)
                return []
            }
            state.overlays.banner = banner.removingCurrent()
            return AllListsScreen.openItem(reminder.item, state: &state)
        default:
            break
        }
        return []
    }

    /// "Snoozed until today 10:35 AM: “Call the bank”": the new time first,
    /// so it is never what a narrow pane cuts. The text is cut to keep the
    /// message on one line; where that would leave less than a word of it,
    /// the message takes the help line too, as long messages do.
    static func snoozedMessage(_ text: String, until: Date, state: AppState) -> StatusMessage {
        let head = "Snoozed until \(state.context.dateStyle.relative(until, now: state.now, form: .inSentence)): "
        let room = state.width - 2 - TextWidth.columns(of: head) - 2
        return StatusMessage(head + "“" + TextWidth.truncated(text, toColumns: room >= 6 ? room : 30) + "”")
    }

    /// 9:00 on the next calendar day, in the user's time zone.
    static func tomorrowMorning(after now: Date, calendar: Calendar) -> Date {
        let today = calendar.startOfDay(for: now)
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? now.addingTimeInterval(86_400)
        return calendar.date(bySettingHour: 9, minute: 0, second: 0, of: tomorrow) ?? tomorrow.addingTimeInterval(9 * 3600)
    }

    static func render(_ state: AppState, into grid: inout ScreenGrid) {
        guard let banner = state.overlays.banner else { return }
        let reminder = banner.current
        // Wide enough for its keys and the snooze choices on one line each.
        let width = min(grid.width - 2, max(66, min(76, TextWidth.columns(of: reminder.item.text) + 6)))
        let left = max(0, (grid.width - width) / 2)
        let count = banner.reminders.count > 1 ? " \(banner.index + 1) of \(banner.reminders.count)" : ""
        let title = (banner.missed.contains(reminder.id) ? "Missed reminder" : "Reminder") + count
        // A reminder needs a due date; one cleared since the claim shows none.
        let due = reminder.item.dueDate.map { " · due " + state.context.dateStyle.relative($0, now: state.now, form: .inSentence) } ?? ""
        // In a narrow pane the keys wrap onto a second line rather than lose
        // the last of them (Esc, or the snooze choices).
        let keys = banner.choosingSnooze
            ? state.context.keys.helpLines(for: .snoozeChoice, width: width - 4, lines: 2)
            : state.context.keys.helpLines(for: .banner, width: width - 4, lines: 2)
        let lines: [(String, CellStyle)] = [
            ((reminder.lead.map { $0 + ": " } ?? "") + reminder.item.text, .bold),
            ("in \(reminder.checklistName)\(due)", []),
            (banner.choosingSnooze ? "Snooze until:" : "", .bold),
        ] + keys.map { ($0, .dim) }
        let top = max(1, (grid.height - lines.count - 3) / 2)
        let unicode = state.context.unicode
        let horizontal = unicode ? "─" : "-"
        grid.clear(rows: top..<(top + lines.count + 2), columns: left..<(left + width))
        let titleText = (unicode ? "┌ " : "+ ") + title + " "
        grid.put(titleText + String(repeating: horizontal, count: max(0, width - TextWidth.columns(of: titleText) - 1)) + (unicode ? "┐" : "+"),
                 row: top, column: left, maxColumns: width, style: .bold, color: .banner)
        for (offset, line) in lines.enumerated() {
            let y = top + 1 + offset
            grid.put(unicode ? "│" : "|", row: y, column: left, color: .banner)
            grid.put(line.0, row: y, column: left + 2, maxColumns: width - 4, style: line.1)
            grid.put(unicode ? "│" : "|", row: y, column: left + width - 1, color: .banner)
        }
        grid.put((unicode ? "└" : "+") + String(repeating: horizontal, count: max(0, width - 2)) + (unicode ? "┘" : "+"),
                 row: top + lines.count + 1, column: left, maxColumns: width, color: .banner)
    }
}
