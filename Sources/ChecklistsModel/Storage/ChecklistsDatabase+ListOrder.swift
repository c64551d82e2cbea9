import Foundation
import GRDB

/// The lists' order: by name the way people sort, or as the user set it by
/// hand (`checklist.listPosition`, which a trigger gives a new list as the
/// last place). Which one is in force is `setting.listsByHand`, a row the
/// history captures, so `s` and J/K on All Lists are undone as any change.
extension ChecklistsDatabase {
    // MARK: - Reading

    /// The lists in the order in force, and which order that is: what All
    /// Lists shows and `checklists lists` prints.
    public func listsInOrder() throws(StorageError) -> (order: ListOrder, lists: [ChecklistSummary]) {
        try read { db in
            let order = try Self.listOrder(db)
            return (order, try Self.lists(in: order, db))
        }
    }

    /// Which order is in force.
    public func listOrder() throws(StorageError) -> ListOrder {
        try read { db in try Self.listOrder(db) }
    }

    static func listOrder(_ db: Database) throws -> ListOrder {
        try Bool.fetchOne(db, sql: "SELECT listsByHand FROM setting WHERE id = 1") == true ? .byHand : .byName
    }

    /// Every list in `order`. Two lists at one place (an undo put a list
    /// back where another has gone since) follow their names.
    static func lists(in order: ListOrder, _ db: Database) throws -> [ChecklistSummary] {
        let byName = NaturalOrder.sorted(try ChecklistRecord.all(in: db).map(\.summary)) { $0.checklist.name }
        guard order == .byHand else { return byName }
        var place: [Int64: Int64] = [:]
        for row in try Row.all(db, sql: "SELECT id, listPosition FROM checklist") {
            place[row[0]] = row[1] as Int64? ?? .max
        }
        return byName.enumerated()
            .sorted { (place[$0.element.id] ?? .max, $0.offset) < (place[$1.element.id] ?? .max, $1.offset) }
            .map(\.element)
    }

    // MARK: - Changing

    /// J/K: the list swaps places with its neighbour in the order on
    /// screen. In name order that order becomes the hand order, put in
    /// force, so only this list moves. Every list is numbered afresh from
    /// 1 (only the rows whose place changed are written, and so undone), so
    /// a deleted list leaves no gap and two lists never share a place. At
    /// either end nothing changes, not even the order in force.
    static func moveList(id: Int64, down: Bool, in db: Database) throws -> ChangeOutcome {
        let order = try listOrder(db)
        var ids = try lists(in: order, db).map(\.id)
        guard let index = ids.firstIndex(of: id) else { throw StorageError.notFound(what: "the list") }
        let other = index + (down ? 1 : -1)
        guard ids.indices.contains(other) else { return .checklist(id) }
        ids.swapAt(index, other)
        let number = try db.cachedStatement(sql: "UPDATE checklist SET listPosition = ? WHERE id = ? AND listPosition IS NOT ?")
        for (place, list) in ids.enumerated() {
            try number.execute(arguments: [place + 1, list, place + 1])
        }
        if order == .byName { try setListOrder(.byHand, in: db) }
        return .checklist(id)
    }

    /// `s`: which order is in force; the hand order stays as it is.
    static func setListOrder(_ order: ListOrder, in db: Database) throws {
        try db.execute(sql: "UPDATE setting SET listsByHand = ? WHERE id = 1", arguments: [order == .byHand])
    }
}
