import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// An alarm that only records how it was set; the test fires it by hand.
final class FakeAlarm: Alarm {
    private(set) var settings: [(date: Date?, token: Int)] = []
    var date: Date? { settings.last?.date }
    var token: Int { settings.last?.token ?? 0 }

    func set(_ date: Date?, token: Int) { settings.append((date, token)) }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    var time: Date
    init(_ time: Date) { self.time = time }
}

/// The runtime's timing logic with an injected clock and alarm, on a real
/// database: what the alarm is armed for, when it is re-armed, and what a
/// firing (current or stale) delivers. Nothing sleeps.
@Suite("Scheduler with an injected clock and alarm")
struct SchedulerTests {
    let folder = TemporaryFolder()
    let clock = TestClock(Fixed.now)   // 2026-11-21 10:30 UTC
    let alarm = FakeAlarm()

    func makeScheduler(context: UIContext = Fixed.context, name: String = "test.sqlite") throws -> (Scheduler, Int64) {
        let database = try ChecklistsDatabase.temporary(in: folder, name: name)
        let store = Store(state: AppState(context: context, width: 80, height: 16, now: clock.time), database: database)
        store.start(now: clock.time)
        let clock = self.clock
        return (Scheduler(store: store, alarm: alarm, now: { clock.time }), try database.checklistSummaries()[0].id)
    }

    @discardableResult
    func addItem(_ scheduler: Scheduler, _ list: Int64, _ text: String, due: String, remind: Bool = true) throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: Fixed.date(due), shouldRemind: remind)
        guard case let .item(id) = try scheduler.store.database.apply(.addItem(checklistID: list, draft), now: clock.time) else {
            throw StorageError.notFound(what: "the new item")
        }
        return id
    }

    @Test("armed for the earliest of: the next reminder, the next item to become overdue, midnight")
    func earliestWake() throws {
        let (scheduler, list) = try makeScheduler()
        scheduler.start()
        #expect(alarm.date == Fixed.date("2026-11-22 00:00"))
        try addItem(scheduler, list, "call", due: "2026-11-21 18:00")
        scheduler.dataChangedElsewhere()
        #expect(alarm.date == Fixed.date("2026-11-21 18:00"))
        try addItem(scheduler, list, "no reminder, but overdue at noon", due: "2026-11-21 12:00", remind: false)
        scheduler.dataChangedElsewhere()
        #expect(alarm.date == Fixed.date("2026-11-21 12:00"))
        folder.remove()
    }

    @Test("a change made in the app re-arms once; keys that commit nothing do not touch the alarm")
    func rearmOnChange() throws {
        let (scheduler, list) = try makeScheduler()
        try addItem(scheduler, list, "call", due: "2026-11-21 10:31")
        scheduler.start()
        #expect(alarm.date == Fixed.date("2026-11-21 10:31"))
        clock.time = Fixed.date("2026-11-21 10:31")
        scheduler.alarmWentOff(token: alarm.token)
        #expect(scheduler.store.state.banner?.current.item.text == "call")
        let settingsBefore = alarm.settings.count
        // Moving around and opening help commit nothing: no query, no re-arm.
        scheduler.store.send(.key(.down))
        scheduler.rearmIfNeeded()
        #expect(alarm.settings.count == settingsBefore)
        // Snooze 5 minutes from the banner: one commit, one re-arm.
        scheduler.store.send(.key(.character("z")))
        scheduler.store.send(.clock(clock.time))
        scheduler.store.send(.key(.character("1")))
        scheduler.rearmIfNeeded()
        #expect(alarm.date == Fixed.date("2026-11-21 10:36"))
        #expect(alarm.settings.count == settingsBefore + 1)
        scheduler.rearmIfNeeded()
        #expect(alarm.settings.count == settingsBefore + 1)
        folder.remove()
    }

    @Test("a snoozed reminder fires again when the snooze ends, once")
    func snoozeRefires() throws {
        let (scheduler, list) = try makeScheduler()
        try addItem(scheduler, list, "call", due: "2026-11-21 10:31")
        scheduler.start()
        clock.time = Fixed.date("2026-11-21 10:31")
        scheduler.alarmWentOff(token: alarm.token)
        scheduler.store.send(.key(.character("z")))
        scheduler.store.send(.key(.character("1")))
        scheduler.rearmIfNeeded()
        #expect(scheduler.store.state.banner == nil)
        #expect(scheduler.store.takeBells() == 1)
        clock.time = try #require(alarm.date)
        scheduler.alarmWentOff(token: alarm.token)
        #expect(scheduler.store.state.banner?.reminders.map(\.item.text) == ["call"])
        #expect(scheduler.store.takeBells() == 1)
        #expect(try scheduler.store.database.reminderDate(ofItem: 1) == nil)
        folder.remove()
    }

    @Test("an alarm event from before a re-arm is ignored: nothing is claimed or shown")
    func staleEventIgnored() throws {
        let (scheduler, list) = try makeScheduler()
        try addItem(scheduler, list, "later", due: "2026-11-21 11:00")
        scheduler.start()
        let stale = alarm.token
        let sooner = try addItem(scheduler, list, "sooner", due: "2026-11-21 10:45")
        scheduler.dataChangedElsewhere()
        #expect(alarm.token != stale)
        #expect(alarm.date == Fixed.date("2026-11-21 10:45"))
        clock.time = Fixed.date("2026-11-21 10:50")
        scheduler.alarmWentOff(token: stale)
        #expect(scheduler.store.state.banner == nil)
        #expect(try scheduler.store.database.reminderDate(ofItem: sooner) != nil)
        scheduler.alarmWentOff(token: alarm.token)
        #expect(scheduler.store.state.banner?.reminders.map(\.item.text) == ["sooner"])
        #expect(alarm.date == Fixed.date("2026-11-21 11:00"))
        folder.remove()
    }

    @Test("1,000 reminders due at once arrive in one banner with one bell, each once")
    func manyAtOnce() throws {
        let (scheduler, list) = try makeScheduler()
        let due = Fixed.date("2026-11-21 10:31")
        let changes = (1...1000).map { Change.addItem(checklistID: list, ItemDraft(text: "item \($0)", dueDate: due, shouldRemind: true)) }
        try scheduler.store.database.applyAll(changes, now: clock.time)
        scheduler.start()
        #expect(alarm.date == due)
        clock.time = due
        scheduler.alarmWentOff(token: alarm.token)
        let banner = try #require(scheduler.store.state.banner)
        #expect(banner.reminders.count == 1000)
        #expect(Set(banner.reminders.map(\.id)).count == 1000)
        #expect(scheduler.store.takeBells() == 1)
        #expect(try scheduler.store.database.nextReminderDate() == nil)
        // A second event (even with the current token) finds nothing more.
        scheduler.alarmWentOff(token: alarm.token)
        #expect(scheduler.store.state.banner?.reminders.count == 1000)
        #expect(scheduler.store.takeBells() == 0)
        folder.remove()
    }

    @Test("a clock that jumps back never delivers twice; one that jumps forward delivers what became due")
    func clockJumps() throws {
        let (scheduler, list) = try makeScheduler()
        try addItem(scheduler, list, "eleven", due: "2026-11-21 11:00")
        try addItem(scheduler, list, "two", due: "2026-11-21 14:00")
        try addItem(scheduler, list, "evening", due: "2026-11-21 20:00")
        scheduler.start()
        // Forward past two of them: both arrive, the evening one stays pending.
        clock.time = Fixed.date("2026-11-21 15:00")
        scheduler.alarmWentOff(token: alarm.token)
        #expect(scheduler.store.state.banner?.reminders.map(\.item.text) == ["eleven", "two"])
        scheduler.store.send(.key(.escape))
        scheduler.store.send(.key(.escape))
        #expect(scheduler.store.state.banner == nil)
        // Back to 10:00: the wall-clock alarm fires again at 11:00 and 14:00
        // as the clock passes them, but what was delivered stays delivered.
        clock.time = Fixed.date("2026-11-21 10:00")
        scheduler.alarmWentOff(token: alarm.token)
        clock.time = Fixed.date("2026-11-21 14:00")
        scheduler.alarmWentOff(token: alarm.token)
        #expect(scheduler.store.state.banner == nil)
        #expect(alarm.date == Fixed.date("2026-11-21 20:00"))
        folder.remove()
    }

    @Test("on both DST days in Berlin: a 09:00 reminder fires once at 09:00 local, and the day ends at local midnight (23 and 25 hours)")
    func daylightSavingDays() throws {
        let berlin = UIContext(dateStyle: DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Europe/Berlin")!),
                               unicode: true)
        for (start, nine, nextMidnight, hours) in [
            ("2026-03-29T00:30:00+01:00", "2026-03-29T09:00:00+02:00", "2026-03-30T00:00:00+02:00", 23.0),
            ("2026-10-25T00:30:00+02:00", "2026-10-25T09:00:00+01:00", "2026-10-26T00:00:00+01:00", 25.0),
        ] {
            clock.time = Fixed.instant(start)
            let (scheduler, list) = try makeScheduler(context: berlin, name: "\(start).sqlite")
            scheduler.start()
            #expect(alarm.date == Fixed.instant(nextMidnight))
            #expect(Fixed.instant(nextMidnight).timeIntervalSince(Fixed.instant(start)) == (hours - 0.5) * 3600)
            let draft = ItemDraft(text: "stand-up", dueDate: Fixed.instant(nine), shouldRemind: true)
            try scheduler.store.database.apply(.addItem(checklistID: list, draft), now: clock.time)
            scheduler.dataChangedElsewhere()
            #expect(alarm.date == Fixed.instant(nine))
            clock.time = Fixed.instant(nine)
            scheduler.alarmWentOff(token: alarm.token)
            #expect(scheduler.store.state.banner?.reminders.map(\.item.text) == ["stand-up"])
            #expect(alarm.date == Fixed.instant(nextMidnight))
            scheduler.alarmWentOff(token: alarm.token)                  // a spurious wake-up delivers nothing more
            #expect(scheduler.store.state.banner?.reminders.count == 1)
        }
        folder.remove()
    }

    @Test("reminders due while no copy ran are shown at start as missed")
    func missedAtStart() throws {
        let (scheduler, list) = try makeScheduler()
        try addItem(scheduler, list, "while away", due: "2026-11-21 10:40")
        clock.time = Fixed.date("2026-11-21 12:00")
        scheduler.start()
        let banner = try #require(scheduler.store.state.banner)
        #expect(banner.reminders.map(\.item.text) == ["while away"])
        #expect(banner.missed == [banner.current.id])
        folder.remove()
    }

    @Test("the alarm at an item's due time turns its overdue marking on, then arms for the next")
    func overdueOnTime() throws {
        let (scheduler, list) = try makeScheduler()
        try addItem(scheduler, list, "pay rent", due: "2026-11-21 10:45", remind: false)
        scheduler.store.send(.key(.enter))   // open "List"
        scheduler.start()
        #expect(alarm.date == Fixed.date("2026-11-21 10:45"))
        #expect(render(scheduler.store.state).lines()[1].contains("!") == false)
        clock.time = Fixed.date("2026-11-21 10:45")
        scheduler.alarmWentOff(token: alarm.token)
        #expect(render(scheduler.store.state).lines()[1].contains("! Nov 21"))
        #expect(alarm.date == Fixed.date("2026-11-22 00:00"))
        #expect(scheduler.store.takeBells() == 0)
        folder.remove()
    }
}
