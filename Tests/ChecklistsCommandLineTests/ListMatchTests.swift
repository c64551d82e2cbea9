import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

@Suite("list --match on a real database")
struct ListMatchTests {
    let harness = Harness()

    /// Now is Saturday 21 November 2026, 10:30 UTC.
    private func fill() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "Courses", icon: .groceries), now: Fixed.now)
        _ = harness.add("Café crème", list: "Courses", due: "2026-11-22 09:00")     // 1
        _ = harness.add("CAFE tables", list: "List", due: "2026-11-20 09:00")        // 2: overdue
        _ = harness.add("買う牛乳を", list: "Courses")                                 // 3: no due date
        _ = harness.add("Hauptstraße 5", list: "List", due: "2026-11-21 18:00")      // 4: later today
        let done = harness.add("old cafe receipt", list: "List", due: "2026-11-19 09:00")  // 5: checked off
        harness.run { context in try ItemCommands.setChecked(id: done, true, context: context) }
    }

    private func list(match: String?, list: String? = nil, due: DueFilter? = nil, all: Bool = false, json: Bool = false) -> [String] {
        harness.lines { context in try ItemQueryCommands.list(list: list, due: due, all: all, match: match, json: json, context: context) }
    }

    @Test("--match: only the items containing the text, case and accents ignored, any part of a word, CJK too")
    func matches() throws {
        try fill()
        expectEqual(list(match: "cafe"), [
            "2  !  Nov 20, 2026, 9:00 AM  List     CAFE tables",
            "1     Nov 22, 2026, 9:00 AM  Courses  Café crème",
        ])
        expectEqual(list(match: "STRASSE"), ["4     Nov 21, 2026, 6:00 PM  List  Hauptstraße 5"])
        expectEqual(list(match: "牛乳"), ["3       Courses  買う牛乳を"])
        expectEqual(list(match: "ém"), ["1     Nov 22, 2026, 9:00 AM  Courses  Café crème"])
        expectEqual(list(match: "nothing like it"), [])
    }

    @Test("--match with the other options: --list, --due, --all and --json narrow the same way as without")
    func withOptions() throws {
        try fill()
        let ids = { (lines: [String]) in lines.map { $0.split(separator: " ")[0] } }
        expectEqual(ids(list(match: "cafe", all: true)), ["5", "2", "1"])
        expectEqual(ids(list(match: "cafe", list: "courses")), ["1"])
        expectEqual(ids(list(match: "cafe", list: "List", all: true)), ["5", "2"])
        expectEqual(ids(list(match: "ca", due: .overdue)), ["2"])
        expectEqual(ids(list(match: "a", due: .today)), ["4"])
        expectEqual(list(match: "crème", json: true), [
            "[",
            #"  {"id": 1, "text": "Café crème", "list": "Courses", "listId": 2, "due": "2026-11-22T09:00:00+00:00", "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": null, "lastDone": null, "note": "", "priority": "none", "tags": [], "start": null, "parent": null}"#,
            "]",
        ])
    }

    @Test("--match with nothing to look for: exit 2, one line saying what to do")
    func emptyMatch() throws {
        try fill()
        for blank in ["", "   "] {
            let error = harness.run { context in
                try ItemQueryCommands.list(list: nil, due: nil, all: false, match: blank, json: false, context: context)
            }
            expectEqual(error?.exitStatus, 2)
            expectEqual(error?.description, "--match needs some text to look for, e.g. --match milk")
        }
    }
}
