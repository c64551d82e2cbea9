import Foundation
import ChecklistsModel

/// A one-shot alarm on the wall clock. The terminal runtime sets a Dispatch
/// timer; tests use a fake they fire by hand, so the scheduler's logic is
/// tested without sleeping.
public protocol Alarm: AnyObject {
    /// Arms the alarm for `date`, replacing any earlier arming (nil disarms).
    /// When it goes off, the owner calls `Scheduler.alarmWentOff(token:)` with
    /// this `token`.
    func set(_ date: Date?, token: Int)
}

/// Decides when the app next has to wake up on its own, and what to do then.
/// There is one alarm, armed for the earliest of:
/// - the next pending reminder (`MIN(remindAt)`),
/// - the next moment an item becomes overdue (its marking must change then),
/// - the next midnight, when "today" in the Due view moves on.
/// Nothing else wakes the process: no polling, no periodic tick.
///
/// Every arming gets a new token; an alarm event carrying an older token was
/// already on its way when the data changed, and is ignored.
public final class Scheduler {
    public let store: Store
    private let alarm: any Alarm
    private let now: () -> Date
    public private(set) var token = 0
    public private(set) var armedFor: Date?
    private var armedForChangeCount = -1

    public init(store: Store, alarm: any Alarm, now: @escaping () -> Date) {
        self.store = store
        self.alarm = alarm
        self.now = now
    }

    /// At start: reminders that came due while no copy of the app ran are
    /// claimed and shown once, as missed; then the alarm is armed.
    @discardableResult
    public func start() -> [DueReminder] {
        deliverDue(missed: true)
    }

    /// The alarm went off. A stale token (the alarm was re-armed since) does
    /// nothing. Returns the reminders delivered (for the benchmark's log).
    @discardableResult
    public func alarmWentOff(token: Int) -> [DueReminder] {
        guard token == self.token else { return [] }
        armedFor = nil
        return deliverDue(missed: false)
    }

    /// Another process changed the database: reload what is on screen
    /// (keeping the selection) and re-arm, since its change may add, move or
    /// cancel a reminder.
    public func dataChangedElsewhere() {
        store.send(.clock(now()))
        store.send(.refresh)
        rearm()
    }

    /// After the app's own changes: re-arms only when something was committed
    /// since the last arming (one indexed query, not one per keystroke).
    public func rearmIfNeeded() {
        guard armedForChangeCount != store.changeCount else { return }
        rearm()
    }

    /// Claims what is due now (exactly once across processes: the claim is a
    /// write transaction) and shows it, then re-arms. A copy that finds
    /// nothing to claim still reloads, so it shows the item as due.
    private func deliverDue(missed: Bool) -> [DueReminder] {
        let time = now()
        store.send(.clock(time))
        var due: [DueReminder] = []
        do {
            due = try store.database.claimDueReminders(now: time)
            store.send(due.isEmpty ? .refresh : .remindersDue(due, missed: missed))
        } catch {
            store.send(.loadFailed(message: error.statusLine))
        }
        rearm()
        return due
    }

    private func rearm() {
        armedForChangeCount = store.changeCount
        let wake = nextWake(after: now())
        if wake == armedFor { return }
        armedFor = wake
        token += 1
        alarm.set(wake, token: token)
    }

    /// The earliest moment the app must act or redraw by itself.
    func nextWake(after time: Date) -> Date? {
        let database = store.database
        let calendar = store.state.context.dateStyle.calendar
        let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: time))
        let candidates = [try? database.nextReminderDate(), try? database.nextOverdueDate(after: time), midnight]
        return candidates.compactMap { $0 }.min()
    }
}
