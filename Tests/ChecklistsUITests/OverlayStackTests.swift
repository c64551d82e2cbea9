import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsUI
import TestSupport

/// The overlays are one stack: drawn bottom to top, the top one answering
/// keys. These follow the orders a user can make happen.
@Suite("The overlay stack")
struct OverlayStackTests {
    let folder = TemporaryFolder()
    let clock = TestClock(Fixed.now)   // 2026-11-21 10:30 UTC
    let alarm = FakeAlarm()

    @Test("kinds stack in one order whatever order they open in, one of each")
    func order() {
        var overlays = Overlays()
        overlays.banner = BannerState(reminders: [])
        overlays.help = 3
        overlays.question = Confirmation(question: "Delete?", onYes: .discardForm)
        overlays.help = 4
        expectEqual(overlays.layers, [.help(scroll: 4), .question(Confirmation(question: "Delete?", onYes: .discardForm)),
                                    .banner(BannerState(reminders: []))])
        overlays.banner = nil
        expectEqual(overlays.top, .question(Confirmation(question: "Delete?", onYes: .discardForm)))
    }

    @Test("a reminder firing under a delete question shows over it and takes the keys; the question waits beneath")
    func bannerOverQuestion() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 12, now: clock.time), database: database)
        let app = LoopDriver(store: store, database: database, alarm: alarm, clock: clock)
        let list = try database.checklistSummaries()[0].id
        _ = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Milk", dueDate: nil)), now: clock.time)
        _ = try database.apply(.addItem(checklistID: list, ItemDraft(text: "Call the plumber", dueDate: Fixed.date("2026-11-21 10:31"), shouldRemind: true)),
                               now: clock.time)
        app.start()
        // Past the Due view's row and Upcoming's to the list, and into it.
        store.send(.key(.character("j")))
        store.send(.key(.character("j")))
        store.send(.key(.enter))
        store.send(.key(.character("d")))
        expectEqual(store.state.keyContext, .confirm)
        clock.time = Fixed.date("2026-11-21 10:31")
        app.alarmWentOff(token: alarm.token)
        let lines = render(store.state).lines()
        #expect(lines.contains { $0.contains("Call the plumber") && !$0.contains("Delete") }, "\(lines.joined(separator: "\n"))")
        #expect(lines[10].contains("Delete “") && lines[10].hasSuffix("(y/n)"), "the question keeps the message line: \(lines[10])")
        expectEqual(store.state.keyContext, .banner)
        // y is no banner key: nothing is deleted while the question is covered.
        store.send(.key(.character("y")))
        try expectEqual(database.checklistSummaries()[0].itemCount, 2)
        store.send(.key(.escape))
        expectEqual(store.state.keyContext, .confirm)
        store.send(.key(.character("y")))
        try expectEqual(database.checklistSummaries()[0].itemCount, 1)
    }

    @Test("the chooser belongs to its checklist: a reminder opened from the banner over it leaves it behind")
    func chooserLeavesWithItsScreen() throws {
        defer { folder.remove() }
        let database = try ChecklistsDatabase.temporary(in: folder)
        let store = Store(state: AppState(context: Fixed.context, width: 60, height: 14, now: clock.time), database: database)
        let app = LoopDriver(store: store, database: database, alarm: alarm, clock: clock)
        let first = try database.checklistSummaries()[0].id
        _ = try database.apply(.addChecklist(name: "Work", icon: .none), now: clock.time)
        _ = try database.apply(.addItem(checklistID: first, ItemDraft(text: "Milk", dueDate: Fixed.date("2026-11-21 10:31"), shouldRemind: true)),
                               now: clock.time)
        app.start()
        // Past the Due view's row and Upcoming's to the first list.
        store.send(.key(.character("j")))
        store.send(.key(.character("j")))
        store.send(.key(.enter))
        expectEqual(store.state.route, .checklist)
        store.send(.key(.character("m")))
        #expect(store.state.overlays.chooser != nil)
        clock.time = Fixed.date("2026-11-21 10:31")
        app.alarmWentOff(token: alarm.token)
        expectEqual(store.state.keyContext, .banner)
        store.send(.key(.enter))
        expectEqual(store.state.route, .itemDetail)
        #expect(store.state.overlays.layers.isEmpty, "\(store.state.overlays.layers)")
        store.send(.key(.escape))
        #expect(store.state.route == .checklist && store.state.overlays.chooser == nil)
    }
}
