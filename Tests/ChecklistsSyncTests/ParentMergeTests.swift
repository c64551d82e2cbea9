import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsSync
import TestSupport

/// The parent in the three-way field merge: one field, compared by the UID
/// RELATED-TO names, so a family merges whatever ids its items have here.
@Suite("Parents in the three-way field merge")
struct ParentMergeTests {
    let base = CalendarFields(uid: "c", text: "Pack", dueDate: nil, parentUID: "trip")

    private func merge(here: CalendarFields, server: CalendarFields, base: CalendarFields?) -> (fields: CalendarFields, conflicts: [FieldConflict]) {
        FieldMerge.merge(base: base, here: MergeSide(fields: here, changedAt: Fixed.date("2026-11-21 10:00")),
                         server: MergeSide(fields: server, changedAt: Fixed.date("2026-11-21 09:00")), now: Fixed.now,
                         describeDate: { Fixed.text($0) })
    }

    @Test("moved under another parent on the server, its text edited here: both kept, no conflict")
    func oneSideEach() {
        var here = base
        here.text = "Pack the bag"
        var server = base
        server.parentUID = "holiday"
        let merged = merge(here: here, server: server, base: base)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.fields.parentUID == "holiday" && merged.fields.text == "Pack the bag")
        #expect(!FieldMerge.same(server, base, now: Fixed.now))
    }

    @Test("put at the top level here and under another parent on the server: the later change wins and the other is named")
    func conflict() {
        var here = base
        here.parentUID = nil
        var server = base
        server.parentUID = "holiday"
        let merged = merge(here: here, server: server, base: base)
        #expect(merged.fields.parentUID == nil)
        expectEqual(merged.conflicts.map { $0.line(item: "Pack") }, [
            "conflict in \"Pack\": the parent changed on both sides; kept at the top level (here, the later change), "
                + "lost a sub-item of the to-do holiday (server)",
        ])
    }
}
