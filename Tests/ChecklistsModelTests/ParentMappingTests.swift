import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// RELATED-TO in iCalendar: the first relation naming a parent (RELTYPE
/// PARENT, or none) is the item's parent; every other relation is another
/// app's, written back as it came.
@Suite("Parents in iCalendar")
struct ParentMappingTests {
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)
    let stamps = CalendarStamps(modifiedAt: Fixed.now, completedAt: nil)

    private func lines(_ object: ICalComponent) -> [String] {
        ICalendarWriter.text(object).components(separatedBy: "\r\n")
    }

    @Test("PARENT in any case, or no RELTYPE, names the parent; CHILD, SIBLING, an X- type or an empty value do not", arguments: [
        ("RELATED-TO;RELTYPE=PARENT:p-1", "p-1"), ("RELATED-TO:p-1", "p-1"), ("RELATED-TO;RELTYPE=parent:p-1", "p-1"),
        ("related-to;reltype=Parent:p-1", "p-1"), ("RELATED-TO;RELTYPE=\"PARENT\":p-1", "p-1"),
        ("RELATED-TO;RELTYPE=CHILD:p-1", nil), ("RELATED-TO;RELTYPE=SIBLING:p-1", nil), ("RELATED-TO;RELTYPE=X-DEPENDS:p-1", nil),
        ("RELATED-TO;RELTYPE=PARENT:", nil),
    ] as [(String, String?)])
    func read(line: String, parent: String?) throws {
        let object = try otherAppTodo([line])
        let fields = try #require(mapping.fields(of: object))
        expectEqual(fields.parentUID, parent)
        // Unchanged: written back byte for byte.
        expectEqual(mapping.merge(fields, stamps: stamps, into: object), object)
    }

    @Test("a SIBLING before the PARENT and a second PARENT after it: only the first PARENT is ours; a new parent replaces it in place")
    func severalRelations() throws {
        let object = try otherAppTodo(["RELATED-TO;RELTYPE=SIBLING:s-1", "RELATED-TO:p-1", "RELATED-TO;RELTYPE=PARENT:p-2", "X-OTHER:1"])
        var fields = try #require(mapping.fields(of: object))
        expectEqual(fields.parentUID, "p-1")
        fields.parentUID = "p-3"
        let merged = mapping.merge(fields, stamps: stamps, into: object)
        let written = lines(merged).filter { $0.hasPrefix("RELATED-TO") || $0.hasPrefix("X-OTHER") }
        expectEqual(written, ["RELATED-TO;RELTYPE=SIBLING:s-1", "RELATED-TO;RELTYPE=PARENT:p-3", "RELATED-TO;RELTYPE=PARENT:p-2", "X-OTHER:1"])
        expectEqual(mapping.fields(of: merged)?.parentUID, "p-3")
    }

    @Test("put at the top level here: every parent line goes, the SIBLING stays; read back, no parent")
    func toTopLevel() throws {
        let object = try otherAppTodo(["RELATED-TO;RELTYPE=SIBLING:s-1", "RELATED-TO:p-1", "RELATED-TO;RELTYPE=PARENT:p-2"])
        var fields = try #require(mapping.fields(of: object))
        fields.parentUID = nil
        let merged = mapping.merge(fields, stamps: stamps, into: object)
        expectEqual(lines(merged).filter { $0.hasPrefix("RELATED-TO") }, ["RELATED-TO;RELTYPE=SIBLING:s-1"])
        #expect(mapping.fields(of: merged)?.parentUID == nil)
    }

    @Test("a sub-item made here is written RELATED-TO;RELTYPE=PARENT with its parent's UID; the text edit of another app's keeps its line")
    func written() throws {
        let new = mapping.merge(CalendarFields(uid: "c", text: "Eggs", dueDate: nil, parentUID: "p"), stamps: stamps, into: nil)
        #expect(lines(new).contains("RELATED-TO;RELTYPE=PARENT:p"))
        let other = try otherAppTodo(["RELATED-TO:p-1"])
        var fields = try #require(mapping.fields(of: other))
        fields.text = "Oat milk"
        #expect(lines(mapping.merge(fields, stamps: stamps, into: other)).contains("RELATED-TO:p-1"))
    }
}
