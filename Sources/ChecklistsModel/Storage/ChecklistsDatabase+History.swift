import Foundation
import GRDB
import CSQLiteConfig
import GRDBSQLite

// MARK: - The history as values

/// Who made a change: what an undo says it came from.
public enum HistoryOrigin: String, Hashable, Sendable, CaseIterable {
    case app = "app"
    case commandLine = "command line"
    case sync = "sync"
    case notifier = "notifier"

    /// "where from" in a sentence: "made in the app", "made by a sync".
    public var phrase: String {
        switch self {
        case .app: "in the app"
        case .commandLine: "from the command line"
        case .sync: "by a sync with the server"
        case .notifier: "from a reminder notification"
        }
    }
}

/// Undo goes back one change, redo forward again.
public enum HistoryDirection: Hashable, Sendable {
    case undo, redo

    /// "Undone" / "Redone", for the status line and the command line.
    public var pastTense: String { self == .undo ? "Undone" : "Redone" }
    /// "undo" / "redo".
    public var verb: String { self == .undo ? "undo" : "redo" }
}

/// One change in the history.
public struct HistoryEntry: Hashable, Sendable {
    public var id: Int64
    /// What the change did, in the user's words: `delete list “Groceries”, 12 items`.
    public var description: String
    public var origin: HistoryOrigin
    public var processID: Int32
    public var madeAt: Date
    /// Undone, and so on the redo branch.
    public var isUndone: Bool
    /// Made by this process, or by an earlier run of the same kind of
    /// process that has ended (the app before a restart): undone without
    /// asking. Anything else (another window, the command line, a sync)
    /// is from elsewhere, and the app asks first.
    public var isOwn: Bool

    public init(id: Int64, description: String, origin: HistoryOrigin, processID: Int32, madeAt: Date, isUndone: Bool, isOwn: Bool) {
        self.id = id
        self.description = description
        self.origin = origin
        self.processID = processID
        self.madeAt = madeAt
        self.isUndone = isUndone
        self.isOwn = isOwn
    }
}

/// What one undo or redo did.
public enum HistoryStep: Hashable, Sendable {
    /// The history holds nothing to undo (or redo).
    case nothing(HistoryDirection)
    /// The change was made elsewhere: nothing done yet; ask the user, then
    /// step again with this entry confirmed.
    case confirm(HistoryDirection, HistoryEntry)
    case applied(HistoryDirection, HistoryEntry)
    /// Not done, nothing changed: `reason` says why (a later change to the
    /// same rows that the history does not hold).
    case refused(HistoryDirection, HistoryEntry, reason: String)
}

// MARK: - Undo, redo and the list

/// Undo and redo: one history per database, in the database. Every
/// recorded change writes its entry and the images of the rows it touched
/// in its own transaction (`recordedWrite`); an undo writes the "before"
/// images back, a redo the "after" ones, each only while the rows are still
/// as that change left them.
extension ChecklistsDatabase {
    /// At least this many changes are kept; older ones are trimmed.
    public static let historyLimit = 1_000

    /// The history, newest first.
    public func history(limit: Int = historyLimit) throws(StorageError) -> [HistoryEntry] {
        try read { db in
            try Row.all(db, sql: "SELECT * FROM history_entry ORDER BY id DESC LIMIT ?", arguments: [limit]).map(entry)
        }
    }

    /// Undoes the newest change still done, or redoes the change undone
    /// last, in one transaction. `askAboutElsewhere`: a change made
    /// elsewhere is not done but returned as `.confirm`, until it comes
    /// back as `confirmed` (the app's y/n); the command line passes false.
    public func step(_ direction: HistoryDirection, now: Date, askAboutElsewhere: Bool = false,
                     confirmed: Int64? = nil) throws(StorageError) -> HistoryStep {
        try write { db in
            let sql = direction == .undo
                ? "SELECT * FROM history_entry WHERE state = 'done' ORDER BY id DESC LIMIT 1"
                : "SELECT * FROM history_entry WHERE state = 'undone' ORDER BY id ASC LIMIT 1"
            guard let row = try Row.fetchOne(db, sql: sql) else { return .nothing(direction) }
            let found = entry(row)
            // A confirmation is for one entry: if another took its place
            // meanwhile, that one is asked about in turn.
            if (askAboutElsewhere && !found.isOwn && confirmed != found.id) || (confirmed != nil && confirmed != found.id) {
                return .confirm(direction, found)
            }
            if let reason = try HistoryReplay.replay(entryID: found.id, direction, in: db, now: now) {
                return .refused(direction, found, reason: reason)
            }
            try db.execute(sql: "UPDATE history_entry SET state = ? WHERE id = ?",
                           arguments: [direction == .undo ? "undone" : "done", found.id])
            return .applied(direction, found)
        }
    }

    private func entry(_ row: Row) -> HistoryEntry {
        let origin = HistoryOrigin(rawValue: row["origin"]) ?? .commandLine
        let pid: Int32 = row["processID"]
        return HistoryEntry(id: row["id"], description: row["description"], origin: origin, processID: pid,
                            madeAt: StoredTime.date(row["madeAt"]), isUndone: (row["state"] as String) == "undone",
                            isOwn: origin == self.origin && (pid == getpid() || !Self.processRuns(pid)))
    }

    /// Whether a process with this id runs (or exists under another user).
    private static func processRuns(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// One write transaction that records what it changes in the user's
    /// content as one history entry, described by `description` (read
    /// before the change; nil: said from the rows afterwards). A change
    /// that touched no content (which list is open) leaves no entry. A
    /// recorded change clears the redo branch and trims the history.
    func recordedWrite<T>(origin: HistoryOrigin? = nil, now: Date, description: (Database) throws -> String?,
                          _ body: (Database) throws -> T) throws(StorageError) -> T {
        let origin = origin ?? self.origin
        return try write { db in
            let said = try description(db)
            try db.execute(sql: "INSERT INTO history_entry (description, origin, processID, madeAt) VALUES (?, ?, ?, ?)",
                           arguments: [said ?? "", origin.rawValue, getpid(), StoredTime.wholeSeconds(now)])
            let entryID = db.lastInsertedRowID
            let capture = try HistoryCapture.Running(db)
            let result: T
            do {
                result = try body(db)
            } catch {
                capture.discard()
                throw error
            }
            try capture.finish(entryID: entryID)
            try HistoryCapture.close(entryID: entryID, describedAlready: said != nil, origin: origin, in: db)
            return result
        }
    }

    /// Forgets the whole history (an import that replaced everything: the
    /// rows it described are gone).
    static func clearHistory(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM history_entry")
    }
}

// MARK: - Describing a change

extension ChecklistsDatabase {
    /// What `change` will do, read before it is done, in the words the
    /// status line shows after "Undone: ". Nil for a change this does not
    /// know: the rows it touched say it afterwards.
    static func historyDescription(of change: Change, in db: Database) throws -> String? {
        func itemText(_ id: Int64) throws -> String {
            quoted(try String.fetchOne(db, sql: "SELECT text FROM item WHERE id = ?", arguments: [id]) ?? "item \(id)")
        }
        func listName(_ id: Int64) throws -> String {
            quoted(try String.fetchOne(db, sql: "SELECT name FROM checklist WHERE id = ?", arguments: [id]) ?? "list \(id)")
        }
        if case let .addChecklist(name, _) = change { return "add list \(quoted(name))" }
        if case let .updateChecklist(id, name, _) = change {
            let old = try listName(id)
            return old == quoted(name) ? "edit list \(old)" : "rename list \(old) to \(quoted(name))"
        }
        if case let .deleteChecklist(id) = change {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE checklistID = ?", arguments: [id]) ?? 0
            return "delete list \(try listName(id))" + (count == 0 ? "" : ", \(count) item\(count == 1 ? "" : "s")")
        }
        if case let .addItem(_, draft) = change { return "add \(quoted(draft.text))" }
        if case let .updateItem(id, _) = change { return "edit \(try itemText(id))" }
        if case let .editItem(id, _, _) = change { return "edit \(try itemText(id))" }
        if case let .setChecked(id, checked) = change { return "\(checked ? "check" : "uncheck") \(try itemText(id))" }
        if case let .deleteItem(id) = change {
            let below = try familyIDs(of: id, in: db).count - 1
            return "delete \(try itemText(id))" + (below > 0 ? " and its \(below) sub-item\(below == 1 ? "" : "s")" : "")
        }
        if case let .snooze(id, _, _) = change { return "snooze \(try itemText(id))" }
        if case let .setSortOrder(id, order) = change { return "sort \(try listName(id)) \(order.displayName)" }
        if case let .setHidesChecked(id, hides) = change { return "\(hides ? "hide" : "show") checked items of \(try listName(id))" }
        if case let .setHidesNotStarted(id, hides) = change { return "\(hides ? "hide" : "show") items not started of \(try listName(id))" }
        if case let .moveItem(id, target) = change { return "move \(try itemText(id)) to \(try listName(target))" }
        if case let .swapPositions(id, _) = change { return "reorder \(try itemText(id))" }
        if case let .setPriority(id, priority) = change { return "priority \(priority.name) for \(try itemText(id))" }
        if case let .addSubItem(parentID, draft) = change { return "add \(quoted(draft.text)) under \(try itemText(parentID))" }
        if case let .setParent(id, parentID) = change {
            return try parentID.map { "put \(try itemText(id)) under \(try itemText($0))" } ?? "move \(try itemText(id)) to the top level"
        }
        if case let .setCollapsed(id, collapsed) = change { return "\(collapsed ? "fold" : "unfold") \(try itemText(id))" }
        if case let .checkFamily(id) = change { return "check \(try itemText(id)) and its sub-items" }
        if case let .showItem(id) = change { return "show \(try itemText(id)) in its list" }
        if case let .moveList(id, _) = change { return "reorder list \(try listName(id))" }
        if case let .setListOrder(order) = change { return "sort the lists \(order.displayName)" }
        if case let .putCalendarItems(name, items) = change {
            return "import \(items.count) item\(items.count == 1 ? "" : "s") into \(quoted(name))"
        }
        return nil
    }

    /// Text in curly quotes, cut so that a status line still shows the rest.
    static func quoted(_ text: String) -> String {
        "“" + TextWidth.truncated(TextWidth.sanitized(text), toColumns: 32) + "”"
    }
}
