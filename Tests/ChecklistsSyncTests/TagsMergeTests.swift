import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsSync
import TestSupport

/// Tags in the three-way field merge: a set, merged tag by tag, never a
/// conflict where the later change would drop the other side's tags.
@Suite("Tags in the three-way field merge")
struct TagsMergeTests {
    let base = CalendarFields(uid: "u", text: "Pay rent", dueDate: nil, tags: ["bills", "Flat"])

    private func merge(here: CalendarFields, server: CalendarFields, base: CalendarFields?) -> (fields: CalendarFields, conflicts: [FieldConflict]) {
        FieldMerge.merge(base: base, here: MergeSide(fields: here, changedAt: Fixed.date("2026-11-21 10:00")),
                         server: MergeSide(fields: server, changedAt: Fixed.date("2026-11-21 09:00")), now: Fixed.now,
                         describeDate: { Fixed.text($0) })
    }

    @Test("a tag added on each side: both kept; one removed here and untouched on the server: removed; no conflict")
    func asSet() {
        var here = base
        here.tags = ["bills", "urgent"]
        var server = base
        server.tags = ["bills", "Flat", "home"]
        let merged = merge(here: here, server: server, base: base)
        #expect(merged.conflicts.isEmpty)
        expectEqual(merged.fields.tags, ["bills", "urgent", "home"])
    }

    @Test("only one side changed them: that side's tags; a change of case only is no change")
    func oneSide() {
        var server = base
        server.tags = ["bills"]
        expectEqual(merge(here: base, server: server, base: base).fields.tags, ["bills"])
        var here = base
        here.tags = ["BILLS", "flat"]
        #expect(FieldMerge.same(here, base, now: Fixed.now))
    }

    @Test("without a last synced copy (the same UID met on both sides first): the union")
    func noBase() {
        var here = base
        here.tags = ["a"]
        var server = base
        server.tags = ["b"]
        expectEqual(merge(here: here, server: server, base: nil).fields.tags, ["a", "b"])
    }
}
