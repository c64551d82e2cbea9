import Foundation
import GRDB

// MARK: - Sync state as values

/// A calendar on the server a list is synced with (`syncCalendar`).
public struct SyncCalendarState: Hashable, Sendable {
    public var url: String
    /// Nil: the list was deleted here; the calendar is left alone.
    public var checklistID: Int64?
    /// RFC 6578's token of the last sync-collection, nil when none.
    public var syncToken: String?
    /// The calendar's change tag (CalendarServer's `getctag`) as the last
    /// sync saw it before it read the changes; nil when the server has none.
    public var changeTag: String?
    /// The calendar was deleted on the server: its list is no longer
    /// synced until the user asks for the calendar again.
    public var isGone: Bool
    /// The name the list and the calendar had at the last sync: a rename
    /// on one side since then is sent to the other. Nil: not known yet.
    public var syncedName: String?

    public init(url: String, checklistID: Int64?, syncToken: String?, changeTag: String? = nil, isGone: Bool = false,
                syncedName: String? = nil) {
        self.url = url
        self.checklistID = checklistID
        self.syncToken = syncToken
        self.changeTag = changeTag
        self.isGone = isGone
        self.syncedName = syncedName
    }
}

/// One to-do as the last sync left it (`syncItem`).
public struct ItemSyncState: Hashable, Sendable {
    public var uid: String
    public var href: String
    public var etag: String?
    /// The VTODO object as last synced: the base of the three-way merge.
    public var base: String
    /// `modifiedAt` of the item then; another value means changed here since.
    public var syncedModifiedAt: Date?

    public init(uid: String, href: String, etag: String?, base: String, syncedModifiedAt: Date?) {
        self.uid = uid
        self.href = href
        self.etag = etag
        self.base = base
        self.syncedModifiedAt = syncedModifiedAt
    }
}

/// What one sync writes here, all in one transaction at its end, so a sync
/// that fails half-way leaves the database as it was.
public struct SyncCommit: Hashable, Sendable {
    public var calendars: [CalendarChanges]
    /// The urls of calendars found deleted on the server, whose lists stay
    /// here unsynced.
    public var goneCalendars: [String]

    public init(calendars: [CalendarChanges], goneCalendars: [String] = []) {
        self.calendars = calendars
        self.goneCalendars = goneCalendars
    }

    /// Where a calendar's to-dos go: a list already here, or a new one.
    public enum ListTarget: Hashable, Sendable {
        case existing(Int64)
        case new(name: String)
    }

    /// A to-do pulled or merged in, and what the item looked like when the
    /// sync read it: an item changed meanwhile (the app is open) is left
    /// alone, its state too, and the next sync merges it.
    public struct ItemWrite: Hashable, Sendable {
        public var fields: CalendarFields
        public var object: String
        public var modifiedAt: Date
        public var completedAt: Date?
        /// The item's `modifiedAt` when read; nil when it did not exist.
        public var readModifiedAt: Date?
        public var state: ItemSyncState

        public init(fields: CalendarFields, object: String, modifiedAt: Date, completedAt: Date?, readModifiedAt: Date?, state: ItemSyncState) {
            self.fields = fields
            self.object = object
            self.modifiedAt = modifiedAt
            self.completedAt = completedAt
            self.readModifiedAt = readModifiedAt
            self.state = state
        }
    }

    /// An item deleted on the server, and its `modifiedAt` when read: one
    /// changed here meanwhile is kept.
    public struct ItemDelete: Hashable, Sendable {
        public var uid: String
        public var readModifiedAt: Date?

        public init(uid: String, readModifiedAt: Date?) {
            self.uid = uid
            self.readModifiedAt = readModifiedAt
        }
    }

    /// One calendar's result.
    public struct ListRename: Hashable, Sendable {
        public var from: String
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public struct CalendarChanges: Hashable, Sendable {
        public var url: String
        public var list: ListTarget
        public var syncToken: String?
        /// The change tag read before the changes were: the same tag at the
        /// next sync means nothing changed there since.
        public var changeTag: String?
        public var writes: [ItemWrite]
        /// Items deleted on the server.
        public var deletes: [ItemDelete]
        /// States whose item did not change here (an upload, or nothing).
        public var states: [ItemSyncState]
        /// States of to-dos gone from both sides.
        public var forgotten: [String]
        /// The list renamed after its calendar, from the name it had when
        /// the sync read it (a rename here meanwhile wins: the next sync
        /// sends it).
        public var rename: ListRename?
        /// The name list and calendar now share (`SyncCalendarState.syncedName`).
        public var syncedName: String?

        public init(url: String, list: ListTarget, syncToken: String?, changeTag: String? = nil, writes: [ItemWrite] = [],
                    deletes: [ItemDelete] = [], states: [ItemSyncState] = [], forgotten: [String] = []) {
            self.url = url
            self.list = list
            self.syncToken = syncToken
            self.changeTag = changeTag
            self.writes = writes
            self.deletes = deletes
            self.states = states
            self.forgotten = forgotten
        }

    }
}

/// How the last sync ended, for the home screen: when, and why it failed.
/// Kept in the database (not in the notifier's memory), so every app open
/// on it sees it through its live reload, whoever ran the sync.
public struct SyncStatus: Hashable, Sendable {
    public var at: Date
    /// A few words ("server unreachable"); nil when it succeeded.
    public var error: String?

    public init(at: Date, error: String? = nil) {
        self.at = at
        self.error = error
    }
}

/// What is waiting to be synced here, as a value two looks can compare: the
/// items added or changed since their last sync, the synced items deleted
/// since, and the lists without a calendar. Empty: nothing to send.
public struct UnsyncedChanges: Hashable, Sendable {
    public var changedItems: Int
    /// The sum of their `modifiedAt`, so that a second edit of an item
    /// already waiting makes another value.
    public var changedStamp: Int64
    public var deletedItems: Int
    public var listsWithoutCalendar: Int

    public init(changedItems: Int = 0, changedStamp: Int64 = 0, deletedItems: Int = 0, listsWithoutCalendar: Int = 0) {
        self.changedItems = changedItems
        self.changedStamp = changedStamp
        self.deletedItems = deletedItems
        self.listsWithoutCalendar = listsWithoutCalendar
    }

    public var isEmpty: Bool { changedItems == 0 && deletedItems == 0 && listsWithoutCalendar == 0 }
}

// MARK: - Reads and the commit

/// What `checklists sync` keeps between runs (the calendars lists map to,
/// and per to-do its href, ETag and last synced text), and how a sync's
/// result enters the database: one transaction, under the reminder rule.
extension ChecklistsDatabase {
    /// Every calendar a list is (or was) synced with.
    public func syncCalendars() throws(StorageError) -> [SyncCalendarState] {
        try read { db in
            try Row.all(db, sql: "SELECT url, checklistID, syncToken, changeTag, gone, syncedName FROM syncCalendar ORDER BY url").map {
                SyncCalendarState(url: $0["url"], checklistID: $0["checklistID"], syncToken: $0["syncToken"], changeTag: $0["changeTag"],
                                  isGone: $0["gone"], syncedName: $0["syncedName"])
            }
        }
    }

    /// The sync states of `calendarURL` (those of items deleted here since
    /// too) without their bases (empty: `syncBases` reads those a sync
    /// needs, so 10,000 unchanged to-dos are not read in full), and what an
    /// earlier sync was about to send (uid → text).
    /// `uids`, `hrefs`: only the states of those uids or at those hrefs
    /// (a sync told by the server which to-dos changed there needs only
    /// theirs and those of what changed here); nil for both: all.
    public func syncStates(calendarURL: String, uids: Set<String>? = nil, hrefs: Set<String> = []) throws(StorageError)
        -> (states: [ItemSyncState], pushes: [String: String]) {
        try read { db in try Self.syncStates(calendarURL: calendarURL, uids: uids, hrefs: hrefs, db) }
    }

    /// The bases (the object as last synced) of `uids` in `calendarURL`.
    public func syncBases(calendarURL: String, uids: Set<String>) throws(StorageError) -> [String: String] {
        guard !uids.isEmpty else { return [:] }
        let named = String(decoding: (try? JSONEncoder().encode(uids.sorted())) ?? Data("[]".utf8), as: UTF8.self)
        return try read { db in
            let rows = try Row.all(db, sql: """
                SELECT uid, base FROM syncItem WHERE calendarURL = ? AND uid IN (SELECT value FROM json_each(?))
                """, arguments: [calendarURL, named])
            return Dictionary(rows.map { ($0["uid"] as String, $0["base"] as String) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The list's items a sync must look at: those with no state for
    /// `calendarURL`, changed since their state (or whose state has no
    /// time), or named in `including`; every item when `including` is nil.
    /// An item the server did not change and that did not change here is
    /// not read at all, so a sync of one change reads one item, not 10,000.
    /// Also the uids of the calendar's states whose item is no longer in
    /// the list (deleted here, or moved to another).
    public func syncEntries(checklistID: Int64?, calendarURL: String, including: Set<String>?) throws(StorageError)
        -> (entries: [Snapshot.Entry], goneHere: Set<String>) {
        try read { db in
            let entries = try Self.syncEntries(checklistID: checklistID, calendarURL: calendarURL, including: including, db)
            let gone = try String.fetchSet(db, sql: """
                SELECT uid FROM syncItem WHERE calendarURL = ?
                AND NOT EXISTS (SELECT 1 FROM item WHERE item.uid = syncItem.uid AND item.checklistID IS ?)
                """, arguments: [calendarURL, checklistID])
            return (entries, gone)
        }
    }

    /// The items of a list (nil: of any list) with these UIDs, changed here
    /// or not: the to-dos a sync's remote changes name, once the changed
    /// ones are read.
    public func syncEntries(checklistID: Int64?, uids: Set<String>) throws(StorageError) -> [Snapshot.Entry] {
        guard !uids.isEmpty else { return [] }
        return try read { db in
            let named = String(decoding: try JSONEncoder().encode(uids.sorted()), as: UTF8.self)
            return try SQLRequest<ItemCalendarRecord>("""
                SELECT \(columnsOf: ItemCalendarRecord.self) FROM item
                WHERE (\(checklistID) IS NULL OR checklistID = \(checklistID)) AND uid IN (SELECT value FROM json_each(\(named)))
                ORDER BY id
                """).fetchAll(db).map(\.entry)
        }
    }

    private static func syncStates(calendarURL: String, uids: Set<String>?, hrefs: Set<String>,
                                   _ db: Database) throws -> (states: [ItemSyncState], pushes: [String: String]) {
        let json = { (values: Set<String>) in String(decoding: try JSONEncoder().encode(values.sorted()), as: UTF8.self) }
        let filter = uids == nil && hrefs.isEmpty ? "" : """
            AND (uid IN (SELECT value FROM json_each(?)) OR href IN (SELECT value FROM json_each(?)))
            """
        let arguments: [String] = filter.isEmpty ? [calendarURL] : [calendarURL, try json(uids ?? []), try json(hrefs)]
        let states = try Row.all(db, sql: """
            SELECT uid, href, etag, '' AS base, syncedModifiedAt FROM syncItem WHERE calendarURL = ?
            \(filter) ORDER BY uid
            """, arguments: StatementArguments(arguments)).map {
            ItemSyncState(uid: $0["uid"], href: $0["href"], etag: $0["etag"], base: $0["base"],
                          syncedModifiedAt: ($0["syncedModifiedAt"] as Int64?).map(StoredTime.date))
        }
        let pushes = try Row.all(db, sql: "SELECT uid, text FROM syncPush").map { (row: Row) -> (String, String) in (row["uid"], row["text"]) }
        return (states, Dictionary(pushes, uniquingKeysWith: { _, last in last }))
    }

    private static func syncEntries(checklistID: Int64?, calendarURL: String, including: Set<String>?, _ db: Database) throws -> [Snapshot.Entry] {
        guard let checklistID else { return [] }
        guard let including else {
            return try SQLRequest<ItemCalendarRecord>("""
                SELECT \(columnsOf: ItemCalendarRecord.self) FROM item WHERE checklistID = \(checklistID) ORDER BY id
                """).fetchAll(db).map(\.entry)
        }
        let named = String(decoding: try JSONEncoder().encode(including.sorted()), as: UTF8.self)
        // One statement, however many are named: an IN list of bound values
        // would meet SQLite's limit on parameters at a first sync of 100,000.
        return try SQLRequest<ItemCalendarRecord>("""
            SELECT \(columnsOf: ItemCalendarRecord.self, tableAlias: "item") FROM item LEFT JOIN syncItem ON syncItem.uid = item.uid AND syncItem.calendarURL = \(calendarURL)
            WHERE item.checklistID = \(checklistID) AND (syncItem.uid IS NULL OR syncItem.syncedModifiedAt IS NULL
                OR syncItem.syncedModifiedAt IS NOT item.modifiedAt OR item.uid IN (SELECT value FROM json_each(\(named))))
            ORDER BY item.id
            """).fetchAll(db).map(\.entry)
    }

    /// Records what a sync is about to send (uid → iCalendar text), before
    /// it sends it; the commit forgets it. Only sync bookkeeping: no item
    /// changes, so a sync that fails afterwards still leaves the lists as
    /// they were.
    public func recordPushes(_ pushes: [String: String]) throws(StorageError) {
        guard !pushes.isEmpty else { return }
        try write { db in
            for (uid, text) in pushes {
                try db.execute(sql: "INSERT OR REPLACE INTO syncPush (uid, text) VALUES (?, ?)", arguments: [uid, text])
            }
        }
    }

    /// Writes a sync's result in one transaction. Pulled reminders obey the
    /// reminder rule, each on its own: one whose time did not change keeps
    /// its state here (delivered stays delivered, a snooze stays), one
    /// pulled in or moved is pending only when after `now`. Returns the
    /// uids skipped because they changed here while the sync ran.
    @discardableResult
    /// `status`, when given, is recorded in the same transaction: a sync
    /// with nothing to write costs one commit, not two.
    public func commitSync(_ commit: SyncCommit, now: Date, status: SyncStatus? = nil) throws(StorageError) -> [String] {
        try commitSyncReporting(commit, now: now, status: status).skipped
    }

    /// `commitSync`, also telling the texts of the items pulled in whose
    /// parent on the server would make a cycle here (they stay at the top
    /// level, the relation kept), each once: when it first appears.
    public func commitSyncReporting(_ commit: SyncCommit, now: Date, status: SyncStatus? = nil) throws(StorageError)
        -> (skipped: [String], cycles: [String]) {
        for calendar in commit.calendars {
            if case let .new(name) = calendar.list, let problem = TextRules.problem(with: name, what: "list name") { throw problem }
            for write in calendar.writes {
                if let problem = TextRules.problem(with: write.fields.text, what: "item text") { throw problem }
                if let problem = TextRules.noteProblem(with: write.fields.note) { throw problem }
            }
        }
        // A to-do that left one calendar and arrived in another (moved to
        // another list on another device) is one item moving here too: it
        // keeps its id, and the version its old calendar's delete saw is
        // the one the write may replace.
        var deletedRead: [String: Date?] = [:]
        for calendar in commit.calendars { for delete in calendar.deletes { deletedRead[delete.uid] = delete.readModifiedAt } }
        let written = Set(commit.calendars.flatMap { $0.writes.map(\.fields.uid) })
        // Recorded as the sync's: undoing it is a change made here, which
        // the next sync sends back to the server.
        return try recordedWrite(origin: .sync, now: now, description: { _ in nil }) { db in
            var skipped: [String] = []
            var relations: [(uid: String, parentUID: String?)] = []
            for calendar in commit.calendars {
                let listID: Int64
                switch calendar.list {
                case let .existing(id):
                    listID = id
                    if let rename = calendar.rename {
                        try db.execute(sql: "UPDATE checklist SET name = ? WHERE id = ? AND name = ?", arguments: [rename.to, id, rename.from])
                    }
                case let .new(name):
                    try db.execute(sql: "INSERT INTO checklist (name) VALUES (?)", arguments: [name])
                    listID = db.lastInsertedRowID
                }
                try db.execute(sql: """
                    INSERT INTO syncCalendar (url, checklistID, syncToken, changeTag, syncedName) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(url) DO UPDATE SET checklistID = excluded.checklistID, syncToken = excluded.syncToken,
                        changeTag = excluded.changeTag, gone = 0, syncedName = excluded.syncedName
                    """, arguments: [calendar.url, listID, calendar.syncToken, calendar.changeTag, calendar.syncedName])
                // New items go in many to a statement: see `MultiRowInsert`.
                var newItems: MultiRowInsert?
                var nextPosition: Int64?
                for write in calendar.writes {
                    let current = try Row.fetchOne(db, sql: "SELECT checklistID, modifiedAt FROM item WHERE uid = ?", arguments: [write.fields.uid])
                    let currentModified = (current?["modifiedAt"] as Int64?)
                    let expected = write.readModifiedAt ?? deletedRead[write.fields.uid] ?? nil
                    if current != nil && currentModified != expected.map(StoredTime.wholeSeconds) {
                        skipped.append(write.fields.uid)
                        continue
                    }
                    // New here, or pulled into this list from another: last in the list.
                    var position: Int64?
                    if current?["checklistID"] as Int64? != listID {
                        position = try nextPosition ?? Self.nextPosition(in: listID, db)
                        nextPosition = position.map { $0 + 1 }
                    }
                    let values = Self.syncedItemValues(write, checklistID: listID, position: position)
                    if current == nil {
                        // A new item always has a position: every new row has the same columns.
                        if newItems == nil { newItems = MultiRowInsert(into: "item", columns: values.map(\.0)) }
                        try newItems?.add(values.map { $0.1?.databaseValue ?? .null }, in: db)
                    } else {
                        try db.execute(sql: "UPDATE item SET \(values.map { "\($0.0) = ?" }.joined(separator: ", ")) WHERE uid = ?",
                                       arguments: StatementArguments(values.map(\.1) + [write.fields.uid]))
                    }
                    try Self.putState(write.state, calendarURL: calendar.url, in: db)
                    relations.append((write.fields.uid, write.fields.parentUID))
                }
                try newItems?.flush(in: db)
                for delete in calendar.deletes {
                    if written.contains(delete.uid) {
                        try db.execute(sql: "DELETE FROM syncItem WHERE uid = ? AND calendarURL = ?", arguments: [delete.uid, calendar.url])
                        continue
                    }
                    let modified = delete.readModifiedAt.map(StoredTime.wholeSeconds)
                    try db.execute(sql: "DELETE FROM item WHERE uid = ? AND modifiedAt IS ?", arguments: [delete.uid, modified])
                    if try db.changesCount == 0 && (Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE uid = ?", arguments: [delete.uid]) ?? false) {
                        skipped.append(delete.uid)
                        continue
                    }
                    try db.execute(sql: "DELETE FROM syncItem WHERE uid = ? AND calendarURL = ?", arguments: [delete.uid, calendar.url])
                }
                for state in calendar.states { try Self.putState(state, calendarURL: calendar.url, in: db) }
                // Only this calendar's state: an item moved to another list
                // is forgotten in its old calendar while its new one (maybe
                // synced first) already holds its state.
                for uid in calendar.forgotten {
                    try db.execute(sql: "DELETE FROM syncItem WHERE uid = ? AND calendarURL = ?", arguments: [uid, calendar.url])
                }
                let settled = calendar.writes.map(\.fields.uid) + calendar.states.map(\.uid)
                for uid in settled where !skipped.contains(uid) {
                    try db.execute(sql: "DELETE FROM syncPush WHERE uid = ?", arguments: [uid])
                }
            }
            // The reminders pulled in get the rule's answer, each on its own.
            let pulled = try written.compactMap { uid in try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE uid = ?", arguments: [uid]) }
            try Self.reconcileReminders(ofItems: pulled, in: db, now: now)
            // Parents once every calendar's to-dos are in: a family another
            // device moved to another calendar arrives in any order.
            let cycles = try Self.relateParents(relations, in: db).compactMap { uid in
                try String.fetchOne(db, sql: "SELECT text FROM item WHERE uid = ?", arguments: [uid])
            }
            for url in commit.goneCalendars { try db.execute(sql: "UPDATE syncCalendar SET gone = 1 WHERE url = ?", arguments: [url]) }
            if let status { try Self.putSyncStatus(status, in: db) }
            return (skipped, cycles)
        }
    }

    /// How the last sync ended; nil when none has run on this database.
    public func syncStatus() throws(StorageError) -> SyncStatus? {
        try read { db in
            guard let at = try Preference.syncLastAt.value(db).flatMap(Int64.init) else { return nil }
            return SyncStatus(at: StoredTime.date(at), error: try Preference.syncLastError.value(db))
        }
    }

    /// Records how a sync ended. Only this bookkeeping: never a password,
    /// only the error's few words.
    public func recordSyncStatus(_ status: SyncStatus) throws(StorageError) {
        try write { db in try Self.putSyncStatus(status, in: db) }
    }

    private static func putSyncStatus(_ status: SyncStatus, in db: Database) throws {
        try Preference.syncLastAt.set(String(StoredTime.secondsRoundedDown(status.at)), db)
        try Preference.syncLastError.set(status.error, db)
    }

    /// The calendar home found from `url` by the last discovery, if the
    /// url is still the same.
    public func syncHome(from url: String) throws(StorageError) -> String? {
        try read { db in
            guard let stored = try Preference.syncHome.value(db) else { return nil }
            let parts = stored.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 && parts[0] == url ? parts[1] : nil
        }
    }

    /// Remembers the calendar home found from `url` (sync bookkeeping, like
    /// the pushes: no list or item changes).
    public func recordSyncHome(_ home: String, from url: String) throws(StorageError) {
        try write { db in try Preference.syncHome.set(url + "\n" + home, db) }
    }

    /// What waits to be sent: the same tests a sync makes (an item without
    /// a sync state or whose `modifiedAt` moved since, a state whose item is
    /// gone, a list without a calendar), in one read.
    public func unsyncedChanges() throws(StorageError) -> UnsyncedChanges {
        try read { db in
            let changed = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS count, TOTAL(item.modifiedAt) AS stamp FROM item LEFT JOIN syncItem ON syncItem.uid = item.uid
                WHERE syncItem.uid IS NULL OR syncItem.syncedModifiedAt IS NOT item.modifiedAt
                """)
            let deleted = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM syncItem WHERE NOT EXISTS (SELECT 1 FROM item WHERE item.uid = syncItem.uid)
                """) ?? 0
            let lists = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM checklist WHERE NOT EXISTS (SELECT 1 FROM syncCalendar WHERE syncCalendar.checklistID = checklist.id)
                """) ?? 0
            return UnsyncedChanges(changedItems: changed?["count"] ?? 0, changedStamp: Int64((changed?["stamp"] as Double?) ?? 0),
                                   deletedItems: deleted, listsWithoutCalendar: lists)
        }
    }

    private static func putState(_ state: ItemSyncState, calendarURL: String, in db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO syncItem (uid, calendarURL, href, etag, base, syncedModifiedAt) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [state.uid, calendarURL, state.href, state.etag, state.base, state.syncedModifiedAt.map(StoredTime.wholeSeconds)])
    }

    /// The columns a synced to-do sets, with their values (`position`
    /// only when it takes a new place in the list), `uid` last.
    private static func syncedItemValues(_ write: SyncCommit.ItemWrite, checklistID: Int64, position: Int64?)
        -> [(String, (any DatabaseValueConvertible)?)] {
        let fields = write.fields
        let dueAt = fields.dueDate.map(StoredTime.wholeMinutes)
        let rule = dueAt == nil ? nil : fields.recurrence
        // Reminders before a due date need one; one at its own time does not.
        let reminders = fields.reminders.filter { dueAt != nil || $0.fireDate(dueDate: nil) != nil }
        let repeatStart: Int64? = rule == nil ? nil : (fields.repeatStart ?? fields.dueDate).map(StoredTime.wholeMinutes)
        let completedAt: Int64? = fields.isChecked ? StoredTime.wholeSeconds(write.completedAt ?? write.modifiedAt) : nil
        // Typed up front: inferring the element type of this literal and
        // the two joined to it took the type checker most of a second.
        var values: [(String, (any DatabaseValueConvertible)?)] = [
            ("checklistID", checklistID), ("text", fields.text), ("isChecked", fields.isChecked), ("dueAt", dueAt),
            ("shouldRemind", reminders.contains(.atDue)), ("reminders", ReminderTime.storedList(reminders)), ("repeatRule", rule?.rrule),
            ("repeatStart", repeatStart),
            ("calendarObject", write.object), ("modifiedAt", StoredTime.wholeSeconds(write.modifiedAt)),
            ("completedAt", completedAt),
            ("note", fields.note), ("priority", fields.priority.rawValue), ("tags", Tags.stored(fields.tags)),
            ("startAt", fields.startDate.map(StoredTime.wholeMinutes)),
        ]
        if let position { values.append(("position", position)) }
        values.append(("uid", fields.uid))
        return values
    }
}
