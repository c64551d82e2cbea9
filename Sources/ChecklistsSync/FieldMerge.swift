import Foundation
import ChecklistsModel

/// The fields a merge treats one by one: each is taken whole from one side.
/// An item's reminders travel together (the set of them: which is pending
/// is each side's own state), as do the repeat rule and its start, because
/// half of one without the other means nothing. Tags alone are merged as a
/// set, tag by tag, so they never conflict.
public enum SyncField: String, CaseIterable, Sendable {
    case text
    case dueDate = "due date"
    case checked = "checked off"
    case reminder
    case repeatRule = "repeat"
    case note
    case priority
    case tags
}

/// Which copy of a to-do.
public enum SyncSide: String, Sendable {
    case here
    case server
}

/// The same field changed on both sides since the last sync, to different
/// values: the later change was kept, and this names what was lost.
public struct FieldConflict: Hashable, Sendable {
    public var field: SyncField
    public var kept: String
    public var keptSide: SyncSide
    public var lost: String

    public init(field: SyncField, kept: String, keptSide: SyncSide, lost: String) {
        self.field = field
        self.kept = kept
        self.keptSide = keptSide
        self.lost = lost
    }

    /// The line a sync prints about it.
    public func line(item text: String) -> String {
        let lostSide: SyncSide = keptSide == .here ? .server : .here
        return "conflict in \"\(text)\": the \(field.rawValue) changed on both sides; kept \(kept) (\(keptSide.rawValue), the later change), lost \(lost) (\(lostSide.rawValue))"
    }
}

/// One copy of a to-do's fields and when they were last changed there.
public struct MergeSide: Sendable {
    public var fields: CalendarFields
    public var changedAt: Date?

    public init(fields: CalendarFields, changedAt: Date?) {
        self.fields = fields
        self.changedAt = changedAt
    }
}

/// The three-way field merge: pure, so the rule is tested without a server.
///
/// For each field: unchanged here since the base, the server's value; else
/// unchanged on the server, ours; else (changed on both sides) equal values
/// are no conflict, different ones go to the later change (our item's
/// modification time against the server's LAST-MODIFIED, a tie to the
/// server, which other devices already see), and the loser is named.
/// Without a base (the same UID met on both sides before any sync) every
/// difference counts as changed on both sides.
public enum FieldMerge {
    public static func merge(base: CalendarFields?, here: MergeSide, server: MergeSide, now: Date,
                             describeDate: (Date) -> String) -> (fields: CalendarFields, conflicts: [FieldConflict]) {
        var merged = here.fields
        var conflicts: [FieldConflict] = []
        let hereWins = (here.changedAt ?? .distantPast) > (server.changedAt ?? .distantPast)
        for field in SyncField.allCases {
            let mine = key(field, here.fields, now: now)
            let theirs = key(field, server.fields, now: now)
            guard mine != theirs else { continue }
            let original = base.map { key(field, $0, now: now) }
            if original == mine {
                copy(field, from: server.fields, to: &merged)
            } else if original == theirs {
                continue
            } else if field == .tags {
                // A tag added on either side stays; one removed on one side
                // goes, unless the other added it back (no base: both kept).
                merged.tags = Tags.merged(base: base?.tags ?? [], ours: here.fields.tags, theirs: server.fields.tags)
            } else {
                let (winner, loser) = hereWins ? (here.fields, server.fields) : (server.fields, here.fields)
                copy(field, from: winner, to: &merged)
                conflicts.append(FieldConflict(field: field, kept: describe(field, winner, now: now, describeDate),
                                               keptSide: hereWins ? .here : .server, lost: describe(field, loser, now: now, describeDate)))
            }
        }
        return (merged, conflicts)
    }

    /// Whether two copies say the same in every field the merge knows.
    public static func same(_ lhs: CalendarFields, _ rhs: CalendarFields, now: Date) -> Bool {
        SyncField.allCases.allSatisfy { key($0, lhs, now: now) == key($0, rhs, now: now) }
    }

    /// A field's value for comparing.
    private static func key(_ field: SyncField, _ fields: CalendarFields, now: Date) -> [String] {
        switch field {
        case .text: [fields.text]
        case .dueDate: [fields.dueDate.map { "\($0.timeIntervalSince1970)" } ?? "-"]
        case .checked: [fields.isChecked ? "1" : "0"]
        case .reminder:
            fields.reminders.isEmpty ? ["-"] : fields.reminders.map(\.code)
        case .repeatRule:
            [fields.recurrence?.rrule ?? "-", fields.recurrence == nil ? "-" : (fields.repeatStart ?? fields.dueDate).map { "\($0.timeIntervalSince1970)" } ?? "-"]
        case .note: [fields.note]
        case .priority: [fields.priority.name]
        // As a set, case ignored: "Work" and "work" are one tag.
        case .tags: fields.tags.map(Tags.key).sorted()
        }
    }

    private static func copy(_ field: SyncField, from source: CalendarFields, to target: inout CalendarFields) {
        switch field {
        case .text: target.text = source.text
        case .dueDate: target.dueDate = source.dueDate
        case .checked: target.isChecked = source.isChecked
        case .reminder:
            target.reminders = source.reminders
        case .repeatRule:
            target.recurrence = source.recurrence
            target.repeatStart = source.repeatStart
        case .note: target.note = source.note
        case .priority: target.priority = source.priority
        case .tags: target.tags = source.tags
        }
    }

    private static func describe(_ field: SyncField, _ fields: CalendarFields, now: Date, _ describeDate: (Date) -> String) -> String {
        switch field {
        case .text: "\"\(fields.text)\""
        case .dueDate: fields.dueDate.map(describeDate) ?? "no due date"
        case .checked: fields.isChecked ? "checked off" : "not checked off"
        case .reminder:
            switch fields.reminders {
            case []: "Remind Me off"
            case [.atDue]: "Remind Me on"
            default: "reminders " + fields.reminders.map { $0.offsetWords ?? $0.fireDate(dueDate: nil).map { "at " + describeDate($0) } ?? "" }.joined(separator: ", ")
            }
        case .repeatRule: fields.recurrence?.rrule ?? "no repeat"
        case .note: fields.note.isEmpty ? "no note" : "\"\(TextWidth.truncated(fields.note.replacingOccurrences(of: "\n", with: " "), toColumns: 40))\""
        case .priority: fields.priority == .none ? "no priority" : "priority \(fields.priority.name)"
        case .tags: fields.tags.isEmpty ? "no tags" : Tags.marked(fields.tags)
        }
    }
}
