import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// When a process must wake by itself: the earliest of the next reminder,
/// the next overdue moment and the next local midnight, for any process
/// that delivers reminders.
@Suite("WakePlan.nextWake")
struct WakePlanTests {
    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    @Test("with nothing pending, the next local midnight")
    func midnightOnly() {
        let wake = WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: nil, nextOverdue: nil), calendar: calendar("UTC"))
        expectEqual(wake, Fixed.date("2026-11-22 00:00"))
        // The same instant in Tokyo is 19:30 on the 21st: midnight is 4.5 hours away.
        let tokyo = WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: nil, nextOverdue: nil), calendar: calendar("Asia/Tokyo"))
        expectEqual(tokyo, Fixed.instant("2026-11-22T00:00:00+09:00"))
    }

    @Test("the earliest candidate wins, whichever it is")
    func earliest() {
        let utc = calendar("UTC")
        let reminder = Fixed.date("2026-11-21 18:00"), overdue = Fixed.date("2026-11-21 12:00")
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: reminder, nextOverdue: overdue), calendar: utc), overdue)
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: reminder, nextOverdue: nil), calendar: utc), reminder)
        let tomorrow = Fixed.date("2026-11-22 09:00")
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: tomorrow, nextOverdue: tomorrow), calendar: utc), Fixed.date("2026-11-22 00:00"))
    }

    @Test("after a failed claim or delivery, a reminder due before the retry wakes at the retry; a later one keeps its time")
    func retry() {
        let utc = calendar("UTC"), retry = Fixed.date("2026-11-21 10:31")
        let past = Fixed.date("2026-11-21 10:00"), later = Fixed.date("2026-11-21 11:00")
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: past, nextOverdue: nil), retryAt: retry, calendar: utc), retry)
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: later, nextOverdue: nil), retryAt: retry, calendar: utc), later)
        // An overdue moment is not held back: only reminders are retried.
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: past, nextOverdue: Fixed.date("2026-11-21 10:30")),
                                  retryAt: retry, calendar: utc), Fixed.date("2026-11-21 10:30"))
    }

    @Test("a reminder already past is kept, so the alarm fires at once")
    func pastReminder() {
        let past = Fixed.date("2026-11-21 10:00")
        expectEqual(WakePlan.nextWake(after: Fixed.now, WakeCandidates(nextReminder: past, nextOverdue: nil), calendar: calendar("UTC")), past)
    }

    @Test("on daylight-saving days, midnight is 23 or 25 hours after the last one")
    func daylightSaving() {
        let berlin = calendar("Europe/Berlin")
        let spring = WakePlan.nextWake(after: Fixed.instant("2026-03-29T00:30:00+01:00"), WakeCandidates(nextReminder: nil, nextOverdue: nil), calendar: berlin)
        expectEqual(spring, Fixed.instant("2026-03-30T00:00:00+02:00"))
        let autumn = WakePlan.nextWake(after: Fixed.instant("2026-10-25T00:30:00+02:00"), WakeCandidates(nextReminder: nil, nextOverdue: nil), calendar: berlin)
        expectEqual(autumn, Fixed.instant("2026-10-26T00:00:00+01:00"))
    }
}
