import Foundation
import ChecklistsModel
import ChecklistsUI

/// The invariants checked after every fuzz event (DECISIONS.md, "The
/// reducer fuzzer's invariants", says why these and not more). Each returns
/// nil when it holds, else what went wrong in words.
enum FuzzInvariants {
    // MARK: - 1. The selection is inside the list; the state hangs together

    static func structure(of state: AppState) -> String? {
        // Which screen holds which state is the `Screen` type's to say; what
        // the type cannot say is which overlays may sit on which screen.
        if state.overlays.chooser != nil && state.route != .checklist {
            return "the list chooser is open over \(state.route), not over a checklist"
        }
        if state.overlays.question?.onYes == .discardForm && state.screen.itemDetail == nil && state.screen.listDetail == nil {
            return "“Discard changes?” is asked on \(state.route), with no form to discard"
        }
        if let wanted = state.openItemAfterLoad {
            // Effects run synchronously: every load has answered by now.
            return "still waiting to open Item Detail (\(wanted.purpose)) after its page loaded"
        }

        let rows = state.listRows
        let home = state.allLists
        // An item that has not started is not due: it waits in its list.
        for case let .due(listed) in home.rows {
            if let start = listed.item.startDate, let asOf = home.due.startedBy, start > asOf {
                return "item \(listed.item.id) is in the Due view though it starts at \(start), after \(asOf), when the view was read"
            }
        }
        if let problem = viewport(home.viewport, count: home.rows.count, rows: rows, what: "the home screen") { return problem }
        // J/K and s reorder the lists shown, never drop or repeat one: the
        // rows are the lists loaded, each once, in their order.
        let shownLists = home.rows.compactMap { row -> Int64? in if case let .list(summary) = row { summary.id } else { nil } }
        if shownLists != home.lists.map(\.id) || Set(shownLists).count != shownLists.count {
            return "the home screen shows the lists \(shownLists), loaded as \(home.lists.map(\.id))"
        }
        let selectable = home.rows.contains {
            switch $0 {
            case .due, .list, .upcoming, .smartList: true
            default: false
            }
        }
        if selectable {
            switch home.selectedRow {
            case .due?, .list?, .upcoming?, .smartList?: break
            default: return "the home screen's selection (\(home.viewport.selection)) is on a heading, not an item or a list"
            }
        }

        if let list = state.screen.checklist {
            if let problem = viewport(list.viewport, count: list.count, rows: rows, what: "the checklist") { return problem }
            if list.count > 0 && list.selectedItem == nil {
                return "the checklist's selection \(list.viewport.selection) is not in the loaded page (offset \(list.page.offset), \(list.page.items.count) items)"
            }
            if !list.page.covers(list.viewport.top..<(list.viewport.top + rows)) {
                return "rows on screen (\(list.viewport.top)..<\(list.viewport.top + rows)) are not in the loaded page (offset \(list.page.offset), \(list.page.items.count) items)"
            }
            if let problem = families(on: list.page) { return problem }
            // Hiding checked items, the page holds the remaining ones only;
            // a folded family, or one under a checked parent so hidden, has
            // items without rows.
            if list.page.checklistID != list.summary.id || list.page.totalCount > list.summary.shownCount
                || list.page.sortOrder != list.summary.checklist.sortOrder {
                return "the page (list \(list.page.checklistID), \(list.page.totalCount) items, \(list.page.sortOrder)) does not match its summary (list \(list.summary.id), \(list.summary.shownCount) items shown, \(list.summary.checklist.sortOrder))"
            }
        }

        if case let .upcoming(view) = state.screen {
            if let problem = viewport(view.viewport, count: view.rows.count, rows: rows, what: "Upcoming") { return problem }
            if !view.window.items.isEmpty, view.selectedItem == nil {
                return "Upcoming's selection (\(view.viewport.selection)) is on a heading, not an item"
            }
            if let checked = view.window.items.first(where: \.item.isChecked) { return "Upcoming shows item \(checked.id), checked off" }
            let keys = view.window.items.compactMap { UpcomingKey($0.item) }
            if keys.count != view.window.items.count { return "Upcoming shows an item with neither a due date nor a start" }
            if zip(keys, keys.dropFirst()).contains(where: { !($0 < $1) }) { return "Upcoming's items are out of order" }
        }
        if let banner = state.overlays.banner {
            if banner.reminders.isEmpty { return "an empty reminder banner is shown" }
            if !banner.reminders.indices.contains(banner.index) { return "the banner shows reminder \(banner.index) of \(banner.reminders.count)" }
            if Set(banner.reminders.map(\.id)).count != banner.reminders.count { return "the banner queues one reminder twice" }
        }
        if let form = state.screen.itemDetail {
            if !form.rows.contains(form.focus) { return "Item Detail's focus (\(form.focus)) is on a row not shown (\(form.rows))" }
            if (form.picker != nil) != form.rows.contains(.picker) { return "the picker row is listed \(form.rows) with picker \(String(describing: form.picker))" }
            if !(0...form.text.characters.count).contains(form.text.cursor) { return "the text cursor is outside the text" }
        }
        if let choice = state.screen.listDetail?.iconChoice, !ChecklistIcon.allCases.indices.contains(choice) {
            return "the icon choice highlights icon \(choice) of \(ChecklistIcon.allCases.count)"
        }
        if let scroll = state.overlays.help, scroll < 0 { return "help is scrolled to \(scroll)" }
        return nil
    }

    /// A page in family order: a row at depth d > 0 follows its parent
    /// (the nearest row above at depth d - 1, where the page holds it), a
    /// row at the top level has no parent in the list, nothing follows a
    /// folded parent deeper than it, and progress counts are counts.
    static func families(on page: ItemsPage) -> String? {
        if !page.places.isEmpty && page.places.count != page.items.count {
            return "the page has \(page.items.count) items but \(page.places.count) places"
        }
        for (offset, item) in page.items.enumerated() {
            let index = page.offset + offset
            let place = page.place(at: index)
            if place.depth < 0 || place.checkedSubItemCount < 0 || place.checkedSubItemCount > place.subItemCount {
                return "row \(index) (item \(item.id)) stands at depth \(place.depth) with \(place.checkedSubItemCount)/\(place.subItemCount) sub-items checked"
            }
            if place.depth == 0 && item.parentID != nil {
                return "row \(index) (item \(item.id)) is at the top level but has parent \(item.parentID!)"
            }
            if item.parentID != nil && item.unlinkedParentUID != nil {
                return "item \(item.id) has a parent in the list and an unlinked one"
            }
            guard place.depth > 0, offset > 0 else { continue }
            let above = page.place(at: index - 1)
            if place.depth > above.depth + 1 {
                return "row \(index) (item \(item.id)) is at depth \(place.depth) right under a row at depth \(above.depth)"
            }
            if above.isParent && page.items[offset - 1].isCollapsed && place.depth > above.depth {
                return "row \(index) (item \(item.id)) shows under its folded parent \(page.items[offset - 1].id)"
            }
            if let parentRow = (0..<offset).last(where: { page.place(at: page.offset + $0).depth == place.depth - 1 }),
               page.items[parentRow].id != item.parentID {
                return "row \(index) (item \(item.id), parent \(item.parentID.map(String.init) ?? "none")) is under item \(page.items[parentRow].id) at depth \(place.depth - 1)"
            }
        }
        return nil
    }

    /// What a family change left in the database: a family checked has no
    /// open member but repeating ones (which move to their next date
    /// instead); a family deleted left no sub-item behind; a family moved
    /// is whole in its new list, and nothing in any list names a parent in
    /// another. `items` are every item of the lists concerned.
    /// After an undo or redo too (a family deleted comes back whole): every
    /// parent named is in its sub-item's list.
    static func afterFamilyChange(_ change: Change?, database: ChecklistsDatabase) -> String? {
        guard let all = try? database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil) else { return nil }
        let byID = Dictionary(all.map { ($0.item.id, $0.item) }) { first, _ in first }
        for listed in all {
            guard let parentID = listed.item.parentID else { continue }
            guard let parent = byID[parentID] else { return "item \(listed.item.id)'s parent \(parentID) does not exist" }
            if parent.checklistID != listed.item.checklistID {
                return "item \(listed.item.id) in list \(listed.item.checklistID) has its parent \(parentID) in list \(parent.checklistID)"
            }
        }
        func family(_ id: Int64) -> [Item] {
            var result: [Item] = [], queue = [id], seen: Set<Int64> = [id]
            while let next = queue.popLast() {
                for item in all.lazy.map(\.item) where item.parentID == next && seen.insert(item.id).inserted {
                    result.append(item)
                    queue.append(item.id)
                }
            }
            return result
        }
        switch change {
        case nil:
            break
        case let .checkFamily(id)?:
            guard let root = byID[id] else { return nil }
            if let open = ([root] + family(id)).first(where: { !$0.isChecked && $0.recurrence == nil }) {
                return "item \(open.id) is open after its family (from \(id)) was checked"
            }
        case let .deleteItem(id)?:
            if byID[id] != nil { return "item \(id) is still there after it was deleted" }
        case let .moveItem(id, target)?:
            guard let root = byID[id], root.checklistID == target else { return nil }
            if let left = family(id).first(where: { $0.checklistID != target }) {
                return "sub-item \(left.id) stayed in list \(left.checklistID) when its family moved to \(target)"
            }
        default:
            break
        }
        return nil
    }

    private static func viewport(_ viewport: Viewport, count: Int, rows: Int, what: String) -> String? {
        let (selection, top) = (viewport.selection, viewport.top)
        if count == 0 {
            return selection == 0 && top == 0 ? nil : "\(what) is empty but selects \(selection) (top \(top))"
        }
        if !(0..<count).contains(selection) { return "\(what) selects row \(selection) of \(count)" }
        if top < 0 || selection < top || selection >= top + rows {
            return "\(what) selects row \(selection), outside the \(rows) rows shown from \(top)"
        }
        return nil
    }

    // MARK: - 2. No state references a deleted item

    /// Items the state names: selected, edited, asked about, in the banner.
    static func referencedItemIDs(_ state: AppState) -> [Int64] {
        var ids: [Int64] = []
        if let item = state.screen.checklist?.selectedItem { ids.append(item.id) }
        if let item = state.allLists.selectedDueItem { ids.append(item.id) }
        if case let .edit(item)? = state.screen.itemDetail?.mode { ids.append(item.id) }
        if case let .deleteItem(id)? = state.overlays.question?.change { ids.append(id) }
        if case let .checkFamily(id)? = state.overlays.question?.change { ids.append(id) }
        ids += state.overlays.banner?.reminders.map(\.item.id) ?? []
        return ids
    }

    /// Item ids are never reused and a deleted item never comes back (an edit
    /// of it must fail, not re-create it).
    static func deletedStayDeleted(_ ids: [Int64], database: ChecklistsDatabase) -> String? {
        for id in ids where (try? database.item(id: id)) != nil {
            return "item \(id) was deleted, and the database holds it again"
        }
        return nil
    }

    /// Once the app has noticed every commit of other processes (and its own
    /// effects have run), what it shows as data is what the database holds:
    /// the open checklist exists with these counts, its selected item exists
    /// as shown; on the home screen the selected list or due item exists as
    /// shown. `thorough` compares the whole loaded page and every home row.
    static func showsWhatTheDatabaseHolds(_ state: AppState, database: ChecklistsDatabase, thorough: Bool) -> String? {
        do {
            switch state.route {
            case .checklist, .itemDetail:
                guard let list = state.screen.checklist else { return nil }
                // A list that hides its items not started is compared as of
                // the moment it was read: the clock may have moved since.
                let asOf = list.loadedAt ?? state.now
                guard let summary = try database.checklistSummary(id: list.summary.id, now: asOf) else {
                    return "checklist \(list.summary.id) was deleted, yet the app still shows it after noticing"
                }
                if summary != list.summary { return "the open checklist shows \(show(list.summary)), the database holds \(show(summary))" }
                if let item = list.selectedItem, let problem = try same(item, in: database, what: "the selected item") { return problem }
                // Hiding checked items: none shows, and the position counts only those shown.
                let hiding = summary.checklist.hidesChecked
                if hiding, let checked = list.page.items.first(where: \.isChecked) { return "checked item \(checked.id) shows while checked items are hidden" }
                let notStartedAt = summary.checklist.hidesNotStarted ? asOf : nil
                if let notStartedAt, let waiting = list.page.items.first(where: { !$0.isChecked && !$0.hasStarted(now: notStartedAt) }) {
                    return "item \(waiting.id), not started, shows while items not started are hidden"
                }
                if list.count > summary.shownCount { return "the list counts \(list.count) rows, the database \(summary.shownCount) to show" }
                if thorough {
                    let page = list.page
                    let fresh = try database.itemsPage(checklistID: page.checklistID, sortOrder: page.sortOrder, hidingChecked: hiding,
                                                       hidingNotStartedAt: notStartedAt, offset: page.offset, limit: page.items.count)
                    if fresh.totalCount != page.totalCount { return "the list counts \(page.totalCount) rows, the database \(fresh.totalCount)" }
                    if !fresh.places.isEmpty || !page.places.isEmpty, fresh.places != page.places {
                        return "the loaded page's family places differ from the database's"
                    }
                    if fresh.items != page.items {
                        let first = zip(fresh.items, page.items).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(fresh.items.count, page.items.count)
                        return "the loaded page differs from the database from row \(page.offset + first)"
                    }
                }
            case .search:
                // The search asks again after every change it notices.
                if let listed = state.screen.search?.selected, let problem = try same(listed.item, in: database, what: "the selected match") {
                    return problem
                }
            case .upcoming:
                // Upcoming asks again after every change it notices.
                if case let .upcoming(view) = state.screen, let listed = view.selectedItem,
                   let problem = try same(listed.item, in: database, what: "the selected upcoming item") {
                    return problem
                }
            case .filter:
                // A filter's screen asks again after every change it
                // notices; every row it shows matches its filter (the
                // words that depend on the clock aside: the clock moves
                // between the read and this check).
                guard case let .filter(view, _) = state.screen, var filter = view.filter, let results = view.results else { return nil }
                if let listed = view.selectedItem, let problem = try same(listed.item, in: database, what: "the selected filtered item") {
                    return problem
                }
                filter.due = nil
                filter.startedOnly = false
                let calendar = Calendar(identifier: .gregorian)
                if let stray = results.items.first(where: { !filter.matches($0.item, listName: $0.checklistName, now: state.now, calendar: calendar) }) {
                    return "item \(stray.id) is on the filter screen of “\(filter.text)” but does not match it"
                }
            case .tags:
                // The tag view asks again after every change it notices.
                if case let .tags(view) = state.screen, let listed = view.selectedItem,
                   let problem = try same(listed.item, in: database, what: "the selected tagged item") {
                    return problem
                }
            case .allLists, .listDetail:
                let home = state.allLists
                switch home.selectedRow {
                case let .list(shown)?:
                    let summary = try database.checklistSummary(id: shown.id)
                    if summary != shown { return "the selected list shows \(show(shown)), the database holds \(summary.map(show) ?? "nothing")" }
                case let .due(listed)?:
                    if let problem = try same(listed.item, in: database, what: "the selected due item") { return problem }
                default:
                    break
                }
                if thorough {
                    let (order, lists) = try database.listsInOrder()
                    if lists.map(\.id).sorted() != home.lists.map(\.id).sorted() {
                        return "the home screen shows the lists \(home.lists.map(\.id)), the database holds \(lists.map(\.id))"
                    }
                    if lists != home.lists { return "the home screen shows \(home.lists.count) lists, the database holds \(lists.count) (or they differ)" }
                    if order != home.order { return "the home screen shows the lists \(home.order.displayName), the database has them \(order.displayName)" }
                    for case let .due(listed) in home.rows {
                        if let problem = try same(listed.item, in: database, what: "a due item") { return problem }
                    }
                }
            }
        } catch {
            return "reading the database failed: \(error)"
        }
        return nil
    }

    private static func same(_ item: Item, in database: ChecklistsDatabase, what: String) throws(StorageError) -> String? {
        guard let stored = try database.item(id: item.id) else {
            return "\(what) (\(item.id)) was deleted, yet the app still shows it after noticing"
        }
        return stored == item ? nil : "\(what) shows \(show(item)), the database holds \(show(stored))"
    }

    static func show(_ item: Item) -> String {
        "item \(item.id) in list \(item.checklistID) \(FuzzEvent.escaped(item.text)) checked \(item.isChecked) due \(item.dueDate.map { "\($0)" } ?? "none") starts \(item.startDate.map { "\($0)" } ?? "never") remind \(item.shouldRemind) rings \(item.remindAt.map { "\($0)" } ?? "never")"
    }

    static func show(_ summary: ChecklistSummary) -> String {
        let list = summary.checklist
        return "list \(list.id) \(FuzzEvent.escaped(list.name)) \(list.icon) \(list.sortOrder), \(summary.itemCount) items, \(summary.remainingCount) remaining"
    }

    /// An action on something deleted elsewhere before the app noticed
    /// (Done on its form, y on its question, x on its reminder) must be
    /// refused with a message, never silently dropped or applied.
    struct Expectation {
        var action: String
        var staysOnForm: Bool

        func check(_ state: AppState) -> String? {
            if state.message?.kind != .error {
                return "\(action): the app did not say so (message: \(state.message?.text ?? "none"))"
            }
            if staysOnForm && state.route != .itemDetail { return "\(action): the form closed and the edit was lost" }
            return nil
        }
    }

    static func expectation(before event: FuzzEvent, state: AppState, database: ChecklistsDatabase) -> Expectation? {
        guard case let .key(key) = event, !state.isTooSmall, key != .control("c"),
              let command = KeyBindings.command(for: key, in: state.keyContext) else { return nil }
        func itemIsGone(_ id: Int64) -> Bool { (try? database.item(id: id)) == nil }
        func listIsGone(_ id: Int64) -> Bool { (try? database.checklistSummary(id: id)) == nil }
        switch (state.keyContext, command) {
        case (.confirm, .confirmYes):
            switch state.overlays.question?.change {
            case let .deleteItem(id)? where itemIsGone(id): return Expectation(action: "y to delete item \(id), deleted elsewhere", staysOnForm: false)
            case let .deleteChecklist(id)? where listIsGone(id): return Expectation(action: "y to delete list \(id), deleted elsewhere", staysOnForm: false)
            case let .checkFamily(id)? where itemIsGone(id): return Expectation(action: "y to check item \(id)'s family, deleted elsewhere", staysOnForm: false)
            default: return nil
            }
        case (.confirm, .confirmNo):
            guard case let .commit(.setChecked(id, _))? = state.overlays.question?.onNo, itemIsGone(id) else { return nil }
            return Expectation(action: "n to check item \(id) alone, deleted elsewhere", staysOnForm: false)
        case (.banner, .bannerDone), (.banner, .bannerOpen), (.snoozeChoice, .snoozeShort), (.snoozeChoice, .snoozeLong), (.snoozeChoice, .snoozeTomorrow):
            // `z`'s choice on a view of items apart from their lists.
            if case let .move(choice)? = state.overlays.top {
                guard itemIsGone(choice.itemID) else { return nil }
                return Expectation(action: "\(command) moving item \(choice.itemID), deleted since", staysOnForm: false)
            }
            guard let item = state.overlays.banner?.current.item, itemIsGone(item.id) else { return nil }
            return Expectation(action: "\(command) on the reminder of item \(item.id), deleted since", staysOnForm: false)
        case (.checklist, .toggleChecked):
            guard let item = state.screen.checklist?.selectedItem, itemIsGone(item.id) else { return nil }
            return Expectation(action: "checking item \(item.id), deleted elsewhere", staysOnForm: false)
        case (.dueItem, .toggleChecked):
            guard let item = state.allLists.selectedDueItem, itemIsGone(item.id) else { return nil }
            return Expectation(action: "checking due item \(item.id), deleted elsewhere", staysOnForm: false)
        case (.allLists, .open):
            guard let list = state.allLists.selected, listIsGone(list.id) else { return nil }
            return Expectation(action: "opening list \(list.id), deleted elsewhere", staysOnForm: false)
        case (.itemText, .done), (.itemRemind, .done), (.itemDueDate, .done), (.itemStart, .done), (.datePicker, .done):
            guard let form = state.screen.itemDetail, form.picker == nil || (form.picker?.digits.isEmpty == true && form.picker?.typed == nil),
                  form.canBeDone, case let .edit(item) = form.mode, form.draft != item.draft, itemIsGone(item.id) else { return nil }
            // With its whole list gone the form closes too ("That list no longer exists").
            return Expectation(action: "Done on an edit of item \(item.id), deleted elsewhere", staysOnForm: !listIsGone(item.checklistID))
        case (.listName, .done), (.listIcon, .done):
            guard let form = state.screen.listDetail, form.canBeDone, case let .edit(list) = form.mode,
                  form.name.text != list.name || form.icon != list.icon, listIsGone(list.id) else { return nil }
            return Expectation(action: "Done on an edit of list \(list.id), deleted elsewhere", staysOnForm: false)
        default:
            return nil
        }
    }

    // MARK: - 2c. Undo then redo gives the same content

    /// Everything the user keeps, as an export holds it, with what an undo
    /// may rightly change set aside: the stamp (`modifiedAt`, the undo's
    /// time) and the reminders' state (pending, snoozed, delivered), which
    /// the history does not hold: the rule's answer stands in for it.
    static func content(of database: ChecklistsDatabase, now: Date) -> Snapshot? {
        guard var snapshot = try? database.snapshot() else { return nil }
        for list in snapshot.lists.indices {
            for entry in snapshot.lists[list].items.indices {
                snapshot.lists[list].items[entry].modifiedAt = nil
                // Which reminders are pending, and when, is not history: a
                // snooze or a delivery since the change undone stays out of
                // it, and undo and redo give the item its reminders back
                // for the rule to schedule. So what is compared is what the
                // rule gives the item's reminders now.
                let item = snapshot.lists[list].items[entry].item
                let pending = ReminderRule.pending(reminders: item.reminders, isChecked: item.isChecked, dueDate: item.dueDate, now: now)
                snapshot.lists[list].items[entry].pending = Dictionary(pending.map { ($0.reminder, $0.fireAt) }) { first, _ in first }
                snapshot.lists[list].items[entry].remindAt = pending.map(\.fireAt).min()
                snapshot.lists[list].items[entry].item.remindAt = pending.map(\.fireAt).min()
            }
        }
        return snapshot
    }

    // MARK: - 2b. A paste is text, never keys

    /// What a paste of `text` did wrong between `before` and `after`: it
    /// must not move, open, close, ask or quit anything; in a text field it
    /// adds exactly its cleaned text (no control, no line break but the
    /// note's); elsewhere
    /// it only says it was ignored.
    static func pasteStayedText(_ text: String, before: AppState, after: AppState) -> String? {
        let context = before.keyContext
        if after.route != before.route || after.keyContext != context || !after.isRunning
            || (after.overlays.question == nil) != (before.overlays.question == nil) || (after.overlays.help != nil) != (before.overlays.help != nil) {
            return "a paste in \(context) acted as keys: route \(before.route) -> \(after.route), context \(context) -> \(after.keyContext)"
        }
        if before.isTooSmall { return nil }
        guard context.isTextField else {
            return after.message?.text.hasPrefix("Paste ignored") == true ? nil
                : "a paste in \(context) was not reported as ignored (message: \(after.message?.text ?? "none"))"
        }
        func field(_ state: AppState) -> String? {
            switch context {
            case .itemText: state.screen.itemDetail?.text.text
            case .itemNote: state.screen.itemDetail?.note.text
            case .listName: state.screen.listDetail?.name.text
            case .search: state.screen.search?.field.text
            case .typedReminder: state.screen.itemDetail?.reminderInput?.text
            case .itemTags: state.screen.itemDetail?.tags.text
            case .typedStart: state.screen.itemDetail?.startInput?.text
            case .filterField: if case let .filter(view, _) = state.screen { view.field.text } else { nil }
            default: state.screen.itemDetail?.picker?.typed?.text
            }
        }
        guard let old = field(before), let new = field(after) else { return "a paste in \(context) lost the text field" }
        // The note keeps a paste's line breaks (as LF); every other field makes them spaces.
        let keepsLines = context == .itemNote
        let added = TextField.pastable(text, keepingLineBreaks: keepsLines).unicodeScalars.count
        func controls(_ text: String) -> Int {
            text.unicodeScalars.filter { $0.properties.generalCategory == .control && !(keepsLines && $0 == "\n") }.count
        }
        if new.unicodeScalars.count != old.unicodeScalars.count + added || controls(new) != controls(old) {
            return "a paste of \(text.unicodeScalars.count) scalars in \(context) changed the field from \(old.unicodeScalars.count) to \(new.unicodeScalars.count) scalars (expected +\(added), no new controls)"
        }
        return nil
    }

    // MARK: - 3. The screen: rows fit, the picker row shows exactly when open

    static func rendered(_ grid: ScreenGrid, state: AppState) -> String? {
        let (width, height) = (max(0, state.width), max(0, state.height))
        if grid.width != width || grid.height != height { return "rendered \(grid.width)x\(grid.height) for a \(width)x\(height) screen" }
        let cells = grid.cells
        for row in 0..<height {
            let base = row * width
            var column = 0
            var plain = true
            while column < width {
                let cell = cells[base + column]
                let utf8 = cell.grapheme.utf8
                if utf8.count != 1 || utf8.first! >= 0x7F {
                    plain = false
                    for scalar in cell.grapheme.unicodeScalars where isRaw(scalar) {
                        return "row \(row), column \(column) sends U+\(String(scalar.value, radix: 16)) raw to the terminal"
                    }
                } else if utf8.first! < 0x20 {
                    return "row \(row), column \(column) sends U+\(String(utf8.first!, radix: 16)) raw to the terminal"
                }
                switch cell.width {
                case 2:
                    if column + 1 >= width || cells[base + column + 1].width != 0 { return "row \(row): a wide glyph at column \(column) is cut in half" }
                    column += 2
                case 1:
                    column += 1
                default:
                    return "row \(row): a glyph's second half at column \(column) has no first half"
                }
            }
            // A row of ASCII cells is as wide as its cells; any other row is
            // measured again from its text, grapheme by grapheme, as a terminal would.
            if !plain {
                let line = cells[base..<(base + width)].reduce(into: "") { if $1.width != 0 { $0 += $1.grapheme } }
                let columns = TextWidth.columns(of: line)
                if columns > width {
                    return "row \(row) is \(columns) columns wide on a \(width)-column screen: \(FuzzEvent.escaped(line, limit: .max))"
                }
            }
        }
        if let cursor = grid.cursor, !(0..<height).contains(cursor.row) || !(0..<width).contains(cursor.column) {
            return "the cursor (\(cursor.row), \(cursor.column)) is off the \(width)x\(height) screen"
        }
        if state.route == .itemDetail, !state.isTooSmall, state.overlays.help == nil, state.overlays.banner == nil, let form = state.screen.itemDetail {
            // The picker row is the one beneath Due Date, wherever the note's
            // height (which follows the screen's) puts that row.
            let lines = grid.lines()
            guard let dueRow = lines.firstIndex(where: { $0.dropFirst(2).hasPrefix("Due Date") }), dueRow + 1 < lines.count else {
                // In a short pane the rows above the focused one give way,
                // and the open picker goes with its Due Date row.
                if form.focus == .dueDate || form.focus == .picker {
                    return "the focused Due Date row is not on the \(width)x\(height) form"
                }
                if let stray = lines.firstIndex(where: { $0.dropFirst(2).hasPrefix("▸") || $0.dropFirst(2).hasPrefix("Date:") }) {
                    return "row \(stray) shows the picker without its Due Date row on the \(width)x\(height) form"
                }
                return nil
            }
            let pickerRow = lines[dueRow + 1].drop { $0 == " " }
            let shown = pickerRow.hasPrefix("▸") || pickerRow.hasPrefix("Date:")
            let open = form.picker != nil
            if shown != open { return "the picker row is \(shown ? "shown" : "not shown") while the picker is \(open ? "open" : "closed")" }
            let highlighted = (0..<width).contains { grid[dueRow, $0].color == .cyan }
            if highlighted != open { return "the due date is \(highlighted ? "" : "not ")highlighted while the picker is \(open ? "open" : "closed")" }
        }
        return nil
    }

    /// Controls and bidi overrides, which the grid must have replaced.
    private static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    // MARK: - Reporting

    static func summary(of state: AppState) -> String {
        var lines = ["  route \(state.route), keys \(state.keyContext), \(state.width)x\(state.height)\(state.isTooSmall ? " (too small)" : ""), now \(state.now)"]
        let home = state.allLists
        lines.append("  home: \(home.rows.count) rows (\(home.lists.count) lists, \(home.due.items.count) due), selection \(home.viewport.selection), top \(home.viewport.top)")
        if let list = state.screen.checklist {
            lines.append("  checklist \(list.summary.id) \(FuzzEvent.escaped(list.summary.checklist.name)): \(list.count) items, selection \(list.viewport.selection), top \(list.viewport.top), page \(list.page.offset)+\(list.page.items.count), selected \(list.selectedItem.map { "\($0.id)" } ?? "none")")
        }
        if let form = state.screen.itemDetail {
            lines.append("  item form \(form.mode): text \(FuzzEvent.escaped(form.text.text)), focus \(form.focus), picker \(String(describing: form.picker))")
        }
        if let form = state.screen.listDetail {
            lines.append("  list form \(form.mode): name \(FuzzEvent.escaped(form.name.text)), focus \(form.focus), icon choice \(String(describing: form.iconChoice))")
        }
        if let confirmation = state.overlays.question { lines.append("  asking: \(confirmation.question) → \(confirmation.onYes)") }
        if let banner = state.overlays.banner { lines.append("  banner: reminders \(banner.reminders.map(\.id)), index \(banner.index)") }
        if let message = state.message { lines.append("  message (\(message.kind)): \(FuzzEvent.escaped(message.text))") }
        if state.width * state.height <= 20_000 {
            lines.append("  screen:")
            lines += render(state).lines().map { "  |" + FuzzEvent.escaped($0, limit: .max).dropFirst().dropLast() }
        }
        return lines.joined(separator: "\n")
    }
}
