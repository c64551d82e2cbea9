import Foundation
import ChecklistsModel

/// Runs `reduce` and performs its effects against the database. Effects run
/// synchronously, so a keystroke's save and reload are done before the next
/// frame: the screen never shows an edit the database did not accept.
///
/// The database is the Store's alone: keys, the alarm and other processes'
/// commits all reach it as actions, and every read, claim and write is an
/// effect performed here. What the terminal must do (ring, set the alarm)
/// waits for the runtime to take it after the frame is drawn.
///
/// The terminal runtime wraps a Store; tests drive one directly on a real
/// SQLite file, without a terminal.
public final class Store {
    public private(set) var state: AppState
    private let database: ChecklistsDatabase
    /// Bells the reducer asked for, for the runtime to ring after drawing.
    private var pendingBells = 0
    /// The latest arming the reducer asked for, for the runtime to set.
    private var pendingAlarm: AlarmSetting?
    /// Reminders claimed since the runtime last asked (for the benchmark's
    /// event log).
    private var claimed: [DueReminder] = []
    /// SQLite's data_version when other processes' commits were last taken
    /// in: the file watcher wakes us on any write, this says whether any of
    /// it was someone else's commit.
    private var externalChangeMark: Int?

    /// The running notifier's pid, or nil (the lock file beside the
    /// database says; the terminal runtime passes the look-up in).
    private let notifierPID: () -> Int32?

    public init(state: AppState, database: ChecklistsDatabase, notifierPID: @escaping () -> Int32? = { nil }) {
        self.state = state
        self.database = database
        self.notifierPID = notifierPID
    }

    /// The database file, for the runtime's file watcher.
    public var databasePath: String { database.path }

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
        externalChangeMark = try? database.externalChangeMark()
        send(.clock(now))
        let notice = database.openingNotice?.description
        do {
            send(.started(openChecklistID: try database.openChecklistID(), notice: notice))
        } catch {
            send(.started(openChecklistID: nil, notice: notice))
        }
    }

    /// The file watcher saw a write at `now`: when it holds another
    /// process's commit, sends `.changedElsewhere`. Returns whether it did.
    @discardableResult
    public func noticeFileWrite(now: Date) -> Bool {
        guard let mark = try? database.externalChangeMark(), mark != externalChangeMark else { return false }
        externalChangeMark = mark
        send(.changedElsewhere(at: now))
        return true
    }

    /// Takes the bells asked for since the last call.
    public func takeBells() -> Int {
        defer { pendingBells = 0 }
        return pendingBells
    }

    /// Takes the alarm setting asked for since the last call, if any.
    public func takeAlarmSetting() -> AlarmSetting? {
        defer { pendingAlarm = nil }
        return pendingAlarm
    }

    /// Takes the reminders claimed since the last call.
    public func takeClaimedReminders() -> [DueReminder] {
        defer { claimed = [] }
        return claimed
    }

    private func perform(_ effect: Effect) -> Action? {
        switch effect {
        case .ringBell:
            pendingBells += 1
            return nil
        case let .loadLists(select, dueBefore, dueLimit):
            do {
                let items = try database.pendingItems(dueBefore: dueBefore, limit: dueLimit)
                // Fewer than a full page: the page is the count, no second query.
                let total = items.count < dueLimit ? items.count
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
                return .committed(change, try database.apply(change, now: state.now))
            } catch {
                return .failed(change, message: error.statusLine)
            }
        case let .history(direction, confirmed):
            do {
                return .historyStepped(try database.step(direction, now: state.now, askAboutElsewhere: true, confirmed: confirmed))
            } catch {
                return .historyFailed(direction, message: error.statusLine)
            }
        case let .claimDueReminders(time, missed):
            do {
                let due = try database.claimDueReminders(now: time)
                claimed += due
                return .remindersDue(due, missed: missed)
            } catch {
                // Say why, and arm again from what is pending.
                return .claimFailed(message: error.statusLine)
            }
        case let .loadWakeCandidates(time):
            // A failed look-up leaves that candidate out: midnight still wakes
            // the app, and the next commit looks again.
            return .wakeCandidatesLoaded(WakeCandidates(nextReminder: try? database.nextReminderDate(),
                                                        nextOverdue: try? database.nextOverdueDate(after: time)))
        case let .armAlarm(setting):
            pendingAlarm = setting
            return nil
        case .checkNotifier:
            return .notifierChecked(pid: notifierPID())
        case let .search(query, generation, limit):
            do {
                return .searchAnswered(generation: generation, try database.search(query, limit: limit))
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .findMatch(query, checklistID, current, forward):
            do {
                guard let summary = try database.checklistSummary(id: checklistID) else { return .checklistMissing }
                let step = try database.nextMatch(query, checklistID: checklistID, sortOrder: summary.checklist.sortOrder,
                                                  hidingChecked: summary.checklist.hidesChecked, after: current, forward: forward)
                return .matchFound(query, checklistID: checklistID, step)
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case .loadSyncStatus:
            // Unreadable, the line keeps what it showed: the next commit reads again.
            guard let status = try? database.syncStatus() else { return nil }
            return .syncStatusLoaded(status)
        }
    }

    /// Loads the page of items around the anchor: the anchor's index is counted
    /// by SQL, so this costs the same at any position in any size of list.
    private func loadItems(checklistID: Int64, anchor: ItemsAnchor, pageSize: Int) throws(StorageError) -> Action {
        guard let summary = try database.checklistSummary(id: checklistID) else { return .checklistMissing }
        let order = summary.checklist.sortOrder
        let hiding = summary.checklist.hidesChecked
        var index: Int
        switch anchor {
        case let .index(wanted):
            index = wanted
        case let .item(itemID, fallback):
            index = try database.index(ofItem: itemID, sortOrder: order, hidingChecked: hiding) ?? fallback
        }
        index = max(0, min(index, summary.shownCount - 1))
        let offset = max(0, min(index - pageSize / 2, summary.shownCount - pageSize))
        let page = try database.itemsPage(checklistID: checklistID, sortOrder: order, hidingChecked: hiding,
                                          offset: offset, limit: pageSize)
        return .itemsLoaded(summary, page, selectIndex: index)
    }
}
