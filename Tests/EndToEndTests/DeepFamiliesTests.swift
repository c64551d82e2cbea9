import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// A chain of sub-items far deeper than anyone makes by hand, as a hostile
/// or broken calendar file can hold: every walk of a family is a loop over
/// a stack of its own. `list` crashed (its thread's stack overflowed at
/// about 5,600 levels), the app's page count recursed the same way, and
/// `delete --with-sub-items` stopped at 10,000 levels, leaving the rest.
/// (Its import linked the chain in 200 million steps; now in one walk.)
@Suite("a chain of 12,000 sub-items from an imported file")
struct DeepFamiliesTests {
    let folder = TemporaryFolder()

    private func run(_ arguments: [String], database: String) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary] + arguments + ["--db", database],
                   environment: ["HOME": folder.path, "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    @Test("listed to its last level, paged at its end, and deleted whole")
    func deepChain() throws {
        defer { folder.remove() }
        let levels = 12_000
        // As an export: the quicker import (an .ics one prepares more per
        // to-do), and the same linking of each parent by its UID.
        let items = (0..<levels).map { level in
            #"{"id": \#(level + 1), "text": "level \#(level)", "due": null, "checked": false, "remind": false, "reminder": null, "#
                + #""position": \#(level + 1), "uid": "level-\#(level)""#
                + (level > 0 ? #", "parent": "level-\#(level - 1)"}"# : "}")
        }
        let text = #"{"format": "checklists", "version": 3, "lastListId": 1, "lastItemId": \#(levels), "openList": null, "#
            + #""lists": [{"id": 1, "name": "deep", "icon": "none", "sortOrder": "dueDate", "items": ["#
            + items.joined(separator: ",\n") + "]}]}\n"
        let file = folder.file("deep.json"), database = folder.file("deep.sqlite")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let imported = run(["import", file], database: database)
        expectEqual(imported.status, 0, "\(imported.output)")

        let listed = run(["list"], database: database)
        expectEqual(listed.status, 0, "\(listed.output.suffix(2_000))")
        let lines = listed.output.split(separator: "\n")
        expectEqual(lines.count, levels)
        #expect(lines.last?.hasSuffix("level 11999") == true, "\(lines.last ?? "")")

        // The app's page at the end of the list counts every row above it.
        let opened = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let list = try #require(try opened.checklists().first { $0.name == "deep" })
        let page = try opened.itemsPage(checklistID: list.id, sortOrder: list.sortOrder, offset: levels - 3, limit: 3)
        expectEqual(page.totalCount, levels)
        expectEqual(page.items.map(\.text), ["level 11997", "level 11998", "level 11999"])
        expectEqual(page.places.map(\.depth), [11_997, 11_998, 11_999])

        let top = try opened.itemsPage(checklistID: list.id, sortOrder: list.sortOrder, offset: 0, limit: 1).items
        expectEqual(top.map(\.text), ["level 0"])
        let first = try #require(top.first?.id)
        expectEqual(try opened.family(of: first).count, levels)
        expectEqual(run(["delete", "\(first)", "--with-sub-items"], database: database).status, 0)
        expectEqual(run(["list", "--all", "--count"], database: database).output, "0\n")
    }
}
