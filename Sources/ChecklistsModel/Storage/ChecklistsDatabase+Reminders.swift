import Foundation
import GRDB

/// What the alarm needs: when to wake next, and which reminders to deliver
/// when it goes off. Each is an index lookup or range read, so waking
/// costs the same for ten items as for 100,000.
extension ChecklistsDatabase {
    /// The earliest pending reminder: what the timer is armed for.
    public func nextReminderDate() throws(StorageError) -> Date? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT MIN(remindAt) FROM item WHERE remindAt IS NOT NULL").map(StoredTime.date)
        }
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

    /// Claims every reminder due at `now` for this process, in one write
    /// transaction that also clears them: another copy of the app on the same
    /// database finds nothing left to claim, so each reminder is delivered once.
    public func claimDueReminders(now: Date) throws(StorageError) -> [DueReminder] {
        try write { db in
            let cutoff = StoredTime.secondsRoundedDown(now)
            // Kept prepared: the app claims at every reminder's time.
            let due = try ListedItemRecord.fetchAll(db.cachedStatement(sql: """
                SELECT \(ListedItemRecord.columnList)
                FROM item JOIN checklist ON checklist.id = item.checklistID
                WHERE item.remindAt IS NOT NULL AND item.remindAt <= ?
                ORDER BY item.remindAt, item.id
                """), arguments: [cutoff])
            try db.cachedStatement(sql: "UPDATE item SET remindAt = NULL WHERE remindAt IS NOT NULL AND remindAt <= ?").execute(arguments: [cutoff])
            return due.compactMap { listed in
                listed.record.remindAt.map { DueReminder(item: listed.record.item, checklistName: listed.checklistName, remindAt: $0) }
            }
        }
    }

    /// Every reminder due at `now`, read without claiming them: the notifier
    /// hands them to the user first and records them after
    /// (`recordDelivered`), so a notifier killed in between delivers them
    /// again rather than never. It does so only while it holds the
    /// app-presence lock exclusively: no app can claim them meanwhile.
    public func dueReminders(now: Date) throws(StorageError) -> [DueReminder] {
        try read { db in
            try SQLRequest<ListedItemRecord>("""
                SELECT \(sql: ListedItemRecord.columnList)
                FROM item JOIN checklist ON checklist.id = item.checklistID
                WHERE item.remindAt IS NOT NULL AND item.remindAt <= \(StoredTime.secondsRoundedDown(now))
                ORDER BY item.remindAt, item.id
                """).fetchAll(db).compactMap { listed in
                listed.record.remindAt.map { DueReminder(item: listed.record.item, checklistName: listed.checklistName, remindAt: $0) }
            }
        }
    }

    /// Records reminders as delivered, as a claim would have: each is
    /// cleared only if it still fires at the time it was delivered for, so a
    /// snooze or an edit made meanwhile by another process stands.
    public func recordDelivered(_ reminders: [DueReminder]) throws(StorageError) {
        guard !reminders.isEmpty else { return }
        try write { db in
            for reminder in reminders {
                try db.execute(literal: """
                    UPDATE item SET remindAt = NULL WHERE id = \(reminder.id) AND remindAt = \(StoredTime.secondsRoundedDown(reminder.remindAt))
                    """)
            }
        }
    }

    /// When the item's reminder fires, if it has one pending.
    public func reminderDate(ofItem id: Int64) throws(StorageError) -> Date? {
        try read { db in try ItemRecord.withID(id, in: db)?.remindAt }
    }
}
