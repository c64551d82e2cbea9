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

    public init() {}
}

// MARK: - The reminder loop

/// The alarm's part of `reduce`: the alarm going off, other processes'
/// commits, the claim's answer and the wake candidates' answer. Claiming,
/// loading and arming leave as effects; deciding when to wake is
/// `WakePlan.nextWake`, the same function a process without a screen uses.
enum ReminderLoop {
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
            guard !reminders.isEmpty else { return reloadCurrent(state) + [.loadWakeCandidates(after: state.now)] }
            var banner = state.banner ?? BannerState(reminders: [])
            banner.enqueue(reminders, missed: missed)
            state.banner = banner
            return [.ringBell] + reloadCurrent(state) + [.loadWakeCandidates(after: state.now)]
        case let .claimFailed(message):
            state.message = StatusMessage(message, kind: .error)
            return [.loadWakeCandidates(after: state.now)]
        case let .wakeCandidatesLoaded(candidates):
            let wake = WakePlan.nextWake(after: state.now, candidates, calendar: state.context.dateStyle.calendar)
            if wake == state.alarm.armedFor { return [] }
            state.alarm.armedFor = wake
            state.alarm.token += 1
            return [.armAlarm(AlarmSetting(date: wake, token: state.alarm.token))]
        default:
            return []
        }
    }
}
