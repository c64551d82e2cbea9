import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsSync
import TestSupport

/// The start in the three-way merge: a field of its own against the last
/// synced copy, held to the due date and repeat the merge keeps.
@Suite("The start in the three-way merge")
struct StartDateMergeTests {
    let base = CalendarFields(uid: "u", text: "Report", dueDate: Fixed.date("2026-11-27 17:00"), startDate: Fixed.date("2026-11-23 09:00"))
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private func merge(here: CalendarFields, hereAt: String, server: CalendarFields, serverAt: String, base: CalendarFields?)
        -> (fields: CalendarFields, conflicts: [FieldConflict]) {
        FieldMerge.merge(base: base, here: MergeSide(fields: here, changedAt: Fixed.date(hereAt)),
                         server: MergeSide(fields: server, changedAt: Fixed.date(serverAt)), now: Fixed.now, calendar: utc,
                         describeDate: { Fixed.text($0) })
    }

    @Test("a start changed on one side only is that side's, whichever changed later, beside the other side's text")
    func changedOnOneSide() {
        var here = base
        here.startDate = Fixed.date("2026-11-25 08:00")
        var server = base
        server.text = "Quarterly report"
        for hereAt in ["2026-11-21 09:00", "2026-11-21 11:00"] {
            let merged = merge(here: here, hereAt: hereAt, server: server, serverAt: "2026-11-21 10:00", base: base)
            #expect(merged.conflicts.isEmpty)
            #expect(merged.fields.startDate == Fixed.date("2026-11-25 08:00") && merged.fields.text == "Quarterly report")
        }
        // Removed on the server, the text changed here: no start.
        server = base
        server.startDate = nil
        here = base
        here.text = "Report, final"
        let removed = merge(here: here, hereAt: "2026-11-21 11:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        #expect(removed.conflicts.isEmpty && removed.fields.startDate == nil && removed.fields.text == "Report, final")
    }

    @Test("changed on both sides: the later change's start, and the other one is named")
    func changedOnBothSides() {
        var here = base
        here.startDate = Fixed.date("2026-11-25 08:00")
        var server = base
        server.startDate = Fixed.date("2026-11-24 08:00")
        let merged = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        expectEqual(merged.fields.startDate, Fixed.date("2026-11-24 08:00"))
        expectEqual(merged.conflicts.map { $0.line(item: "Report") }, [
            #"conflict in "Report": the start changed on both sides; kept a start at 2026-11-24 08:00 (server, the later change), lost a start at 2026-11-25 08:00 (here)"#,
        ])
    }

    @Test("a start that the due date taken from the other side no longer allows gives way to that side's start, and is named")
    func heldToTheDueDate() {
        // Here the start moved late; on the server the due date moved early.
        var here = base
        here.startDate = Fixed.date("2026-11-26 09:00")
        var server = base
        server.dueDate = Fixed.date("2026-11-25 17:00")
        let merged = merge(here: here, hereAt: "2026-11-21 09:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        expectEqual(merged.fields.dueDate, Fixed.date("2026-11-25 17:00"))
        expectEqual(merged.fields.startDate, Fixed.date("2026-11-23 09:00"))
        expectEqual(merged.conflicts.map { $0.line(item: "Report") }, [
            #"conflict in "Report": the start did not fit the due date and repeat kept; kept a start at 2026-11-23 09:00 (server), lost a start at 2026-11-26 09:00"#,
        ])
        // A weekly repeat added on the server, a start a week early here: none fits.
        here = base
        here.startDate = Fixed.date("2026-11-19 09:00")
        server = base
        server.startDate = nil
        server.recurrence = .weeks(1)
        server.repeatStart = server.dueDate
        let repeating = merge(here: here, hereAt: "2026-11-21 11:00", server: server, serverAt: "2026-11-21 10:00", base: base)
        #expect(repeating.fields.recurrence == .weeks(1) && repeating.fields.startDate == nil)
        expectEqual(repeating.conflicts.count, 2)
    }

    @Test("a repeating item's stored series start and the due date a start makes it count from are the same repeat")
    func repeatWithStartComparedFromDue() {
        var here = base
        here.recurrence = .weeks(1)
        here.repeatStart = Fixed.date("2026-11-13 17:00")
        var read = here
        read.repeatStart = read.dueDate
        #expect(FieldMerge.same(here, read, now: Fixed.now, calendar: utc))
        read.startDate = nil
        #expect(!FieldMerge.same(here, read, now: Fixed.now, calendar: utc))
    }
}
