import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// A list with sub-items is read two ways: near its ends by walking the
/// families there (opening it, End), and further in on the layout of every
/// family. Both must show the rows a plain walk of the tree shows: each
/// top-level item in the list's order, its shown family below it depth
/// first, a folded or hidden item's family left out. Random families on a
/// real file, in every sort, with and without the filters.
@Suite("Storage: family reads agree with the tree")
struct FamilyReadsAgreeTests {
    let folder = TemporaryFolder()

    /// SplitMix64: the same families for a seed on every machine.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// 90 items: a third at the top level, the rest under a random earlier
    /// one (four levels at most); some dated, prioritised, starting later,
    /// checked off alone, folded.
    func randomList(seed: UInt64) throws -> (ChecklistsDatabase, Int64, [Int64]) {
        var random = Seeded(state: seed)
        let database = try ChecklistsDatabase.temporary(in: folder, name: "seed-\(seed).sqlite")
        let list = try database.checklistSummaries()[0].id
        var ids: [Int64] = [], depth: [Int64: Int] = [:]
        for number in 0..<90 {
            // Texts that sort apart from the order they were added in.
            var draft = ItemDraft(text: "item \((number * 37) % 90)", dueDate: Bool.random(using: &random)
                                  ? Fixed.now.addingTimeInterval(Double(Int.random(in: -5...20, using: &random)) * 86_400) : nil)
            draft.priority = Priority(rawValue: Int.random(in: 0...3, using: &random))!
            if Int.random(in: 0..<6, using: &random) == 0, let due = draft.dueDate {
                draft.startDate = due.addingTimeInterval(-Double(Int.random(in: 1...3, using: &random)) * 86_400)
            }
            let parent = ids.isEmpty || Int.random(in: 0..<3, using: &random) == 0 ? nil : ids.randomElement(using: &random)
            let change: Change = parent.flatMap { depth[$0]! < 3 ? .addSubItem(parentID: $0, draft) : nil } ?? .addItem(checklistID: list, draft)
            guard case let .item(id) = try database.apply(change, now: Fixed.now) else { throw StorageError.notFound(what: "item") }
            if case let .addSubItem(parentID, _) = change { depth[id] = depth[parentID]! + 1 } else { depth[id] = 0 }
            ids.append(id)
        }
        for id in ids where Int.random(in: 0..<4, using: &random) == 0 {
            _ = try database.apply(.setChecked(itemID: id, true), now: Fixed.now)
        }
        for id in ids where Int.random(in: 0..<8, using: &random) == 0 {
            _ = try database.apply(.setCollapsed(itemID: id, true), now: Fixed.now)
        }
        // Every other seed, a sub-item whose parent is gone, as an undo or
        // another process can leave one: the rows leave it (and its family)
        // out, whichever way they are read.
        if seed % 2 == 1, let orphan = ids.last(where: { depth[$0]! > 0 }) {
            try database.write { db in try db.execute(sql: "UPDATE item SET parentID = 999999 WHERE id = ?", arguments: [orphan]) }
        }
        return (database, list, ids)
    }

    /// The rows as a plain walk of the tree shows them: "  id 1/2" for a
    /// sub-item at depth 1 with two sub-items, one checked.
    func expectedRows(_ items: [Item], order: ItemSortOrder, hidingChecked: Bool, notStartedAt now: Date?) -> [String] {
        func shows(_ item: Item) -> Bool {
            if hidingChecked && item.isChecked { return false }
            if let now, !item.isChecked, let start = item.startDate, start > now { return false }
            return true
        }
        func key(_ item: Item) -> [Int64] {
            let due = item.dueDate.map { Int64($0.timeIntervalSince1970) } ?? Int64.max
            switch order {
            case .dueDate: return [due, item.id]
            case .added: return [item.position, item.id]
            case .priority: return [-Int64(item.priority.rawValue), due, item.id]
            case .text: return [item.id]
            }
        }
        func before(_ a: Item, _ b: Item) -> Bool {
            if order == .text, NaturalOrder.compare(a.text, b.text) != .orderedSame {
                return NaturalOrder.compare(a.text, b.text) == .orderedAscending
            }
            return key(a).lexicographicallyPrecedes(key(b))
        }
        let children = Dictionary(grouping: items.filter { $0.parentID != nil }, by: { $0.parentID! }).mapValues { $0.sorted(by: before) }
        var rows: [String] = []
        func emit(_ item: Item, depth: Int) {
            let subItems = children[item.id] ?? []
            let progress = subItems.isEmpty ? "" : " \(subItems.filter(\.isChecked).count)/\(subItems.count)"
            rows.append(String(repeating: "  ", count: depth) + "\(item.id)" + progress)
            guard !item.isCollapsed else { return }
            for child in subItems where shows(child) { emit(child, depth: depth + 1) }
        }
        for root in items.filter({ $0.parentID == nil && shows($0) }).sorted(by: before) {
            emit(root, depth: 0)
        }
        return rows
    }

    func pageRows(_ page: ItemsPage) -> [String] {
        page.items.enumerated().map { index, item in
            let place = page.place(at: page.offset + index)
            return String(repeating: "  ", count: place.depth) + "\(item.id)"
                + (place.isParent ? " \(place.checkedSubItemCount)/\(place.subItemCount)" : "")
        }
    }

    @Test("pages, counts and indexes: the walk near the ends and the whole layout show the tree's rows", arguments: [1, 2, 3] as [UInt64])
    func readsAgree(seed: UInt64) throws {
        let (written, list, ids) = try randomList(seed: seed)
        let items = try ids.compactMap { id throws(StorageError) in try written.item(id: id) }
        let path = folder.file("seed-\(seed).sqlite")
        for order in [ItemSortOrder.dueDate, .added, .priority, .text] {
            for (hidingChecked, now) in [(false, nil), (true, nil), (true, Fixed.now), (false, Fixed.now)] as [(Bool, Date?)] {
                let expected = expectedRows(items, order: order, hidingChecked: hidingChecked, notStartedAt: now)
                let context = "seed \(seed), \(order), hiding checked \(hidingChecked), not started \(now != nil)"
                // A handle of its own keeps no layout: its reads walk, until
                // an index it cannot walk to reads the layout and keeps it.
                let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
                for pass in ["walking", "on the layout"] {
                    var rows: [String] = []
                    for offset in stride(from: 0, to: expected.count + 7, by: 7) {
                        let page = try database.itemsPage(checklistID: list, sortOrder: order, hidingChecked: hidingChecked,
                                                          hidingNotStartedAt: now, offset: offset, limit: 7)
                        expectEqual(page.totalCount, expected.count, "\(context), \(pass): total")
                        rows += pageRows(page)
                    }
                    expectEqual(rows, expected, "\(context), \(pass)")
                    // From the end too, as End reads it.
                    let last = try database.itemsPage(checklistID: list, sortOrder: order, hidingChecked: hidingChecked, hidingNotStartedAt: now,
                                                      offset: max(0, expected.count - 5), limit: 5)
                    expectEqual(pageRows(last), Array(expected.suffix(5)), "\(context), \(pass): the last page")
                    for (index, row) in expected.enumerated() {
                        let id = Int64(row.split(separator: " ").first!)!
                        let found = try database.index(ofItem: id, sortOrder: order, hidingChecked: hidingChecked, hidingNotStartedAt: now)
                        expectEqual(found, index, "\(context), \(pass): the index of \(id)")
                    }
                    // An item not shown has no row to walk to: its index
                    // reads the layout, which the second pass then uses.
                    let shown = Set(expected.map { Int64($0.split(separator: " ").first!)! })
                    if let hidden = ids.first(where: { !shown.contains($0) }) {
                        _ = try database.index(ofItem: hidden, sortOrder: order, hidingChecked: hidingChecked, hidingNotStartedAt: now)
                    }
                }
            }
        }
    }

    @Test("the sub-item counts follow adds, moves, deletes and undo")
    func subItemCounts() throws {
        let (database, list, ids) = try randomList(seed: 9)
        func counts() throws -> [Int64: Int] {
            try database.read { db in
                try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, subItemCount FROM item").map { ($0[0] as Int64, $0[1] as Int) })
            }
        }
        func truth() throws -> [Int64: Int] {
            try database.read { db in
                try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: """
                    SELECT id, (SELECT COUNT(*) FROM item AS sub WHERE sub.parentID = item.id) FROM item
                    """).map { ($0[0] as Int64, $0[1] as Int) })
            }
        }
        try expectEqual(counts(), truth())
        let items = try ids.compactMap { id throws(StorageError) in try database.item(id: id) }
        let parent = try #require(items.first { item in item.parentID == nil && items.filter { $0.parentID == item.id }.count > 1 }?.id)
        _ = try database.apply(.deleteItem(id: parent), now: Fixed.now)
        try expectEqual(counts(), truth())
        guard case .applied = try database.step(.undo, now: Fixed.now) else { Issue.record("not undone"); return }
        try expectEqual(counts(), truth())
        let moved = try #require(items.first { $0.parentID != nil }?.id)
        _ = try database.apply(.setParent(itemID: moved, parentID: nil), now: Fixed.now)
        try expectEqual(counts(), truth())
        _ = try database.apply(.addItem(checklistID: list, ItemDraft(text: "new", dueDate: nil)), now: Fixed.now)
        try expectEqual(counts(), truth())
    }

    @Test("a file from before the counts counts the sub-items it has, at every depth, and the first page of its list reads them")
    func migratedCounts() throws {
        let path = folder.file("v22.sqlite")
        let database = try migratedDatabase(at: path, upTo: "v22: parents other apps wrote") { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'Home');
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                INSERT INTO item (id, checklistID, text, uid, position) VALUES (1, 1, 'Trip', 'a', 1), (5, 1, 'Rent', 'e', 5);
                INSERT INTO item (id, checklistID, text, uid, parentID, position) VALUES
                    (2, 1, 'Pack', 'b', 1, 2), (3, 1, 'Socks', 'c', 2, 3), (4, 1, 'Hotel', 'd', 1, 4);
                """)
        }
        let counts = try database.read { db in try Int.fetchAll(db, sql: "SELECT subItemCount FROM item ORDER BY id") }
        expectEqual(counts, [2, 1, 0, 0, 0])
        let page = try database.itemsPage(checklistID: 1, sortOrder: .added, offset: 0, limit: 10)
        expectEqual(pageRows(page), ["1 0/2", "  2 0/1", "    3", "  4", "5"])
    }

    @Test("a walk kept between reads is walked again after a change to an item at the top level, made here or by another process")
    func keptWalkFollowsChanges() throws {
        let (database, list, ids) = try randomList(seed: 4)
        let path = folder.file("seed-4.sqlite")
        let other = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false))
        func rows() throws -> [String] {
            try pageRows(database.itemsPage(checklistID: list, sortOrder: .dueDate, hidingChecked: true, offset: 0, limit: 200))
        }
        func expected() throws -> [String] {
            let items = try ids.compactMap { id throws(StorageError) in try database.item(id: id) }
            return expectedRows(items, order: .dueDate, hidingChecked: true, notStartedAt: nil)
        }
        try expectEqual(rows(), expected())
        // Items at the top level without sub-items: no family changes, so
        // only the stamp tells the kept walk it is out of date.
        let items = try ids.compactMap { id throws(StorageError) in try database.item(id: id) }
        let loners = items.filter { item in item.parentID == nil && !item.isChecked && !items.contains { $0.parentID == item.id } }
        try #require(loners.count >= 2)
        _ = try database.apply(.setChecked(itemID: loners[0].id, true), now: Fixed.now)
        try expectEqual(rows(), expected())
        _ = try other.apply(.setChecked(itemID: loners[1].id, true), now: Fixed.now)
        try expectEqual(rows(), expected())
        #expect(!(try rows()).contains { $0.hasPrefix("\(loners[1].id)") })
    }

    @Test("a list deleted and brought back by undo never reads its families from a layout kept before, whatever its version")
    func layoutKeptBeforeAnUndoneDelete() throws {
        let database = try ChecklistsDatabase.temporary(in: folder, name: "undone-list.sqlite")
        guard case let .checklist(list) = try database.apply(.addChecklist(name: "Trip", icon: .none), now: Fixed.now),
              case let .item(pack) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Pack", dueDate: nil)), now: Fixed.now)
        else { Issue.record("not added"); return }
        // Socks starts tomorrow: hidden while items not started are, so
        // looking it up reads (and keeps) the whole layout.
        var socksDraft = ItemDraft(text: "Socks", dueDate: Fixed.now.addingTimeInterval(3 * 86_400))
        socksDraft.startDate = Fixed.now.addingTimeInterval(86_400)
        guard case let .item(socks) = try database.apply(.addSubItem(parentID: pack, socksDraft), now: Fixed.now) else {
            Issue.record("not added"); return
        }
        _ = try database.index(ofItem: socks, sortOrder: .added, hidingNotStartedAt: Fixed.now)
        // The family turned over, the list deleted and brought back: under
        // per-list versions counted from the row, the list came back at the
        // version the kept layout was read at, with Pack now under Socks.
        _ = try database.apply(.setParent(itemID: socks, parentID: nil), now: Fixed.now)
        _ = try database.apply(.setParent(itemID: pack, parentID: socks), now: Fixed.now)
        _ = try database.apply(.deleteChecklist(id: list), now: Fixed.now)
        guard case .applied = try database.step(.undo, now: Fixed.now) else { Issue.record("not undone"); return }
        let page = try database.itemsPage(checklistID: list, sortOrder: .added, offset: 0, limit: 10)
        expectEqual(pageRows(page), ["\(socks) 0/1", "  \(pack)"])
        try expectEqual(database.index(ofItem: pack, sortOrder: .added), 1)
    }
}
