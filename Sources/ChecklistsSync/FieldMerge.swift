import Foundation
import ChecklistsModel

/// The fields a merge treats one by one: each is taken whole from one side.
/// An item's reminders travel together (the set of them: which is pending
/// is each side's own state), as do the repeat rule and its start, because
/// half of one without the other means nothing. Tags alone are merged as a
/// set, tag by tag, so they never conflict. The start is a field of its own,
/// held to the due date and repeat the merge keeps (`StartDate`). The
/// parent is the UID RELATED-TO names, so a family is merged by UIDs,
/// whatever ids the items have here.
public enum SyncField: String, CaseIterable, Sendable {
    case text
    case dueDate = "due date"
    case startDate = "start"
    case checked = "checked off"
    case reminder
    case repeatRule = "repeat"
    case note
    case priority
    case tags
    case parent
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
    /// Why, when the field gave way to another one kept (a start that no
    /// longer fits the due date), rather than to a later change of its own.
    public var reason: String?

    public init(field: SyncField, kept: String, keptSide: SyncSide, lost: String, reason: String? = nil) {
        self.field = field
        self.kept = kept
        self.keptSide = keptSide
        self.lost = lost
        self.reason = reason
    }

    /// The line a sync prints about it.
    public func line(item text: String) -> String {
        if let reason { return "conflict in \"\(text)\": \(reason); kept \(kept) (\(keptSide.rawValue)), lost \(lost)" }
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
/// difference counts as changed on both sides. A start that the due date or
/// repeat taken from the other side no longer allows gives way to the start
/// of the side whose due date was kept, or to none, and is named.
public enum FieldMerge {
    public static func merge(base: CalendarFields?, here: MergeSide, server: MergeSide, now: Date,
                             calendar: Calendar = Calendar(identifier: .gregorian),
                             describeDate: (Date) -> String) -> (fields: CalendarFields, conflicts: [FieldConflict]) {
        var merged = here.fields
        var conflicts: [FieldConflict] = []
        let hereWins = (here.changedAt ?? .distantPast) > (server.changedAt ?? .distantPast)
        for field in SyncField.allCases {
            let mine = key(field, here.fields, now: now, calendar: calendar)
            let theirs = key(field, server.fields, now: now, calendar: calendar)
            guard mine != theirs else { continue }
            let original = base.map { key(field, $0, now: now, calendar: calendar) }
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
        if let conflict = fitStart(&merged, here: here.fields, server: server.fields, calendar: calendar, now: now, describeDate) {
            conflicts.append(conflict)
        }
        return (merged, conflicts)
    }

    /// A start taken from one side with a due date or repeat from the other
    /// may not fit them (after the due date, or a repeat or more before it).
    /// Then the start of the side whose due date was kept, when it fits,
    /// else none; the start given up is named.
    private static func fitStart(_ merged: inout CalendarFields, here: CalendarFields, server: CalendarFields, calendar: Calendar,
                                 now: Date, _ describeDate: (Date) -> String) -> FieldConflict? {
        func fits(_ start: Date?) -> Bool {
            StartDate.problem(start: start, due: merged.dueDate, recurrence: merged.dueDate == nil ? nil : merged.recurrence, calendar: calendar) == nil
        }
        guard !fits(merged.startDate) else { return nil }
        let lost = describe(.startDate, merged, now: now, describeDate)
        let side: SyncSide = merged.dueDate == here.dueDate ? .here : .server
        let kept = side == .here ? here.startDate : server.startDate
        merged.startDate = fits(kept) ? kept : nil
        return FieldConflict(field: .startDate, kept: describe(.startDate, merged, now: now, describeDate), keptSide: side, lost: lost,
                             reason: "the start did not fit the due date and repeat kept")
    }

    /// Whether two copies say the same in every field the merge knows.
    public static func same(_ lhs: CalendarFields, _ rhs: CalendarFields, now: Date,
                            calendar: Calendar = Calendar(identifier: .gregorian)) -> Bool {
        SyncField.allCases.allSatisfy { key($0, lhs, now: now, calendar: calendar) == key($0, rhs, now: now, calendar: calendar) }
    }

    /// A field's value for comparing.
    private static func key(_ field: SyncField, _ fields: CalendarFields, now: Date, calendar: Calendar) -> [String] {
        switch field {
        case .text: [fields.text]
        case .dueDate: [fields.dueDate.map { "\($0.timeIntervalSince1970)" } ?? "-"]
        // As iCalendar carries it (a start at the due date is none there).
        case .startDate: [fields.dtstart(calendar: calendar).start.map { "\($0.timeIntervalSince1970)" } ?? "-"]
        case .checked: [fields.isChecked ? "1" : "0"]
        case .reminder:
            fields.reminders.isEmpty ? ["-"] : fields.reminders.map(\.code)
        case .repeatRule:
            // Where iCalendar says the repeat counts from (the due date, with
            // a start), whatever was stored.
            [fields.recurrence?.rrule ?? "-", fields.dtstart(calendar: calendar).seriesStart.map { "\($0.timeIntervalSince1970)" } ?? "-"]
        case .note: [fields.note]
        case .priority: [fields.priority.name]
        // As a set, case ignored: "Work" and "work" are one tag.
        case .tags: fields.tags.map(Tags.key).sorted()
        case .parent: [fields.parentUID ?? "-"]
        }
    }

    private static func copy(_ field: SyncField, from source: CalendarFields, to target: inout CalendarFields) {
        switch field {
        case .text: target.text = source.text
        case .dueDate: target.dueDate = source.dueDate
        case .startDate: target.startDate = source.startDate
        case .checked: target.isChecked = source.isChecked
        case .reminder:
            target.reminders = source.reminders
        case .repeatRule:
            target.recurrence = source.recurrence
            target.repeatStart = source.repeatStart
        case .note: target.note = source.note
        case .priority: target.priority = source.priority
        case .tags: target.tags = source.tags
        case .parent: target.parentUID = source.parentUID
        }
    }

    private static func describe(_ field: SyncField, _ fields: CalendarFields, now: Date, _ describeDate: (Date) -> String) -> String {
        switch field {
        case .text: "\"\(fields.text)\""
        case .dueDate: fields.dueDate.map(describeDate) ?? "no due date"
        case .startDate: fields.startDate.map { "a start at " + describeDate($0) } ?? "no start"
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
        case .parent: fields.parentUID.map { "a sub-item of the to-do \($0)" } ?? "at the top level"
        }
    }
}
