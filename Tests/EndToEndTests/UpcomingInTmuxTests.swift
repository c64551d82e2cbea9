import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The Upcoming view as a user meets it in the built binary: U on All
/// Lists, an item checked off, one opened and left, one added on a day,
/// and an item added from the command line showing at once. The app runs
/// in a time zone where it is about 6:00, so "tomorrow" stays tomorrow for
/// the whole test, whenever it runs.
@Suite("Upcoming in tmux", .serialized)
struct UpcomingInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { "TZ=\(Self.zone) " + shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// A zone where it is now about 6:00, as the start dates' test uses.
    static var zone: String { StartDatesInTmuxTests.zone }

    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["TZ": Self.zone, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    @Test("80×24: U opens the coming days; Space checks off, Enter opens and Esc comes back, a adds on a day, the command line's change shows")
    func upcomingAtWork() throws {
        for arguments in [["new-list", "Home"], ["new-list", "Office"],
                          ["add", "Old bill", "--list", "Home", "--due", "2020-01-06 09:00"],
                          ["add", "Water plants", "--list", "Home", "--due", "tomorrow 9:00"],
                          ["add", "Send invoice", "--list", "Office", "--due", "+3d 14:00"],
                          ["add", "Someday", "--list", "Home"]] {
            let result = command(arguments)
            expectEqual(result.status, 0, "\(result.output)")
        }
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Office"), "\(tmux.text)")
        // Its row above the lists counts the three dated items.
        #expect(tmux.screen().contains { $0.hasPrefix("  »  Upcoming") && $0.hasSuffix(" 3") }, "\(tmux.text)")
        tmux.press("U")
        #expect(tmux.waitFor("3 items"), "\(tmux.text)")
        let screen = tmux.screen()
        expectEqual(Array(screen.prefix(5)), [
            " Upcoming                                                               3 items",
            " Overdue",
            "   ! Old bill      Home    Jan 6, 2020, 9:00 AM",
            " Tomorrow",
            "   • Water plants  Home    Tomorrow 9:00 AM",
        ], "\(tmux.text)")
        #expect(screen[5].hasPrefix(" ") && !screen[5].hasPrefix("  ") && screen[6].hasPrefix("   • Send invoice  Office  "), "\(tmux.text)")
        #expect(!tmux.text.contains("Someday"))
        // The selection is on the first item; Space checks it off, for the command line too.
        expectEqual(tmux.selectedRow?.contains("Old bill"), true, "\(tmux.text)")
        tmux.press("Space")
        #expect(tmux.waitFor("2 items"), "\(tmux.text)")
        #expect(!tmux.text.contains("Old bill"))
        #expect(!command(["list"]).output.contains("Old bill"))
        // Enter opens Water plants' form; Esc comes back here, on it.
        expectEqual(tmux.selectedRow?.contains("Water plants"), true, "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Edit Item"), "\(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitFor("2 items"), "\(tmux.text)")
        expectEqual(tmux.selectedRow?.contains("Water plants"), true, "\(tmux.text)")
        // a: a new item due tomorrow at 9:00, in Home.
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"), "\(tmux.text)")
        tmux.type("Buy soil")
        tmux.press("Enter")
        #expect(tmux.waitFor("3 items"), "\(tmux.text)")
        #expect(tmux.screen().contains("   • Buy soil      Home    Tomorrow 9:00 AM"), "\(tmux.text)")
        let listed = command(["list", "--list", "Home"]).output
        #expect(listed.contains("Buy soil"), "\(listed)")
        // A change from the command line shows at once.
        expectEqual(command(["add", "Call Anna", "--list", "Office", "--due", "tomorrow 10:00"]).status, 0)
        #expect(tmux.waitFor("Call Anna"), "\(tmux.text)")
        #expect(tmux.waitFor("4 items"), "\(tmux.text)")
        // Esc: back to All Lists.
        tmux.press("Escape")
        #expect(tmux.waitUntil { $0.contains(" Checklists") && $0.contains("Office") }, "\(tmux.text)")
    }
}
