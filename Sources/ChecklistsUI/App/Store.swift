import Foundation
import ChecklistsModel
import ChecklistsEventLoop

/// Runs `reduce` and performs its effects against the database. Effects run
/// synchronously, so a keystroke's save and reload are done before the next
/// frame: the screen never shows an edit the database did not accept.
///
/// The database is the Store's alone: keys, the alarm and other processes'
/// commits all reach it as actions, and every read, claim and write is an
/// effect performed here. The effects that are not the database's (the
/// bell, the alarm) leave through `onRuntimeEffect` as they come out.
///
/// The terminal runtime runs a Store in its `EventLoop`; tests drive one
/// directly on a real SQLite file, without a terminal.
public final class Store {
    public private(set) var state: AppState
    private let database: ChecklistsDatabase

    /// The running notifier's pid, or nil (the lock file beside the
    /// database says; the terminal runtime passes the look-up in).
    private let notifierPID: () -> Int32?

    /// Where the bell and the alarm's settings go, in order, as reduce asks
    /// for them: the terminal runtime rings and arms, a test records them.
    /// Unset, they are dropped.
    public var onRuntimeEffect: ((Effect) -> Void)?

    public init(state: AppState, database: ChecklistsDatabase, notifierPID: @escaping () -> Int32? = { nil }) {
        self.state = state
        self.database = database
        self.notifierPID = notifierPID
    }

    /// The database file, for the runtime's file watcher.
    public var databasePath: String { database.path }

    /// SQLite's count of other connections' commits, for the runtime's file
    /// watcher: a write it sees is someone else's commit when this moved.
    public func externalChangeMark() -> Int? {
        try? database.externalChangeMark()
    }

    /// Reduces `action` and every action its effects produce, in order.
    public func send(_ action: Action) {
        sendThrough(action, reduce: reduce, perform: perform)
    }

    /// Sends the actions a start needs (`startingActions`), then what the
    /// runtime sends once it has drawn the first frame.
    public func start(now: Date) {
        for action in startingActions(now: now) { send(action) }
        send(.firstFrameShown)
    }

    /// The actions a start sends: the time, and the checklist that was open
    /// last time (with what opening the database found to say).
    public func startingActions(now: Date) -> [Action] {
        let notice = database.openingNotice?.description
        draftFound = FormDraft.read(from: FormDraft.path(besideDatabase: databasePath))
        return [.clock(now), .started(openChecklistID: try? database.openChecklistID(), notice: notice)]
            + (draftFound.map { [Action.draftFound($0)] } ?? [])
    }

    /// The draft this app found at its start, which it gives back.
    private var draftFound: FormDraft?

    /// Keeps the text typed into an open form (or a draft not yet given
    /// back) in a file beside the database as the app ends, however it
    /// ends. With none, it removes the file only while it holds the draft
    /// this app found at its start (given back since): one another window
    /// left as it ended is that window's, not this one's to drop.
    public func keepDraftForNextStart() {
        let path = FormDraft.path(besideDatabase: databasePath)
        if let draft = state.screen.itemDetail?.typedDraft ?? state.unsavedDraft {
            FormDraft.write(draft, to: path)
        } else if let found = draftFound, FormDraft.read(from: path) == found {
            FormDraft.write(nil, to: path)
        }
    }

    /// One step of the app: `reduce` on the Store's state.
    public func reduce(_ action: Action) -> [Effect] {
        ChecklistsUI.reduce(&state, action)
    }

    /// Performs one effect; the answer, if any, is the next action to send.
    public func perform(_ effect: Effect) -> Action? {
        switch effect {
        case .ringBell, .armAlarm:
            onRuntimeEffect?(effect)
            return nil
        case let .loadLists(select, dueBefore, dueLimit):
            do {
                // An item that has not started yet is not due: it waits in its list.
                let items = try database.pendingItems(dueBefore: dueBefore, startedBy: state.now, limit: dueLimit)
                // Fewer than a full page: the page is the count, no second query.
                let total = items.count < dueLimit ? items.count
                    : try database.pendingCount(dueFrom: nil, before: dueBefore, startedBy: state.now, upTo: DueSection.countCap)
                let today = state.context.dateStyle.dayCalendar.startOfDay(for: state.now)
                let due = DueSection(items: items, total: total, startedBy: state.now,
                                     upcoming: try database.upcomingCount(startsFrom: today))
                let lists = try database.listsInOrder()
                let smartLists = try database.smartListCounts(now: state.now, calendar: state.context.dateStyle.dayCalendar)
                return .listsLoaded(lists.lists, due: due, select: select, order: lists.order, smartLists: smartLists)
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
                return .remindersDue(try database.claimDueReminders(now: time), missed: missed)
            } catch {
                // Say why, and arm again from what is pending.
                return .claimFailed(message: error.statusLine)
            }
        case let .loadWakeCandidates(time):
            // A failed look-up leaves that candidate out: midnight still wakes
            // the app, and the next commit looks again.
            return .wakeCandidatesLoaded(WakeCandidates(nextReminder: try? database.nextReminderDate(),
                                                        nextOverdue: try? database.nextOverdueDate(after: time),
                                                        nextStart: try? database.nextStart(after: time)))
        case .checkNotifier:
            return .notifierChecked(pid: notifierPID())
        case .loadTags:
            do { return .tagsLoaded(try database.tagCounts()) } catch { return .loadFailed(message: error.statusLine) }
        case let .loadTagged(tag, limit):
            do { return .taggedLoaded(tag, try database.taggedItems(tag, limit: limit)) } catch { return .loadFailed(message: error.statusLine) }
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
                                                  hidingChecked: summary.checklist.hidesChecked, hidingNotStartedAt: hidingNotStarted(summary),
                                                  after: current, forward: forward)
                return .matchFound(query, checklistID: checklistID, step)
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case .loadSyncStatus:
            // Unreadable, the line keeps what it showed: the next commit reads again.
            guard let status = try? database.syncStatus() else { return nil }
            return .syncStatusLoaded(status)
        case let .loadUpcoming(anchor, before, after, startsFrom):
            do {
                return .upcomingLoaded(try database.upcomingWindow(around: anchor, before: before, after: after, startsFrom: startsFrom),
                                       anchor: anchor)
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .loadFiltered(filter, limit):
            do {
                return .filteredLoaded(filter, try database.filteredItems(filter, now: state.now, calendar: state.context.dateStyle.dayCalendar,
                                                                          limit: limit))
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .saveSmartList(id, name, filter):
            do {
                return .smartListSaved(try database.saveSmartList(id: id, name: name, filter: filter, now: state.now))
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .deleteSmartList(id, name):
            do {
                try database.deleteSmartList(id: id, now: state.now)
                return .smartListDeleted(name: name)
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        case let .countFamily(itemID, purpose):
            do {
                return .familyCounted(purpose, try countFamily(of: itemID))
            } catch {
                return .loadFailed(message: error.statusLine)
            }
        }
    }

    /// The item and its sub-items at any depth, read on the sub-items'
    /// index: only a parent's check, delete or move asks, once per key.
    private func countFamily(of itemID: Int64) throws(StorageError) -> FamilyCount? {
        let family = try database.family(of: itemID)
        guard let item = family.first else { return nil }
        return FamilyCount(item: item, subItems: family.count - 1, openSubItems: family.dropFirst().filter { !$0.isChecked }.count)
    }

    /// Loads the page of items around the anchor: the anchor's index is counted
    /// by SQL, so this costs the same at any position in any size of list.
    private func loadItems(checklistID: Int64, anchor: ItemsAnchor, pageSize: Int) throws(StorageError) -> Action {
        guard let summary = try database.checklistSummary(id: checklistID, now: state.now) else { return .checklistMissing }
        let order = summary.checklist.sortOrder
        let hiding = summary.checklist.hidesChecked
        let notStarted = hidingNotStarted(summary)
        var index: Int
        switch anchor {
        case let .index(wanted):
            index = wanted
        case let .item(itemID, fallback):
            index = try database.index(ofItem: itemID, sortOrder: order, hidingChecked: hiding, hidingNotStartedAt: notStarted) ?? fallback
        }
        func page(around index: Int, rows: Int) throws(StorageError) -> ItemsPage {
            let offset = max(0, min(index - pageSize / 2, rows - pageSize))
            return try database.itemsPage(checklistID: checklistID, sortOrder: order, hidingChecked: hiding, hidingNotStartedAt: notStarted,
                                           offset: offset, limit: pageSize)
        }
        index = max(0, min(index, summary.shownCount - 1))
        var loaded = try page(around: index, rows: summary.shownCount)
        // Folded families, and open sub-items hidden with their checked
        // parent, are items without a row: the page's total is the rows.
        // Past them, the page is read again around the last row.
        if loaded.totalCount < summary.shownCount && index >= loaded.totalCount {
            index = max(0, loaded.totalCount - 1)
            loaded = try page(around: index, rows: loaded.totalCount)
        }
        return .itemsLoaded(summary, loaded, selectIndex: index)
    }

    /// The moment before which a list that hides its items not started
    /// leaves them out: the app's clock, which the start alarm moves on.
    private func hidingNotStarted(_ summary: ChecklistSummary) -> Date? {
        summary.checklist.hidesNotStarted ? state.now : nil
    }
}
