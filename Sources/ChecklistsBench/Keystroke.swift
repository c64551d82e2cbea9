import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsUI
import ChecklistsToolSupport

/// One timed key: what reduce (with the Store's synchronous reads) and render
/// cost separately, and whether it had to load a new page of items.
struct KeySample {
    var reduce: Double
    var render: Double
    var loadedPage: Bool
    var total: Double { reduce + render }
}

/// Drives one Store like the terminal runtime does for each key: clock,
/// key, render. Nothing is mocked: the Store reads the real SQLite file.
final class KeyDriver {
    let store: Store
    let database: ChecklistsDatabase

    /// The time from the start's actions to the first frame, and then the
    /// time to read and draw what the runtime reads once that frame is
    /// shown (the home screen beneath a list left open; nothing otherwise).
    let firstFrameCost: Double
    let afterFirstFrameCost: Double

    /// Starts as the terminal runtime does: the starting actions, a frame,
    /// then `.firstFrameShown` and a frame again.
    init(database: ChecklistsDatabase, width: Int, height: Int) {
        let now = Date()
        let context = UIContext(dateStyle: DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone.current), unicode: true)
        self.database = database
        store = Store(state: AppState(context: context, width: width, height: height, now: now), database: database)
        let starting = monotonicNanoseconds()
        for action in store.startingActions(now: now) { store.send(action) }
        sink &+= render(store.state).width
        let drawn = monotonicNanoseconds()
        store.send(.firstFrameShown)
        sink &+= render(store.state).width
        firstFrameCost = Double(drawn - starting)
        afterFirstFrameCost = Double(monotonicNanoseconds() - drawn)
    }

    var onChecklist: Bool { store.state.route == .checklist }
    var selection: Int {
        if case let .upcoming(view) = store.state.screen { return view.viewport.selection }
        if case let .filter(view, _) = store.state.screen { return view.viewport.selection }
        return onChecklist ? store.state.screen.checklist?.viewport.selection ?? 0 : store.state.allLists.viewport.selection
    }
    var count: Int {
        if case let .upcoming(view) = store.state.screen { return view.window.reachesLast ? view.rows.count : Int.max }
        if case let .filter(view, _) = store.state.screen { return view.results?.items.count ?? 0 }
        return onChecklist ? store.state.screen.checklist?.count ?? 0 : store.state.allLists.rows.count
    }
    /// Identifies the loaded page: it changes exactly when a key reloaded items.
    var pageMark: [Int] {
        if case let .upcoming(view) = store.state.screen {
            return [view.window.items.count, Int(truncatingIfNeeded: view.window.items.first?.id ?? -1)]
        }
        if case let .filter(view, _) = store.state.screen { return [view.results?.items.count ?? 0] }
        guard let page = store.state.screen.checklist?.page else { return [] }
        return [page.offset, page.items.count, Int(truncatingIfNeeded: page.items.first?.id ?? -1)]
    }

    /// An untimed key, for getting into position.
    func press(_ key: Key) {
        store.send(.key(key))
        sink &+= render(store.state).height
    }

    func timed(_ key: Key) -> KeySample {
        let before = pageMark
        let start = monotonicNanoseconds()
        store.send(.key(key))
        let reduced = monotonicNanoseconds()
        let grid = render(store.state)
        let end = monotonicNanoseconds()
        sink &+= grid.width &+ grid.cells.count
        return KeySample(reduce: Double(reduced - start), render: Double(end - reduced), loadedPage: pageMark != before)
    }

    /// `keys` presses of `key`; when the selection reaches `edge` (it would no
    /// longer move) an untimed `reset` jumps back so every timed key moves.
    func run(_ key: Key, times keys: Int, atEdge edge: () -> Bool, reset: Key) -> [KeySample] {
        var samples: [KeySample] = []
        samples.reserveCapacity(keys)
        for _ in 0..<keys {
            if edge() { press(reset) }
            samples.append(timed(key))
        }
        return samples
    }
}

/// `keystroke`: the in-process cost of keys on a benchmark database.
struct KeystrokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keystroke",
        abstract: "Time Down (and page loads, jumps) through a Store and render, without a terminal.")

    @Option(help: ArgumentHelp("The database.", valueName: "path")) var db: String
    @Option(help: "Timed keys.") var keys: Int = 2_000
    @Option(help: "Untimed keys first.") var warmup: Int = 300
    @Option(help: "Screen width.") var width: Int = 120
    @Option(help: "Screen height.") var height: Int = 40
    @Option(help: "Times each search query is typed, letter by letter.") var searchRounds: Int = 10
    @Flag(help: "Time the Upcoming view (U after the start) instead of the screen the start shows.") var upcoming = false
    @Option(help: ArgumentHelp("Time a filter's items (f, the filter typed, Enter) instead.", valueName: "filter")) var filter: String?

    func run() {
        // Open, start and first render, timed as one: the part of the app's
        // first frame that depends on the data (the tmux figure adds process
        // start-up, ncurses and the terminal). What the app reads after that
        // frame, before it reads a key, is timed apart. An untimed start
        // first claims the reminders that came due as the cached file aged
        // (writes no real start repeats each time). Then twice, as the page
        // cache decides the figure (this machine drops a copied file's pages
        // within minutes, so an unnamed mix of both was measured before):
        // with the whole file in the page cache, as the app starts after a
        // recent use; then with its pages dropped, as after a night's other
        // work. The keys below use the first.
        func started() -> (cost: Double, driver: KeyDriver) {
            let opening = monotonicNanoseconds()
            let database: ChecklistsDatabase
            do {
                database = try ChecklistsDatabase.open(DatabaseLocation.resolve(option: db, environment: [:]))
            } catch {
                fail("opening \(db): \(error)")
            }
            let openCost = Double(monotonicNanoseconds() - opening)
            let driver = KeyDriver(database: database, width: width, height: height)
            return (openCost + driver.firstFrameCost, driver)
        }
        _ = started()
        readThrough(db)
        let (startCost, driver) = started()
        dropFromPageCache(db)
        let cold = started()
        let database = driver.database
        // Reminders of the generated items come due as the cached file ages
        // (its due dates are drawn around the day it was made). Their banner
        // would take the keys measured below (Down, `/`): dismissed first.
        var dismissed = 0
        while driver.store.state.overlays.banner != nil && dismissed < 1_000_000 {
            driver.press(.escape)
            dismissed += 1
        }
        // Its first window read and drawn: what opening it costs.
        var opened = upcoming ? driver.timed(.character("U")).total : nil
        if let filter {
            // Typed untimed; Enter reads and draws the items, as opening a smart list does.
            driver.press(.character("f"))
            for character in filter { driver.press(.character(character)) }
            opened = driver.timed(.enter).total
        }
        let count = driver.count
        let screen = filter != nil ? "filter" : upcoming ? "upcoming" : driver.onChecklist ? "checklist" : "all-lists"
        var out: [(String, String)] = [("screen", screen), ("rows", count == Int.max ? "window" : "\(count)")]
        func emit(_ name: String, _ value: Double) { out.append((name, value.isNaN ? "-" : String(format: "%.0f", value))) }
        emit("start_ns", startCost)
        emit("after_first_frame_ns", driver.afterFirstFrameCost)
        emit("cold_start_ns", cold.cost)
        emit("cold_after_first_frame_ns", cold.driver.afterFirstFrameCost)
        if let opened { emit(filter != nil ? "filter_open_ns" : "upcoming_open_ns", opened) }
        if let filter, let parsed = try? ItemFilter.parse(filter) {
            // A smart list's count on All Lists: one query per smart list per reload.
            let times = (0..<5).map { _ in
                let begin = monotonicNanoseconds()
                sink &+= (try? database.filteredCount(parsed, now: Date(), calendar: Calendar.current)) ?? 0
                return Double(monotonicNanoseconds() - begin)
            }
            emit("filter_count_ns", Summary(times).median)
        }
        // All Lists reads every list's summary at start and after each change to
        // a list, so its cost is worth seeing on its own.
        var summaryTimes: [Double] = []
        for _ in 0..<5 {
            let begin = monotonicNanoseconds()
            sink &+= (try? database.checklistSummaries().count) ?? 0
            summaryTimes.append(Double(monotonicNanoseconds() - begin))
        }
        emit("summaries_ns", Summary(summaryTimes).median)

        if count < 2 {
            // Down cannot move: time the key anyway (it is still a keystroke the
            // user can press) but it says little about moving the selection.
            for _ in 0..<warmup { driver.press(.down) }
            let samples = (0..<keys).map { _ in driver.timed(.down) }
            emit("down_med_ns", Summary(samples.map(\.total)).median)
            emit("down_mean_ns", Summary(samples.map(\.total)).mean)
            emit("reduce_med_ns", Summary(samples.map(\.reduce)).median)
            emit("render_med_ns", Summary(samples.map(\.render)).median)
            out.append(("note", "selection cannot move with \(count) row(s)"))
        } else {
            let last = count - 1
            // Warm-up: caches, page faults, SQLite's statement cache.
            _ = driver.run(.down, times: warmup, atEdge: { driver.selection >= last }, reset: .home)
            driver.press(.home)

            // From the top: the common case, and page loads at small OFFSETs.
            let top = driver.run(.down, times: keys, atEdge: { driver.selection >= last }, reset: .home)
            let plain = top.filter { !$0.loadedPage }
            let paged = top.filter(\.loadedPage)
            emit("down_med_ns", Summary(plain.map(\.total)).median)
            emit("down_p90_ns", Summary(plain.map(\.total)).percentile(90))
            emit("down_mean_ns", Summary(top.map(\.total)).mean)
            emit("reduce_med_ns", Summary(plain.map(\.reduce)).median)
            emit("render_med_ns", Summary(plain.map(\.render)).median)
            emit("page_keys", Double(paged.count))
            emit("page_med_ns", Summary(paged.map(\.total)).median)

            if driver.onChecklist {
                // From the end, moving up: every page load there asks SQLite for
                // rows at an OFFSET near the list's size.
                driver.press(.end)
                let deep = driver.run(.up, times: keys, atEdge: { driver.selection <= 0 }, reset: .end)
                emit("deep_down_med_ns", Summary(deep.filter { !$0.loadedPage }.map(\.total)).median)
                emit("deep_page_keys", Double(deep.filter(\.loadedPage).count))
                emit("deep_page_med_ns", Summary(deep.filter(\.loadedPage).map(\.total)).median)
                // One jump of each kind, as a user does it (untimed above).
                driver.press(.home)
                var jumps: [Double] = []
                for _ in 0..<5 {
                    jumps.append(driver.timed(.end).total)
                    jumps.append(driver.timed(.home).total)
                }
                emit("jump_med_ns", Summary(jumps).median)
                // Checking an item off and on again: the change, its commit
                // and the page read again around the selection.
                driver.press(.home)
                for _ in 0..<min(20, count / 2) { driver.press(.down) }
                var checks: [Double] = []
                for _ in 0..<40 { checks.append(timedCheck(driver)) }
                emit("check_med_ns", Summary(checks).median)
            }
        }
        // Search starts where / is bound: back from a filter's items first.
        if filter != nil { driver.press(.escape) }
        for (name, value) in measureSearch(driver) { emit(name, value) }
        for (name, value) in out { print("\(name)\t\(value)") }
        if sink == 42 { print("") }  // Never true in practice; reads `sink`.
    }
}


/// One check (or uncheck) of the selected item. A parent with open
/// sub-items asks whether to check them too: "n" checks the parent alone,
/// as a flat list's item is checked, and both keys are timed.
func timedCheck(_ driver: KeyDriver) -> Double {
    let key = driver.timed(.character("x")).total
    guard driver.store.state.overlays.question != nil else { return key }
    return key + driver.timed(.character("n")).total
}

// MARK: - Search

/// What a user types into search, letter by letter: one that matches
/// nothing, a CJK word, and words of the benchmark's texts (the first
/// letters match thousands of items, the last a few). The last is what n
/// then steps through.
let searchQueries = ["zqxj", "牛乳", "passport", "quarterly report", "milk"]

extension KeystrokeCommand {
    /// One search keystroke: the key, the query it makes run against the
    /// database (an effect the Store performs before the frame, as the
    /// runtime does), and the redrawn screen. Each query is typed from an
    /// empty field, `searchRounds` times; every letter is one sample.
    func measureSearch(_ driver: KeyDriver) -> [(String, Double)] {
        driver.press(.character("/"))
        guard driver.store.state.route == .search else { fail("/ did not open the search screen") }
        var all: [Double] = [], short: [Double] = [], long: [Double] = [], renders: [Double] = [], cpu: [Double] = []
        for query in searchQueries {
            for _ in 0..<searchRounds {
                driver.press(.control("u"))
                for (typed, letter) in query.enumerated() {
                    let cpuBefore = threadCPUNanoseconds()
                    let timed = driver.timed(.character(letter))
                    cpu.append(Double(threadCPUNanoseconds() - cpuBefore))
                    let sample = timed.total
                    all.append(sample)
                    renders.append(timed.render)
                    // Under 3 characters the trigram index cannot answer.
                    if typed < 2 { short.append(sample) } else { long.append(sample) }
                }
            }
        }
        var figures = [("search_key_med_ns", Summary(all).median), ("search_key_p90_ns", Summary(all).percentile(90)),
                       ("search_key_max_ns", Summary(all).max), ("search_short_med_ns", Summary(short).median),
                       ("search_long_med_ns", Summary(long).median),
                       ("search_render_med_ns", Summary(renders).median),
                       // The same keys in this thread's CPU time: what they cost
                       // whatever else the machine runs (the wall times above
                       // include waiting for a core).
                       ("search_key_cpu_med_ns", Summary(cpu).median), ("search_key_cpu_p90_ns", Summary(cpu).percentile(90)),
                       ("search_key_cpu_max_ns", Summary(cpu).max)]
        driver.press(.escape)
        // n in the list open at start: the places of the last search's
        // matches in it (one pass over the list in its order), then the move.
        if driver.onChecklist {
            let steps = (0..<20).map { _ in driver.timed(.character("n")).total }
            figures.append(("next_match_med_ns", Summary(steps).median))
        }
        return figures
    }
}

/// This thread's CPU time, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Writes `path` out and asks the kernel to drop its cached pages, so the
/// next read comes from the disk (only clean pages can be dropped).
func dropFromPageCache(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { fail("opening \(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    fsync(descriptor)
    posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
}

/// Reads `path` to its end, so its pages are in the page cache.
func readThrough(_ path: String) {
    guard let file = FileHandle(forReadingAtPath: path) else { fail("opening \(path)") }
    defer { try? file.close() }
    while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty { sink &+= chunk.count }
}
