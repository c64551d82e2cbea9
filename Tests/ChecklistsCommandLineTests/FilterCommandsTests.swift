import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// `list --filter` (the app's filter words, or a smart list's name),
/// `--count`, and `smart-lists`, on a real database.
@Suite("filters and smart lists from the command line")
struct FilterCommandsTests {
    let harness = Harness()

    private func add(_ text: String, list: String? = nil, due: String? = nil, priority: String? = nil, tags: [String] = []) {
        _ = harness.lines { context in
            try ItemCommands.add(text: text, list: list, due: due, remind: false, priority: priority, tags: tags, context: context)
        }
    }

    private func fill() {
        _ = harness.lines { context in try ChecklistCommands.newList(name: "Home office", icon: nil, context: context) }
        add("Pay rent", list: "List", due: "2026-11-19 09:00", priority: "high")
        add("Report", list: "Home office", due: "2026-11-21 17:00", priority: "high", tags: ["work"])
        add("Call the bank", list: "Home office", due: "2026-11-24 09:00", priority: "medium", tags: ["work"])
        add("Café beans", list: "List")
    }

    private func list(_ filter: String, json: Bool = false, count: Bool = false) -> [String] {
        harness.lines { context in try FilterCommands.list(filter: filter, json: json, count: count, context: context) }
    }

    @Test("list --filter reads the app's words; lines as list prints them; --count prints the number alone")
    func listing() {
        fill()
        expectEqual(list("#work"), [
            "2     Nov 21, 2026, 5:00 PM  Home office  !!! Report #work",
            "3     Nov 24, 2026, 9:00 AM  Home office  !! Call the bank #work",
        ])
        expectEqual(list("list:\"home office\" !high"), ["2     Nov 21, 2026, 5:00 PM  Home office  !!! Report #work"])
        // No item listed has a due date: the column is empty, as wide as none.
        expectEqual(list("cafe"), ["4       List  Café beans"])
        expectEqual(list("!!+", count: true), ["3"])
        expectEqual(list("due:overdue", count: true), ["1"])
        expectEqual(list("nothing-matches"), [])
    }

    @Test("list --filter --json: the items as list --json prints them")
    func json() {
        fill()
        let lines = list("!high due:today", json: true)
        expectEqual(lines.count, 4)
        expectEqual(lines.first, "[")
        #expect(lines[1].hasPrefix("  {\"id\": 1, \"text\": \"Pay rent\", \"list\": \"List\""))
        #expect(lines[2].hasPrefix("  {\"id\": 2, \"text\": \"Report\""))
        expectEqual(list("nothing-matches", json: true), ["[]"])
    }

    @Test("a bad word or a list that is not there: one line, exit 2 or 1, nothing printed")
    func badFilters() {
        fill()
        let bad = harness.run { context in try FilterCommands.list(filter: "due:someday", json: false, count: false, context: context) }
        expectEqual(bad?.exitStatus, 2)
        expectEqual(bad?.description, "--filter: “due:someday” is not a filter: due: takes overdue, today, week, none, 3d")
        let missing = harness.run { context in try FilterCommands.list(filter: "list:Nowhere", json: false, count: false, context: context) }
        expectEqual(missing?.exitStatus, 1)
        expectEqual(missing?.description, "no list is named \"Nowhere\"; the lists are \"Home office\", \"List\"")
        let blank = harness.run { context in try FilterCommands.list(filter: " ", json: false, count: false, context: context) }
        expectEqual(blank?.exitStatus, 2)
        #expect(harness.output.isEmpty)
    }

    @Test("smart-lists: --add keeps a filter by name, the listing shows each with its count, --filter NAME uses it, --delete removes it")
    func smartLists() {
        fill()
        #expect(harness.run { context in try FilterCommands.addSmartList(name: "Urgent", filter: "!medium+", context: context) } == nil)
        #expect(harness.run { context in try FilterCommands.addSmartList(name: "Office", filter: "list:\"Home office\"", context: context) } == nil)
        #expect(harness.lines { context in try FilterCommands.smartLists(json: false, context: context) } == [
            "Office  2  list:\"Home office\"",
            "Urgent  3  !medium+",
        ])
        #expect(harness.lines { context in try FilterCommands.smartLists(json: true, context: context) } == [
            "[",
            "  {\"id\": 2, \"name\": \"Office\", \"filter\": \"list:\\\"Home office\\\"\", \"count\": 2},",
            "  {\"id\": 1, \"name\": \"Urgent\", \"filter\": \"!medium+\", \"count\": 3}",
            "]",
        ])
        // A smart list's name comes first, any case; it is not read as text.
        expectEqual(list("urgent", count: true), ["3"])
        let taken = harness.run { context in try FilterCommands.addSmartList(name: "URGENT", filter: "", context: context) }
        expectEqual(taken?.description, "A smart list is already called “Urgent”; choose another name.")
        let bad = harness.run { context in try FilterCommands.addSmartList(name: "Bad", filter: "!urgent", context: context) }
        expectEqual(bad?.exitStatus, 2)
        #expect(harness.run { context in try FilterCommands.deleteSmartList(name: "office", context: context) } == nil)
        let gone = harness.run { context in try FilterCommands.deleteSmartList(name: "Office", context: context) }
        expectEqual(gone?.description, "no smart list is named \"Office\"; they are \"Urgent\"")
        #expect(harness.lines { context in try FilterCommands.smartLists(json: false, context: context) } == ["Urgent  3  !medium+"])
    }

    @Test("list --count without a filter counts what list would print")
    func countWithoutFilter() {
        fill()
        #expect(harness.lines { context in
            try ItemQueryCommands.list(list: "Home office", due: nil, all: false, json: false, count: true, context: context)
        } == ["2"])
    }
}
