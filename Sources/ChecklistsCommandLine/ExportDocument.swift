import Foundation
import ChecklistsModel

/// An `ExportDocument` written on a queue of its own, batch after batch in
/// the order they come, while the snapshot is still being read.
final class ExportWriter: @unchecked Sendable {
    /// Parts handed over at a time: large enough that handing over costs
    /// nothing beside the writing, small enough that the writer starts at once.
    static let batchSize = 1_024
    private let queue = DispatchQueue(label: "checklists.export")
    /// Touched only on `queue`.
    private var document: ExportDocument

    init(_ document: ExportDocument) {
        self.document = document
    }

    func write(_ parts: [SnapshotPart]) {
        queue.async { for part in parts { self.document.add(part) } }
    }

    /// The document, once every batch handed over is written.
    func finish() -> [UInt8] {
        queue.sync { document.finish() }
    }
}

/// The export document, written as the snapshot is read: a header, then one
/// line per list and per item, so a diff of two exports shows what changed
/// and an error in an edited file can be reported by line.
struct ExportDocument {
    let timeZone: TimeZone
    /// The header, up to the lists.
    private var head = JSONBytes()
    /// Each list's line up to its items, its items' lines, and how many,
    /// in the lists' order. The items arrive in the table's order, each
    /// written at the end of its own list's (by id within each list, as
    /// they always were).
    private var lists: [(line: String, items: JSONBytes, count: Int)] = []
    /// The header's count of all items.
    private var totalItems = 0

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    mutating func add(_ part: SnapshotPart) {
        switch part {
        case .header(let header):
            totalItems = header.itemCount
            head.append("{\n")
            let members: [(String, JSON)] = [
                ("format", .string(ExportImportCommands.format)),
                ("version", .integer(ExportImportCommands.version)),
                ("lastListId", .integer(header.lastChecklistID)),
                ("lastItemId", .integer(header.lastItemID)),
                ("openList", header.openChecklistID.map(JSON.integer) ?? .null),
                ("listOrder", .string((header.listsByHand ? ListOrder.byHand : .byName).rawValue)),
            ]
            for (key, value) in members {
                head.append("  ")
                JSON.writeString(key, to: &head)
                head.append(": ")
                head.append(value)
                head.append(",\n")
            }
            // One line each, as the lists' own lines.
            head.append("  \"smartLists\": [")
            for (index, smart) in header.smartLists.enumerated() {
                head.append(index == 0 ? "\n    " : ",\n    ")
                head.append(JSON.object([("id", .integer(smart.id)), ("name", .string(smart.name)), ("filter", .string(smart.filter))]))
            }
            head.append(header.smartLists.isEmpty ? "],\n" : "\n  ],\n")
            head.append("  \"lists\": [")
        case .list(let checklist, let position, let itemCount):
            // Each setting that is on, and the place set by hand; absent
            // (off, or after the others) as in the files of older versions.
            var members: [(String, JSON)] = [
                ("id", .integer(checklist.id)),
                ("name", .string(checklist.name)),
                ("icon", .string(checklist.icon.rawValue)),
                ("sortOrder", .string(checklist.sortOrder.rawValue)),
            ]
            if let position { members.append(("position", .integer(position))) }
            if checklist.hidesChecked { members.append(("hidesChecked", .bool(true))) }
            if checklist.hidesNotStarted { members.append(("hidesNotStarted", .bool(true))) }
            var line = JSON.object(members + [("items", .array([]))]).text()
            line.removeLast(3)   // "[]}": the items follow on their own lines
            var items = JSONBytes()
            if lists.isEmpty {
                // The first list's items are written after the header and
                // its own line, in the buffer that becomes the document:
                // room for every item, so that nothing is copied again when
                // it is all in one list (320 bytes is a little more than
                // the benchmark's items take; growing by doubling copied it
                // all again).
                swap(&items, &head)
                items.bytes.reserveCapacity(items.bytes.count + 4096 + 320 * totalItems)
                items.append("\n    " + line + "[")
            } else {
                items.bytes.reserveCapacity(320 * itemCount)
            }
            lists.append((line, items, 0))
        case .entry(let entry, let list):
            Self.write(entry, first: lists[list].count == 0, to: &lists[list].items, timeZone: timeZone)
            lists[list].count += 1
        }
    }

    /// An item's line, written piece by piece as `JSON.object` would write
    /// the members, each key with its punctuation in one literal: building
    /// each item's members as values, and writing every key, comma and
    /// colon on its own, was most of an export.
    private static func write(_ entry: Snapshot.Entry, first: Bool, to out: inout JSONBytes, timeZone: TimeZone) {
        let item = entry.item
        out.appendRaw(first ? "\n      {\"id\": " : ",\n      {\"id\": ")
        out.appendInteger(item.id)
        out.appendRaw(", \"text\": ")
        JSON.writeString(item.text, to: &out)
        out.appendRaw(", \"due\": ")
        out.appendTimestamp(item.dueDate, in: timeZone)
        // Absent without a start, as in the files of versions before starts.
        if let start = item.startDate {
            out.appendRaw(", \"start\": ")
            out.appendTimestamp(start, in: timeZone)
        }
        out.appendRaw(item.isChecked ? ", \"checked\": true" : ", \"checked\": false")
        out.appendRaw(item.shouldRemind ? ", \"remind\": true" : ", \"remind\": false")
        out.appendRaw(", \"reminder\": ")
        out.appendTimestamp(entry.remindAt, in: timeZone)
        // The reminders besides Remind Me's, each with its pending ring
        // (null: delivered or past); absent when there are none, as in the
        // files of versions before several reminders.
        let others = item.reminders.filter { $0 != .atDue }
        if !others.isEmpty {
            out.appendRaw(", \"reminders\": [")
            for (index, reminder) in others.enumerated() {
                out.appendRaw(index == 0 ? "{" : ", {")
                out.appendReminderTime(reminder, in: timeZone)
                out.appendRaw(", \"pending\": ")
                out.appendTimestamp(entry.pending[reminder], in: timeZone)
                out.appendRaw("}")
            }
            out.appendRaw("]")
        }
        if let rule = item.recurrence {
            out.appendRaw(", \"repeat\": ")
            JSON.writeString(rule.rrule, to: &out)
            out.appendRaw(", \"repeatStart\": ")
            out.appendTimestamp(item.repeatStart ?? item.dueDate, in: timeZone)
        }
        if let lastDone = item.lastDoneAt {
            out.appendRaw(", \"lastDone\": ")
            out.appendTimestamp(lastDone, in: timeZone)
        }
        if !item.note.isEmpty {
            out.appendRaw(", \"note\": ")
            JSON.writeString(item.note, to: &out)
        }
        out.appendRaw(", \"position\": ")
        out.appendInteger(item.position)
        if item.priority != .none {
            out.appendRaw(", \"priority\": ")
            JSON.writeString(item.priority.name, to: &out)
        }
        if !item.tags.isEmpty {
            out.appendRaw(", \"tags\": [")
            for (index, tag) in item.tags.enumerated() {
                if index > 0 { out.appendRaw(", ") }
                JSON.writeString(tag, to: &out)
            }
            out.appendRaw("]")
        }
        out.appendRaw(", \"uid\": ")
        JSON.writeString(entry.uid, to: &out)
        // The parent's UID, or the one it keeps unlinked; absent at the
        // top level, as in the files of versions before sub-items.
        if let parent = entry.parentUID {
            out.appendRaw(", \"parent\": ")
            JSON.writeString(parent, to: &out)
        }
        // Its sub-items folded away; absent when they show.
        if item.isCollapsed { out.appendRaw(", \"folded\": true") }
        if let modified = entry.modifiedAt {
            out.appendRaw(", \"modified\": ")
            out.appendTimestamp(modified, in: timeZone)
        }
        if let completed = entry.completedAt {
            out.appendRaw(", \"completed\": ")
            out.appendTimestamp(completed, in: timeZone)
        }
        if let ical = entry.calendarObject {
            out.appendRaw(", \"ical\": ")
            JSON.writeString(ical, to: &out)
        }
        out.appendRaw("}")
    }

    /// The whole document: the header, then each list with its items.
    mutating func finish() -> [UInt8] {
        guard !lists.isEmpty else {
            head.append("]\n}")
            return head.bytes
        }
        // The first list's buffer already holds the header and that list.
        var out = JSONBytes()
        swap(&out, &lists[0].items)
        out.append(lists[0].count == 0 ? "]}" : "\n    ]}")
        for index in lists.indices.dropFirst() {
            out.append(",\n    " + lists[index].line + "[")
            out.bytes.append(contentsOf: lists[index].items.bytes)
            lists[index].items = JSONBytes()
            out.append(lists[index].count == 0 ? "]}" : "\n    ]}")
        }
        out.append("\n  ]\n}")
        return out.bytes
    }
}
