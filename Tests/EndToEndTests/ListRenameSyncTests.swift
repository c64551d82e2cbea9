import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// A list is a calendar: its name travels as the calendar's display name,
/// both ways. Each device kept the name it had, and from a rename on
/// showed the same list under different names.
@Suite("list names synced with the calendars' display names", .serialized)
struct ListRenameSyncTests {
    let folder = TemporaryFolder()

    private func rename(_ device: Device, _ name: String, to newName: String) throws {
        let database = try device.open()
        let list = try #require(try database.checklists().first { $0.name == name })
        _ = try database.apply(.updateChecklist(id: list.id, name: newName, icon: list.icon), now: Date())
    }

    private func names(_ device: Device) -> [String] {
        let listed = device.run(["lists", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return array.compactMap { $0["name"] as? String }.sorted()
    }

    // Catches a rename staying on the side where it was made, a rename
    // sent back over the other side's, and a tie that loses the server's.
    @Test("renamed here: the calendar's name follows; renamed there: the list's follows; renamed on both: the server's kept, said",
          arguments: ServerKind.allCases)
    func renamesTravel(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated)
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated)
        let other = OtherClient(url: server.url)
        laptop.run(["new-list", "Home"])
        laptop.run(["add", "--list", "Home", "Fix the tap"])
        _ = laptop.sync()
        _ = phone.sync()
        expectEqual(names(phone), ["Home", "List"])

        try rename(laptop, "Home", to: "Haus 🏠 家")
        expectEqual(laptop.sync(), [#""Haus 🏠 家": renamed on the server too (was "Home")"#, #""List": up to date"#, #""Haus 🏠 家": up to date"#])
        expectEqual(other.run(["calendars"]), "Haus 🏠 家\nList\n")
        let phoneLines = phone.sync()
        #expect(phoneLines.contains(#""Haus 🏠 家": renamed on the server (was "Home")"#), "\(phoneLines)")
        expectEqual(names(phone), ["Haus 🏠 家", "List"])
        expectEqual(laptop.sync(), [#""List": up to date"#, #""Haus 🏠 家": up to date"#])

        other.run(["rename-calendar", "Haus 🏠 家", "Einkäufe 食料品"])
        #expect(laptop.sync().contains(#""Einkäufe 食料品": renamed on the server (was "Haus 🏠 家")"#))
        expectEqual(names(laptop), ["Einkäufe 食料品", "List"])
        #expect(laptop.run(["list", "--list", "Einkäufe 食料品"]).output.contains("Fix the tap"))

        // Both sides: the server's name wins, and the line says which was lost.
        try rename(laptop, "Einkäufe 食料品", to: "Errands")
        other.run(["rename-calendar", "Einkäufe 食料品", "Besorgungen"])
        #expect(laptop.sync().contains(#""Besorgungen": renamed here to "Errands" and on the server; the server's name kept"#))
        expectEqual(names(laptop), ["Besorgungen", "List"])
        expectEqual(other.run(["calendars"]), "Besorgungen\nList\n")
        _ = phone.sync()
        expectEqual(names(phone), ["Besorgungen", "List"])
    }
}
