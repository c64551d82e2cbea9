import Foundation
import ChecklistsModel
import ChecklistsConfig

// The notifier's decisions, as the app's are: a state, the events that
// happen to it, and a pure `reduce` that changes the state and returns
// effects. The runtime (NotifierRuntime.swift) performs the effects and
// sends their answers back as events; nothing here reads the clock, the
// database or a lock file.

/// What the notifier knows between events.
public struct NotifierState: Sendable {
    /// The time of the latest event.
    public var now: Date
    /// The user's calendar: where midnight falls for `WakePlan`.
    public var calendar: Calendar
    /// Every arming gets a new token; an alarm event with an older one was
    /// already on its way when the notifier re-armed, and is ignored.
    public var alarmToken = 0
    /// What the alarm is armed for; nil when disarmed or since it went off.
    public var armedFor: Date?
    /// An app was open at a delivery moment: a thread waits for the last
    /// one to close (the app delivers meanwhile), and the notifier neither
    /// arms nor reloads until it has.
    public var waitingForApps = false
    /// After a delivery that reached no channel, or that could not be
    /// recorded: when to try again (arming for a reminder already due would
    /// fire at once, in a loop).
    public var retryAt: Date?
    /// False once a signal asked it to stop.
    public var isRunning = true
    /// When to sync with the CalDAV server; nil when `[sync] interval` is not set.
    public var sync: SyncSchedule?

    public init(now: Date, calendar: Calendar, sync: SyncSchedule? = nil) {
        self.now = now
        self.calendar = calendar
        self.sync = sync
    }

    /// How long a delivery that reached no channel waits before the next try.
    public static let retryDelay: TimeInterval = 60
}

/// Everything that happens to the notifier: the runtime's events and the
/// answers to its effects.
public enum NotifierEvent: Sendable {
    /// The notifier started at `at`: what came due while nothing ran is due now.
    case started(at: Date)
    /// The alarm armed with `token` went off at `at`.
    case alarmWentOff(token: Int, at: Date)
    /// Another process committed to the database at about `at`.
    case changedElsewhere(at: Date)
    /// The answer to `.takeLockIfNoAppOpen`: whether no app was open (and
    /// the lock is now held).
    case presenceChecked(noAppOpen: Bool, at: Date)
    /// The last app closed (or was killed) at `at`; the lock is held.
    case appsClosed(at: Date)
    /// Waiting for the apps to close failed (the lock file cannot be opened).
    case waitFailed(message: String, at: Date)
    /// The answer to `.loadDue`.
    case dueLoaded([DueReminder], at: Date)
    /// The answer to `.deliver`: the channels that took it (none: nobody
    /// was told, and the reminders stay pending).
    case delivered(Delivery, reached: [NotifyChannel])
    /// The answer to `.recordDelivered` when the write failed.
    case recordFailed(message: String)
    /// The answer to `.loadWakeCandidates`.
    case wakeCandidatesLoaded(WakeCandidates)
    /// Reading the database failed.
    case loadFailed(message: String)
    /// The user pressed a notification's button at `at`, on a
    /// notification of these reminders.
    case actionInvoked(NotificationAction, reminders: [DueReminder.ID], at: Date)
    /// The answer to `.apply` when the change was refused or not saved.
    case applyFailed(Change, message: String)
    /// SIGTERM, SIGINT or SIGHUP.
    case stopRequested(signalName: String)
    /// The sync timer armed with `token` went off at `at`.
    case syncTimerWentOff(token: Int, at: Date)
    /// The answer to `.checkLocalChanges`: what waits to be sent (nil: unreadable).
    case localChangesChecked(UnsyncedChanges?, at: Date)
    /// The answer to `.runSync`, when the helper has ended.
    case syncFinished(SyncOutcome, at: Date)
}

/// A button of a desktop notification: what the reminder banner's keys do.
public enum NotificationAction: String, CaseIterable, Hashable, Sendable {
    case done = "done"
    case snoozeShort = "snooze-5"
    case snoozeLong = "snooze-60"

    /// The button's label.
    public var label: String {
        switch self {
        case .done: "Done"
        case .snoozeShort: "Snooze 5 min"
        case .snoozeLong: "Snooze 1 hour"
        }
    }

    /// The change it makes for a reminder at `now`: the banner's x, z 1
    /// and z 2. A snooze moves that reminder alone.
    public func change(_ reminder: DueReminder.ID, now: Date) -> Change {
        switch self {
        case .done: .setChecked(itemID: reminder.itemID, true)
        case .snoozeShort: .snooze(itemID: reminder.itemID, until: now.addingTimeInterval(5 * 60), reminder: reminder.reminder)
        case .snoozeLong: .snooze(itemID: reminder.itemID, until: now.addingTimeInterval(60 * 60), reminder: reminder.reminder)
        }
    }

    /// The changes for a notification of several reminders: each snoozed,
    /// or each item checked off once (two of its reminders may be in it).
    public func changes(_ reminders: [DueReminder.ID], now: Date) -> [Change] {
        var seen = Set<Change>()
        return reminders.map { change($0, now: now) }.filter { seen.insert($0).inserted }
    }
}

/// Work for the runtime.
public enum NotifierEffect: Hashable, Sendable {
    /// Try (without waiting) to take the app-presence lock exclusively;
    /// answered by `.presenceChecked`.
    case takeLockIfNoAppOpen(at: Date)
    /// Wait on a thread until no app is open; answered by `.appsClosed`.
    case waitForAppsToClose
    /// Read the reminders due at `at`, without claiming them; answered by `.dueLoaded`.
    case loadDue(at: Date)
    /// Hand the reminders to the channels; answered by `.delivered`.
    case deliver(Delivery)
    /// Clear the delivered reminders in the database (as a claim does), so
    /// neither an app nor the next notifier delivers them again.
    case recordDelivered([DueReminder])
    /// Let an app that is starting go on.
    case releaseLock
    /// Answered by `.wakeCandidatesLoaded`.
    case loadWakeCandidates
    /// Set the one alarm (nil: disarm).
    case armAlarm(date: Date?, token: Int)
    /// Apply a notification button's change, as the app commits one.
    case apply(Change)
    /// Read what waits to be sent; answered by `.localChangesChecked`.
    case checkLocalChanges(at: Date)
    /// Run the sync helper as a child, without waiting for it; answered
    /// by `.syncFinished` when it ends.
    case runSync
    /// Set the sync timer (nil: disarm).
    case armSyncTimer(date: Date?, token: Int)
    /// One line on stderr.
    case say(String)
    /// End the process, the lock files released by the kernel.
    case exit
}

/// Reminders handed over together: grouped into one notification when
/// several are due at once.
public struct Delivery: Hashable, Sendable {
    public var reminders: [DueReminder]
    /// When it was handed over.
    public var at: Date

    public init(reminders: [DueReminder], at: Date) {
        self.reminders = reminders
        self.at = at
    }

    /// How long after its moment a reminder may be handed over and still be
    /// on time. Past it (nothing ran, the clock jumped, the machine slept)
    /// it is marked late, with its due time.
    public static let lateAfter: TimeInterval = 5

    public func isLate(_ reminder: DueReminder) -> Bool {
        at.timeIntervalSince(reminder.remindAt) >= Self.lateAfter
    }
}

// MARK: - Reduce

public enum NotifierReducer {
    public static func reduce(_ state: inout NotifierState, _ event: NotifierEvent) -> [NotifierEffect] {
        switch event {
        case let .started(at):
            state.now = at
            return [.takeLockIfNoAppOpen(at: at)] + SyncSchedule.reduce(&state, event)
        case let .alarmWentOff(token, at):
            guard token == state.alarmToken else { return [] }
            state.now = at
            // The timer behind this arming is spent: re-arming for the same
            // moment must set it again.
            state.armedFor = nil
            if state.waitingForApps { return [] }
            return [.takeLockIfNoAppOpen(at: at)]
        case let .changedElsewhere(at):
            state.now = at
            // While an app is open it takes every reminder; the wait ends
            // with a fresh look anyway.
            return (state.waitingForApps ? [] : [.loadWakeCandidates]) + SyncSchedule.reduce(&state, event)
        case let .presenceChecked(noAppOpen, at):
            state.now = at
            if noAppOpen { return [.loadDue(at: at)] }
            guard !state.waitingForApps else { return [] }
            state.waitingForApps = true
            return [.waitForAppsToClose]
        case let .appsClosed(at):
            state.now = at
            state.waitingForApps = false
            return [.loadDue(at: at)]
        case let .dueLoaded(reminders, at):
            state.now = at
            guard !reminders.isEmpty else { return [.releaseLock, .loadWakeCandidates] }
            if let retry = state.retryAt, at < retry { return [.releaseLock, .loadWakeCandidates] }
            return [.deliver(Delivery(reminders: reminders, at: at))]
        case let .delivered(delivery, reached):
            guard !reached.isEmpty else {
                state.retryAt = state.now.addingTimeInterval(NotifierState.retryDelay)
                let count = delivery.reminders.count == 1 ? "a reminder" : "\(delivery.reminders.count) reminders"
                return [.say("no channel took \(count); trying again in \(Int(NotifierState.retryDelay)) s"),
                        .releaseLock, .loadWakeCandidates]
            }
            state.retryAt = nil
            let via = reached.map(\.rawValue).joined(separator: ", ")
            // Recorded first, said after: the window in which a kill makes
            // the next start deliver it again is as short as it can be.
            return [.recordDelivered(delivery.reminders), .releaseLock]
                + delivery.reminders.map { .say(DeliveryText.logLine($0, delivery: delivery, via: via)) }
                + [.loadWakeCandidates]
        case let .recordFailed(message):
            state.retryAt = state.now.addingTimeInterval(NotifierState.retryDelay)
            return [.say("delivered, but not recorded (\(message)); it may be delivered again")]
        case var .wakeCandidatesLoaded(candidates):
            // The notifier marks nothing overdue: only reminders (and
            // midnight, as in the app's plan) wake it.
            candidates.nextOverdue = nil
            let wake = WakePlan.nextWake(after: state.now, candidates, retryAt: state.retryAt, calendar: state.calendar)
            if wake == state.armedFor { return [] }
            state.armedFor = wake
            state.alarmToken += 1
            return [.armAlarm(date: wake, token: state.alarmToken)]
        case let .loadFailed(message):
            // What is due stays pending: look again a minute on, not at once.
            state.retryAt = state.now.addingTimeInterval(NotifierState.retryDelay)
            return [.say(message), .loadWakeCandidates]
        case let .waitFailed(message, at):
            state.now = at
            state.waitingForApps = false
            state.retryAt = at.addingTimeInterval(NotifierState.retryDelay)
            return [.say(message), .loadWakeCandidates]
        case let .actionInvoked(action, reminders, at):
            state.now = at
            var itemIDs: [Int64] = []
            for reminder in reminders where !itemIDs.contains(reminder.itemID) { itemIDs.append(reminder.itemID) }
            return action.changes(reminders, now: at).map { .apply($0) }
                + [.say("\(action.label) from the notification: item \(itemIDs.map(String.init).joined(separator: ", "))"),
                   .loadWakeCandidates]
                // A change of our own, which the file watch does not report.
                + SyncSchedule.reduce(&state, .changedElsewhere(at: at))
        case let .applyFailed(_, message):
            return [.say(message)]
        case .syncTimerWentOff, .localChangesChecked, .syncFinished:
            return SyncSchedule.reduce(&state, event)
        case let .stopRequested(signalName):
            state.isRunning = false
            return [.say("stopped by \(signalName)"), .exit]
        }
    }
}
