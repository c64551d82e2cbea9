import Foundation

/// What the database says about the moments ahead that need a process awake:
/// loaded by two indexed look-ups, so it costs the same at any size.
public struct WakeCandidates: Hashable, Sendable {
    /// The earliest pending reminder (its own time, or the end of a snooze).
    public var nextReminder: Date?
    /// The next moment an item not checked off becomes overdue.
    public var nextOverdue: Date?
    /// The next moment an item not checked off starts: a screen then takes
    /// it into the Due view and stops dimming it. A process without a
    /// screen leaves it nil.
    public var nextStart: Date?

    public init(nextReminder: Date?, nextOverdue: Date?, nextStart: Date? = nil) {
        self.nextReminder = nextReminder
        self.nextOverdue = nextOverdue
        self.nextStart = nextStart
    }
}

/// When a process must next wake on its own. A pure function of the
/// candidates and the clock, in the model rather than the UI, because every
/// process that delivers reminders (the full-screen app, and a companion
/// without a screen) must take the very same decision.
public enum WakePlan {
    /// The earliest of: the next pending reminder, the next moment an item
    /// becomes overdue (its marking must change then), the next moment an
    /// item starts (when given), and the next local midnight (when "today"
    /// moves on). Nothing else wakes the process: no
    /// polling, no periodic tick. A reminder already past (its claim failed,
    /// or it came due between the look-up and now) is returned as it is, so
    /// the alarm fires at once.
    ///
    /// - Parameters:
    ///   - now: the caller's clock; midnight is the first one after it.
    ///   - calendar: the user's calendar, whose time zone says where midnight
    ///     falls (23 or 25 hours away on a daylight-saving day).
    ///   - retryAt: after a failed claim or delivery, when to try again: a
    ///     reminder due before it (already due, still pending) wakes the
    ///     process then, not at once, which would fire in a loop.
    public static func nextWake(after now: Date, _ candidates: WakeCandidates, retryAt: Date? = nil, calendar: Calendar) -> Date? {
        var candidates = candidates
        if let retryAt, let reminder = candidates.nextReminder, reminder < retryAt { candidates.nextReminder = retryAt }
        let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now))
        return [candidates.nextReminder, candidates.nextOverdue, candidates.nextStart, midnight].compactMap { $0 }.min()
    }
}
