import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

@Suite("Reminder banner")
struct ReminderBannerTests {
    static let summary = ChecklistSummary(checklist: Checklist(id: 1, name: "Groceries", icon: .groceries), itemCount: 3, remainingCount: 3)
    static func reminder(_ id: Int64, _ text: String) -> DueReminder {
        let due = Fixed.date("2026-11-21 10:30")
        let item = Item(id: id, checklistID: 1, text: text, dueDate: due, shouldRemind: true)
        return DueReminder(item: item, checklistName: "Groceries", remindAt: due)
    }

    func onChecklist() -> AppState {
        var state = AppState(context: Fixed.context, width: 80, height: 14, now: Fixed.now)
        let items = [Self.reminder(1, "Call the bank").item]
        _ = reduce(&state, .itemsLoaded(Self.summary, ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: items, totalCount: 1), selectIndex: 0))
        return state
    }

    @Test("reminders coming due show a banner over the screen and ring the bell once")
    func showsAndRings() {
        var state = onChecklist()
        let effects = reduce(&state, .remindersDue([Self.reminder(1, "Call the bank")], missed: false))
        expectEqual(effects.first, .ringBell)
        expectEqual(effects.filter { $0 == .ringBell }.count, 1)
        expectEqual(state.keyContext, .banner)
        expectEqual(render(state).lines(), [
            " 🛒 Groceries                                         3 Remaining · by due date",
            " [ ] Call the bank  ! Today 10:30 AM",
            "",
            "       ┌ Reminder ──────────────────────────────────────────────────────┐",
            "       │ Call the bank                                                  │",
            "       │ in Groceries · due today 10:30 AM                              │",
            "       │                                                                │",
            "       │ Enter open  x done  z snooze  n next  Esc dismiss              │",
            "       └────────────────────────────────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            " Enter open  x done  z snooze  n next  Esc dismiss",
        ])
    }

    @Test("several due together: one banner says how many, n steps through, none is lost or queued twice")
    func several() {
        var state = onChecklist()
        _ = reduce(&state, .remindersDue([Self.reminder(1, "one"), Self.reminder(2, "two")], missed: false))
        _ = reduce(&state, .remindersDue([Self.reminder(2, "two"), Self.reminder(3, "three")], missed: false))
        expectEqual(state.overlays.banner?.reminders.map(\.item.id), [1, 2, 3])
        #expect(render(state).lines()[3].contains("Reminder 1 of 3"))
        _ = reduce(&state, .key(.character("n")))
        expectEqual(state.overlays.banner?.current.item.id, 2)
        _ = reduce(&state, .key(.escape))                     // dismiss "two"
        expectEqual(state.overlays.banner?.reminders.map(\.item.id), [1, 3])
        expectEqual(state.overlays.banner?.current.item.id, 3)
    }

    @Test("x marks the item done; z then 1, 2 or 3 snoozes without changing the due date")
    func doneAndSnooze() {
        var state = onChecklist()
        _ = reduce(&state, .remindersDue([Self.reminder(1, "one"), Self.reminder(2, "two"), Self.reminder(3, "three"), Self.reminder(4, "four")], missed: false))
        expectEqual(reduce(&state, .key(.character("x"))), [.commit(.setChecked(itemID: 1, true))])
        _ = reduce(&state, .key(.character("z")))
        expectEqual(state.keyContext, .snoozeChoice)
        expectEqual(reduce(&state, .key(.character("1"))), [.commit(.snooze(itemID: 2, until: Fixed.now.addingTimeInterval(300)))])
        _ = reduce(&state, .key(.character("z")))
        expectEqual(reduce(&state, .key(.character("2"))), [.commit(.snooze(itemID: 3, until: Fixed.now.addingTimeInterval(3600)))])
        _ = reduce(&state, .key(.character("z")))
        expectEqual(reduce(&state, .key(.character("3"))), [.commit(.snooze(itemID: 4, until: Fixed.date("2026-11-22 09:00")))])
        #expect(state.overlays.banner == nil)
        expectEqual(state.keyContext, .checklist)
    }

    @Test("missed reminders say so")
    func missed() {
        var state = onChecklist()
        _ = reduce(&state, .remindersDue([Self.reminder(1, "Call the bank")], missed: true))
        #expect(render(state).lines()[3].contains("┌ Missed reminder ─"))
    }

    @Test("open goes to the item's list and opens it in Item Detail; not while a form is being edited")
    func open() {
        var state = onChecklist()
        _ = reduce(&state, .key(.character("a")))             // a form is open
        _ = reduce(&state, .remindersDue([Self.reminder(1, "Call the bank")], missed: false))
        #expect(reduce(&state, .key(.enter)).isEmpty)
        #expect(state.overlays.banner != nil)
        expectEqual(state.message?.kind, .error)
        _ = reduce(&state, .key(.escape))                     // dismiss the banner
        _ = reduce(&state, .key(.escape))                     // cancel the form
        _ = reduce(&state, .remindersDue([Self.reminder(1, "Call the bank")], missed: false))
        let effects = reduce(&state, .key(.enter))
        expectEqual(effects.first, .loadItems(checklistID: 1, anchor: .item(1, fallback: 0), pageSize: state.pageSize))
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: [Self.reminder(1, "Call the bank").item], totalCount: 1)
        _ = reduce(&state, .itemsLoaded(Self.summary, page, selectIndex: 0))
        expectEqual(state.route, .itemDetail)
        expectEqual(state.screen.itemDetail?.title, "Edit Item")
    }
}
