import Foundation
import ChecklistsModel

/// When the notifier syncs (`[sync] interval` set): at its start, every
/// `interval`, and `debounce` after a change here (reset by each further
/// change, but never later than `longestWait` after the first), one sync
/// at a time. The sync itself is the sync helper, run as a
/// child: its failure is one line and the notifier goes on.
///
/// A sync writes the database too, and the file watch cannot tell its
/// commits from the app's; so a change counts only when what waits to be
/// sent (`UnsyncedChanges`) differs from what the last sync left. A sync's
/// own commit leaves it as the sync saw it at its end, and wakes nothing.
public struct SyncSchedule: Hashable, Sendable {
    public var interval: TimeInterval
    public var debounce: TimeInterval
    public var longestWait: TimeInterval
    /// A helper runs.
    public var isRunning = false
    /// The next sync by the interval.
    public var nextByInterval: Date?
    /// The sync a change here asked for, and when the first such change came.
    public var afterChange: Date?
    public var firstChange: Date?
    /// What waited to be sent when the last sync ended.
    public var settled: UnsyncedChanges?
    /// Every arming of the sync timer gets a new token (as the alarm's).
    public var timerToken = 0
    public var timerArmedFor: Date?

    public init(interval: TimeInterval, debounce: TimeInterval = 3, longestWait: TimeInterval = 30) {
        self.interval = interval
        self.debounce = debounce
        self.longestWait = longestWait
    }

    /// "15 min", "30 s", "1 h 30 min": an interval as the log says it.
    public static func describe(_ interval: TimeInterval) -> String {
        let seconds = Int(interval)
        let parts = [(seconds / 3600, "h"), (seconds % 3600 / 60, "min"), (seconds % 60, "s")].filter { $0.0 > 0 }
        return parts.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }

    /// The next sync, none while one runs.
    public var due: Date? {
        guard !isRunning else { return nil }
        return [nextByInterval, afterChange].compactMap { $0 }.min()
    }

    /// The sync part of `NotifierReducer.reduce`; nothing when sync is off.
    static func reduce(_ state: inout NotifierState, _ event: NotifierEvent) -> [NotifierEffect] {
        guard var schedule = state.sync else { return [] }
        defer { state.sync = schedule }
        switch event {
        case let .started(at):
            schedule.nextByInterval = at
            return schedule.rearm()
        case let .changedElsewhere(at):
            // While a sync runs, its end looks again.
            return schedule.isRunning ? [] : [.checkLocalChanges(at: at)]
        case let .localChangesChecked(changes, at):
            guard !schedule.isRunning, let changes, !changes.isEmpty, changes != schedule.settled else { return [] }
            schedule.changed(at: at)
            return schedule.rearm()
        case let .syncTimerWentOff(token, at):
            guard token == schedule.timerToken else { return [] }
            schedule.timerArmedFor = nil
            guard let due = schedule.due else { return [] }
            // A timer that fired early (a clock set back) is set again.
            guard due <= at else { return schedule.rearm() }
            schedule.isRunning = true
            schedule.afterChange = nil
            schedule.firstChange = nil
            return [.runSync]
        case let .syncFinished(outcome, at):
            schedule.isRunning = false
            schedule.nextByInterval = at.addingTimeInterval(schedule.interval)
            schedule.settled = outcome.after
            // Changed here during the sync, and not taken by it: again soon.
            if let after = outcome.after, !after.isEmpty, after != outcome.before {
                schedule.changed(at: at)
            }
            return [.say(outcome.logLine)] + schedule.rearm()
        default:
            return []
        }
    }

    private mutating func changed(at: Date) {
        let first = firstChange ?? at
        firstChange = first
        afterChange = min(at.addingTimeInterval(debounce), first.addingTimeInterval(longestWait))
    }

    private mutating func rearm() -> [NotifierEffect] {
        let wanted = due
        guard wanted != timerArmedFor else { return [] }
        timerArmedFor = wanted
        timerToken += 1
        return [.armSyncTimer(date: wanted, token: timerToken)]
    }
}

/// How one run of the sync helper ended, and what waited to be sent before
/// and after it.
public struct SyncOutcome: Hashable, Sendable {
    /// The exit status; nil when it was killed for taking too long.
    public var status: Int32?
    /// Its stdout and stderr: a line per list, or the error.
    public var output: String
    public var before: UnsyncedChanges?
    public var after: UnsyncedChanges?

    public init(status: Int32?, output: String, before: UnsyncedChanges?, after: UnsyncedChanges?) {
        self.status = status
        self.output = output
        self.before = before
        self.after = after
    }

    /// The one line the notifier says: what each list sent and received,
    /// or why it failed (the helper's message: it never holds the password).
    public var logLine: String {
        let lines = output.split(separator: "\n").map { line in
            line.hasPrefix("checklists: ") ? String(line.dropFirst("checklists: ".count)) : String(line)
        }
        guard let status else { return "sync failed: it took too long and was stopped; the next sync starts over" }
        if status != 0 {
            return "sync failed: " + (lines.isEmpty ? "the sync helper ended with status \(status)" : lines.joined(separator: "; "))
        }
        return "synced: " + (lines.isEmpty ? "nothing to sync" : lines.joined(separator: "; "))
    }
}
