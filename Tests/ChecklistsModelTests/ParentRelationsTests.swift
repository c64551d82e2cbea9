import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// RELATED-TO read into lists, on real SQLite files: a parent in the same
/// list links, in any order; one elsewhere, missing, or closing a cycle is
/// kept unlinked, and links when it can.
@Suite("Parents other apps name (RELATED-TO)")
struct ParentRelationsTests {
    let folder = TemporaryFolder()
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)

    private func open() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false), options: .init(busyTimeout: 1))
    }

    /// A to-do as another app writes it, with `lines` after its SUMMARY.
    private func todo(_ uid: String, _ lines: [String] = []) throws -> CalendarItem {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
                     "SUMMARY:Task \(uid)"] + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        return try #require(mapping.item(from: try ICalendarReader.parse(Array(text.utf8))[0]))
    }

    private func put(_ database: ChecklistsDatabase, _ list: String, _ items: [CalendarItem]) throws {
        try database.apply(.putCalendarItems(listName: list, items), now: Fixed.now)
    }

    /// Each item by UID: its parent's UID when linked ("=p"), the UID it
    /// keeps unlinked ("?p"), or "-" at the top level.
    private func relations(_ database: ChecklistsDatabase) throws -> [String: String] {
        let entries = try database.snapshot().lists.flatMap(\.items)
        let uids = Dictionary(uniqueKeysWithValues: entries.map { ($0.item.id, $0.uid) })
        return Dictionary(uniqueKeysWithValues: entries.map { entry in
            let item = entry.item
            let shown = item.parentID.map { "=" + (uids[$0] ?? "?") } ?? item.unlinkedParentUID.map { "?" + $0 } ?? "-"
            return (entry.uid, shown)
        })
    }

    @Test("a child before its parent in the same import links; a grandchild too; RELTYPE=PARENT in any case, or none")
    func childBeforeParent() throws {
        defer { folder.remove() }
        let database = try open()
        try put(database, "Home", [
            try todo("grandchild", ["RELATED-TO;RELTYPE=parent:child"]),
            try todo("child", ["RELATED-TO:parent"]),
            try todo("parent"),
        ])
        try expectEqual(relations(database), ["grandchild": "=child", "child": "=parent", "parent": "-"])
        // Every entry carries the UID RELATED-TO writes.
        let entries = try database.snapshot().lists.flatMap(\.items)
        expectEqual(entries.first { $0.uid == "grandchild" }?.parentUID, "child")
    }

    @Test("a parent missing, then arriving in a later import, links the child waiting for it; one arriving in another list does not")
    func parentArrivesLater() throws {
        defer { folder.remove() }
        let database = try open()
        try put(database, "Home", [try todo("child", ["RELATED-TO;RELTYPE=PARENT:parent"])])
        try expectEqual(relations(database), ["child": "?parent"])
        try put(database, "Work", [try todo("parent")])
        try expectEqual(relations(database), ["child": "?parent", "parent": "-"])
        // Moved into the child's list (an import naming it there).
        try put(database, "Home", [try todo("parent")])
        try expectEqual(relations(database), ["child": "=parent", "parent": "-"])
        // And out again: the child stays, unlinked, its relation kept.
        try put(database, "Work", [try todo("parent")])
        try expectEqual(relations(database), ["child": "?parent", "parent": "-"])
    }

    @Test("cycles of one, two and three are broken the same way whatever the order of the file; no parentID ever loops")
    func cycles() throws {
        defer { folder.remove() }
        let database = try open()
        let two = [try todo("a", ["RELATED-TO:b"]), try todo("b", ["RELATED-TO:a"])]
        let three = [try todo("x", ["RELATED-TO:z"]), try todo("y", ["RELATED-TO:x"]), try todo("z", ["RELATED-TO:y"])]
        try put(database, "One", [try todo("self", ["RELATED-TO;RELTYPE=PARENT:self"])])
        try put(database, "Two", two.reversed())
        try put(database, "Three", [three[1], three[2], three[0]])
        // The first by UID links; the one that would close the cycle keeps its relation unlinked.
        let expected = ["self": "?self", "a": "=b", "b": "?a", "x": "=z", "y": "=x", "z": "?y"]
        try expectEqual(relations(database), expected)
        // The same files in their own order give the same lists.
        try put(database, "Two", two)
        try put(database, "Three", three)
        try expectEqual(relations(database), expected)
    }

    @Test("a cycle broken by another write frees the item it kept waiting: a member moved to another list, or deleted by a sync")
    func cycleBrokenElsewhere() throws {
        defer { folder.remove() }
        let database = try open()
        let three = [try todo("x", ["RELATED-TO:z"]), try todo("y", ["RELATED-TO:x"]), try todo("z", ["RELATED-TO:y"])]
        try put(database, "Home", three)
        try expectEqual(relations(database), ["x": "=z", "y": "=x", "z": "?y"])
        // x goes to another list: y, left behind, waits for it there, and
        // nothing stands between z and y any more.
        try put(database, "Work", [three[0]])
        try expectEqual(relations(database), ["x": "?z", "y": "?x", "z": "=y"])
        // Back in one list, a cycle again, kept waiting at the same place.
        try put(database, "Home", three)
        try expectEqual(relations(database), ["x": "=z", "y": "=x", "z": "?y"])
        // Deleted as a sync deletes it: its child y waits for it, and the
        // next write that relates parents (a sync's commit, here an import
        // of nothing) links z to y.
        let x = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.uid == "x" }?.item.id)
        try database.writeWithoutHistoryForTesting("DELETE FROM item WHERE id = \(x)")
        try expectEqual(relations(database), ["y": "?x", "z": "?y"])
        try put(database, "Home", [])
        try expectEqual(relations(database), ["y": "?x", "z": "=y"])
    }

    @Test("a cycle broken by this app's own re-parenting frees the item it kept waiting at once, as an undo puts it back")
    func cycleBrokenHere() throws {
        defer { folder.remove() }
        let database = try open()
        try put(database, "Home", [try todo("x", ["RELATED-TO:z"]), try todo("y", ["RELATED-TO:x"]), try todo("z", ["RELATED-TO:y"])])
        try expectEqual(relations(database), ["x": "=z", "y": "=x", "z": "?y"])
        // y outdented to the top level: nothing stands between z and y.
        let y = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.uid == "y" }?.item.id)
        try database.apply(.setParent(itemID: y, parentID: nil), now: Fixed.now.addingTimeInterval(60))
        try expectEqual(relations(database), ["x": "=z", "y": "-", "z": "=y"])
        // One undo takes the outdent and the link it freed back together.
        guard case .applied = try database.step(.undo, now: Fixed.now.addingTimeInterval(120)) else { Issue.record("not undone"); return }
        try expectEqual(relations(database), ["x": "=z", "y": "=x", "z": "?y"])
    }

    @Test("a relation gone from the file takes the item to the top level; CHILD and SIBLING relations are not parents")
    func relationRemoved() throws {
        defer { folder.remove() }
        let database = try open()
        try put(database, "Home", [try todo("p"), try todo("c", ["RELATED-TO;RELTYPE=PARENT:p"])])
        try expectEqual(relations(database), ["p": "-", "c": "=p"])
        try put(database, "Home", [try todo("c", ["RELATED-TO;RELTYPE=SIBLING:p", "RELATED-TO;RELTYPE=CHILD:p"])])
        try expectEqual(relations(database), ["p": "-", "c": "-"])
        // What it keeps: both lines, as written.
        let kept = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.uid == "c" }?.calendarObject)
        #expect(kept.contains("RELATED-TO;RELTYPE=SIBLING:p\r\n") && kept.contains("RELATED-TO;RELTYPE=CHILD:p\r\n"))
    }

    @Test("a parent deleted by another app leaves its child unlinked; the parent coming back links it again")
    func parentDeletedThenBack() throws {
        defer { folder.remove() }
        let database = try open()
        try put(database, "Home", [try todo("p"), try todo("c", ["RELATED-TO:p"])])
        let parent = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.uid == "p" }?.item.id)
        // As a sync deletes it (not the family delete of this app).
        try database.writeWithoutHistoryForTesting("DELETE FROM item WHERE id = \(parent)")
        try expectEqual(relations(database), ["c": "?p"])
        try put(database, "Home", [try todo("p")])
        try expectEqual(relations(database), ["c": "=p", "p": "-"])
    }
}
