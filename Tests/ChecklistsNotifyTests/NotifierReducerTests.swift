import Foundation
import Testing
import ChecklistsModel
import ChecklistsConfig
@testable import ChecklistsNotify
import TestSupport

/// The notifier's decisions through the pure reducer alone: which effects
/// leave for each event, with times passed in.
@Suite("The notifier's reducer")
struct NotifierReducerTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func reminder(_ id: Int64, at: String, text: String = "Call the bank") -> DueReminder {
        let moment = Fixed.date(at)
        return DueReminder(item: Item(id: id, checklistID: 1, text: text, dueDate: moment, shouldRemind: true, remindAt: moment),
                           checklistName: "Errands", remindAt: moment)
    }

    func fresh() -> NotifierState { NotifierState(now: Fixed.now, calendar: Self.utc) }

    @Test("a start looks for an open app first, then for what came due while nothing ran")
    func start() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .started(at: Fixed.now)), [.takeLockIfNoAppOpen(at: Fixed.now)])
        expectEqual(NotifierReducer.reduce(&state, .presenceChecked(noAppOpen: true, at: Fixed.now)), [.loadDue(at: Fixed.now)])
    }

    @Test("nothing due: the lock is let go and the alarm armed for the next reminder")
    func nothingDue() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .dueLoaded([], at: Fixed.now)), [.releaseLock, .loadWakeCandidates])
        let next = WakeCandidates(nextReminder: Fixed.date("2026-11-21 18:00"), nextOverdue: Fixed.date("2026-11-21 11:00"))
        // Overdue moments are the app's to draw: only the reminder wakes the notifier.
        expectEqual(NotifierReducer.reduce(&state, .wakeCandidatesLoaded(next)), [.armAlarm(date: Fixed.date("2026-11-21 18:00"), token: 1)])
        expectEqual(NotifierReducer.reduce(&state, .wakeCandidatesLoaded(next)), [])
    }

    @Test("with no reminder ahead it still wakes at midnight, as the app's plan says")
    func midnight() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .wakeCandidatesLoaded(WakeCandidates(nextReminder: nil, nextOverdue: nil))), [.armAlarm(date: Fixed.date("2026-11-22 00:00"), token: 1)])
    }

    @Test("due reminders are handed over, then recorded, then the lock let go, then each said in a line")
    func delivery() {
        var state = fresh()
        let due = [reminder(1, at: "2026-11-21 10:30"), reminder(2, at: "2026-11-21 10:30", text: "Buy milk")]
        let delivery = Delivery(reminders: due, at: Fixed.now)
        expectEqual(NotifierReducer.reduce(&state, .dueLoaded(due, at: Fixed.now)), [.deliver(delivery)])
        let effects = NotifierReducer.reduce(&state, .delivered(delivery, reached: [.dbus, .tmux]))
        expectEqual(effects, [
            .recordDelivered(due), .releaseLock,
            .say("delivered item 1 “Call the bank” (reminder at 2026-11-21T10:30:00+00:00) via dbus, tmux"),
            .say("delivered item 2 “Buy milk” (reminder at 2026-11-21T10:30:00+00:00) via dbus, tmux"),
            .loadWakeCandidates,
        ])
    }

    @Test("a delivery no channel took stays pending, and is tried again a minute later, not at once")
    func noChannel() {
        var state = fresh()
        let due = [reminder(1, at: "2026-11-21 10:30")]
        let delivery = Delivery(reminders: due, at: Fixed.now)
        expectEqual(NotifierReducer.reduce(&state, .delivered(delivery, reached: [])), [.say("no channel took a reminder; trying again in 60 s"), .releaseLock, .loadWakeCandidates])
        // The reminder is still pending and due: the alarm waits for the retry.
        let stillDue = WakeCandidates(nextReminder: Fixed.date("2026-11-21 10:30"), nextOverdue: nil)
        expectEqual(NotifierReducer.reduce(&state, .wakeCandidatesLoaded(stillDue)), [.armAlarm(date: Fixed.now.addingTimeInterval(60), token: 1)])
        expectEqual(NotifierReducer.reduce(&state, .dueLoaded(due, at: Fixed.now.addingTimeInterval(10))), [.releaseLock, .loadWakeCandidates])
        let later = Fixed.now.addingTimeInterval(60)
        expectEqual(NotifierReducer.reduce(&state, .dueLoaded(due, at: later)), [.deliver(Delivery(reminders: due, at: later))])
    }

    @Test("an open app takes the reminder: the notifier waits for it to close, then delivers what is left")
    func appOpen() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .alarmWentOff(token: 0, at: Fixed.now)), [.takeLockIfNoAppOpen(at: Fixed.now)])
        expectEqual(NotifierReducer.reduce(&state, .presenceChecked(noAppOpen: false, at: Fixed.now)), [.waitForAppsToClose])
        #expect(state.waitingForApps)
        // Meanwhile: no second waiter, no reloads, no deliveries.
        expectEqual(NotifierReducer.reduce(&state, .presenceChecked(noAppOpen: false, at: Fixed.now)), [])
        expectEqual(NotifierReducer.reduce(&state, .changedElsewhere(at: Fixed.now)), [])
        expectEqual(NotifierReducer.reduce(&state, .alarmWentOff(token: 0, at: Fixed.now)), [])
        let closed = Fixed.now.addingTimeInterval(300)
        expectEqual(NotifierReducer.reduce(&state, .appsClosed(at: closed)), [.loadDue(at: closed)])
        #expect(!state.waitingForApps)
    }

    @Test("an alarm event of an arming replaced since is ignored")
    func staleAlarm() {
        var state = fresh()
        _ = NotifierReducer.reduce(&state, .wakeCandidatesLoaded(WakeCandidates(nextReminder: Fixed.date("2026-11-21 18:00"), nextOverdue: nil)))
        _ = NotifierReducer.reduce(&state, .wakeCandidatesLoaded(WakeCandidates(nextReminder: Fixed.date("2026-11-21 12:00"), nextOverdue: nil)))
        expectEqual(NotifierReducer.reduce(&state, .alarmWentOff(token: 1, at: Fixed.date("2026-11-21 18:00"))), [])
        expectEqual(NotifierReducer.reduce(&state, .alarmWentOff(token: 2, at: Fixed.date("2026-11-21 12:00"))), [.takeLockIfNoAppOpen(at: Fixed.date("2026-11-21 12:00"))])
        #expect(state.armedFor == nil)
    }

    @Test("another process's commit re-arms from the database")
    func changedElsewhere() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .changedElsewhere(at: Fixed.now)), [.loadWakeCandidates])
    }

    @Test("a notification's buttons make the banner's changes: done checks off, snooze moves the reminder 5 minutes or an hour")
    func buttons() {
        var state = fresh()
        let hourBefore = DueReminder.ID(itemID: 4, reminder: .beforeDue(minutes: 60))
        let atDue = DueReminder.ID(itemID: 4, reminder: .atDue)
        let other = DueReminder.ID(itemID: 5, reminder: .atDue)
        // Two reminders of item 4 in one notification: it is checked off once.
        expectEqual(NotifierReducer.reduce(&state, .actionInvoked(.done, reminders: [hourBefore, atDue, other], at: Fixed.now)), [
            .apply(.setChecked(itemID: 4, true)), .apply(.setChecked(itemID: 5, true)),
            .say("Done from the notification: item 4, 5"), .loadWakeCandidates,
        ])
        // A snooze moves the reminder that rang, not the item's others.
        expectEqual(NotifierReducer.reduce(&state, .actionInvoked(.snoozeShort, reminders: [hourBefore], at: Fixed.now)).first, .apply(.snooze(itemID: 4, until: Fixed.now.addingTimeInterval(300), reminder: .beforeDue(minutes: 60))))
        expectEqual(NotifierReducer.reduce(&state, .actionInvoked(.snoozeLong, reminders: [atDue], at: Fixed.now)).first, .apply(.snooze(itemID: 4, until: Fixed.now.addingTimeInterval(3600))))
    }

    @Test("a failed record is said, and the still-pending reminder waits for the retry")
    func recordFailed() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .recordFailed(message: "the disk is full")), [.say("delivered, but not recorded (the disk is full); it may be delivered again")])
        expectEqual(state.retryAt, Fixed.now.addingTimeInterval(60))
    }

    @Test("a failed read or a failed wait for the apps is said and looked at again a minute later, never left deaf")
    func failures() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .loadFailed(message: "the database is locked")), [.say("the database is locked"), .loadWakeCandidates])
        expectEqual(state.retryAt, Fixed.now.addingTimeInterval(60))
        state = fresh()
        _ = NotifierReducer.reduce(&state, .presenceChecked(noAppOpen: false, at: Fixed.now))
        expectEqual(NotifierReducer.reduce(&state, .waitFailed(message: "cannot lock x", at: Fixed.now)), [.say("cannot lock x"), .loadWakeCandidates])
        #expect(!state.waitingForApps)
        let due = WakeCandidates(nextReminder: Fixed.now, nextOverdue: nil)
        expectEqual(NotifierReducer.reduce(&state, .wakeCandidatesLoaded(due)), [.armAlarm(date: Fixed.now.addingTimeInterval(60), token: 1)])
    }

    @Test("a stopping signal is said and ends the process")
    func stop() {
        var state = fresh()
        expectEqual(NotifierReducer.reduce(&state, .stopRequested(signalName: "SIGTERM")), [.say("stopped by SIGTERM"), .exit])
        #expect(!state.isRunning)
    }
}

/// What each channel says: literal text.
@Suite("What a delivery says")
struct DeliveryTextTests {
    let text = DeliveryText(style: Fixed.style)

    func reminder(_ id: Int64, due: String, text: String = "Call the bank", list: String = "Errands") -> DueReminder {
        let moment = Fixed.date(due)
        return DueReminder(item: Item(id: id, checklistID: 1, text: text, dueDate: moment, shouldRemind: true, remindAt: moment),
                           checklistName: list, remindAt: moment)
    }

    @Test("one reminder on time: its text, its list and due time")
    func onTime() {
        let delivery = Delivery(reminders: [reminder(7, due: "2026-11-21 10:30")], at: Fixed.now)
        expectEqual(text.summary(delivery), "Reminder: Call the bank")
        expectEqual(text.body(delivery), "in Errands · due today 10:30 AM")
        expectEqual(text.tmuxMessage(delivery), "Reminder: Call the bank (in Errands · due today 10:30 AM)")
    }

    @Test("one found late (nothing ran, the machine slept): marked late, with its due time")
    func late() {
        let delivery = Delivery(reminders: [reminder(7, due: "2026-11-21 08:00")], at: Fixed.now)
        expectEqual(text.summary(delivery), "Late reminder: Call the bank")
        expectEqual(text.body(delivery), "in Errands · late, due today 8:00 AM")
        expectEqual(DeliveryText.logLine(delivery.reminders[0], delivery: delivery, via: "tmux"), "delivered item 7 “Call the bank” (reminder at 2026-11-21T08:00:00+00:00, late by 2 h 30 min) via tmux")
    }

    @Test("several due together: one notification naming them all")
    func grouped() {
        let delivery = Delivery(reminders: [reminder(1, due: "2026-11-21 10:30"), reminder(2, due: "2026-11-21 10:30", text: "Buy milk", list: "Shop")],
                                at: Fixed.now)
        expectEqual(text.summary(delivery), "2 reminders")
        expectEqual(text.body(delivery), """
            Call the bank · in Errands · due today 10:30 AM
            Buy milk · in Shop · due today 10:30 AM
            """)
        expectEqual(text.tmuxMessage(delivery), "2 reminders: Call the bank; Buy milk")
    }

    @Test("the command's environment: id, text, list and due time in RFC 3339")
    func environment() {
        let due = reminder(7, due: "2026-11-21 10:30", text: "Pay $RENT; rm -rf ~")
        let delivery = Delivery(reminders: [due], at: Fixed.now)
        expectEqual(text.environment(due, delivery: delivery), [
            "CHECKLISTS_ITEM_ID": "7",
            "CHECKLISTS_ITEM_TEXT": "Pay $RENT; rm -rf ~",
            "CHECKLISTS_ITEM_LIST": "Errands",
            "CHECKLISTS_ITEM_DUE": "2026-11-21T10:30:00+00:00",
            "CHECKLISTS_REMIND_AT": "2026-11-21T10:30:00+00:00",
            "CHECKLISTS_REMINDER": "0m",
        ])
        // A reminder before the due time says which, in the text too.
        var before = due
        before.reminder = .beforeDue(minutes: 60)
        before.remindAt = Fixed.date("2026-11-21 09:30")
        expectEqual(text.environment(before, delivery: delivery)["CHECKLISTS_REMINDER"], "1h")
        expectEqual(text.summary(Delivery(reminders: [before], at: Fixed.date("2026-11-21 09:30"))), "Reminder: in 1 hour: Pay $RENT; rm -rf ~")
    }

    @Test("a reminder before the due time that was snoozed says how long is left when it rings again, and nothing once past the due time")
    func snoozedLead() {
        var snoozed = reminder(7, due: "2026-11-21 10:30", text: "Pay rent")
        snoozed.reminder = .beforeDue(minutes: 60)
        snoozed.remindAt = Fixed.date("2026-11-21 09:35")
        expectEqual(text.summary(Delivery(reminders: [snoozed], at: Fixed.date("2026-11-21 09:35"))), "Reminder: in 55 minutes: Pay rent")
        snoozed.remindAt = Fixed.date("2026-11-21 10:35")
        expectEqual(text.summary(Delivery(reminders: [snoozed], at: Fixed.date("2026-11-21 10:35"))), "Reminder: Pay rent")
    }

    @Test("control characters in the text never reach a terminal or the log")
    func controls() {
        let delivery = Delivery(reminders: [reminder(7, due: "2026-11-21 10:30", text: "Bad\u{1B}[2Jtext\nsecond")], at: Fixed.now)
        expectEqual(text.tmuxMessage(delivery), "Reminder: Bad [2Jtext second (in Errands · due today 10:30 AM)")
    }
}
