import Foundation
import ChecklistsModel

/// A VTODO another app wrote, holding `lines` after its UID, DTSTAMP and
/// SUMMARY ("Milk"), read as the mapping tests read one.
func otherAppTodo(_ lines: [String]) throws -> ICalComponent {
    let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN", "BEGIN:VTODO", "UID:x", "DTSTAMP:20260101T000000Z", "SUMMARY:Milk"]
        + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    return try ICalendarReader.parse(Array(text.utf8))[0]
}
