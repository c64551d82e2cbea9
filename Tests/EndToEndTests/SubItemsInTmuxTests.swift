import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Sub-items as a user meets them in the built binary: Tab, > and Shift-Tab
/// make a tree, A adds under the selected item, z folds, the check and
/// delete questions, undo bringing a deleted family back, and a family
/// moved with m. The items are undated, so the screens do not depend on the clock.
@Suite("Sub-items in tmux", .serialized)
struct SubItemsInTmuxTests: AppOnItsOwnDatabase {
    let folder = TemporaryFolder()

    @Test("60×16: indent, outdent, add under, fold, the two questions, undo of a family deleted, a family moved")
    func tree() throws {
        expectEqual(command(["new-list", "Holiday"]).status, 0)
        for text in ["Trip", "Book hotel", "Pack"] {
            let added = command(["add", text, "--list", "Holiday"])
            expectEqual(added.status, 0, "\(added.output)")
        }
        let tmux = TmuxSession(width: 60, height: 16, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Holiday"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("[ ] Pack"), "\(tmux.text)")

        // Tab on Book hotel: under Trip. Tab and > on Pack: under Trip, then under Book hotel.
        tmux.press("j", "Tab")
        #expect(tmux.waitFor("▾ Trip 0/1"), "\(tmux.text)")
        tmux.press("j", "Tab", ">")
        #expect(tmux.waitUntil { _ in rows(tmux) == [
            " [ ] ▾ Trip 0/1",
            "   [ ] ▾ Book hotel 0/1",
            "     [ ] Pack",
        ] }, "\(tmux.text)")
        // Shift-Tab: Pack beside Book hotel again.
        tmux.press("BTab")
        #expect(tmux.waitUntil { _ in rows(tmux) == [
            " [ ] ▾ Trip 0/2",
            "   [ ] Book hotel",
            "   [ ] Pack",
        ] }, "\(tmux.text)")

        // > and < do the same as Tab and Shift-Tab.
        tmux.press(">")
        #expect(tmux.waitFor("▾ Book hotel 0/1"), "\(tmux.text)")
        tmux.press("<")
        #expect(tmux.waitFor("▾ Trip 0/2"), "\(tmux.text)")
        expectEqual(rows(tmux).last, "   [ ] Pack", "\(tmux.text)")

        // A on Trip: the form names the parent; Enter saves the sub-item.
        tmux.press("g", "A")
        #expect(tmux.waitFor("Add Sub-item to “Trip”"), "\(tmux.text)")
        tmux.type("Passport")
        tmux.press("Enter")
        #expect(tmux.waitFor("▾ Trip 0/3"), "\(tmux.text)")
        expectEqual(rows(tmux), [
            " [ ] ▾ Trip 0/3",
            "   [ ] Book hotel",
            "   [ ] Pack",
            "   [ ] Passport",
        ], "\(tmux.text)")

        // z on Passport folds Trip and selects it; z again unfolds.
        tmux.press("z")
        #expect(tmux.waitUntil { _ in rows(tmux) == [" [ ] ▸ Trip 0/3"] }, "\(tmux.text)")
        tmux.press("z")
        #expect(tmux.waitFor("▾ Trip 0/3"), "\(tmux.text)")

        // Book hotel checked: 1/3. Space on Trip asks; Esc nothing, n Trip alone.
        tmux.press("g", "j", "Space")
        #expect(tmux.waitFor("▾ Trip 1/3"), "\(tmux.text)")
        tmux.press("g", "Space")
        #expect(tmux.waitFor("Check its 2 open sub-items too? (y/n)"), "\(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitUntil { !$0.contains("(y/n)") }, "\(tmux.text)")
        expectEqual(rows(tmux).first, " [ ] ▾ Trip 1/3", "\(tmux.text)")
        tmux.press("Space")
        #expect(tmux.waitFor("(y/n)"), "\(tmux.text)")
        tmux.press("n")
        #expect(tmux.waitFor("[x] ▾ Trip 1/3"), "\(tmux.text)")
        // Unchecking Trip, then y: the whole family.
        tmux.press("Space")
        #expect(tmux.waitFor("[ ] ▾ Trip 1/3"), "\(tmux.text)")
        tmux.press("Space")
        #expect(tmux.waitFor("(y/n)"), "\(tmux.text)")
        tmux.press("y")
        #expect(tmux.waitUntil { _ in rows(tmux) == [
            " [x] ▾ Trip 3/3",
            "   [x] Book hotel",
            "   [x] Pack",
            "   [x] Passport",
        ] }, "\(tmux.text)")
        // Unchecking a sub-item reopens its checked parent.
        tmux.press("G", "Space")
        #expect(tmux.waitFor("[ ] ▾ Trip 2/3"), "\(tmux.text)")

        // d on Trip names its sub-items; y deletes the family; u brings it back.
        tmux.press("g", "d")
        #expect(tmux.waitFor("Delete “Trip” and its 3 sub-items? (y/n)"), "\(tmux.text)")
        tmux.press("y")
        #expect(tmux.waitFor("No items."), "\(tmux.text)")
        tmux.press("u")
        #expect(tmux.waitFor("Undone: "), "\(tmux.text)")
        #expect(tmux.waitUntil { _ in rows(tmux) == [
            " [ ] ▾ Trip 2/3",
            "   [x] Book hotel",
            "   [x] Pack",
            "   [ ] Passport",
        ] }, "\(tmux.text)")

        // m moves the family to List; the message counts the sub-items.
        tmux.press("g", "m")
        #expect(tmux.waitFor("Move “Trip” to"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Moved “Trip” and its 3 sub-items to List"), "\(tmux.text)")
        #expect(tmux.waitFor("No items."), "\(tmux.text)")
        let listed = command(["list", "--list", "List", "--all"]).output
        #expect(["Trip", "Book hotel", "Pack", "Passport"].allSatisfy(listed.contains), "\(listed)")
    }
}
