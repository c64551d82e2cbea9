import Foundation
import ChecklistsModel

/// Runs `reduce` and performs its effects against the database. Effects run
/// synchronously, so a keystroke's save and reload are done before the next
/// frame: the screen never shows an edit the database did not accept.
///
/// The terminal runtime wraps a Store; tests drive one directly on a real
/// SQLite file, without a terminal.
public final class Store {
    public private(set) var state: AppState
    public let database: ChecklistsDatabase
    /// Bells the reducer asked for, for the runtime to ring after drawing.
    public private(set) var pendingBells = 0
    /// Counts committed changes, so the runtime knows when to re-arm the
    /// reminder timer.
    public private(set) var changeCount = 0

    public init(state: AppState, database: ChecklistsDatabase) {
        self.state = state
        self.database = database
    }

    /// Reduces `action` and every action its effects produce, in order.
    public func send(_ action: Action) {
        var pending = [action]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for effect in reduce(&state, next) {
                if let answer = perform(effect) { pending.append(answer) }
            }
        }
    }

    /// Sends the actions a start needs: the time, the size, and the checklist
    /// that was open last time.
    public func start(now: Date) {
        send(.clock(now))
        let notice = database.openingNotice?.description
        do {
            send(.started(openChecklistID: try database.openChecklistID(), notice: notice))
        } catch {
            send(.started(openChecklistID: nil, notice: notice))
        }
    }

    /// Takes the bells asked for since the last call.
    public func takeBells() -> Int {
        defer { pendingBells = 0 }
        return pendingBells
    }

    private func perform(_ effect: Effect) -> Action? {
        switch effect {
        case .ringBell:
            pendingBells += 1
            return nil
        case let .loadLists(select, dueBefore):
            do {
                let items = try database.pendingItems(dueBefore: dueBefore, limit: DueSection.limit)
                // Fewer than a full page: the page is the count, no second query.
                let total = items.count < DueSection.limit ? items.count
                    : try database.pendingCount(dueFrom: nil, before: dueBefore, upTo: DueSection.countCap)
                let due = DueSection(items: items, total: total)
                return .listsLoaded(try database.checklistSummaries(), due: due, select: select)
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .loadItems(checklistID, anchor, pageSize):
            do {
                return try loadItems(checklistID: checklistID, anchor: anchor, pageSize: pageSize)
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .commit(change):
            do {
                let outcome = try database.apply(change, now: state.now)
                changeCount += 1
                return .committed(change, outcome)
            } catch {
                return .failed(change, message: error.statusLine)
            }
        }
    }

    /// Loads the page of items around the anchor: the anchor's index is counted
    /// by SQL, so this costs the same at any position in any size of list.
    private func loadItems(checklistID: Int64, anchor: ItemsAnchor, pageSize: Int) throws(StorageError) -> Action {
        guard let summary = try database.checklistSummary(id: checklistID) else { return .checklistMissing }
        let order = summary.checklist.sortOrder
        var index: Int
        switch anchor {
        case let .index(wanted):
            index = wanted
        case let .item(itemID, fallback):
            index = try database.index(ofItem: itemID, sortOrder: order) ?? fallback
        }
        index = max(0, min(index, summary.itemCount - 1))
        let offset = max(0, min(index - pageSize / 2, summary.itemCount - pageSize))
        let page = try database.itemsPage(checklistID: checklistID, sortOrder: order, offset: offset, limit: pageSize)
        return .itemsLoaded(summary, page, selectIndex: index)
    }
}
