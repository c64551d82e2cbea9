import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// Sub-items (v21) on a real file: families laid out in a list's pages
/// whatever the sort, counted and indexed the same way, and changed,
/// checked, moved, deleted and undone as a whole.
@Suite("Storage: sub-items")
struct SubItemsStorageTests {
    let folder = TemporaryFolder()

    /// A list: "Trip" (due 3rd) with "Book hotel" (due 5th) and "Pack"
    /// (undated), "Pack" with "Socks"; "Rent" (due 1st); "Zoo" (due 2nd).
    struct Trip {
        let database: ChecklistsDatabase
        let list: Int64
        var ids: [String: Int64] = [:]

        init(_ folder: TemporaryFolder) throws {
            database = try ChecklistsDatabase.temporary(in: folder)
            list = try database.checklistSummaries()[0].id
            func day(_ number: Int) -> Date { Fixed.date("2026-12-0\(number) 09:00") }
            ids["Trip"] = try add("Trip", due: day(3))
            ids["Rent"] = try add("Rent", due: day(1))
            ids["Book hotel"] = try add("Book hotel", due: day(5), under: ids["Trip"])
            ids["Pack"] = try add("Pack", due: nil, under: ids["Trip"])
            ids["Socks"] = try add("Socks", due: nil, under: ids["Pack"])
            ids["Zoo"] = try add("Zoo", due: day(2))
        }

        func add(_ text: String, due: Date?, under parent: Int64? = nil) throws -> Int64 {
            let draft = ItemDraft(text: text, dueDate: due)
            let change: Change = parent.map { .addSubItem(parentID: $0, draft) } ?? .addItem(checklistID: list, draft)
            guard case let .item(id) = try database.apply(change, now: Fixed.now) else { throw StorageError.notFound(what: text) }
            return id
        }

        func page(_ order: ItemSortOrder, hidingChecked: Bool = false, offset: Int = 0, limit: Int = 20) throws -> [String] {
            let page = try database.itemsPage(checklistID: list, sortOrder: order, hidingChecked: hidingChecked, offset: offset, limit: limit)
            // A flat list's page has no places: every row is at the top level.
            return page.items.enumerated().map { index, item in
                let place = page.place(at: page.offset + index)
                return String(repeating: "  ", count: place.depth) + item.text
                    + (place.isParent ? " \(place.checkedSubItemCount)/\(place.subItemCount)" : "")
            }
        }
    }

    @Test("a family stays together under every sort, siblings in the list's order; pages and indexes agree")
    func familiesInEverySort() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        try expectEqual(trip.page(.dueDate), ["Rent", "Zoo", "Trip 0/2", "  Book hotel", "  Pack 0/1", "    Socks"])
        try expectEqual(trip.page(.added), ["Trip 0/2", "  Book hotel", "  Pack 0/1", "    Socks", "Rent", "Zoo"])
        try expectEqual(trip.page(.text), ["Rent", "Trip 0/2", "  Book hotel", "  Pack 0/1", "    Socks", "Zoo"])
        try expectEqual(trip.database.itemsPage(checklistID: trip.list, sortOrder: .dueDate, offset: 0, limit: 1).totalCount, 6)
        for order in ItemSortOrder.allCases {
            let rows = try trip.page(order).map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " ").first! }
            // Every page of two rows, read forwards and (past the middle) backwards, is the same slice.
            for offset in 0..<6 {
                let slice = try trip.page(order, offset: offset, limit: 2).map { $0.trimmingCharacters(in: .whitespaces) }
                expectEqual(slice.map { $0.components(separatedBy: " ").first! }, Array(rows[offset..<min(6, offset + 2)]), "\(order) at \(offset)")
            }
            for (index, text) in rows.enumerated() {
                let id = try #require(trip.ids[text == "Book" ? "Book hotel" : text])
                try expectEqual(trip.database.index(ofItem: id, sortOrder: order), index, "\(order): \(text)")
            }
        }
    }

    @Test("a folded parent hides its family from the page, the count and the index; c hides a checked family")
    func foldedAndHidden() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        try trip.database.apply(.setCollapsed(itemID: trip.ids["Pack"]!, true), now: Fixed.now)
        try expectEqual(trip.page(.added), ["Trip 0/2", "  Book hotel", "  Pack 0/1", "Rent", "Zoo"])
        try expectEqual(trip.database.itemsPage(checklistID: trip.list, sortOrder: .added, offset: 0, limit: 1).totalCount, 5)
        try expectEqual(trip.database.index(ofItem: trip.ids["Rent"]!, sortOrder: .added), 3)
        // Socks is folded away: it stands where it would be, after Pack.
        try expectEqual(trip.database.index(ofItem: trip.ids["Socks"]!, sortOrder: .added), 3)
        try expectEqual(trip.database.item(id: trip.ids["Pack"]!)?.isCollapsed, true)

        try trip.database.apply(.setChecked(itemID: trip.ids["Book hotel"]!, true), now: Fixed.now)
        try expectEqual(trip.page(.added, hidingChecked: true), ["Trip 1/2", "  Pack 0/1", "Rent", "Zoo"])
        try trip.database.apply(.setChecked(itemID: trip.ids["Trip"]!, true), now: Fixed.now)
        try expectEqual(trip.page(.added, hidingChecked: true), ["Rent", "Zoo"])
        try expectEqual(trip.database.itemsPage(checklistID: trip.list, sortOrder: .added, hidingChecked: true, offset: 0, limit: 9).totalCount, 2)
        try expectEqual(trip.database.index(ofItem: trip.ids["Zoo"]!, sortOrder: .added, hidingChecked: true), 1)
    }

    @Test("checking a sub-item leaves its parent; reopening one reopens its checked parents; checking a family checks it all")
    func checking() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        let database = trip.database
        for name in ["Book hotel", "Socks"] { try database.apply(.setChecked(itemID: trip.ids[name]!, true), now: Fixed.now) }
        try expectEqual(database.item(id: trip.ids["Pack"]!)?.isChecked, false, "the last open sub-item checked leaves its parent open")
        try database.apply(.setChecked(itemID: trip.ids["Pack"]!, true), now: Fixed.now)
        try database.apply(.setChecked(itemID: trip.ids["Trip"]!, true), now: Fixed.now)
        try database.apply(.setChecked(itemID: trip.ids["Socks"]!, false), now: Fixed.now)
        #expect(try ["Socks", "Pack", "Trip", "Book hotel"].map { try database.item(id: trip.ids[$0]!)?.isChecked } == [false, false, false, true])
        // One undo takes back the reopening of all three.
        guard case .applied = try database.step(.undo, now: Fixed.now) else { Issue.record("not undone"); return }
        #expect(try ["Socks", "Pack", "Trip"].map { try database.item(id: trip.ids[$0]!)?.isChecked } == [true, true, true])

        try database.apply(.setChecked(itemID: trip.ids["Trip"]!, false), now: Fixed.now)
        try database.apply(.setChecked(itemID: trip.ids["Pack"]!, false), now: Fixed.now)
        try database.apply(.checkFamily(itemID: trip.ids["Pack"]!), now: Fixed.now)
        #expect(try ["Pack", "Socks", "Trip"].map { try database.item(id: trip.ids[$0]!)?.isChecked } == [true, true, false])
    }

    @Test("deleting a parent deletes its family with their reminders, and one undo brings it all back")
    func deleteAndUndo() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        let database = trip.database
        let socks = trip.ids["Socks"]!
        try database.apply(.updateItem(id: socks, ItemDraft(text: "Socks", dueDate: Fixed.date("2026-12-04 09:00"), shouldRemind: true)),
                           now: Fixed.now)
        #expect(try database.reminderDate(ofItem: socks) != nil)
        try database.apply(.deleteItem(id: trip.ids["Trip"]!), now: Fixed.now)
        let left = try trip.page(.added)
        expectEqual(left, ["Rent", "Zoo"])
        #expect(try database.reminderDate(ofItem: socks) == nil)
        try expectEqual(database.checklistSummary(id: trip.list)?.itemCount, 2)
        guard case .applied = try database.step(.undo, now: Fixed.now) else { Issue.record("not undone"); return }
        try expectEqual(trip.page(.added), ["Trip 0/2", "  Book hotel", "  Pack 0/1", "    Socks", "Rent", "Zoo"])
        #expect(try database.reminderDate(ofItem: socks) != nil)
    }

    @Test("a family moves to another list together; a sub-item moved alone is at the top level there")
    func moving() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        let database = trip.database
        guard case let .checklist(other) = try database.apply(.addChecklist(name: "Holiday", icon: .none), now: Fixed.now) else { return }
        try database.apply(.moveItem(id: trip.ids["Pack"]!, toChecklistID: other), now: Fixed.now)
        try expectEqual(trip.page(.added), ["Trip 0/1", "  Book hotel", "Rent", "Zoo"])
        let moved = try database.itemsPage(checklistID: other, sortOrder: .added, offset: 0, limit: 9)
        #expect(moved.items.map(\.text) == ["Pack", "Socks"] && moved.places.map(\.depth) == [0, 1])
        try expectEqual(database.checklistSummary(id: other)?.itemCount, 2)
    }

    @Test("indent and outdent: a parent in another list, itself or its own sub-item is refused with a sentence, nothing changed")
    func settingParents() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        let database = trip.database
        try database.apply(.setParent(itemID: trip.ids["Zoo"]!, parentID: trip.ids["Rent"]!), now: Fixed.now)
        try expectEqual(trip.page(.added), ["Trip 0/2", "  Book hotel", "  Pack 0/1", "    Socks", "Rent 0/1", "  Zoo"])
        try database.apply(.setParent(itemID: trip.ids["Socks"]!, parentID: nil), now: Fixed.now)
        try expectEqual(trip.page(.dueDate), ["Rent 0/1", "  Zoo", "Trip 0/2", "  Book hotel", "  Pack", "Socks"])
        for parent in [trip.ids["Trip"]!, trip.ids["Pack"]!] {
            #expect(throws: StorageError.badParent(reason: "An item cannot be put under itself or one of its own sub-items.")) {
                try database.apply(.setParent(itemID: trip.ids["Trip"]!, parentID: parent), now: Fixed.now)
            }
        }
        guard case let .checklist(other) = try database.apply(.addChecklist(name: "Other", icon: .none), now: Fixed.now),
              case let .item(elsewhere) = try database.apply(.addItem(checklistID: other, ItemDraft(text: "Elsewhere", dueDate: nil)),
                                                             now: Fixed.now) else { return }
        #expect(throws: StorageError.self) { try database.apply(.setParent(itemID: trip.ids["Rent"]!, parentID: elsewhere), now: Fixed.now) }
        try expectEqual(trip.page(.dueDate), ["Rent 0/1", "  Zoo", "Trip 0/2", "  Book hotel", "  Pack", "Socks"])
    }

    @Test("a parent deleted elsewhere leaves its sub-items at the top level with the relation kept")
    func parentDeletedElsewhere() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        let database = trip.database
        let uid = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.item.id == trip.ids["Pack"]! }?.uid)
        // As a sync deletes it: the row alone, not the family.
        try database.writeWithoutHistoryForTesting("DELETE FROM item WHERE id = \(trip.ids["Pack"]!)")
        let socks = try #require(try database.item(id: trip.ids["Socks"]!))
        #expect(socks.parentID == nil && socks.unlinkedParentUID == uid)
        let rows = try trip.page(.added)
        expectEqual(rows, ["Trip 0/1", "  Book hotel", "Rent", "Socks", "Zoo"])
    }
}

extension SubItemsStorageTests {
    @Test("n and N step through a list's matches in the order its rows show, families under their top items")
    func matchesInRowOrder() throws {
        defer { folder.remove() }
        var trip = try Trip(folder)
        // "Pack" (undated) and "Pack passports" (due the 4th, at the top level)
        // would come in due order Trip's family last; the rows show Pack first.
        trip.ids["Pack passports"] = try trip.add("Pack passports", due: Fixed.date("2026-12-04 09:00"))
        let query = try #require(SearchQuery("pack"))
        var steps: [String] = []
        var current: Item?
        for _ in 0..<3 {
            let step = try #require(try trip.database.nextMatch(query, checklistID: trip.list, sortOrder: .dueDate, hidingChecked: false,
                                                                after: current, forward: true))
            current = try trip.database.item(id: step.itemID)
            steps.append("\(current?.text ?? "?") \(step.number)/\(step.total)\(step.wrapped ? " wrapped" : "")")
        }
        try expectEqual(trip.page(.dueDate), ["Rent", "Zoo", "Trip 0/2", "  Book hotel", "  Pack 0/1", "    Socks", "Pack passports"])
        expectEqual(steps, ["Pack 1/2", "Pack passports 2/2", "Pack 1/2 wrapped"])
        let back = try #require(try trip.database.nextMatch(query, checklistID: trip.list, sortOrder: .dueDate, hidingChecked: false,
                                                            after: current, forward: false))
        #expect(back.itemID == trip.ids["Pack passports"] && back.wrapped)
    }

    @Test("showing an item the list hides unfolds the parents over it and shows the checked or not-started items; one undo step, none when it shows already")
    func showItemReveals() throws {
        defer { folder.remove() }
        let trip = try Trip(folder)
        let database = trip.database
        let socks = try #require(trip.ids["Socks"]), pack = try #require(trip.ids["Pack"]), tripID = try #require(trip.ids["Trip"])
        try database.apply(.setChecked(itemID: socks, true), now: Fixed.now)
        try database.apply(.setCollapsed(itemID: pack, true), now: Fixed.now)
        try database.apply(.setCollapsed(itemID: tripID, true), now: Fixed.now)
        try database.apply(.setHidesChecked(checklistID: trip.list, true), now: Fixed.now)
        try expectEqual(trip.page(.added, hidingChecked: true), ["Trip 0/2", "Rent", "Zoo"])

        try database.apply(.showItem(id: socks), now: Fixed.now)
        try expectEqual(trip.page(.added), ["Trip 0/2", "  Book hotel", "  Pack 1/1", "    Socks", "Rent", "Zoo"])
        let summary = try #require(try database.checklistSummary(id: trip.list))
        #expect(!summary.checklist.hidesChecked)
        // Already shown: no change, and nothing to undo for it.
        try database.apply(.showItem(id: socks), now: Fixed.now)
        guard case let .applied(_, entry) = try database.step(.undo, now: Fixed.now) else { Issue.record("not undone"); return }
        expectEqual(entry.description, "show “Socks” in its list")
        try expectEqual(trip.page(.added, hidingChecked: true), ["Trip 0/2", "Rent", "Zoo"])

        // A start to come, in a list hiding those: shown too.
        let later = try trip.add("Renew passport", due: Fixed.date("2026-12-20 09:00"))
        var draft = try #require(try database.item(id: later)).draft
        draft.startDate = Fixed.date("2026-12-15 09:00")
        try database.apply(.updateItem(id: later, draft), now: Fixed.now)
        try database.apply(.setHidesNotStarted(checklistID: trip.list, true), now: Fixed.now)
        try database.apply(.showItem(id: later), now: Fixed.now)
        #expect(try database.checklistSummary(id: trip.list)?.checklist.hidesNotStarted == false)
    }
}
