import Foundation
import GRDB

/// A filter kept under a name (table `smartList`, v25).
public struct SmartList: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    /// The filter as typed, in `ItemFilter`'s syntax.
    public var filter: String

    public init(id: Int64, name: String, filter: String) {
        self.id = id
        self.name = name
        self.filter = filter
    }
}

/// A smart list with its count as of a reload: nil when its filter no
/// longer reads or names a list that is gone (the row says so).
public struct SmartListCount: Hashable, Sendable {
    public var smartList: SmartList
    public var count: Int?

    public init(smartList: SmartList, count: Int?) {
        self.smartList = smartList
        self.count = count
    }
}

/// Smart lists: kept, renamed, deleted as recorded changes (so `u` undoes
/// them, and another process's change reloads the screens), read by name.
extension ChecklistsDatabase {
    /// Every smart list, by name as people sort.
    public func smartLists() throws(StorageError) -> [SmartList] {
        try read { db in try Self.smartLists(db) }
    }

    static func smartLists(_ db: Database) throws -> [SmartList] {
        try Row.all(db.cachedStatement(sql: "SELECT id, name, filter FROM smartList ORDER BY name COLLATE natural_order, id")).map {
            SmartList(id: $0[0], name: $0[1], filter: $0[2])
        }
    }

    /// Every smart list with how many items its filter matches at `now`:
    /// one count per smart list, in one read.
    public func smartListCounts(now: Date, calendar: Calendar) throws(StorageError) -> [SmartListCount] {
        try read { db in
            try Self.smartLists(db).map { smart in
                guard let filter = try? ItemFilter.parse(smart.filter) else { return SmartListCount(smartList: smart, count: nil) }
                return SmartListCount(smartList: smart, count: try Self.filteredCount(filter, now: now, calendar: calendar, db))
            }
        }
    }

    /// The smart list called `name`: exactly, else ignoring case and
    /// surrounding spaces; nil for none.
    public func smartList(named name: String) throws(StorageError) -> SmartList? {
        let all = try smartLists()
        if let exact = all.first(where: { $0.name == name }) { return exact }
        let folded = TextRules.trimmed(name).lowercased()
        return all.first { TextRules.trimmed($0.name).lowercased() == folded }
    }

    /// Keeps `filter` under `name`: a new smart list (`id` nil) or the one
    /// `id` changed. Refused: a blank name, a name another smart list has
    /// (without case: `--filter NAME` must find one), a filter that does not read.
    @discardableResult
    public func saveSmartList(id: Int64?, name: String, filter: String, now: Date) throws(StorageError) -> SmartList {
        let name = TextRules.trimmed(name)
        let filter = TextRules.trimmed(filter)
        guard !name.isEmpty else { throw .emptyText(what: "smart list's name") }
        if TextRules.containsNUL(name) || TextRules.containsNUL(filter) { throw .nulInText(what: "smart list") }
        do {
            _ = try ItemFilter.parse(filter)
        } catch {
            throw .badSmartList(reason: "The filter does not read: \(error.description).")
        }
        let description = id == nil ? "keep smart list \(Self.quoted(name))" : "edit smart list \(Self.quoted(name))"
        return try recordedWrite(now: now, description: { _ in description }) { db in
            let others = try Self.smartLists(db).filter { $0.id != id }
            if let taken = others.first(where: { $0.name.lowercased() == name.lowercased() }) {
                throw StorageError.badSmartList(reason: "A smart list is already called “\(taken.name)”; choose another name.")
            }
            if let id {
                try db.execute(sql: "UPDATE smartList SET name = ?, filter = ? WHERE id = ?", arguments: [name, filter, id])
                guard db.changesCount > 0 else { throw StorageError.notFound(what: "the smart list") }
                return SmartList(id: id, name: name, filter: filter)
            }
            try db.execute(sql: "INSERT INTO smartList (name, filter, position) VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM smartList))",
                           arguments: [name, filter])
            return SmartList(id: db.lastInsertedRowID, name: name, filter: filter)
        }
    }

    /// Deletes smart list `id` (its filter; no item changes).
    public func deleteSmartList(id: Int64, now: Date) throws(StorageError) {
        let name = try read { db in try String.fetchOne(db, sql: "SELECT name FROM smartList WHERE id = ?", arguments: [id]) }
        guard let name else { throw .notFound(what: "the smart list") }
        try recordedWrite(now: now, description: { _ in "delete smart list \(Self.quoted(name))" }) { db in
            try db.execute(sql: "DELETE FROM smartList WHERE id = ?", arguments: [id])
        }
    }
}
