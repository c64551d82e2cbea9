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
        // Which list is open is no change of the user's content, nor is a
        // snooze (a reminder's state, as its delivery is): no history.
        if case .setOpenChecklist = change {
            return try write { db in try Self.apply(change, in: db, now: now, calendar: calendar, makeUID: uidMaker) }
        }
        if case .snooze = change {
            return try write { db in try Self.apply(change, in: db, now: now, calendar: calendar, makeUID: uidMaker) }
        }
        var patched: (checklistID: Int64, sortOrder: ItemSortOrder, layout: FamilyLayout)?
        let outcome = try recordedWrite(now: now, description: { db in try Self.historyDescription(of: change, in: db) }) { db in
            let checking = try checkedFamily(change, db)
            let outcome = try Self.apply(change, in: db, now: now, calendar: calendar, makeUID: uidMaker)
            if let checking {
                let version = try FamilyLayout.version(of: checking.checklistID, db)
                if let layout = try checking.layout.patched(ids: checking.ids, sortOrder: checking.sortOrder, version: version, db) {
                    patched = (checking.checklistID, checking.sortOrder, layout)
                }
            }
            return outcome
        }
        // Kept only once the change is in: a change rolled back leaves the
        // layout kept as it was.
        if let patched { layouts.keep(patched.layout, checklistID: patched.checklistID, sortOrder: patched.sortOrder) }
        return outcome
    }

    /// For a check (or a family's) in a list whose families are kept as they
    /// stand before it: the items it may change (the item, its sub-items,
    /// its parents), so the layout kept is patched instead of read again
    /// whole. Checking is what a list's screen does most.
    private func checkedFamily(_ change: Change, _ db: Database) throws
        -> (checklistID: Int64, sortOrder: ItemSortOrder, layout: FamilyLayout, ids: [Int64])? {
        let itemID: Int64
        switch change {
        case let .setChecked(id, _), let .checkFamily(id): itemID = id
        default: return nil
        }
        // A flat list keeps no layout: nothing to read for it.
        guard layouts.keepsAny, let item = try ItemRecord.withID(itemID, in: db)?.item, let kept = layouts.kept(for: item.checklistID),
              try kept.layout.version == FamilyLayout.version(of: item.checklistID, db) else { return nil }
        let ids = Array(Set(kept.layout.ancestry(of: itemID) + (try Self.familyIDs(of: itemID, in: db))))
        return (item.checklistID, kept.sortOrder, kept.layout, ids)
    }

    /// Commits many changes in one transaction: all of them, or none (a bad
    /// one rolls the whole batch back). For bulk work such as generating a
    /// benchmark database or importing a file.
    @discardableResult
    public func applyAll(_ changes: [Change], now: Date) throws(StorageError) -> [ChangeOutcome] {
        for change in changes { try Self.validate(change) }
        // One entry for the batch: one undo takes back the whole import.
        let describe = { (db: Database) throws -> String? in
            changes.count == 1 ? try Self.historyDescription(of: changes[0], in: db) : nil
        }
        return try recordedWrite(now: now, description: describe) { db in
            try changes.map { try Self.apply($0, in: db, now: now, calendar: calendar, makeUID: uidMaker) }
        }
    }

    /// Refuses text that cannot be stored (blank, or with a NUL that SQLite
    /// would cut it at) before the transaction starts, naming the field.
    private static func validate(_ change: Change) throws(StorageError) {
        switch change {
        case let .addChecklist(name, _), let .updateChecklist(_, name, _):
            if let problem = TextRules.problem(with: name, what: "list name") { throw problem }
        case let .addItem(_, draft), let .updateItem(_, draft), let .addSubItem(_, draft), let .editItem(_, _, draft):
            if let problem = TextRules.problem(with: draft.text, what: "item text") { throw problem }
            if let problem = TextRules.noteProblem(with: draft.note) { throw problem }
        case let .putCalendarItems(name, items):
            if let problem = TextRules.problem(with: name, what: "list name") { throw problem }
            for item in items {
                if let problem = TextRules.problem(with: item.fields.text, what: "item text") { throw problem }
                if let problem = TextRules.noteProblem(with: item.fields.note) { throw problem }
            }
        default:
            break
        }
    }

    /// Refuses a list's name another list has, ignoring case and
    /// surrounding spaces, inside the write: two processes adding "Inbox"
    /// at once both saw none before, and made two. A list keeps its own
    /// name (a change of its icon or of its name's case).
    static func requireNameFree(_ name: String, except id: Int64?, _ db: Database) throws {
        let key = Checklist.nameKey(name)
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM checklist") where row["id"] as Int64 != id {
            let other: String = row["name"]
            if Checklist.nameKey(other) == key { throw StorageError.nameInUse(name: other) }
        }
    }

    private static func apply(_ change: Change, in db: Database, now: Date, calendar: Calendar, makeUID: () -> String) throws -> ChangeOutcome {
        switch change {
        case let .addChecklist(name, icon):
            try requireNameFree(name, except: nil, db)
            try db.execute(sql: "INSERT INTO checklist (name, icon) VALUES (?, ?)", arguments: [name, icon.rawValue])
            return .checklist(db.lastInsertedRowID)
        case let .updateChecklist(id, name, icon):
            try requireNameFree(name, except: id, db)
            try db.execute(sql: "UPDATE checklist SET name = ?, icon = ? WHERE id = ?", arguments: [name, icon.rawValue, id])
            try requireChange(db, "the list")
            return .checklist(id)
        case let .deleteChecklist(id):
            // Items go with it through ON DELETE CASCADE.
            try db.execute(sql: "DELETE FROM checklist WHERE id = ?", arguments: [id])
            try requireChange(db, "the list")
            return .none
        case let .addSubItem(parentID, draft):
            guard let parent = try ItemRecord.withID(parentID, in: db)?.item else { throw StorageError.notFound(what: "the parent item") }
            let outcome = try apply(.addItem(checklistID: parent.checklistID, draft), in: db, now: now, calendar: calendar, makeUID: makeUID)
            if case let .item(id) = outcome { try db.execute(sql: "UPDATE item SET parentID = ? WHERE id = ?", arguments: [parentID, id]) }
            return outcome
        case let .setParent(itemID, parentID):
            try setParent(of: itemID, to: parentID, in: db, now: now)
            return .item(itemID)
        case let .setCollapsed(itemID, collapsed):
            // Folding is how the screen shows a family, not the family's
            // content: no change time, so no sync sends it.
            try db.execute(sql: "UPDATE item SET collapsed = ? WHERE id = ?", arguments: [collapsed, itemID])
            try requireChange(db, "the item")
            return .item(itemID)
        case let .showItem(id):
            guard let item = try ItemRecord.withID(id, in: db)?.item else { throw StorageError.notFound(what: "the item") }
            // The item and the parents above it: any folded, checked or not
            // started one hides it.
            var line = [item]
            while let parentID = line.last?.parentID, !line.contains(where: { $0.id == parentID }),
                  let parent = try ItemRecord.withID(parentID, in: db)?.item {
                line.append(parent)
            }
            for parent in line.dropFirst() where parent.isCollapsed {
                try db.execute(sql: "UPDATE item SET collapsed = 0 WHERE id = ?", arguments: [parent.id])
            }
            if line.contains(where: \.isChecked) {
                try db.execute(sql: "UPDATE checklist SET hidesChecked = 0 WHERE id = ? AND hidesChecked", arguments: [item.checklistID])
            }
            if line.contains(where: { !$0.isChecked && ($0.startDate.map { $0 > now } ?? false) }) {
                try db.execute(sql: "UPDATE checklist SET hidesNotStarted = 0 WHERE id = ? AND hidesNotStarted", arguments: [item.checklistID])
            }
            return .item(id)
        case let .checkFamily(itemID):
            let family = try familyIDs(of: itemID, in: db)
            guard !family.isEmpty else { throw StorageError.notFound(what: "the item") }
            // Each through `setChecked`, so a repeating one moves to its next
            // date as it would checked on its own.
            for id in family.reversed() {
                guard let item = try ItemRecord.withID(id, in: db)?.item, !item.isChecked else { continue }
                _ = try apply(.setChecked(itemID: id, true), in: db, now: now, calendar: calendar, makeUID: makeUID)
            }
            return .item(itemID)
        case let .addItem(checklistID, draft):
            guard try ChecklistRecord.exists(id: checklistID, in: db) else { throw StorageError.notFound(what: "the list") }
            let dueAt = draft.dueDate.map(StoredTime.wholeMinutes)
            // The series starts at the due date given (none without a date).
            let rule = dueAt == nil ? nil : draft.recurrence?.rrule
            try requireValidStart(draft, calendar: calendar)
            try db.execute(sql: """
                INSERT INTO item (checklistID, text, dueAt, shouldRemind, reminders, repeatRule, repeatStart, uid, modifiedAt, note, position,
                                  priority, tags, startAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [checklistID, draft.text, dueAt, draft.shouldRemind, ReminderTime.storedList(draft.reminders),
                                 rule, rule == nil ? nil : dueAt, makeUID(), StoredTime.wholeSeconds(now), draft.note,
                                 try nextPosition(in: checklistID, db), draft.priority.rawValue, Tags.stored(Tags.unique(draft.tags)),
                                 draft.startDate.map(StoredTime.wholeMinutes)])
            let id = db.lastInsertedRowID
            try reconcileReminders(ofItems: [id], in: db, now: now)
            return .item(id)
        case let .editItem(id, from, to):
            guard let current = try ItemRecord.withID(id, in: db)?.item else { throw StorageError.notFound(what: "the item") }
            return try apply(.updateItem(id: id, to.changes(from: from, onto: current.draft)), in: db, now: now, calendar: calendar, makeUID: makeUID)
        case let .updateItem(id, draft):
            guard var updated = try ItemRecord.withID(id, in: db)?.item else { throw StorageError.notFound(what: "the item") }
            try requireValidStart(draft, calendar: calendar)
            let old = updated
            updated.text = draft.text
            let dueAt = draft.dueDate.map(StoredTime.wholeMinutes)
            updated.dueDate = dueAt.map(StoredTime.date)
            updated.reminders = draft.reminders
            // A repeat needs a due date. A new rule or a due date set by
            // hand starts the series again from that date; otherwise (a
            // text edit) the series keeps its start.
            updated.recurrence = dueAt == nil ? nil : draft.recurrence
            if updated.recurrence == nil {
                updated.repeatStart = nil
            } else if updated.recurrence != old.recurrence || updated.dueDate != old.dueDate || old.repeatStart == nil {
                updated.repeatStart = updated.dueDate
            }
            try db.execute(sql: """
                UPDATE item SET text = ?, dueAt = ?, shouldRemind = ?, reminders = ?, repeatRule = ?, repeatStart = ?, modifiedAt = ?, note = ?,
                                priority = ?, tags = ?, startAt = ? WHERE id = ?
                """, arguments: [updated.text, dueAt, updated.shouldRemind, ReminderTime.storedList(updated.reminders), updated.recurrence?.rrule,
                                 updated.repeatStart.map(StoredTime.wholeSeconds), StoredTime.wholeSeconds(now), draft.note,
                                 draft.priority.rawValue, Tags.stored(Tags.unique(draft.tags)), draft.startDate.map(StoredTime.wholeMinutes), id])
            try updateReminder(db, from: old, to: updated, now: now)
            return .item(id)
        case let .setChecked(itemID, checked):
            guard var updated = try ItemRecord.withID(itemID, in: db)?.item else { throw StorageError.notFound(what: "the item") }
            let old = updated
            if checked, !old.isChecked, let next = old.nextDueDate(now: now, calendar: calendar) {
                // Checking off a repeating item completes this occurrence:
                // it stays open, due at the next one, its reminder re-armed
                // by the rule, and remembers when it was done.
                updated.dueDate = StoredTime.date(StoredTime.wholeMinutes(next))
                updated.lastDoneAt = now
                // Its start moves with it, as many days before the new due date.
                if let start = old.startDate, let due = old.dueDate, let nextDue = updated.dueDate, let recurrence = old.recurrence {
                    updated.startDate = StartDate.moved(start, from: due, to: nextDue, recurrence: recurrence, calendar: calendar)
                }
                try db.execute(sql: "UPDATE item SET dueAt = ?, lastDoneAt = ?, modifiedAt = ?, startAt = ? WHERE id = ?",
                               arguments: [updated.dueDate.map(StoredTime.wholeMinutes), StoredTime.wholeSeconds(now),
                                           StoredTime.wholeSeconds(now), updated.startDate.map(StoredTime.wholeMinutes), itemID])
            } else {
                updated.isChecked = checked
                try db.execute(sql: "UPDATE item SET isChecked = ?, completedAt = ?, modifiedAt = ? WHERE id = ?",
                               arguments: [checked, checked ? StoredTime.wholeSeconds(now) : nil, StoredTime.wholeSeconds(now), itemID])
            }
            try updateReminder(db, from: old, to: updated, now: now)
            // An open step means the whole is not done: a checked parent
            // reopens, and so on up, in this change (one undo).
            if !checked, let parentID = old.parentID, try ItemRecord.withID(parentID, in: db)?.item.isChecked == true {
                _ = try apply(.setChecked(itemID: parentID, false), in: db, now: now, calendar: calendar, makeUID: makeUID)
            }
            return .item(itemID)
        case let .snooze(itemID, until, reminder):
            // Only a reminder that could still matter is snoozed: not for an
            // item checked off (or deleted) in the meantime, nor one removed.
            // The item is not stamped: a snooze stays on this device, as a
            // delivery does, and is no change for sync to send.
            guard try snooze(itemID: itemID, reminder: reminder, until: until, in: db) else { throw StorageError.notFound(what: "the reminder") }
            return .item(itemID)
        case let .deleteItem(id):
            let family = try familyIDs(of: id, in: db)
            guard !family.isEmpty else { throw StorageError.notFound(what: "the item") }
            // The deepest first, so no sub-item is left behind for the
            // unlinking trigger, which is for parents deleted elsewhere.
            let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
            for member in family.reversed() { try delete.execute(arguments: [member]) }
            return .none
        case let .setSortOrder(checklistID, order):
            try db.execute(sql: "UPDATE checklist SET sortOrder = ? WHERE id = ?", arguments: [order.rawValue, checklistID])
            try requireChange(db, "the list")
            return .checklist(checklistID)
        case let .setHidesChecked(checklistID, hides):
            try db.execute(sql: "UPDATE checklist SET hidesChecked = ? WHERE id = ?", arguments: [hides, checklistID])
            try requireChange(db, "the list")
            return .checklist(checklistID)
        case let .setHidesNotStarted(checklistID, hides):
            try db.execute(sql: "UPDATE checklist SET hidesNotStarted = ? WHERE id = ?", arguments: [hides, checklistID])
            try requireChange(db, "the list")
            return .checklist(checklistID)
        case let .setOpenChecklist(id):
            try Preference.openChecklist.set(id.map { "\($0)" }, db)
            return .none
        case let .putCalendarItems(name, items):
            return try putCalendarItems(items, listName: name, in: db, now: now, makeUID: makeUID)
        case let .setPriority(itemID, priority):
            // Setting the level it has already changes nothing, not even
            // the change time a sync would send it for.
            try db.execute(sql: "UPDATE item SET priority = ?, modifiedAt = ? WHERE id = ? AND priority <> ?",
                           arguments: [priority.rawValue, StoredTime.wholeSeconds(now), itemID, priority.rawValue])
            if db.changesCount == 0, try ItemRecord.withID(itemID, in: db) == nil { throw StorageError.notFound(what: "the item") }
            return .item(itemID)
        case let .moveItem(id, target):
            guard let item = try ItemRecord.withID(id, in: db)?.item else { throw StorageError.notFound(what: "the item") }
            guard try ChecklistRecord.exists(id: target, in: db) else { throw StorageError.notFound(what: "the list") }
            // Already there: nothing changes, not even its place.
            if item.checklistID == target { return .item(id) }
            // The counting triggers move the counts with it; the reminders
            // stay exactly as they were (nothing they depend on changed).
            // Its sub-items come along, after it in their order.
            var position = try nextPosition(in: target, db)
            let move = try db.cachedStatement(sql: "UPDATE item SET checklistID = ?, position = ?, modifiedAt = ? WHERE id = ?")
            let family = try familyIDs(of: id, in: db, byPosition: true)
            for member in family {
                try move.execute(arguments: [target, position, StoredTime.wholeSeconds(now), member])
                position += 1
            }
            if item.parentID != nil || item.unlinkedParentUID != nil {
                try db.execute(sql: "UPDATE item SET parentID = NULL, unlinkedParentUID = NULL WHERE id = ?", arguments: [id])
            }
            // Another app's to-dos there naming one of them link now.
            try linkWaitingSubItems(of: family, in: db)
            return .item(id)
        case let .swapPositions(itemID, otherID):
            guard let item = try ItemRecord.withID(itemID, in: db)?.item, let other = try ItemRecord.withID(otherID, in: db)?.item else {
                throw StorageError.notFound(what: "the item")
            }
            guard item.checklistID == other.checklistID else { throw StorageError.notFound(what: "the item in that list") }
            var (first, second) = (item.position, other.position)
            if first == second {
                // Equal positions (another app's import, a hand-edited
                // export) are told apart by id, as the sort does; a swap of
                // two equal ones would change nothing. The list is numbered
                // afresh in its current order first: rare, so its cost
                // (a write per item) is acceptable.
                let ordered = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE checklistID = ? ORDER BY position, id",
                                                 arguments: [item.checklistID])
                let update = try db.makeStatement(sql: "UPDATE item SET position = ? WHERE id = ?")
                for (index, id) in ordered.enumerated() {
                    try update.execute(arguments: [index + 1, id])
                    if id == itemID { first = Int64(index + 1) }
                    if id == otherID { second = Int64(index + 1) }
                }
            }
            try db.execute(sql: "UPDATE item SET position = ? WHERE id = ?", arguments: [second, itemID])
            try db.execute(sql: "UPDATE item SET position = ? WHERE id = ?", arguments: [first, otherID])
            return .item(itemID)
        case let .moveList(id, down):
            return try moveList(id: id, down: down, in: db)
        case let .setListOrder(order):
            try setListOrder(order, in: db)
            return .none
        }
    }

    /// The position of an item added (or moved) to `checklistID`: after its last.
    static func nextPosition(in checklistID: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT coalesce(max(position), 0) + 1 FROM item WHERE checklistID = ?", arguments: [checklistID]) ?? 1
    }

    /// To-dos read from iCalendar into the list `listName` (made when no
    /// list has that name): an item with the same UID is updated and moved
    /// there, the others are added. What the file says wins, field by
    /// field, and the reminder rule decides what is pending: nothing for a
    /// checked item or for an alarm not after `now`.
    private static func putCalendarItems(_ items: [CalendarItem], listName: String, in db: Database, now: Date,
                                         makeUID: () -> String) throws -> ChangeOutcome {
        let listID: Int64
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM checklist WHERE name = ? ORDER BY id LIMIT 1", arguments: [listName]) {
            listID = id
        } else {
            try db.execute(sql: "INSERT INTO checklist (name) VALUES (?)", arguments: [listName])
            listID = db.lastInsertedRowID
        }
        var relations: [(uid: String, parentUID: String?)] = []
        // Each statement prepared once for all the items: prepared per
        // to-do (its SQL built anew each time), a 50,000-to-do file spent
        // most of its import there, holding the write lock all along.
        let columns = ["checklistID", "text", "isChecked", "dueAt", "shouldRemind", "reminders", "repeatRule", "repeatStart",
                       "calendarObject", "modifiedAt", "completedAt", "note", "priority", "tags", "startAt"]
        let existing = try db.cachedStatement(sql: "SELECT id, checklistID FROM item WHERE uid = ?")
        let insert = try db.cachedStatement(sql: """
            INSERT INTO item (\((columns + ["position", "uid"]).joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count + 2).joined(separator: ", ")))
            """)
        let update = try db.cachedStatement(sql: "UPDATE item SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?")
        let updateAndMove = try db.cachedStatement(sql: """
            UPDATE item SET \((columns + ["position"]).map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?
            """)
        // New here, or moved in from another list: last in this one, in the file's order.
        var position = try nextPosition(in: listID, db)
        var written: [Int64] = []
        written.reserveCapacity(items.count)
        for item in items {
            let fields = item.fields
            let dueAt = fields.dueDate.map(StoredTime.wholeMinutes)
            let rule = dueAt == nil ? nil : fields.recurrence
            // Reminders before a due date need one; one at a time of its
            // own does not.
            let reminders = fields.reminders.filter { dueAt != nil || $0.fireDate(dueDate: nil) != nil }
            let values: [(any DatabaseValueConvertible)?] = [
                listID, fields.text, fields.isChecked, dueAt, reminders.contains(.atDue), ReminderTime.storedList(reminders), rule?.rrule,
                rule == nil ? nil : (fields.repeatStart ?? fields.dueDate).map(StoredTime.wholeMinutes),
                item.object, StoredTime.wholeSeconds(now), fields.isChecked ? StoredTime.wholeSeconds(item.completedAt ?? now) : nil,
                fields.note, fields.priority.rawValue, Tags.stored(fields.tags), fields.startDate.map(StoredTime.wholeMinutes),
            ]
            let uid = fields.uid.isEmpty ? makeUID() : fields.uid
            relations.append((uid, fields.parentUID))
            if let row = try Row.fetchOne(existing, arguments: [uid]) {
                let id: Int64 = row[0]
                if row[1] as Int64 == listID {
                    try update.execute(arguments: StatementArguments(values + [id]))
                } else {
                    try updateAndMove.execute(arguments: StatementArguments(values + [position, id]))
                    position += 1
                }
                written.append(id)
            } else {
                try insert.execute(arguments: StatementArguments(values + [position, uid]))
                position += 1
                written.append(db.lastInsertedRowID)
            }
        }
        try reconcileReminders(ofItems: written, in: db, now: now)
        // Parents once every item is in: a child may come before its parent.
        try relateParents(relations, in: db)
        return .checklist(listID)
    }

    /// Stores the rule's answer when one of its inputs changed; otherwise the
    /// pending (or snoozed, or delivered) reminders stay as they were.
    private static func updateReminder(_ db: Database, from old: Item, to new: Item, now: Date) throws {
        guard ReminderRule.inputsChanged(from: old, to: new) else { return }
        try reconcileReminders(ofItems: [new.id], in: db, now: now)
    }

    /// A start the draft cannot have is refused before anything is written:
    /// the screens and the command line say so first, this is the last guard.
    private static func requireValidStart(_ draft: ItemDraft, calendar: Calendar) throws {
        if let problem = draft.startProblem(calendar: calendar) { throw StorageError.badStart(reason: problem) }
    }

    /// A change to a row deleted meanwhile (by another process, or by an
    /// earlier change of the same batch) is "not found", not a silent no-op.
    private static func requireChange(_ db: Database, _ what: String) throws {
        if db.changesCount == 0 { throw StorageError.notFound(what: what) }
    }
}
