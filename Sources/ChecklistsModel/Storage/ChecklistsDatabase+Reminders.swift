import Foundation
import GRDB

/// What the alarm needs: when to wake next, and which reminders to deliver
/// when it goes off. Each is an index lookup or range read on the
/// `reminder` table (one row per reminder; fireAt NULL once delivered), so waking costs the
/// same for ten items as for 100,000.
extension ChecklistsDatabase {
    /// The earliest pending reminder: what the timer is armed for.
    public func nextReminderDate() throws(StorageError) -> Date? {
        try read { db in
            try Self.earliestReminder(db).map(StoredTime.date)
        }
    }

    /// When the earliest pending reminder rings, in stored seconds: one step
    /// into the `reminder_by_fire` index, kept prepared.
    private static func earliestReminder(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT MIN(fireAt) FROM reminder"))
    }

    /// The next moment an item not checked off becomes overdue (its due date,
    /// strictly after `now`): what the runtime arms a timer for, so the
    /// overdue marking changes on time without a periodic tick.
    public func nextOverdueDate(after now: Date) throws(StorageError) -> Date? {
        try read { db in
            // ORDER BY ... LIMIT 1: a seek to the first entry after now,
            // whatever the number of overdue entries before it.
            let statement = try db.cachedStatement(sql: """
                SELECT dueAt FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt > ?
                ORDER BY dueAt LIMIT 1
                """)
            return try Int64.fetchOne(statement, arguments: [StoredTime.secondsRoundedDown(now)]).map(StoredTime.date)
        }
    }

    /// The due reminders' rows with their items, earliest first (an item's
    /// several reminders due together in their own order).
    private static let dueSelection = """
        SELECT \(ListedItemRecord.columnList), reminder.reminder, reminder.fireAt
        FROM reminder JOIN item ON item.id = reminder.itemID JOIN checklist ON checklist.id = item.checklistID
        WHERE reminder.fireAt <= ?
        ORDER BY reminder.fireAt, item.id, reminder.reminder
        """

    /// Nothing due, the usual answer (every start asks), comes from the
    /// earliest reminder alone: preparing the join for it was two thirds
    /// of a claim that found nothing, and 4 % of the app's first frame.
    private static func dueReminders(_ db: Database, cutoff: Int64) throws -> [DueReminder] {
        guard let earliest = try earliestReminder(db), earliest <= cutoff else { return [] }
        let base = ItemRecord.columnNames.count + 1
        // Kept prepared: the app claims at every reminder's time.
        return try Row.all(db.cachedStatement(sql: dueSelection), arguments: [cutoff]).compactMap { row in
            let listed = ListedItemRecord(row: row)
            // A code a newer version wrote is still delivered, as at due.
            let reminder = ReminderTime(code: row[base] as String) ?? .atDue
            return DueReminder(item: listed.record.item, checklistName: listed.checklistName,
                               remindAt: StoredTime.date(row[base + 1]), reminder: reminder)
        }
    }

    /// Claims every reminder due at `now` for this process, in one write
    /// transaction that also marks them delivered: another copy of the app on the same
    /// database finds nothing left to claim, so each reminder is delivered once.
    public func claimDueReminders(now: Date) throws(StorageError) -> [DueReminder] {
        try write { db in
            let cutoff = StoredTime.secondsRoundedDown(now)
            let due = try Self.dueReminders(db, cutoff: cutoff)
            guard !due.isEmpty else { return [] }
            try db.cachedStatement(sql: "UPDATE reminder SET fireAt = NULL WHERE fireAt <= ?").execute(arguments: [cutoff])
            try Self.refreshNextReminder(ofItems: Set(due.map(\.item.id)), in: db)
            return due
        }
    }

    /// Every reminder due at `now`, read without claiming them: the notifier
    /// hands them to the user first and records them after
    /// (`recordDelivered`), so a notifier killed in between delivers them
    /// again rather than never. It does so only while it holds the
    /// app-presence lock exclusively: no app can claim them meanwhile.
    public func dueReminders(now: Date) throws(StorageError) -> [DueReminder] {
        try read { db in
            try Self.dueReminders(db, cutoff: StoredTime.secondsRoundedDown(now))
        }
    }

    /// Records reminders as delivered, as a claim would have: each is
    /// marked only if it still fires at the time it was delivered for, so a
    /// snooze or an edit made meanwhile by another process stands.
    public func recordDelivered(_ reminders: [DueReminder]) throws(StorageError) {
        guard !reminders.isEmpty else { return }
        try write { db in
            for reminder in reminders {
                try db.execute(literal: """
                    UPDATE reminder SET fireAt = NULL WHERE itemID = \(reminder.item.id) AND reminder = \(reminder.reminder.code)
                    AND fireAt = \(StoredTime.secondsRoundedDown(reminder.remindAt))
                    """)
            }
            try Self.refreshNextReminder(ofItems: Set(reminders.map(\.item.id)), in: db)
        }
    }

    /// When the item's next reminder rings, if one is pending.
    public func reminderDate(ofItem id: Int64) throws(StorageError) -> Date? {
        try read { db in try ItemRecord.withID(id, in: db)?.remindAt }
    }

    /// Each pending reminder of the item, with when it rings (its own time
    /// or a snooze's end), in the item's order of reminders.
    public func pendingReminders(ofItem id: Int64) throws(StorageError) -> [ReminderTime: Date] {
        try read { db in try Self.pendingReminders(ofItem: id, in: db) }
    }

    static func pendingReminders(ofItem id: Int64, in db: Database) throws -> [ReminderTime: Date] {
        var result: [ReminderTime: Date] = [:]
        for row in try Row.all(db.cachedStatement(sql: "SELECT reminder, fireAt FROM reminder WHERE itemID = ? AND fireAt IS NOT NULL"), arguments: [id]) {
            if let reminder = ReminderTime(code: row[0] as String) { result[reminder] = StoredTime.date(row[1]) }
        }
        return result
    }

    // MARK: - Keeping the rows to the rule

    /// Brings the pending rows of these items in line with the rule at
    /// `now`, after anything that may have changed their reminders, due
    /// dates or check marks. A reminder whose own time did not change keeps
    /// its row as it is (pending, snoozed, or delivered: fireAt NULL), so a text
    /// edit neither cancels nor repeats one; a changed time is scheduled
    /// afresh when it is ahead and dropped when not; a reminder removed, or
    /// any of a checked item's, loses its row.
    static func reconcileReminders(ofItems ids: some Sequence<Int64>, in db: Database, now: Date) throws {
        let itemStatement = try db.cachedStatement(sql: "SELECT dueAt, isChecked, shouldRemind, reminders FROM item WHERE id = ?")
        let rowsStatement = try db.cachedStatement(sql: "SELECT reminder, scheduledAt FROM reminder WHERE itemID = ?")
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO reminder (itemID, reminder, scheduledAt, fireAt) VALUES (?, ?, ?, ?)
            ON CONFLICT (itemID, reminder) DO UPDATE SET scheduledAt = excluded.scheduledAt, fireAt = excluded.fireAt
            """)
        let delete = try db.cachedStatement(sql: "DELETE FROM reminder WHERE itemID = ? AND reminder = ?")
        let nowSeconds = StoredTime.secondsRoundedDown(now)
        var touched = Set<Int64>()
        for id in ids {
            // An item deleted has lost its rows with it (ON DELETE CASCADE).
            guard let item = try Row.fetchOne(itemStatement, arguments: [id]) else { continue }
            let dueAt: Int64? = item[0]
            let isChecked: Bool = item[1]
            let wanted = ReminderTime.fromStored(shouldRemind: item[2], list: item[3] as String)
            var existing: [String: Int64?] = [:]
            for row in try Row.all(rowsStatement, arguments: [id]) { existing[row[0]] = row[1] as Int64? }
            if wanted.isEmpty && existing.isEmpty { continue }
            var kept = Set<String>()
            for reminder in wanted {
                let code = reminder.code
                kept.insert(code)
                let scheduled = ReminderRule.scheduledDate(of: reminder, isChecked: isChecked, dueDate: dueAt.map(StoredTime.date))
                    .map(StoredTime.wholeSeconds)
                if let had = existing[code], had == scheduled { continue }
                touched.insert(id)
                if let scheduled, scheduled > nowSeconds {
                    try upsert.execute(arguments: [id, code, scheduled, scheduled])
                } else if existing[code] != nil {
                    try delete.execute(arguments: [id, code])
                }
            }
            for code in existing.keys where !kept.contains(code) {
                touched.insert(id)
                try delete.execute(arguments: [id, code])
            }
        }
        try refreshNextReminder(ofItems: touched, in: db)
    }

    /// Every item with a reminder, or a pending row, brought in line with
    /// the rule: after an import that wrote item rows in bulk.
    static func reconcileAllReminders(in db: Database, now: Date) throws {
        let ids = try Int64.fetchAll(db, sql: """
            SELECT id FROM item WHERE shouldRemind = 1 OR reminders != '' UNION SELECT itemID FROM reminder
            """)
        try reconcileReminders(ofItems: ids, in: db, now: now)
    }

    /// Puts a reminder's row at `until` (a snooze), made again where there
    /// is none (its time had passed): only for an item not checked off
    /// that still has that reminder. A banner or notification outlives an
    /// edit that removed the reminder; snoozing it then would make a row
    /// for a reminder the item no longer has, ringing with Remind Me off.
    static func snooze(itemID: Int64, reminder: ReminderTime, until: Date, in db: Database) throws -> Bool {
        guard let item = try Row.fetchOne(db, sql: "SELECT dueAt, isChecked, shouldRemind, reminders FROM item WHERE id = ?",
                                          arguments: [itemID]),
              !(item[1] as Bool),
              ReminderTime.fromStored(shouldRemind: item[2], list: item[3] as String).contains(reminder) else { return false }
        let scheduled = reminder.fireDate(dueDate: (item[0] as Int64?).map(StoredTime.date)).map(StoredTime.wholeSeconds)
        try db.execute(sql: """
            INSERT INTO reminder (itemID, reminder, scheduledAt, fireAt) VALUES (?, ?, ?, ?)
            ON CONFLICT (itemID, reminder) DO UPDATE SET fireAt = excluded.fireAt
            """, arguments: [itemID, reminder.code, scheduled, StoredTime.wholeSeconds(until)])
        try refreshNextReminder(ofItems: [itemID], in: db)
        return true
    }

    /// Sets `item.remindAt`, the next ring its row shows, from the rows.
    static func refreshNextReminder(ofItems ids: Set<Int64>, in db: Database) throws {
        guard !ids.isEmpty else { return }
        let statement = try db.cachedStatement(sql: """
            UPDATE item SET remindAt = (SELECT min(fireAt) FROM reminder WHERE itemID = ?1)
            WHERE id = ?1 AND remindAt IS NOT (SELECT min(fireAt) FROM reminder WHERE itemID = ?1)
            """)
        for id in ids { try statement.execute(arguments: [id]) }
    }
}
