import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// The home screen's line saying how the last sync ended: absolute times
/// so nothing on it must tick; it arrives through the reload that follows
/// another process's commit.
@Suite("The home screen's sync line")
struct SyncLineTests {
    func home(width: Int = 60, height: Int = 8) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded(RenderTests.lists, select: 1))
        return state
    }

    @Test("never synced: no line, the help keeps both rows")
    func neverSynced() {
        var state = home()
        expectEqual(reduce(&state, .syncStatusLoaded(nil)), [])
        expectEqual(render(state).lines(), render(home()).lines())
        #expect(!render(state).lines().contains { $0.contains("Sync") })
    }

    @Test("a sync today shows its time; another day its date; the help keeps its row")
    func synced() {
        var state = home()
        _ = reduce(&state, .syncStatusLoaded(SyncStatus(at: Fixed.date("2026-11-21 10:05"))))
        expectEqual(render(state).lines(), [
            " Checklists                                         3 lists",
            "  🛒 Groceries                                  2 Remaining",
            "     List                                        (No Items)",
            "  🧳 旅行の準備リストとても長い名前のリストです   All Done!",
            "",
            "",
            " Synced 10:05 AM",
            " ↑↓/jk:move Enter:open a:add e:edit d:delete q:quit … ?:help",
        ])
        #expect(render(state)[6, 1].style.contains(.dim))
        _ = reduce(&state, .syncStatusLoaded(SyncStatus(at: Fixed.date("2026-11-20 23:59"))))
        expectEqual(render(state).lines()[6], " Synced Nov 20")
    }

    @Test("a failed sync says when and why, in red")
    func failed() {
        var state = home()
        _ = reduce(&state, .syncStatusLoaded(SyncStatus(at: Fixed.date("2026-11-21 10:05"), error: "server unreachable")))
        expectEqual(render(state).lines().suffix(2), [
            " Sync failed 10:05 AM: server unreachable",
            " ↑↓/jk:move Enter:open a:add e:edit d:delete q:quit … ?:help",
        ])
        expectEqual(render(state)[6, 1].color, .red)
    }

    @Test("a message or a question takes the row first; other screens never show the line")
    func givesWay() {
        var state = home()
        _ = reduce(&state, .syncStatusLoaded(SyncStatus(at: Fixed.date("2026-11-21 10:05"))))
        _ = reduce(&state, .loadFailed(message: "the disk is full"))
        expectEqual(render(state).lines()[6], " the disk is full")
        var list = home()
        _ = reduce(&list, .syncStatusLoaded(SyncStatus(at: Fixed.date("2026-11-21 10:05"))))
        let page = ItemsPage(checklistID: 1, sortOrder: .dueDate, offset: 0, items: RenderTests.items, totalCount: 3)
        _ = reduce(&list, .itemsLoaded(RenderTests.lists[0], page, selectIndex: 1))
        #expect(!render(list).lines().contains { $0.contains("Synced") })
    }

    @Test("the start and every commit elsewhere read the status again; nothing else does")
    func reloads() {
        var state = home()
        #expect(reduce(&state, .started(openChecklistID: nil, notice: nil)).contains(.loadSyncStatus))
        #expect(reduce(&state, .changedElsewhere(at: Fixed.now)).contains(.loadSyncStatus))
        #expect(!reduce(&state, .key(.down)).contains(.loadSyncStatus))
    }
}
