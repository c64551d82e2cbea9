import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// An alarm that only records how it was set; the test fires it by hand.
final class FakeAlarm {
    private(set) var settings: [AlarmSetting] = []
    var date: Date? { settings.last?.date }
    var token: Int { settings.last?.token ?? 0 }

    func set(_ setting: AlarmSetting) { settings.append(setting) }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    var time: Date
    init(_ time: Date) { self.time = time }
}

/// A Store driven the way the terminal runtime drives it: the alarm's
/// events and other processes' commits arrive as actions with the clock's
/// time, and the bell and the alarm's settings come out as effects: the
/// alarm is set, the bells counted.
final class LoopDriver {
    let store: Store
    let database: ChecklistsDatabase
    let alarm: FakeAlarm
    let clock: TestClock
    private var bells = 0

    init(store: Store, database: ChecklistsDatabase, alarm: FakeAlarm, clock: TestClock) {
        self.store = store
        self.database = database
        self.alarm = alarm
        self.clock = clock
        store.onRuntimeEffect = { [unowned self] effect in
            switch effect {
            case .ringBell: self.bells += 1
            case let .armAlarm(setting): alarm.set(setting)
            default: break
            }
        }
    }

    /// The runtime's start: the first frame claims what was missed and arms.
    func start() {
        store.start(now: clock.time)
    }

    func alarmWentOff(token: Int) {
        store.send(.alarmWentOff(token: token, at: clock.time))
    }

    func dataChangedElsewhere() {
        store.send(.changedElsewhere(at: clock.time))
    }

    /// The bells rung since the last call.
    func takeBells() -> Int {
        defer { bells = 0 }
        return bells
    }
}

/// The reminder loop with an injected clock and alarm, on a real database:
/// what the alarm is armed for, when it is re-armed, and what a firing
/// (current or stale) delivers. Nothing sleeps.
@Suite("The reminder loop with an injected clock and alarm")
struct ReminderLoopTests {
    let folder = TemporaryFolder()
    let clock = TestClock(Fixed.now)   // 2026-11-21 10:30 UTC
    let alarm = FakeAlarm()

    func makeApp(context: UIContext = Fixed.context, name: String = "test.sqlite") throws -> (LoopDriver, Int64) {
        let database = try ChecklistsDatabase.temporary(in: folder, name: name)
        let store = Store(state: AppState(context: context, width: 80, height: 16, now: clock.time), database: database)
        return (LoopDriver(store: store, database: database, alarm: alarm, clock: clock), try database.checklistSummaries()[0].id)
    }

    @discardableResult
    func addItem(_ app: LoopDriver, _ list: Int64, _ text: String, due: String, remind: Bool = true) throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: Fixed.date(due), shouldRemind: remind)
        guard case let .item(id) = try app.database.apply(.addItem(checklistID: list, draft), now: clock.time) else {
            throw StorageError.notFound(what: "the new item")
        }
        return id
    }

    @Test("armed for the earliest of: the next reminder, the next item to become overdue, midnight")
    func earliestWake() throws {
        let (app, list) = try makeApp()
        app.start()
        expectEqual(alarm.date, Fixed.date("2026-11-22 00:00"))
        try addItem(app, list, "call", due: "2026-11-21 18:00")
        app.dataChangedElsewhere()
        expectEqual(alarm.date, Fixed.date("2026-11-21 18:00"))
        try addItem(app, list, "no reminder, but overdue at noon", due: "2026-11-21 12:00", remind: false)
        app.dataChangedElsewhere()
        expectEqual(alarm.date, Fixed.date("2026-11-21 12:00"))
        folder.remove()
    }

    @Test("a change made in the app re-arms once; keys that commit nothing do not touch the alarm")
    func rearmOnChange() throws {
        let (app, list) = try makeApp()
        try addItem(app, list, "call", due: "2026-11-21 10:31")
        app.start()
        expectEqual(alarm.date, Fixed.date("2026-11-21 10:31"))
        clock.time = Fixed.date("2026-11-21 10:31")
        app.alarmWentOff(token: alarm.token)
        expectEqual(app.store.state.overlays.banner?.current.item.text, "call")
        let settingsBefore = alarm.settings.count
        // Moving around and opening help commit nothing: no query, no re-arm.
        app.store.send(.key(.down))
        expectEqual(alarm.settings.count, settingsBefore)
        // Snooze 5 minutes from the banner: one commit, one re-arm.
        app.store.send(.key(.character("z")))
        app.store.send(.clock(clock.time))
        app.store.send(.key(.character("1")))
        expectEqual(alarm.date, Fixed.date("2026-11-21 10:36"))
        expectEqual(alarm.settings.count, settingsBefore + 1)
        folder.remove()
    }

    @Test("a snoozed reminder fires again when the snooze ends, once")
    func snoozeRefires() throws {
        let (app, list) = try makeApp()
        try addItem(app, list, "call", due: "2026-11-21 10:31")
        app.start()
        clock.time = Fixed.date("2026-11-21 10:31")
        app.alarmWentOff(token: alarm.token)
        app.store.send(.key(.character("z")))
        app.store.send(.key(.character("1")))
        #expect(app.store.state.overlays.banner == nil)
        expectEqual(app.takeBells(), 1)
        clock.time = try #require(alarm.date)
        app.alarmWentOff(token: alarm.token)
        expectEqual(app.store.state.overlays.banner?.reminders.map(\.item.text), ["call"])
        expectEqual(app.takeBells(), 1)
        #expect(try app.database.reminderDate(ofItem: 1) == nil)
        folder.remove()
    }

    @Test("an alarm event from before a re-arm is ignored: nothing is claimed or shown")
    func staleEventIgnored() throws {
        let (app, list) = try makeApp()
        try addItem(app, list, "later", due: "2026-11-21 11:00")
        app.start()
        let stale = alarm.token
        let sooner = try addItem(app, list, "sooner", due: "2026-11-21 10:45")
        app.dataChangedElsewhere()
        #expect(alarm.token != stale)
        expectEqual(alarm.date, Fixed.date("2026-11-21 10:45"))
        clock.time = Fixed.date("2026-11-21 10:50")
        app.alarmWentOff(token: stale)
        #expect(app.store.state.overlays.banner == nil)
        #expect(try app.database.reminderDate(ofItem: sooner) != nil)
        app.alarmWentOff(token: alarm.token)
        expectEqual(app.store.state.overlays.banner?.reminders.map(\.item.text), ["sooner"])
        expectEqual(alarm.date, Fixed.date("2026-11-21 11:00"))
        folder.remove()
    }

    @Test("1,000 reminders due at once arrive in one banner with one bell, each once")
    func manyAtOnce() throws {
        let (app, list) = try makeApp()
        let due = Fixed.date("2026-11-21 10:31")
        let changes = (1...1000).map { Change.addItem(checklistID: list, ItemDraft(text: "item \($0)", dueDate: due, shouldRemind: true)) }
        try app.database.applyAll(changes, now: clock.time)
        app.start()
        expectEqual(alarm.date, due)
        clock.time = due
        app.alarmWentOff(token: alarm.token)
        let banner = try #require(app.store.state.overlays.banner)
        expectEqual(banner.reminders.count, 1000)
        expectEqual(Set(banner.reminders.map(\.id)).count, 1000)
        expectEqual(app.takeBells(), 1)
        #expect(try app.database.nextReminderDate() == nil)
        // A second event (even with the current token) finds nothing more.
        app.alarmWentOff(token: alarm.token)
        expectEqual(app.store.state.overlays.banner?.reminders.count, 1000)
        expectEqual(app.takeBells(), 0)
        folder.remove()
    }

    @Test("a clock that jumps back never delivers twice; one that jumps forward delivers what became due")
    func clockJumps() throws {
        let (app, list) = try makeApp()
        try addItem(app, list, "eleven", due: "2026-11-21 11:00")
        try addItem(app, list, "two", due: "2026-11-21 14:00")
        try addItem(app, list, "evening", due: "2026-11-21 20:00")
        app.start()
        // Forward past two of them: both arrive, the evening one stays pending.
        clock.time = Fixed.date("2026-11-21 15:00")
        app.alarmWentOff(token: alarm.token)
        expectEqual(app.store.state.overlays.banner?.reminders.map(\.item.text), ["eleven", "two"])
        app.store.send(.key(.escape))
        app.store.send(.key(.escape))
        #expect(app.store.state.overlays.banner == nil)
        // Back to 10:00: the wall-clock alarm fires again at 11:00 and 14:00
        // as the clock passes them, but what was delivered stays delivered.
        clock.time = Fixed.date("2026-11-21 10:00")
        app.alarmWentOff(token: alarm.token)
        clock.time = Fixed.date("2026-11-21 14:00")
        app.alarmWentOff(token: alarm.token)
        #expect(app.store.state.overlays.banner == nil)
        expectEqual(alarm.date, Fixed.date("2026-11-21 20:00"))
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
            let (app, list) = try makeApp(context: berlin, name: "\(start).sqlite")
            app.start()
            expectEqual(alarm.date, Fixed.instant(nextMidnight))
            expectEqual(Fixed.instant(nextMidnight).timeIntervalSince(Fixed.instant(start)), (hours - 0.5) * 3600)
            let draft = ItemDraft(text: "stand-up", dueDate: Fixed.instant(nine), shouldRemind: true)
            try app.database.apply(.addItem(checklistID: list, draft), now: clock.time)
            app.dataChangedElsewhere()
            expectEqual(alarm.date, Fixed.instant(nine))
            clock.time = Fixed.instant(nine)
            app.alarmWentOff(token: alarm.token)
            expectEqual(app.store.state.overlays.banner?.reminders.map(\.item.text), ["stand-up"])
            expectEqual(alarm.date, Fixed.instant(nextMidnight))
            app.alarmWentOff(token: alarm.token)                  // a spurious wake-up delivers nothing more
            expectEqual(app.store.state.overlays.banner?.reminders.count, 1)
        }
        folder.remove()
    }

    @Test("reminders due while no copy ran are shown at start as missed")
    func missedAtStart() throws {
        let (app, list) = try makeApp()
        try addItem(app, list, "while away", due: "2026-11-21 10:40")
        clock.time = Fixed.date("2026-11-21 12:00")
        app.start()
        let banner = try #require(app.store.state.overlays.banner)
        expectEqual(banner.reminders.map(\.item.text), ["while away"])
        expectEqual(banner.missed, [banner.current.id])
        folder.remove()
    }

    @Test("the alarm at an item's due time turns its overdue marking on, then arms for the next")
    func overdueOnTime() throws {
        let (app, list) = try makeApp()
        try addItem(app, list, "pay rent", due: "2026-11-21 10:45", remind: false)
        app.start()
        // Open "List": the last row of the home screen, below the Due view
        // that already shows the item.
        app.store.send(.key(.character("G")))
        app.store.send(.key(.enter))
        expectEqual(alarm.date, Fixed.date("2026-11-21 10:45"))
        expectEqual(render(app.store.state).lines()[1].contains("!"), false)
        clock.time = Fixed.date("2026-11-21 10:45")
        app.alarmWentOff(token: alarm.token)
        #expect(render(app.store.state).lines()[1].contains("! Today 10:45 AM"))
        expectEqual(alarm.date, Fixed.date("2026-11-22 00:00"))
        expectEqual(app.takeBells(), 0)
        folder.remove()
    }
}

/// The alarm's actions through the pure reducer alone: which effects leave,
/// and what a stale event does (nothing).
@Suite("The reminder loop in reduce")
struct ReminderLoopReducerTests {
    let candidates = WakeCandidates(nextReminder: Fixed.date("2026-11-21 18:00"), nextOverdue: nil)

    func armed() -> AppState {
        var state = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        _ = reduce(&state, .wakeCandidatesLoaded(candidates))
        return state
    }

    @Test("wake candidates arm the alarm once, with a new token; the same answer again arms nothing")
    func arming() {
        var state = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        expectEqual(reduce(&state, .wakeCandidatesLoaded(candidates)), [.armAlarm(AlarmSetting(date: Fixed.date("2026-11-21 18:00"), token: 1))])
        expectEqual(reduce(&state, .wakeCandidatesLoaded(candidates)), [])
        let sooner = WakeCandidates(nextReminder: Fixed.date("2026-11-21 11:00"), nextOverdue: nil)
        expectEqual(reduce(&state, .wakeCandidatesLoaded(sooner)), [.armAlarm(AlarmSetting(date: Fixed.date("2026-11-21 11:00"), token: 2))])
    }

    @Test("the alarm going off with the current token claims at the time it went off")
    func currentToken() {
        var state = armed()
        let fired = Fixed.date("2026-11-21 18:00")
        expectEqual(reduce(&state, .alarmWentOff(token: 1, at: fired)), [.claimDueReminders(at: fired, missed: false)])
        expectEqual(state.now, fired)
        #expect(state.alarm.armedFor == nil)
    }

    @Test("an alarm event with a stale token changes nothing and claims nothing")
    func staleToken() {
        var state = armed()
        _ = reduce(&state, .wakeCandidatesLoaded(WakeCandidates(nextReminder: Fixed.date("2026-11-21 11:00"), nextOverdue: nil)))
        expectEqual(state.alarm.token, 2)
        let before = state.alarm
        expectEqual(reduce(&state, .alarmWentOff(token: 1, at: Fixed.date("2026-11-21 18:00"))), [])
        expectEqual(state.alarm, before)
        expectEqual(state.now, Fixed.now)
    }

    @Test("another process's commit reloads the screen, looks up the wake candidates again, and reads the sync status")
    func changedElsewhere() {
        var state = armed()
        let at = Fixed.date("2026-11-21 10:35")
        let effects = reduce(&state, .changedElsewhere(at: at))
        expectEqual(effects, reloadCurrent(state) + [.loadWakeCandidates(after: at), .loadSyncStatus])
        expectEqual(state.now, at)
    }

    @Test("a committed change looks up the wake candidates; keys that commit nothing do not")
    func commitsRearm() {
        var state = armed()
        expectEqual(reduce(&state, .key(.down)).contains(.loadWakeCandidates(after: Fixed.now)), false)
        let effects = reduce(&state, .committed(.setOpenChecklist(id: 1), .none))
        expectEqual(effects, [.loadWakeCandidates(after: Fixed.now)])
    }

    @Test("a failed claim says why and arms again from what is pending")
    func claimFailed() {
        var state = armed()
        expectEqual(reduce(&state, .claimFailed(message: "The disk is full")), [.loadWakeCandidates(after: Fixed.now)])
        expectEqual(state.message?.text, "The disk is full")
    }

    @Test("the start claims before it loads, so its claim's answer reloads nothing; an alarm's claim reloads the screen, found something or not")
    func claimsAndReloads() {
        var start = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        // A list left open: its page first, the home screen beneath it once
        // the first frame is drawn, and only once.
        expectEqual(reduce(&start, .started(openChecklistID: 7, notice: nil)), [
            // The 13 rows the pane shows, and one more.
            .claimDueReminders(at: Fixed.now, missed: true), .loadItems(checklistID: 7, anchor: .index(0), pageSize: 14),
        ])
        expectEqual(reduce(&start, .firstFrameShown), [loadLists(start, select: 7), .loadSyncStatus])
        expectEqual(reduce(&start, .firstFrameShown), [])
        // No list open: the home screen is the first frame.
        var home = AppState(context: Fixed.context, width: 80, height: 16, now: Fixed.now)
        expectEqual(reduce(&home, .started(openChecklistID: nil, notice: nil)), [
            .claimDueReminders(at: Fixed.now, missed: true), loadLists(home, select: nil), .loadSyncStatus,
        ])
        expectEqual(reduce(&home, .firstFrameShown), [])
        expectEqual(reduce(&start, .remindersDue([], missed: true)), [.loadWakeCandidates(after: Fixed.now)])
        let missed = DueReminder(item: Item(id: 3, checklistID: 7, text: "Call the bank", dueDate: Fixed.now),
                                 checklistName: "Errands", remindAt: Fixed.now)
        expectEqual(reduce(&start, .remindersDue([missed], missed: true)), [.ringBell, .loadWakeCandidates(after: Fixed.now)])
        var state = armed()
        expectEqual(reduce(&state, .remindersDue([], missed: false)), [loadLists(state, select: nil), .loadWakeCandidates(after: Fixed.now)])
    }

    @Test("after a failed claim, a reminder still pending and already due arms for a minute later, not a loop at once")
    func claimRetry() {
        var state = armed()
        _ = reduce(&state, .alarmWentOff(token: 1, at: Fixed.date("2026-11-21 18:00")))
        _ = reduce(&state, .claimFailed(message: "The disk is read-only"))
        let stillDue = WakeCandidates(nextReminder: Fixed.date("2026-11-21 18:00"), nextOverdue: nil)
        expectEqual(reduce(&state, .wakeCandidatesLoaded(stillDue)), [.armAlarm(AlarmSetting(date: Fixed.date("2026-11-21 18:01"), token: 2))])
        // The retry claims; once it succeeds, due reminders arm as usual again.
        expectEqual(reduce(&state, .alarmWentOff(token: 2, at: Fixed.date("2026-11-21 18:01"))), [.claimDueReminders(at: Fixed.date("2026-11-21 18:01"), missed: false)])
        _ = reduce(&state, .remindersDue([], missed: false))
        let next = WakeCandidates(nextReminder: Fixed.date("2026-11-21 18:01"), nextOverdue: nil)
        expectEqual(reduce(&state, .wakeCandidatesLoaded(next)), [.armAlarm(AlarmSetting(date: Fixed.date("2026-11-21 18:01"), token: 3))])
    }
}

/// What is drawn on top gets the keys: a reminder that fires while help
/// is open shows over help, and its keys act on what is seen.
@Suite("A reminder over the help screen")
struct ReminderOverHelpTests {
    let folder = TemporaryFolder()
    let clock = TestClock(Fixed.now)   // 2026-11-21 10:30 UTC
    let alarm = FakeAlarm()

    @Test("the banner is drawn over help, Esc dismisses it and help is still there; q then closes help")
    func bannerOverHelp() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 12, now: clock.time), database: database)
        let app = LoopDriver(store: store, database: database, alarm: alarm, clock: clock)
        let list = try database.checklistSummaries()[0].id
        _ = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Call the plumber", dueDate: Fixed.date("2026-11-21 10:31"), shouldRemind: true)),
                               now: clock.time)
        app.start()
        store.send(.key(.character("?")))
        #expect(store.state.overlays.help != nil)
        clock.time = Fixed.date("2026-11-21 10:31")
        app.alarmWentOff(token: alarm.token)
        let screen = render(store.state).lines()
        #expect(screen.contains { $0.contains("Call the plumber") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("Esc") && $0.contains("dismiss") }, "\(screen.joined(separator: "\n"))")
        #expect(render(store.state).cursor == nil)
        store.send(.key(.escape))
        #expect(store.state.overlays.banner == nil && store.state.overlays.help != nil)
        #expect(!render(store.state).lines().contains { $0.contains("Call the plumber") })
        store.send(.key(.character("q")))
        #expect(store.state.overlays.help == nil)
    }
}
