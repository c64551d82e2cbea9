import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// An item's parent in the JSON export: its parent's UID (or the one it
/// keeps unlinked), absent at the top level; import links by UID.
@Suite("parents in the export and import")
struct ParentExportTests {
    let source = Harness()
    let target = Harness(uidPrefix: "target-")

    private func export(_ harness: Harness) -> String { harness.exported() }

    private func importText(_ text: String, into harness: Harness) -> CommandLineError? { harness.imported(text) }

    @Test("a family and an item whose parent is elsewhere make a round trip: parent by UID, linked again, the same snapshot")
    func roundTrip() throws {
        let database = try source.database()
        let trip = source.add("Trip", due: nil)
        guard case let .item(pack) = try database.apply(.addSubItem(parentID: trip, ItemDraft(text: "Pack", dueDate: nil)), now: Fixed.now),
              case let .item(socks) = try database.apply(.addSubItem(parentID: pack, ItemDraft(text: "Socks", dueDate: nil)), now: Fixed.now) else {
            Issue.record("no sub-items")
            return
        }
        // One another app named a parent for that is not here.
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:orphan\r\nSUMMARY:Orphan\r\nRELATED-TO:gone-uid\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let mapping = CalendarMapping(timeZone: TimeZone(identifier: "UTC")!, now: Fixed.now)
        let orphan = try #require(mapping.item(from: try ICalendarReader.parse(Array(text.utf8))[0]))
        try database.apply(.putCalendarItems(listName: "List", [orphan]), now: Fixed.now)
        let exported = export(source)
        let lines = exported.components(separatedBy: "\n")
        #expect(lines.contains { $0.contains(#""text": "Pack""#) && $0.contains(#""uid": "uid-2", "parent": "uid-1""#) }, "\(exported)")
        #expect(lines.contains { $0.contains(#""text": "Socks""#) && $0.contains(#""uid": "uid-3", "parent": "uid-2""#) })
        #expect(lines.contains { $0.contains(#""text": "Orphan""#) && $0.contains(#""uid": "orphan", "parent": "gone-uid""#) })
        #expect(!lines.contains { $0.contains(#""text": "Trip""#) && $0.contains("parent") })
        #expect(importText(exported, into: target) == nil)
        try expectEqual(target.item(pack)?.parentID, trip)
        try expectEqual(target.item(socks)?.parentID, pack)
        try expectEqual(target.database().snapshot(), database.snapshot())
    }

    @Test("a parent later in the file, null, or naming the item itself: linked, none, and kept unlinked; a bad one is refused at its line")
    func handWritten() throws {
        let file = """
            {
              "format": "checklists",
              "version": 3,
              "lists": [
                {"id": 1, "name": "List", "items": [
                  {"id": 1, "text": "Child", "uid": "c", "parent": "p"},
                  {"id": 2, "text": "Parent", "uid": "p", "parent": null},
                  {"id": 3, "text": "Self", "uid": "s", "parent": "s"}
                ]}
              ]
            }
            """
        #expect(importText(file, into: target) == nil)
        try expectEqual(target.item(1)?.parentID, 2)
        #expect(try target.item(2)?.parentID == nil)
        try expectEqual(target.item(3).map { [$0.parentID.map(String.init) ?? "-", $0.unlinkedParentUID ?? "-"] }, ["-", "s"])
        let bad = file.replacingOccurrences(of: #""parent": "p""#, with: #""parent": 7"#)
        let other = Harness()
        let error = importText(bad, into: other)
        #expect(error?.description.contains("import.json:6:") == true && error?.description.contains("item 1: parent must be a string") == true, "\(String(describing: error))")
    }
}
