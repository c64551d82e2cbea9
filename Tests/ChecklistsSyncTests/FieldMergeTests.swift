import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsSync
import TestSupport

@Suite("The three-way field merge")
struct FieldMergeTests {
    let now = Fixed.now
    let base = CalendarFields(uid: "u", text: "Buy milk", dueDate: Fixed.date("2026-11-24 09:00"), shouldRemind: true)

    private func merge(here: CalendarFields, hereAt: String, server: CalendarFields, serverAt: String, base: CalendarFields?)
        -> (fields: CalendarFields, conflicts: [FieldConflict]) {
        FieldMerge.merge(base: base, here: MergeSide(fields: here, changedAt: Fixed.date(hereAt)),
                         server: MergeSide(fields: server, changedAt: Fixed.date(serverAt)), now: now,
                         describeDate: { Fixed.text($0) })
    }

    @Test("different fields changed on each side both survive, with no conflict")
    func differentFields() {
        var here = base
        here.text = "Buy oat milk"
        var server = base
        server.dueDate = Fixed.date("2026-11-25 18:00")
        server.reminders = [.atDue, .beforeDue(minutes: 60)]
        server.isChecked = true
        let merged = merge(here: here, hereAt: "2026-11-21 10:00", server: server, serverAt: "2026-11-21 09:00", base: base)
        #expect(merged.conflicts.isEmpty)
        expectEqual(merged.fields.text, "Buy oat milk")
        expectEqual(merged.fields.dueDate, Fixed.date("2026-11-25 18:00"))
        #expect(merged.fields.isChecked)
        expectEqual(merged.fields.reminders, [.atDue, .beforeDue(minutes: 60)])
    }

    @Test("a priority changed on the server is taken beside our text; changed on both sides, the later change wins and the loser is named")
    func priorityIsAFieldOfItsOwn() {
        var here = base
        here.text = "Buy oat milk"
        var server = base
        server.priority = .high
        let merged = merge(here: here, hereAt: "2026-11-21 10:00", server: server, serverAt: "2026-11-21 09:00", base: base)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.fields.text == "Buy oat milk" && merged.fields.priority == .high)
        here.priority = .low
        let both = merge(here: here, hereAt: "2026-11-21 10:00", server: server, serverAt: "2026-11-21 09:00", base: base)
        expectEqual(both.fields.priority, .low)
        expectEqual(both.conflicts.map { $0.line(item: "Buy milk") }, [#"conflict in "Buy milk": the priority changed on both sides; kept priority low (here, the later change), lost priority high (server)"#])
    }

    @Test("a note changed only on the server is taken, beside our change of the text, whichever side changed later")
    func noteChangedOnTheServer() {
        var noted = base
        noted.note = "two litres"
        var here = noted
        here.text = "Buy oat milk"
        var server = noted
        server.note = "two litres\nthe blue carton"
        for hereAt in ["2026-11-21 09:00", "2026-11-21 11:00"] {
            let merged = merge(here: here, hereAt: hereAt, server: server, serverAt: "2026-11-21 10:00", base: noted)
            #expect(merged.conflicts.isEmpty)
            expectEqual(merged.fields.text, "Buy oat milk")
            expectEqual(merged.fields.note, "two litres\nthe blue carton")
        }
    }

    @Test("the same field changed on both sides: the later change wins and the loser is named, either way")
    func sameField() {
        var here = base
        here.text = "Buy soy milk"
        var server = base
        server.text = "Buy oat milk"
        let serverLater = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        expectEqual(serverLater.fields.text, "Buy oat milk")
        expectEqual(serverLater.conflicts.map { $0.line(item: serverLater.fields.text) }, [
            #"conflict in "Buy oat milk": the text changed on both sides; kept "Buy oat milk" (server, the later change), lost "Buy soy milk" (here)"#,
        ])
        let hereLater = merge(here: here, hereAt: "2026-11-21 11:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        expectEqual(hereLater.fields.text, "Buy soy milk")
        expectEqual(hereLater.conflicts.first?.lost, #""Buy oat milk""#)
        expectEqual(hereLater.conflicts.first?.keptSide, .here)
    }

    @Test("both sides making the same change is no conflict; a due date conflict names the lost date")
    func sameValueAndDates() {
        var here = base
        here.isChecked = true
        here.dueDate = Fixed.date("2026-11-26 09:00")
        var server = base
        server.isChecked = true
        server.dueDate = Fixed.date("2026-11-27 09:00")
        let merged = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        #expect(merged.fields.isChecked)
        expectEqual(merged.conflicts.map(\.field), [.dueDate])
        expectEqual(merged.conflicts.first?.lost, "2026-11-26 09:00")
    }

    @Test("reminders are one field: a reminder added here and the text changed there both stay; added on both sides, the later wins and says so")
    func remindersMergedAsOneField() {
        var here = base
        here.reminders.append(.beforeDue(minutes: 24 * 60))
        var server = base
        server.text = "Buy oat milk"
        var merged = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        #expect(merged.conflicts.isEmpty)
        expectEqual(merged.fields.reminders, [.atDue, .beforeDue(minutes: 1440)])
        expectEqual(merged.fields.text, "Buy oat milk")
        server.reminders = [.at(Fixed.date("2026-11-23 18:00"))]
        merged = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        expectEqual(merged.fields.reminders, [.at(Fixed.date("2026-11-23 18:00"))])
        expectEqual(merged.conflicts.map(\.field), [.reminder])
        #expect(!FieldMerge.same(here, server, now: now))
    }

    @Test("without a base every difference is a conflict decided by time")
    func noBase() {
        var here = base
        here.text = "A"
        var server = base
        server.text = "B"
        let merged = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 09:00", base: nil)
        expectEqual(merged.fields.text, "B")   // a tie goes to the server
        expectEqual(merged.conflicts.count, 1)
    }
}
