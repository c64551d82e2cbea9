import Foundation
import Synchronization
import ChecklistsModel
import ChecklistsUI
import ChecklistsEventLoop
import ChecklistsToolSupport

/// What a fuzz run does.
public struct FuzzConfiguration: Sendable {
    public var seed: UInt64
    public var events: Int
    /// A folder for the run's database (created; removed at the end).
    public var folder: String
    /// Print every event from this index on, before it runs (to replay a crash).
    public var traceFrom: Int?
    /// Stop after this long, between two events, if `events` are not done by
    /// then: one run keeps its state (the database it grew) to the end,
    /// however long the machine takes.
    public var seconds: Double?

    public init(seed: UInt64, events: Int, folder: String, traceFrom: Int? = nil, seconds: Double? = nil) {
        self.seed = seed
        self.events = events
        self.folder = folder
        self.traceFrom = traceFrom
        self.seconds = seconds
    }

    /// /dev/shm when the machine has it (the database is rewritten thousands
    /// of times a second), else the temporary folder.
    public static func scratchFolder(named name: String) -> String {
        var isDirectory: ObjCBool = false
        let base = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
            && access("/dev/shm", W_OK) == 0 ? "/dev/shm/" : NSTemporaryDirectory()
        return base + name + "-" + UUID().uuidString
    }
}

/// The figures of a run.
public struct FuzzReport: Sendable {
    public var seed: UInt64
    public var events = 0
    public var seconds = 0.0
    public var keys = 0
    /// Pastes among the keys, and the scalars they held.
    public var pastes = 0
    public var pastedScalars = 0
    /// Mouse events among the keys (a double click counts two).
    public var mouseEvents = 0
    public var resizes = 0
    public var renders = 0
    public var externalCommits = 0
    public var externalRefused = 0
    public var notices = 0
    /// Alarm events sent with the current token, and with a replaced one.
    public var alarmsFired = 0
    public var staleAlarms = 0
    public var remindersDelivered = 0
    public var syntheticReminders = 0
    public var restarts = 0
    public var undoRedos = 0
    public var undosRefused = 0
    public var deletedItemsTracked = 0
    /// Keys received per key context: shows every screen was reached.
    public var contexts: [KeyContext: Int] = [:]

    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }

    public var summary: String {
        let perContext = KeyContext.allCases.map { "\($0)=\(contexts[$0, default: 0])" }.joined(separator: " ")
        return """
            seed \(seed): \(events) events in \(String(format: "%.1f", seconds)) s (\(Int(eventsPerSecond)) events/s), \
            \(renders) renders, \(keys) keys (\(pastes) pastes of \(pastedScalars) scalars, \(mouseEvents) mouse), \(resizes) resizes, \(externalCommits) external commits \
            (\(externalRefused) refused), \(notices) notices, \(alarmsFired) alarms (\(staleAlarms) stale), \
            \(remindersDelivered) reminders claimed, \
            \(syntheticReminders) synthetic reminders, \(restarts) restarts, \(undoRedos) undo-redo pairs (\(undosRefused) undos refused or empty), \(deletedItemsTracked) deleted items checked
            keys per screen: \(perContext)
            """
    }
}

/// An invariant that did not hold: everything needed to reproduce it.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    public var seed: UInt64
    public var index: Int
    public var problem: String
    public var recentEvents: [String]
    public var state: String

    public var description: String {
        """
        FUZZ FAILURE at event \(index) (seed \(seed)): \(problem)
        replay: checklists-stress fuzz --seed \(seed) --events \(index + 1) --trace-from \(max(0, index - 20))
        last events:
        \(recentEvents.map { "  " + $0 }.joined(separator: "\n"))
        state:
        \(state)
        """
    }
}


/// The index of the event being run, for the crash handler (a trap in the
/// app's code ends the process; the handler says where, and how to replay).
/// Atomics: the test suite runs two fuzzers in one process at once, and
/// plain globals were a data race ThreadSanitizer reported. (With two, a
/// crash names the last event either stored; the stress command runs one
/// fuzzer per process, where it is exact.)
let fuzzCurrentEvent = Atomic<Int>(-1)
let fuzzCurrentSeed = Atomic<UInt64>(0)

/// Drives the whole app minus the terminal (a `Store` with its effects run on
/// a real SQLite file; the alarm it asks for is recorded, and fired when the
/// simulated wall clock reaches it) with random events, checking the invariants of `FuzzInvariants` after every one.
public final class ReducerFuzzer {
    let configuration: FuzzConfiguration
    var random: SeededRandom
    let keys = KeyChooser()
    let app: ChecklistsDatabase
    /// Another process's connection to the same file.
    let other: ChecklistsDatabase
    var store: Store
    /// The alarm as the runtime last set it.
    var alarm = AlarmSetting(date: nil, token: 0)
    /// The wall clock as the app sees it: moved by the fuzzer, never read from the machine.
    var now: Date {
        didSet { latestNow = max(latestNow, now) }
    }
    /// The latest moment the run's clock has reached. The clock also jumps
    /// back; a reminder at or before this moment may have rung already, and
    /// after such a jump a redo finds it ahead again and schedules it.
    private var latestNow = Date.distantPast
    /// Events left before the runtime notices other processes' commits; nil
    /// when it knows of them all.
    var noticeIn: Int?
    /// Items deleted (by anyone) that the fuzzer saw: ids never come back.
    var deletedItems: [Int64: Item] = [:]
    var recentlyDeleted: [Item] = []
    var recent: [String] = []
    var report: FuzzReport
    var index = 0
    /// What the last paste did that a paste must not, found in `perform`
    /// where the state just before it is known.
    var pasteProblem: String?
    var undoProblem: String?
    /// Changes committed during the event (the app's and other processes'):
    /// a family checked, moved or deleted is checked in the database after it.
    var committed: [Change] = []
    /// Whether the event undid and redid a change (its families are checked after it).
    var undoRedone = false

    public init(_ configuration: FuzzConfiguration) throws(StorageError) {
        self.configuration = configuration
        random = SeededRandom(seed: configuration.seed)
        try? FileManager.default.createDirectory(atPath: configuration.folder, withIntermediateDirectories: true)
        let location = DatabaseLocation(path: configuration.folder + "/fuzz.sqlite", createsFolder: false)
        app = try ChecklistsDatabase.open(location, options: .init(busyTimeout: 2))
        other = try ChecklistsDatabase.open(location, options: .init(busyTimeout: 2))
        // Saturday 21 November 2026, 10:30 UTC, plus up to a year: DST changes included.
        now = Date(timeIntervalSince1970: 1_795_257_000 + Double(random.int(0...365 * 86_400)))
        report = FuzzReport(seed: configuration.seed)
        store = Store(state: AppState(context: FuzzStyles.context(0), width: 80, height: 24, now: now), database: app)
        startApp(width: 80, height: 24)
    }

    /// Removes the run's database.
    public func removeFiles() {
        try? FileManager.default.removeItem(atPath: configuration.folder)
    }

    /// Runs every event; stops at the first invariant that fails.
    public func run(progress: ((FuzzReport) -> Void)? = nil) -> Result<FuzzReport, FuzzFailure> {
        fuzzCurrentSeed.store(configuration.seed, ordering: .relaxed)
        let stopwatch = Stopwatch()
        while index < configuration.events, configuration.seconds.map({ stopwatch.seconds < $0 }) ?? true {
            fuzzCurrentEvent.store(index, ordering: .relaxed)
            let event = nextEvent()
            let line = "#\(index) \(event.description)"
            recent.append(line)
            if recent.count > 20 { recent.removeFirst() }
            if let from = configuration.traceFrom, index >= from {
                FileHandle.standardError.write(Data("\(line)\n".utf8))
            }
            let expectation = FuzzInvariants.expectation(before: event, state: store.state, database: app)
            perform(event)
            draw()
            if !store.state.isRunning { restart() }
            if let problem = check(after: event, expectation: expectation) {
                return .failure(failure(problem))
            }
            index += 1
            report.events = index
            if index % 100_000 == 0, let progress {
                report.seconds = stopwatch.seconds
                progress(report)
            }
        }
        if let problem = FuzzInvariants.deletedStayDeleted(Array(deletedItems.keys), database: app) {
            return .failure(failure(problem))
        }
        report.deletedItemsTracked = deletedItems.count
        report.seconds = stopwatch.seconds
        fuzzCurrentEvent.store(-1, ordering: .relaxed)
        return .success(report)
    }

    private func failure(_ problem: String) -> FuzzFailure {
        FuzzFailure(seed: configuration.seed, index: index, problem: problem, recentEvents: recent,
                    state: FuzzInvariants.summary(of: store.state))
    }

    // MARK: - Running the app

    private func startApp(width: Int, height: Int) {
        // Each start may be in another locale and time zone, with or without Unicode.
        let context = FuzzStyles.context(random.int(0...FuzzStyles.styles.count - 1), unicode: random.chance(0.85))
        store = Store(state: AppState(context: context, width: width, height: height, now: now), database: app)
        // A new process: its alarm starts disarmed.
        alarm = AlarmSetting(date: nil, token: 0)
        store.onRuntimeEffect = { [unowned self] effect in
            if case let .armAlarm(setting) = effect { self.alarm = setting }
        }
        for action in store.startingActions(now: now) + [.firstFrameShown] {
            report.remindersDelivered += sendCountingClaims(action).count
        }
        noticeIn = nil
    }

    private func restart() {
        report.restarts += 1
        startApp(width: store.state.width, height: store.state.height)
        draw()
    }

    /// What the wall clock does after each batch of input: fire the alarm
    /// once it is reached, as an ordinary action.
    private func draw() {
        var firings = 0
        while let date = alarm.date, date <= now, firings < 3 {
            report.alarmsFired += 1
            report.remindersDelivered += sendCountingClaims(.alarmWentOff(token: alarm.token, at: now)).count
            firings += 1
        }
    }

    /// Sends `action` as `Store.send` does, noting the changes committed.
    private func sendRecordingCommits(_ action: Action) {
        sendThrough(action, reduce: store.reduce) { effect in
            let answer = store.perform(effect)
            if case let .committed(change, _)? = answer { committed.append(change) }
            return answer
        }
    }

    /// Sends `action` as `Store.send` does, and returns the reminders its
    /// claims answered with.
    private func sendCountingClaims(_ action: Action) -> [DueReminder] {
        var claimed: [DueReminder] = []
        sendThrough(action, reduce: store.reduce) { effect in
            let answer = store.perform(effect)
            if case .claimDueReminders = effect, case let .remindersDue(due, _)? = answer { claimed += due }
            return answer
        }
        return claimed
    }

    private func perform(_ event: FuzzEvent) {
        switch event {
        case let .key(key):
            report.keys += 1
            report.contexts[store.state.keyContext, default: 0] += 1
            now += Double(random.int(0...2_500)) / 1000
            store.send(.clock(now))
            if case let .paste(text) = key {
                report.pastes += 1
                report.pastedScalars += text.unicodeScalars.count
                let before = store.state
                store.send(.key(key))
                pasteProblem = FuzzInvariants.pasteStayedText(text, before: before, after: store.state)
            } else {
                if case .mouse = key { report.mouseEvents += 1 }
                sendRecordingCommits(.key(key))
            }
        case let .doubleClick(row, column):
            report.mouseEvents += 2
            now += Double(random.int(0...2_500)) / 1000
            store.send(.clock(now))
            for isPress in [true, false, true, false] {
                store.send(.key(.mouse(MouseEvent(.left, isPress: isPress, row: row, column: column))))
            }
        case let .resize(width, height):
            report.resizes += 1
            store.send(.resized(width: width, height: height))
        case let .clockJump(seconds):
            now += seconds
        case .alarm:
            if let date = alarm.date { now = max(now, date + Double(random.int(0...1_500)) / 1000) }
        case .staleAlarm:
            break   // checked in `check`, where its answer is known
        case let .reminders(reminders, missed):
            report.syntheticReminders += reminders.count
            store.send(.remindersDue(reminders, missed: missed))
        case .refresh:
            store.send(.refresh)
        case let .external(change, _):
            remember(deletionOf: change)
            do {
                try other.apply(change, now: now)
                committed.append(change)
                report.externalCommits += 1
                noticeIn = min(noticeIn ?? .max, random.int(0...4))
            } catch {
                report.externalRefused += 1
            }
        case .notice:
            report.notices += 1
            noticeIn = nil
            store.send(.changedElsewhere(at: now))
        case .restart:
            restart()
        case .undoRedo:
            undoProblem = undoThenRedo()
            undoRedone = true
        }
        forgetDeletionsUndone()
    }

    /// Presses u (and y when asked), then Ctrl-R (and y): what the database
    /// holds afterwards must be what it held before, the stamps aside, and
    /// reminders the clock has passed aside: one that rang before the clock
    /// was set back is ahead again, so redoing the snooze that set it
    /// schedules it again, as it should.
    private func undoThenRedo() -> String? {
        let now = max(self.now, latestNow)
        let before = FuzzInvariants.content(of: app, now: now)
        guard press(.character("u"), expecting: "Undone: ") else {
            report.undosRefused += 1
            return FuzzInvariants.content(of: app, now: now) == before ? nil : "an undo that was not done changed the database"
        }
        report.undoRedos += 1
        guard press(.control("r"), expecting: "Redone: ") else {
            return "redo right after an undo was not done: \(store.state.message?.text ?? "no message")"
        }
        let after = FuzzInvariants.content(of: app, now: now)
        guard after == before else {
            return "undo then redo did not give back the same content:\n  before: \(String(describing: before))\n  after:  \(String(describing: after))"
        }
        return nil
    }

    /// Sends `key` where it means undo or redo, answering y to the
    /// question about a change from elsewhere; whether the message then
    /// starts with `expecting`.
    private func press(_ key: Key, expecting: String) -> Bool {
        guard [.allLists, .dueItem, .checklist].contains(store.state.keyContext) else { return false }
        store.send(.key(key))
        if case .history? = store.state.overlays.question?.onYes { store.send(.key(.character("y"))) }
        return store.state.message?.text.hasPrefix(expecting) == true
    }

    /// An undo (by u or by the undoRedo event) may bring back an item
    /// deleted elsewhere: it is no longer one that must stay deleted.
    private func forgetDeletionsUndone() {
        guard let text = store.state.message?.text, text.hasPrefix("Undone: ") || text.hasPrefix("Redone: ") else { return }
        for id in deletedItems.keys where (try? app.item(id: id)) != nil {
            deletedItems[id] = nil
            recentlyDeleted.removeAll { $0.id == id }
        }
    }

    // MARK: - Choosing events

    private func nextEvent() -> FuzzEvent {
        if let wait = noticeIn {
            if wait == 0 { return .notice }
            noticeIn = wait - 1
        }
        switch random.int(0...9_999) {
        case 0..<100:
            let (width, height) = FuzzSizes.next(using: &random)
            return .resize(width: width, height: height)
        case 100..<300: return .clockJump(Double(random.int(1...600)))
        case 300..<330: return .clockJump(random.chance(0.25) ? -Double(random.int(60...3 * 86_400)) : Double(random.int(3_600...40 * 86_400)))
        case 330..<430: return .alarm
        case 430..<440: return .staleAlarm(age: random.int(1...3))
        case 440..<470: return syntheticReminders()
        case 470..<520: return .refresh
        case 520..<670: return externalChange() ?? .refresh
        case 670..<672: return .restart
        case 702..<1_202 where [.allLists, .dueItem, .checklist].contains(store.state.keyContext): return .undoRedo
        case 672..<702:
            let (row, column) = KeyChooser.cell(using: &random)
            return .doubleClick(row: row, column: column)
        default: return .key(keys.key(in: store.state.keyContext, using: &random))
        }
    }

    private func syntheticReminders() -> FuzzEvent {
        var reminders: [DueReminder] = []
        for _ in 0..<random.int(1...3) {
            // A reminder of an item deleted since, or a duplicate of one on screen.
            let item: Item? = if !recentlyDeleted.isEmpty && random.chance(0.6) {
                random.pick(recentlyDeleted)
            } else {
                store.state.screen.checklist?.selectedItem ?? store.state.allLists.selectedDueItem?.item
            }
            guard let item else { continue }
            reminders.append(DueReminder(item: item, checklistName: NastyText.text(using: &random), remindAt: now))
        }
        return .reminders(reminders, missed: random.chance(0.3))
    }

    /// A repeat for an item another process writes, a third of the time:
    /// checking such an item off moves it instead of checking it.
    private func randomRecurrence() -> Recurrence? {
        guard random.chance(0.3) else { return nil }
        return random.pick([.days(1), .days(random.int(2...40)), .weekdays, .weeks(random.int(1...3)), .monthly, .yearly])
    }

    /// A start for an item another process writes, a third of the time:
    /// before the due date by less than a day (a lead every repeat allows),
    /// or without one up to two days from now, so items start while the
    /// clock runs.
    private func randomStart(due: Date?) -> Date? {
        guard random.chance(0.3) else { return nil }
        if let due { return due - Double(random.int(1...1_439) * 60) }
        return now + Double(random.int(-86_400...2 * 86_400))
    }

    /// Reminders besides Remind Me, a fifth of the time: before the due
    /// date, or at a moment of their own, so that the forms the fuzzer
    /// opens have reminder rows to move to, change and remove (typed key by
    /// key, a reminder the form accepts is rare).
    private func randomReminders(due: Date?) -> [ReminderTime] {
        guard random.chance(0.2) else { return [] }
        return (0..<random.int(1...3)).map { _ in
            if due != nil && random.chance(0.6) { return .beforeDue(minutes: random.int(1...2_880)) }
            return .at(Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + Double(random.int(-3_600...2 * 86_400))) / 60).rounded(.down) * 60))
        }
    }

    /// A commit another process makes, aimed at what the app has on screen:
    /// deleting the selected or edited item, the open checklist, adding items.
    private func externalChange() -> FuzzEvent? {
        let state = store.state
        // The item `z` asks to move, while it asks: edited, checked or
        // deleted beneath the question.
        let moving = state.overlays.move.flatMap { try? other.item(id: $0.itemID) }
        let page = moving.map { [$0] } ?? state.screen.checklist?.page.items ?? []
        let shownItem = moving ?? state.screen.itemDetail.flatMap { if case let .edit(item) = $0.mode { item } else { nil } }
            ?? state.screen.checklist?.selectedItem ?? state.allLists.selectedDueItem?.item
        let shownList = state.screen.checklist?.summary.checklist
            ?? state.screen.listDetail.flatMap { if case let .edit(list) = $0.mode { list } else { nil } }
            ?? state.allLists.selected?.checklist
        let lists = state.allLists.lists
        let targetList = shownList?.id ?? lists.first?.id ?? 1
        let crowded = (state.screen.checklist?.count ?? 0) > 150
        switch random.int(0...129) {
        case 100..<112:
            // Families: sub-items under what is on screen, to a few levels.
            guard let parent = page.isEmpty ? shownItem : random.pick(page) else { return nil }
            let draft = ItemDraft(text: NastyText.text(using: &random), dueDate: random.chance(0.5) ? nil : now + Double(random.int(-86_400...86_400)),
                                  recurrence: randomRecurrence())
            return .external(.addSubItem(parentID: parent.id, draft), why: "add a sub-item")
        case 112..<118:
            guard !page.isEmpty else { return nil }
            let item = random.pick(page)
            return .external(.setParent(itemID: item.id, parentID: random.chance(0.25) ? nil : random.pick(page).id), why: "set a parent")
        case 118..<122:
            guard let item = page.isEmpty ? shownItem : random.pick(page) else { return nil }
            return .external(.checkFamily(itemID: item.id), why: "check a family")
        case 122..<125:
            guard !page.isEmpty else { return nil }
            let item = random.pick(page)
            return .external(.setCollapsed(itemID: item.id, !item.isCollapsed), why: "fold or unfold")
        case 125..<128:
            guard let item = page.isEmpty ? shownItem : random.pick(page), let list = lists.isEmpty ? nil : random.pick(lists) else { return nil }
            return .external(.moveItem(id: item.id, toChecklistID: list.id), why: "move a family")
        case 128..<130:
            guard let parent = page.first(where: { item in page.contains { $0.parentID == item.id } }) else { return nil }
            return .external(.deleteItem(id: parent.id), why: "delete a family")
        case 0..<16:
            guard let item = shownItem else { return nil }
            return .external(.deleteItem(id: item.id), why: "delete the shown item")
        case 16..<22:
            guard let list = shownList else { return nil }
            return .external(.deleteChecklist(id: list.id), why: "delete the shown list")
        case 22..<50:
            if crowded, let item = page.first { return .external(.deleteItem(id: item.id), why: "trim a long list") }
            // Some undated, as `add` without --due makes them (Remind Me
            // then is on without a date: the rule gives no reminder).
            let due = random.chance(0.2) ? nil : now + Double(random.int(-2 * 86_400...2 * 86_400))
            let draft = ItemDraft(text: NastyText.text(using: &random, long: random.chance(0.1)), dueDate: due,
                                  shouldRemind: random.chance(0.6), recurrence: randomRecurrence(), reminders: randomReminders(due: due),
                                  startDate: randomStart(due: due))
            return .external(.addItem(checklistID: random.chance(0.8) ? targetList : (lists.randomElement(using: &random)?.id ?? targetList), draft),
                             why: "add an item")
        case 50..<62:
            guard let item = page.isEmpty ? shownItem : random.pick(page) else { return nil }
            return .external(.setChecked(itemID: item.id, !item.isChecked), why: "check an item")
        case 62..<72:
            guard let item = shownItem else { return nil }
            let due = random.chance(0.2) ? nil : now + Double(random.int(-3_600...7_200))
            let draft = ItemDraft(text: NastyText.text(using: &random), dueDate: due, shouldRemind: random.chance(0.7),
                                  recurrence: randomRecurrence(), reminders: randomReminders(due: due), startDate: randomStart(due: due))
            return .external(.updateItem(id: item.id, draft), why: "edit the shown item")
        case 72..<80:
            if lists.count > 12, let list = lists.last { return .external(.deleteChecklist(id: list.id), why: "trim the lists") }
            return .external(.addChecklist(name: NastyText.text(using: &random), icon: random.pick(ChecklistIcon.allCases)), why: "add a list")
        case 86..<88:
            // Another window reorders the lists, or switches their order.
            guard let list = lists.isEmpty ? nil : random.pick(lists) else { return nil }
            if random.chance(0.3) { return .external(.setListOrder(random.pick(ListOrder.allCases)), why: "switch the lists' order") }
            return .external(.moveList(id: list.id, down: random.chance(0.5)), why: "move a list")
        case 80..<86:
            guard let list = lists.isEmpty ? nil : random.pick(lists) else { return nil }
            return .external(.updateChecklist(id: list.id, name: NastyText.text(using: &random, long: random.chance(0.2)),
                                              icon: random.pick(ChecklistIcon.allCases)), why: "rename a list")
        case 88..<94:
            guard let item = shownItem else { return nil }
            return .external(.snooze(itemID: item.id, until: now + Double(random.int(0...300))), why: "snooze the shown item")
        default:
            guard !page.isEmpty else { return nil }
            return .external(.deleteItem(id: random.pick(page).id), why: "delete an item on the page")
        }
    }

    /// Notes the items a delete is about to take, so the checks can tell a
    /// deleted item from one that never existed.
    private func remember(deletionOf change: Change) {
        var gone: [Item] = []
        switch change {
        case let .deleteItem(id):
            // The item and its sub-items at every depth.
            guard let item = try? other.item(id: id),
                  let list = try? other.listedItems(checklistID: item.checklistID, includeChecked: true, dueFrom: nil, before: nil) else { return }
            gone = [item]
            var queue = [id]
            while let next = queue.popLast() {
                for listed in list where listed.item.parentID == next && !gone.contains(where: { $0.id == listed.item.id }) {
                    gone.append(listed.item)
                    queue.append(listed.item.id)
                }
            }
        case let .deleteChecklist(id):
            if let summary = try? other.checklistSummary(id: id),
               let page = try? other.itemsPage(checklistID: id, sortOrder: .added, offset: 0, limit: summary.itemCount) {
                gone = page.items
            }
        default:
            return
        }
        for item in gone {
            deletedItems[item.id] = item
            recentlyDeleted.append(item)
        }
        if recentlyDeleted.count > 32 { recentlyDeleted.removeFirst(recentlyDeleted.count - 32) }
    }

    // MARK: - Checks

    private func check(after event: FuzzEvent, expectation: FuzzInvariants.Expectation?) -> String? {
        let state = store.state
        if case let .staleAlarm(age) = event {
            report.staleAlarms += 1
            let armed = alarm
            let delivered = sendCountingClaims(.alarmWentOff(token: alarm.token - age, at: now))
            if alarm != armed { return "an alarm with a stale token re-armed the alarm" }
            if !delivered.isEmpty { return "an alarm with a stale token delivered \(delivered.map(\.id))" }
        }
        if let problem = pasteProblem {
            pasteProblem = nil
            return problem
        }
        if let problem = undoProblem {
            undoProblem = nil
            return problem
        }
        if let problem = FuzzInvariants.structure(of: state) { return problem }
        let changes = committed
        committed = []
        for change in changes {
            switch change {
            case .checkFamily, .deleteItem, .moveItem:
                if let problem = FuzzInvariants.afterFamilyChange(change, database: app) { return "after \(FuzzEvent.describe(change)): \(problem)" }
            default:
                break
            }
        }
        if undoRedone || ["Undone: ", "Redone: "].contains(where: { state.message?.text.hasPrefix($0) == true }) {
            undoRedone = false
            if let problem = FuzzInvariants.afterFamilyChange(nil, database: app) { return "after an undo or redo: \(problem)" }
        }
        if let date = alarm.date, date <= now {
            return "the alarm is armed for \(date), not after now (\(now)): it would fire in a loop"
        }
        if let problem = FuzzInvariants.deletedStayDeleted(FuzzInvariants.referencedItemIDs(state).filter { deletedItems[$0] != nil },
                                                           database: app) {
            return problem
        }
        if let expectation, let problem = expectation.check(state) { return problem }
        if index % 64 == 0, let drift = (try? app.subItemCountDrifts())?.first { return "the sub-item counts drifted: \(drift)" }
        if noticeIn == nil {
            let thorough = index % 64 == 0 || { if case .notice = event { true } else { false } }()
            if let problem = FuzzInvariants.showsWhatTheDatabaseHolds(state, database: app, thorough: thorough) { return problem }
        }
        // Rendering costs grow with the area: huge panes are drawn every 16th event.
        if state.width * state.height <= 40_000 || index % 16 == 0 {
            report.renders += 1
            if let problem = FuzzInvariants.rendered(render(state), state: state) { return problem }
        }
        return nil
    }
}

/// Locales and time zones a run moves between (each start picks one).
enum FuzzStyles {
    static let styles: [(String, String)] = [
        ("en_US", "UTC"), ("de_DE", "Europe/Berlin"), ("ja_JP", "Asia/Tokyo"), ("ar_EG", "Africa/Cairo"),
        ("en_US", "America/New_York"), ("he_IL", "Asia/Jerusalem"), ("fr_FR", "Pacific/Chatham"),
    ]

    static func context(_ index: Int, unicode: Bool = true) -> UIContext {
        let (locale, zone) = styles[index]
        return UIContext(dateStyle: DueDateStyle(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: zone) ?? .gmt),
                         unicode: unicode)
    }
}
