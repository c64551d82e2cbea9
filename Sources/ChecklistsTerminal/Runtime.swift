import Foundation
import Dispatch
import ChecklistsModel
import ChecklistsUI
import ChecklistsDispatch

/// The app's event loop: Dispatch sources on the main queue for input,
/// resizes, signals, the database file and the alarm, drained by the main
/// thread's run loop. Nothing polls: with no input
/// the process sleeps in the kernel. Only this type (on the main queue) ever
/// touches curses.
@MainActor
public final class Runtime {
    /// How the app ended, as an exit status: 0 for q, 128 + the signal for
    /// SIGINT, SIGTERM and SIGHUP, as shells report them.
    public enum Ending: Int32 { case quit = 0, hangup = 129, interrupt = 130, terminate = 143 }

    private let store: Store
    private let terminal: CursesTerminal
    private let now: @Sendable () -> Date
    private var sources: [any DispatchSourceProtocol] = []
    private var firstFrameMarker: String?
    private let eventLog: EventLog?
    private let alarm = DispatchAlarm()
    private let watcher = DatabaseWatcher()
    /// The shared lock that tells `checklists notify` an app is open, so it
    /// leaves reminders to us: held while running, let go while suspended.
    private var presence: HeldLock?

    /// - Parameters:
    ///   - now: the clock, injected so tests of the runtime can control time.
    ///   - firstFrameMarker: a file that receives the wall-clock time of the first
    ///     full frame (for the start-up benchmark; nil in normal use).
    ///   - eventLog: a file that receives a line per reminder drawn and per
    ///     external change drawn, with times (for the benchmark; nil in normal use).
    public init(database: ChecklistsDatabase, terminal: CursesTerminal, context: UIContext,
                now: @escaping @Sendable () -> Date, firstFrameMarker: String? = nil, eventLog: String? = nil,
                notifierPID: @escaping () -> Int32? = { nil }) {
        let size = terminal.size
        self.store = Store(state: AppState(context: context, width: size.width, height: size.height, now: now()), database: database,
                           notifierPID: notifierPID)
        self.terminal = terminal
        self.now = now
        self.firstFrameMarker = firstFrameMarker
        self.eventLog = eventLog.flatMap(EventLog.init(path:))
        alarm.onFire = { [unowned self] token in
            self.store.send(.alarmWentOff(token: token, at: self.now()))
            self.draw()
        }
    }

    /// Shows the first frame and runs until the user quits or a signal ends it.
    public func run() -> Never {
        // Before the start-up claim: a notifier delivering this instant
        // finishes first, and what it delivered is not shown again as missed.
        presence = AppPresence.announce(databasePath: store.databasePath)
        store.start(now: now())
        draw()
        // Then the file watcher, after the first frame (setting it up is a
        // third of a millisecond), and one look for a commit made elsewhere
        // since the start's reads, of which no write event would tell.
        let watchNotice = watchDatabase()
        let changedElsewhere = store.noticeFileWrite(now: now())
        if watchNotice || changedElsewhere { draw() }
        if changedElsewhere { eventLog?.drewExternalChange() }
        watchInput()
        watchSignals()
        // The main queue is drained on the main thread by its run loop, not
        // by dispatchMain(): on Linux, dispatchMain() hands the main queue to
        // libdispatch's worker threads, and the first worker starts the
        // pool monitor, a timer that wakes the process every second forever.
        // Run this way, an idle app makes no system call at all.
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }

    /// Changes committed by other processes (the command line, another copy)
    /// are shown at once: the watcher wakes us on writes to the files, and
    /// SQLite's data_version says whether they were someone else's commits.
    /// Returns whether it put a message on the screen's state (the watcher
    /// fell back to polling), which the next draw shows.
    private func watchDatabase() -> Bool {
        watcher.onWrite = { [unowned self] in
            MainActor.assumeIsolated {
                guard self.store.noticeFileWrite(now: self.now()) else { return }
                self.draw()
                self.eventLog?.drewExternalChange()
            }
        }
        watcher.start(databasePath: store.databasePath)
        guard let reason = watcher.fallbackReason else { return false }
        store.send(.loadFailed(message: "Not watching the database (\(reason)); checking for changes every second."))
        return true
    }

    private func watchInput() {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [unowned self] in
            MainActor.assumeIsolated { self.readInput() }
        }
        input.resume()
        sources.append(input)
    }

    private func watchSignals() {
        let handled: [(Int32, Ending?)] = [(SIGWINCH, nil), (SIGCONT, nil), (SIGTSTP, nil), (SIGTERM, .terminate), (SIGHUP, .hangup), (SIGINT, .interrupt)]
        for (number, ending) in handled {
            // Dispatch delivers the signal as an event only if the default action is off.
            // For SIGTSTP this also replaces the handler curses installed,
            // which would run on any thread, in the middle of a draw, and
            // leave the cursor keys in the wrong mode after fg. The stopping
            // signals are already ignored and blocked (`StoppingSignals.hold`,
            // before the first frame); ignoring one again here would discard
            // it if it is already pending.
            if !StoppingSignals.numbers.contains(number) { signal(number, SIG_IGN) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [unowned self] in
                MainActor.assumeIsolated {
                    if let ending { self.finish(ending) }
                    if number == SIGTSTP { self.suspend() } else { self.resize() }
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    private func readInput() {
        let keys = terminal.readKeys()
        if keys.isEmpty {
            // Readable with nothing to read: the terminal is gone (pane closed).
            if terminal.inputHasHungUp() { finish(.hangup) }
            return
        }
        store.send(.clock(now()))
        for key in keys {
            if key == .control("z") {
                suspend()
                continue
            }
            store.send(.key(key))
            if !store.state.isRunning { finish(.quit) }
        }
        draw()
    }

    /// Ctrl-Z (a key in raw mode) and SIGTSTP from outside (`kill -TSTP`)
    /// both stop the app the same way; on return (fg) the size may have
    /// changed meanwhile, and the whole screen is drawn again. While it is
    /// stopped it does not count as open.
    private func suspend() {
        // A stopped app shows nothing: the notifier delivers meanwhile.
        presence?.release()
        terminal.suspend()
        presence = AppPresence.announce(databasePath: store.databasePath)
        resize()
    }

    private func resize() {
        let size = terminal.updateSizeFromKernel()
        store.send(.resized(width: size.width, height: size.height))
        draw()
    }

    private func draw() {
        terminal.draw(render(store.state))
        for _ in 0..<store.takeBells() { terminal.ringBell() }
        if let setting = store.takeAlarmSetting() { alarm.set(date: setting.date, token: setting.token) }
        eventLog?.drew(store.takeClaimedReminders())
        if let marker = firstFrameMarker {
            firstFrameMarker = nil
            try? "\(EventLog.wallNanoseconds())\n".write(toFile: marker, atomically: false, encoding: .utf8)
        }
    }

    private func finish(_ ending: Ending) -> Never {
        terminal.stop()
        exit(ending.rawValue)
    }
}

/// Times for the benchmark, appended to a file after the frame is drawn:
/// `reminder ID DUE_NS DRAWN_NS` per reminder delivered, `external DRAWN_NS`
/// per change of another process shown. Wall-clock nanoseconds, so they
/// compare with the due times and with the other process's commit time.
@MainActor
final class EventLog {
    private let handle: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    func drew(_ reminders: [DueReminder]) {
        let drawn = Self.wallNanoseconds()
        for reminder in reminders {
            write("reminder \(reminder.id) \(Int64(reminder.remindAt.timeIntervalSince1970) * 1_000_000_000) \(drawn)")
        }
    }

    func drewExternalChange() {
        write("external \(Self.wallNanoseconds())")
    }

    private func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }

    static func wallNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
