import Foundation
import GRDB

/// Confirmed changes, from the app and the command line alike, each applied
/// with the reminder rule: whenever an item's reminder inputs change, the
/// stored reminder becomes the rule's answer at `now`. `now` is always the
/// caller's: the app passes its clock's time and the command line its
/// context's, so tests decide what time it is.
extension ChecklistsDatabase {
    /// Commits one confirmed change in its own transaction. `now` decides
    /// whether the item's reminder is scheduled (a due date already past
    /// schedules nothing).
    @discardableResult
    public func apply(_ change: Change, now: Date) throws(StorageError) -> ChangeOutcome {
        try Self.validate(change)
        return try write { db in try Self.apply(change, in: db, now: now, calendar: calendar) }
    }

    /// Commits many changes in one transaction: all of them, or none (a bad
    /// one rolls the whole batch back). For bulk work such as generating a
    /// benchmark database or importing a file.
    @discardableResult
    public func applyAll(_ changes: [Change], now: Date) throws(StorageError) -> [ChangeOutcome] {
        for change in changes { try Self.validate(change) }
        return try write { db in try changes.map { try Self.apply($0, in: db, now: now, calendar: calendar) } }
    }

    /// Refuses text that cannot be stored (blank, or with a NUL that SQLite
    /// would cut it at) before the transaction starts, naming the field.
    private static func validate(_ change: Change) throws(StorageError) {
        switch change {
        case let .addChecklist(name, _), let .updateChecklist(_, name, _):
            if let problem = TextRules.problem(with: name, what: "list name") { throw problem }
        case let .addItem(_, draft), let .updateItem(_, draft):
            if let problem = TextRules.problem(with: draft.text, what: "item text") { throw problem }
        default:
            break
        }
    }

    private static func apply(_ change: Change, in db: Database, now: Date, calendar: Calendar) throws -> ChangeOutcome {
        switch change {
        case let .addChecklist(name, icon):
            try db.execute(sql: "INSERT INTO checklist (name, icon) VALUES (?, ?)", arguments: [name, icon.rawValue])
            return .checklist(db.lastInsertedRowID)
        case let .updateChecklist(id, name, icon):
            try db.execute(sql: "UPDATE checklist SET name = ?, icon = ? WHERE id = ?", arguments: [name, icon.rawValue, id])
            try requireChange(db, "the list")
            return .checklist(id)
        case let .deleteChecklist(id):
            // Items go with it through ON DELETE CASCADE.
            try db.execute(sql: "DELETE FROM checklist WHERE id = ?", arguments: [id])
            try requireChange(db, "the list")
            return .none
        case let .addItem(checklistID, draft):
            guard try ChecklistRecord.exists(db, key: checklistID) else { throw StorageError.notFound(what: "the list") }
            let dueAt = draft.dueDate.map(StoredTime.wholeMinutes)
            let remindAt = ReminderRule.reminderDate(shouldRemind: draft.shouldRemind, isChecked: false,
                                                     dueDate: dueAt.map(StoredTime.date), now: now)
            // The series starts at the due date given (none without a date).
            let rule = dueAt == nil ? nil : draft.recurrence?.rrule
            try db.execute(sql: """
                INSERT INTO item (checklistID, text, dueAt, shouldRemind, remindAt, repeatRule, repeatStart) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [checklistID, draft.text, dueAt, draft.shouldRemind, remindAt.map(StoredTime.wholeSeconds),
                                 rule, rule == nil ? nil : dueAt])
            return .item(db.lastInsertedRowID)
        case let .updateItem(id, draft):
            guard var updated = try ItemRecord.fetchOne(db, key: id)?.item else { throw StorageError.notFound(what: "the item") }
            let old = updated
            updated.text = draft.text
            let dueAt = draft.dueDate.map(StoredTime.wholeMinutes)
            updated.dueDate = dueAt.map(StoredTime.date)
            updated.shouldRemind = draft.shouldRemind
            // A repeat needs a due date. A new rule or a due date set by
            // hand starts the series again from that date; otherwise (a
            // text edit) the series keeps its start.
            updated.recurrence = dueAt == nil ? nil : draft.recurrence
            if updated.recurrence == nil {
                updated.repeatStart = nil
            } else if updated.recurrence != old.recurrence || updated.dueDate != old.dueDate || old.repeatStart == nil {
                updated.repeatStart = updated.dueDate
            }
            try db.execute(sql: "UPDATE item SET text = ?, dueAt = ?, shouldRemind = ?, repeatRule = ?, repeatStart = ? WHERE id = ?",
                           arguments: [updated.text, dueAt, updated.shouldRemind, updated.recurrence?.rrule,
                                       updated.repeatStart.map(StoredTime.wholeSeconds), id])
            try updateReminder(db, from: old, to: updated, now: now)
            return .item(id)
        case let .setChecked(itemID, checked):
            guard var updated = try ItemRecord.fetchOne(db, key: itemID)?.item else { throw StorageError.notFound(what: "the item") }
            let old = updated
            if checked, !old.isChecked, let next = old.nextDueDate(now: now, calendar: calendar) {
                // Checking off a repeating item completes this occurrence:
                // it stays open, due at the next one, its reminder re-armed
                // by the rule, and remembers when it was done.
                updated.dueDate = StoredTime.date(StoredTime.wholeMinutes(next))
                updated.lastDoneAt = now
                try db.execute(sql: "UPDATE item SET dueAt = ?, lastDoneAt = ? WHERE id = ?",
                               arguments: [updated.dueDate.map(StoredTime.wholeMinutes), StoredTime.wholeSeconds(now), itemID])
            } else {
                updated.isChecked = checked
                try db.execute(sql: "UPDATE item SET isChecked = ? WHERE id = ?", arguments: [checked, itemID])
            }
            try updateReminder(db, from: old, to: updated, now: now)
            return .item(itemID)
        case let .snooze(itemID, until):
            // Only a reminder that could still matter is snoozed: not for an
            // item checked off (or deleted) in the meantime.
            try db.execute(sql: "UPDATE item SET remindAt = ? WHERE id = ? AND isChecked = 0",
                           arguments: [StoredTime.wholeSeconds(until), itemID])
            try requireChange(db, "the item")
            return .item(itemID)
        case let .deleteItem(id):
            try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id])
            try requireChange(db, "the item")
            return .none
        case let .setSortOrder(checklistID, order):
            try db.execute(sql: "UPDATE checklist SET sortOrder = ? WHERE id = ?", arguments: [order.rawValue, checklistID])
            try requireChange(db, "the list")
            return .checklist(checklistID)
        case let .setHidesChecked(checklistID, hides):
            try db.execute(sql: "UPDATE checklist SET hidesChecked = ? WHERE id = ?", arguments: [hides, checklistID])
            try requireChange(db, "the list")
            return .checklist(checklistID)
        case let .setOpenChecklist(id):
            try Preference.openChecklist.set(id.map { "\($0)" }, db)
            return .none
        }
    }

    /// Stores the rule's answer when one of its inputs changed; otherwise the
    /// pending (or snoozed, or delivered) reminder stays as it was.
    private static func updateReminder(_ db: Database, from old: Item, to new: Item, now: Date) throws {
        guard ReminderRule.inputsChanged(from: old, to: new) else { return }
        let remindAt = ReminderRule.reminderDate(for: new, now: now)
        try db.execute(sql: "UPDATE item SET remindAt = ? WHERE id = ?", arguments: [remindAt.map(StoredTime.wholeSeconds), new.id])
    }

    /// A change to a row deleted meanwhile (by another process, or by an
    /// earlier change of the same batch) is "not found", not a silent no-op.
    private static func requireChange(_ db: Database, _ what: String) throws {
        if db.changesCount == 0 { throw StorageError.notFound(what: what) }
    }
}
