import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsNotify
import TestSupport

/// When the notifier syncs, through the pure reducer: at its start, every
/// interval, a few seconds after a change here, one at a time, and never
/// because of a sync's own commit.
@Suite("The notifier's sync schedule")
struct SyncScheduleTests {
    func fresh() -> NotifierState {
        NotifierState(now: Fixed.now, calendar: NotifierReducerTests.utc, sync: SyncSchedule(interval: 900, debounce: 3, longestWait: 30))
    }

    func at(_ seconds: TimeInterval) -> Date { Fixed.now.addingTimeInterval(seconds) }

    let waiting = UnsyncedChanges(changedItems: 1, changedStamp: 1_800_000_000)

    /// Starts, and lets the first sync run and end with nothing waiting.
    func started() -> NotifierState {
        var state = fresh()
        _ = NotifierReducer.reduce(&state, .started(at: at(0)))
        _ = NotifierReducer.reduce(&state, .syncTimerWentOff(token: 1, at: at(0)))
        _ = NotifierReducer.reduce(&state, .syncFinished(SyncOutcome(status: 0, output: "\"List\": up to date\n", before: UnsyncedChanges(),
                                                                  after: UnsyncedChanges()), at: at(1)))
        return state
    }

    @Test("without an interval nothing about sync happens")
    func off() {
        var state = NotifierState(now: Fixed.now, calendar: NotifierReducerTests.utc)
        expectEqual(NotifierReducer.reduce(&state, .started(at: at(0))), [.takeLockIfNoAppOpen(at: at(0))])
        expectEqual(NotifierReducer.reduce(&state, .changedElsewhere(at: at(5))), [.loadWakeCandidates])
    }

    @Test("a start syncs at once; its end says one line and arms the next by the interval")
    func startAndInterval() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .started(at: at(0))), [.takeLockIfNoAppOpen(at: at(0)), .armSyncTimer(date: at(0), token: 1)])
        expectEqual(NotifierReducer.reduce(&state, .syncTimerWentOff(token: 1, at: at(0))), [.runSync])
        let outcome = SyncOutcome(status: 0, output: "\"Groceries\": 2 sent, 1 received\n\"List\": up to date\n",
                                  before: waiting, after: UnsyncedChanges())
        expectEqual(NotifierReducer.reduce(&state, .syncFinished(outcome, at: at(2))), [.say("synced: \"Groceries\": 2 sent, 1 received; \"List\": up to date"), .armSyncTimer(date: at(902), token: 2)])
        expectEqual(NotifierReducer.reduce(&state, .syncTimerWentOff(token: 2, at: at(902))), [.runSync])
    }

    @Test("a change here syncs 3 s after the last change, at most 30 s after the first")
    func debounce() {
        var state = started()
        expectEqual(NotifierReducer.reduce(&state, .changedElsewhere(at: at(10))), [.loadWakeCandidates, .checkLocalChanges(at: at(10))])
        expectEqual(NotifierReducer.reduce(&state, .localChangesChecked(waiting, at: at(10))), [.armSyncTimer(date: at(13), token: 3)])
        var more = waiting
        more.changedStamp += 1
        expectEqual(NotifierReducer.reduce(&state, .localChangesChecked(more, at: at(12))), [.armSyncTimer(date: at(15), token: 4)])
        // An old timer's event is ignored.
        expectEqual(NotifierReducer.reduce(&state, .syncTimerWentOff(token: 3, at: at(13))), [])
        for second in stride(from: 14.0, through: 38, by: 2) { _ = NotifierReducer.reduce(&state, .localChangesChecked(more, at: at(second))) }
        expectEqual(state.sync?.due, at(40))
    }

    @Test("a sync's own commit, or an app's commit that leaves nothing to send, wakes no sync")
    func ownCommit() {
        var state = started()
        expectEqual(NotifierReducer.reduce(&state, .localChangesChecked(UnsyncedChanges(), at: at(5))), [])
        let stuck = UnsyncedChanges(changedItems: 1, changedStamp: 7)
        _ = NotifierReducer.reduce(&state, .syncTimerWentOff(token: state.sync!.timerToken, at: at(901)))
        // What the sync could not send stays; seeing the same again later is not a change.
        expectEqual(NotifierReducer.reduce(&state, .syncFinished(SyncOutcome(status: 0, output: "", before: stuck, after: stuck), at: at(902))), [.say("synced: nothing to sync"), .armSyncTimer(date: at(1802), token: 3)])
        expectEqual(NotifierReducer.reduce(&state, .localChangesChecked(stuck, at: at(903))), [])
    }

    @Test("one sync at a time: changes during it are looked at when it ends, and a change it missed syncs again soon")
    func oneAtATime() {
        var state = started()
        _ = NotifierReducer.reduce(&state, .localChangesChecked(waiting, at: at(10)))
        expectEqual(NotifierReducer.reduce(&state, .syncTimerWentOff(token: 3, at: at(13))), [.runSync])
        expectEqual(NotifierReducer.reduce(&state, .changedElsewhere(at: at(14))), [.loadWakeCandidates])
        var later = waiting
        later.changedItems = 2
        let outcome = SyncOutcome(status: 0, output: "\"List\": 1 sent\n", before: waiting, after: later)
        expectEqual(NotifierReducer.reduce(&state, .syncFinished(outcome, at: at(15))), [.say("synced: \"List\": 1 sent"), .armSyncTimer(date: at(18), token: 4)])
    }

    @Test("a failed sync is one line and the schedule goes on; reminders are untouched")
    func failure() {
        var state = fresh()
        _ = NotifierReducer.reduce(&state, .started(at: at(0)))
        _ = NotifierReducer.reduce(&state, .syncTimerWentOff(token: 1, at: at(0)))
        let outcome = SyncOutcome(status: 4, output: "checklists: cannot reach the sync server 127.0.0.1:9 (connection refused); check the url\n",
                                  before: waiting, after: waiting)
        expectEqual(NotifierReducer.reduce(&state, .syncFinished(outcome, at: at(1))), [.say("sync failed: cannot reach the sync server 127.0.0.1:9 (connection refused); check the url"),
                .armSyncTimer(date: at(901), token: 2)])
        #expect(state.isRunning)
        let killed = SyncOutcome(status: nil, output: "", before: nil, after: nil)
        expectEqual(killed.logLine, "sync failed: it took too long and was stopped; the next sync starts over")
    }

    @Test("a notification's Done is a change here too")
    func notificationButton() {
        var state = started()
        let effects = NotifierReducer.reduce(&state, .actionInvoked(.done, reminders: [DueReminder.ID(itemID: 4, reminder: .atDue)], at: at(20)))
        expectEqual(effects.last, .checkLocalChanges(at: at(20)))
    }
}
