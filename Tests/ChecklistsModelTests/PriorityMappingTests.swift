import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// PRIORITY in iCalendar: read as a level, written only when the level
/// changed here, so another app's number survives every other edit.
@Suite("Priority in iCalendar")
struct PriorityMappingTests {
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)
    let stamps = CalendarStamps(modifiedAt: Fixed.now, completedAt: nil)

    private func object(_ lines: [String]) throws -> ICalComponent { try otherAppTodo(lines) }

    @Test("another app's PRIORITY:2 reads as high and goes back as 2, byte for byte, unchanged or when only the text changed")
    func keptWhileTheLevelStands() throws {
        let original = try object(["PRIORITY:2", "X-APPLE-SORT-ORDER:3"])
        var fields = try #require(mapping.fields(of: original))
        expectEqual(fields.priority, .high)
        expectEqual(ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: original)), ICalendarWriter.text(original))
        fields.text = "Oat milk"
        let edited = ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: original))
        #expect(edited.contains("PRIORITY:2\r\n") && edited.contains("SUMMARY:Oat milk\r\n") && edited.contains("X-APPLE-SORT-ORDER:3\r\n"))
    }

    @Test("a level changed here is written 1, 5 or 9; none removes PRIORITY; each reads back as set", arguments: [
        (Priority.high, "PRIORITY:1"), (.medium, "PRIORITY:5"), (.low, "PRIORITY:9"), (.none, nil),
    ] as [(Priority, String?)])
    func written(level: Priority, line: String?) throws {
        let original = try object(["PRIORITY:7"])
        var fields = try #require(mapping.fields(of: original))
        expectEqual(fields.priority, .low)
        fields.priority = level
        let merged = mapping.merge(fields, stamps: stamps, into: original)
        let text = ICalendarWriter.text(merged)
        if level == .low {
            expectEqual(text, ICalendarWriter.text(original))   // still low: 7 stays
        } else if let line {
            #expect(text.contains(line + "\r\n") && !text.contains("PRIORITY:7"), "\(text)")
        } else {
            #expect(!text.contains("PRIORITY"), "\(text)")
        }
        expectEqual(mapping.fields(of: merged)?.priority, level)
    }

    @Test("a new to-do with a priority carries it; one without none has no PRIORITY at all")
    func newObjects() throws {
        let high = mapping.merge(CalendarFields(uid: "n", text: "Taxes", dueDate: nil, priority: .high), stamps: stamps, into: nil)
        #expect(ICalendarWriter.text(high).contains("PRIORITY:1\r\n"))
        let plain = mapping.merge(CalendarFields(uid: "p", text: "Taxes", dueDate: nil), stamps: stamps, into: nil)
        #expect(!ICalendarWriter.text(plain).contains("PRIORITY"))
    }
}
