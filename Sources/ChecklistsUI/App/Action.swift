import Foundation
import ChecklistsModel

/// Everything that happens to the app. Keys, resizes, the clock and the
/// answers of the database all arrive as actions; `reduce` never reads the
/// clock or the disk itself.
public enum Action: Sendable {
    case key(Key)
    case resized(width: Int, height: Int)
    /// The runtime's current time, sent before each batch of input.
    case clock(Date)
    /// The start-up state: which checklist was open last time, and what
    /// opening the database found to tell the user once.
    case started(openChecklistID: Int64?, notice: String? = nil)
    /// The runtime drew its first frame: what that frame did not need is
    /// read now (the home screen beneath a list left open).
    case firstFrameShown
    /// The home screen's data: the lists in `order`, what is due today or
    /// overdue, and the smart lists with their counts.
    case listsLoaded([ChecklistSummary], due: DueSection = DueSection(), select: Int64?, order: ListOrder = .byName,
                     smartLists: [SmartListCount] = [])
    case itemsLoaded(ChecklistSummary, ItemsPage, selectIndex: Int)
    /// Text typed into a form when the app last ended, found at the start.
    case draftFound(FormDraft)
    /// A checklist the user was on no longer exists (deleted elsewhere).
    case checklistMissing
    case committed(Change, ChangeOutcome)
    /// A change was refused or could not be saved; nothing was changed.
    case failed(Change, message: String)
    /// Reading failed; the screen keeps what it had.
    case loadFailed(message: String)
    /// Reminders claimed for this process; `missed` when they came due while
    /// no copy of the app was running. Empty when the claim found nothing
    /// (another copy took them, or the alarm was for an overdue moment):
    /// after an alarm the screen still reloads, so the overdue marking
    /// shows. The start's claim reloads nothing: the start's loads come
    /// after it.
    case remindersDue([DueReminder], missed: Bool)
    /// The runtime's alarm went off at `at`, armed with `token`. An event of
    /// an arming replaced since carries an older token and is ignored.
    case alarmWentOff(token: Int, at: Date)
    /// Another process committed to the database at about `at` (the file
    /// watcher saw it, SQLite's data_version confirmed it): reload what is
    /// on screen and re-arm, since it may add, move or cancel a reminder.
    case changedElsewhere(at: Date)
    /// Claiming due reminders failed (the disk is read-only or full): the
    /// reminders stay pending, the status line says why.
    case claimFailed(message: String)
    /// The answer to `.loadWakeCandidates`.
    case wakeCandidatesLoaded(WakeCandidates)
    /// The answer to `.checkNotifier`: the running notifier's pid, or nil.
    case notifierChecked(pid: Int32?)
    /// What an undo or redo did (or why not, or that it asks first).
    case historyStepped(HistoryStep)
    /// An undo or redo could not be saved; nothing changed.
    case historyFailed(HistoryDirection, message: String)
    /// The answer to `.search`: the items matching the query of search
    /// number `generation`. An answer for an older query (the user typed
    /// on since it was asked) carries an older number and is ignored.
    case searchAnswered(generation: Int, SearchResults)
    /// The answer to `.findMatch`: the match of `query` in checklist
    /// `checklistID` that n or N goes to, nil when it holds none.
    case matchFound(SearchQuery, checklistID: Int64, MatchStep?)
    /// The answer to `.loadTags`: every tag in use, with its open items.
    case tagsLoaded([TagCount])
    /// The answer to `.loadTagged`: the open items with `tag`.
    case taggedLoaded(String, [ListedItem])
    /// The answer to `.loadSyncStatus`.
    case syncStatusLoaded(SyncStatus?)
    /// The answer to `.countFamily`: the item and its sub-items as stored,
    /// nil when the item no longer exists.
    case familyCounted(FamilyPurpose, FamilyCount?)
    /// The answer to `.loadUpcoming`: a window of the Upcoming view.
    case upcomingLoaded(UpcomingWindow, anchor: UpcomingAnchor)
    /// The data may have changed (a timer fired, another process wrote):
    /// reload what is on screen, keeping the selection.
    case refresh
    /// The answer to `.loadFiltered`: the items matching the filter.
    case filteredLoaded(ItemFilter, FilterResults)
    /// A smart list was kept or changed (`.saveSmartList`).
    case smartListSaved(SmartList)
    /// A smart list was deleted (`.deleteSmartList`).
    case smartListDeleted(name: String)
}

/// Where a page of items should be centred.
public enum ItemsAnchor: Hashable, Sendable {
    case index(Int)
    /// Centre on this item; if it is gone (deleted elsewhere), on `fallback`.
    case item(Int64, fallback: Int)
}

/// Work for the runtime: reduce returns these instead of doing them.
public enum Effect: Hashable, Sendable {
    /// The lists, and the items not checked off that are due before
    /// `dueBefore` (the end of today) for the Due view, at most `dueLimit`
    /// of them.
    case loadLists(select: Int64?, dueBefore: Date, dueLimit: Int)
    case loadItems(checklistID: Int64, anchor: ItemsAnchor, pageSize: Int)
    case commit(Change)
    /// Undo the newest change (or redo the last undone), asking first about
    /// a change made elsewhere unless it is `confirmed`; answered by
    /// `.historyStepped`.
    case history(HistoryDirection, confirmed: Int64?)
    /// One BEL to the terminal (tmux turns it into the window's bell flag).
    case ringBell
    /// Claim every reminder due at `at` for this process (one write
    /// transaction, so each is delivered once across copies); answered by
    /// `.remindersDue`.
    case claimDueReminders(at: Date, missed: Bool)
    /// Look up the next reminder and the next overdue moment after `after`;
    /// answered by `.wakeCandidatesLoaded`.
    case loadWakeCandidates(after: Date)
    /// Set the runtime's one alarm (nil date: disarm), replacing any earlier arming.
    case armAlarm(AlarmSetting)
    /// Look up whether a notifier runs on the database (for the help);
    /// answered by `.notifierChecked`.
    case checkNotifier
    /// Find at most `limit` items in every list matching `query`, for the
    /// search screen's query number `generation`; answered by `.searchAnswered`.
    case search(SearchQuery, generation: Int, limit: Int)
    /// Find the match of `query` in checklist `checklistID` after the item
    /// `after` (n, `forward`) or before it (N), wrapping round; answered by
    /// `.matchFound`.
    case findMatch(SearchQuery, checklistID: Int64, after: Item?, forward: Bool)
    /// Read the tags in use and their open items' counts; answered by `.tagsLoaded`.
    case loadTags
    /// Read the open items with a tag in every list, at most `limit`;
    /// answered by `.taggedLoaded`.
    case loadTagged(String, limit: Int)
    /// Read how the last sync ended; answered by `.syncStatusLoaded`.
    case loadSyncStatus
    /// Count an item's sub-items at any depth, and the open ones, for the
    /// question or message `purpose` names; answered by `.familyCounted`.
    case countFamily(itemID: Int64, for: FamilyPurpose)
    /// Read a window of the Upcoming view around `anchor`: `before` items
    /// before it and `after` from it on, the items with a start and no due
    /// date from `startsFrom` on; answered by `.upcomingLoaded`.
    case loadUpcoming(UpcomingAnchor, before: Int, after: Int, startsFrom: Date)
    /// Read the first `limit` items matching a filter, with the counts;
    /// answered by `.filteredLoaded`.
    case loadFiltered(ItemFilter, limit: Int)
    /// Keep a filter under a name (`id` nil: a new smart list); answered
    /// by `.smartListSaved`, or `.loadFailed` saying why not.
    case saveSmartList(id: Int64?, name: String, filter: String)
    /// Delete a smart list; answered by `.smartListDeleted`.
    case deleteSmartList(id: Int64, name: String)
}
