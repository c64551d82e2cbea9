import Foundation
import ChecklistsModel

/// One arming of the runtime's alarm: when, and the token its event will
/// carry back in `.alarmWentOff`.
public struct AlarmSetting: Hashable, Sendable {
    /// Nil disarms.
    public var date: Date?
    public var token: Int

    public init(date: Date?, token: Int) {
        self.date = date
        self.token = token
    }
}

/// What the app last asked the alarm for. Every arming gets a new token; an
/// alarm event carrying an older one was already on its way when the data
/// changed, and is ignored.
public struct AlarmState: Hashable, Sendable {
    public var token = 0
    /// Nil when disarmed, or since the armed moment went off.
    public var armedFor: Date?
    /// After a failed claim (the disk is read-only or full), when to try
    /// again: the reminders are still pending and already due, and arming
    /// for them would fire at once, in a loop.
    public var claimRetryAt: Date?

    /// How long a failed claim waits before it tries again.
    public static let claimRetryDelay: TimeInterval = 60

    public init() {}
}

// MARK: - The reminders' reducer

/// The alarm's part of `reduce`: the alarm going off, other processes'
/// commits, the claim's answer and the wake candidates' answer. Claiming,
/// loading and arming leave as effects; deciding when to wake is
/// `WakePlan.nextWake`, the same function a process without a screen uses.
enum ReminderReducer {
    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case let .alarmWentOff(token, at):
            guard token == state.alarm.token else { return [] }
            state.now = at
            // The timer behind this arming is spent: the next arming must
            // set it again even for the same moment.
            state.alarm.armedFor = nil
            return [.claimDueReminders(at: at, missed: false)]
        case let .changedElsewhere(at):
            state.now = at
            return reloadCurrent(state) + [.loadWakeCandidates(after: at)]
        case let .remindersDue(reminders, missed):
            state.alarm.claimRetryAt = nil
            // After an alarm the screen is reloaded: the reminders it cleared,
            // or (nothing claimed) the overdue marking of that moment. The
            // start's claim (`missed`) comes before the start's own loads,
            // which read what it left.
            let reload = missed ? [] : reloadCurrent(state)
            guard !reminders.isEmpty else { return reload + [.loadWakeCandidates(after: state.now)] }
            var banner = state.overlays.banner ?? BannerState(reminders: [])
            banner.enqueue(reminders, missed: missed)
            state.overlays.banner = banner
            return [.ringBell] + reload + [.loadWakeCandidates(after: state.now)]
        case let .claimFailed(message):
            state.message = StatusMessage(message, kind: .error)
            state.alarm.claimRetryAt = state.now.addingTimeInterval(AlarmState.claimRetryDelay)
            return [.loadWakeCandidates(after: state.now)]
        case let .wakeCandidatesLoaded(candidates):
            let wake = WakePlan.nextWake(after: state.now, candidates, retryAt: state.alarm.claimRetryAt,
                                         calendar: state.context.dateStyle.dayCalendar)
            if wake == state.alarm.armedFor { return [] }
            state.alarm.armedFor = wake
            state.alarm.token += 1
            return [.armAlarm(AlarmSetting(date: wake, token: state.alarm.token))]
        default:
            return []
        }
    }
}
