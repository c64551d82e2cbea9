import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// All Lists in the user's order, in the built binary: J/K move a list (the
/// first move in name order switches to the hand order and says so), `s`
/// switches back and forth, `u` undoes, the order is there at the next
/// start, and `checklists lists` (and `--json`) print the lists in it. A
/// list made from the command line goes last by hand.
@Suite("Lists in your order in tmux", .serialized)
struct ListOrderInTmuxTests: AppOnItsOwnDatabase {
    let folder = TemporaryFolder()

    /// The lists' names on screen, in order (each row ends "(No Items)").
    func names(_ tmux: TmuxSession) -> [String] {
        rows(tmux).map { $0.split(separator: " ").dropLast(2).joined(separator: " ") }
    }

    /// The names `checklists lists` prints, in its order.
    func listed() -> [String] {
        command(["lists"]).output.split(separator: "\n").map { String($0.split(separator: " ").prefix { $0 != "(No" }.joined(separator: " ")) }
    }

    @Test("80×24: J, K, s and u on All Lists, the order at the next start, and `lists` in the same order")
    func reorder() throws {
        for name in ["List 10", "List 2"] { expectEqual(command(["new-list", name]).status, 0) }
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitUntil { _ in rows(tmux).count == 3 }, "\(tmux.text)")
        expectEqual(rows(tmux), [
            "     List                                                            (No Items)",
            "     List 2                                                          (No Items)",
            "     List 10                                                         (No Items)",
        ])
        // J on List, in name order: the hand order is now in force, and only List moved.
        tmux.press("J")
        #expect(tmux.waitFor("3 lists · by hand"), "\(tmux.text)")
        #expect(tmux.text.contains("Lists now by hand; s sorts by name."), "\(tmux.text)")
        expectEqual(names(tmux), ["List 2", "List", "List 10"], "\(tmux.text)")
        // J again: List goes last; the command line prints the same order.
        tmux.press("J")
        #expect(tmux.waitUntil { _ in names(tmux) == ["List 2", "List 10", "List"] }, "\(tmux.text)")
        expectEqual(listed(), ["List 2", "List 10", "List"], "\(command(["lists"]).output)")
        let json = command(["lists", "--json"]).output
        let jsonNames = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.compactMap { $0["name"] as? String }
        expectEqual(jsonNames, ["List 2", "List 10", "List"], "\(json)")
        // s: by name again, the selection still on List; u brings the hand order back.
        tmux.press("s")
        #expect(tmux.waitUntil { $0.contains("Lists by name; s puts your order back.") && !$0.contains("· by hand") }, "\(tmux.text)")
        expectEqual(listed(), ["List", "List 2", "List 10"])
        tmux.press("u")
        #expect(tmux.waitFor("Undone: sort the lists by name"), "\(tmux.text)")
        #expect(tmux.waitFor("3 lists · by hand"), "\(tmux.text)")
        // A list made from the command line goes last by hand, and shows at once.
        expectEqual(command(["new-list", "Aardvark"]).status, 0)
        #expect(tmux.waitFor("4 lists · by hand"), "\(tmux.text)")
        expectEqual(listed(), ["List 2", "List 10", "List", "Aardvark"])
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })

        let again = TmuxSession(width: 80, height: 24, command: app)
        defer { again.kill() }
        #expect(again.waitFor("4 lists · by hand"), "\(again.text)")
        expectEqual(names(again), ["List 2", "List 10", "List", "Aardvark"], "\(again.text)")
    }
}
