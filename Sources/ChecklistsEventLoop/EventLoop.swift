import Foundation
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The one loop the full-screen app and the notifier both run: the whole
/// wake design in one place (see DECISIONS.md, "One loop for the app and
/// the notifier").
///
/// A process supplies `reduce` (its pure decisions) and `perform` (its
/// effects, each answered by an event or nothing), and its own sources:
/// the terminal's input and signals for the app, D-Bus, the sync timer and
/// the stopping signals for the notifier. The loop owns what both share:
/// - the send: an event is reduced, each effect performed as it comes out,
///   and every answer reduced in turn, first in first out;
/// - one wall-clock alarm (`DispatchAlarm`), whose event carries the token
///   it was armed with, so the reducer can ignore a stale one;
/// - the database folder's watch (`DatabaseWatcher`) with SQLite's change
///   mark, so only another process's commit becomes an event;
/// - the clock, and the benchmark's event log;
/// - the main queue drained by the main thread's run loop.
///
/// Every source delivers on the main queue; after each wake the loop calls
/// `afterWake` (the app draws there). Nothing polls: idle, the process
/// sleeps in the kernel and makes no system call.
@MainActor
public final class EventLoop<Event, Effect> {
    /// The wall clock, injected so a test or a benchmark can move it.
    public let now: @Sendable () -> Date
    /// The benchmark's log (nil in normal use).
    public let eventLog: EventLog?
    private let reduce: (Event) -> [Effect]
    private let perform: (Effect) -> Event?
    private let afterWake: () -> Void
    private let alarm = DispatchAlarm()
    private let watcher = DatabaseWatcher()
    private var changeMark: Int?
    private var readChangeMark: () -> Int? = { nil }
    private var sources: [any DispatchSourceProtocol] = []

    /// - Parameters:
    ///   - alarmWentOff: the event of the alarm armed with a token going off at a time.
    ///   - afterWake: what follows every wake's events (the app's frame).
    ///   - eventLog: a file for the benchmark's lines (see `EventLog`).
    public init(now: @escaping @Sendable () -> Date, eventLog: String? = nil,
                reduce: @escaping (Event) -> [Effect], perform: @escaping (Effect) -> Event?,
                alarmWentOff: @escaping (_ token: Int, _ at: Date) -> Event,
                afterWake: @escaping () -> Void = {}) {
        self.now = now
        self.eventLog = eventLog.flatMap(EventLog.init(path:))
        self.reduce = reduce
        self.perform = perform
        self.afterWake = afterWake
        alarm.onFire = { [unowned self] token in
            self.send(alarmWentOff(token, self.now()))
            self.afterWake()
        }
    }

    // MARK: - The send

    /// Reduces `event` and every event its effects answer with, in order.
    public func send(_ event: Event) {
        sendThrough(event, reduce: reduce, perform: perform)
    }

    // MARK: - The alarm

    /// Arms the one alarm for `date` (nil disarms), replacing any earlier
    /// arming; its event carries `token`.
    public func setAlarm(date: Date?, token: Int) {
        alarm.set(date: date, token: token)
    }

    // MARK: - The database

    /// Takes SQLite's change mark now, before the process's first reads:
    /// a commit made after it is someone else's news, and the first
    /// `watchDatabase` look finds it.
    public func markDatabase(changeMark: @escaping () -> Int?) {
        readChangeMark = changeMark
        self.changeMark = changeMark()
    }

    /// Watches the database's folder: a write wakes the loop, and when the
    /// change mark moved (another process committed), `changedElsewhere`
    /// is sent. Looks once at once, for a commit made since `markDatabase`
    /// of which no write event would tell. Returns why the folder cannot
    /// be watched (then it is checked every second instead), or nil.
    public func watchDatabase(path: String, changedElsewhere: @escaping (Date) -> Event) -> String? {
        watcher.onWrite = { [unowned self] in
            MainActor.assumeIsolated { self.lookForChanges(changedElsewhere) }
        }
        watcher.start(databasePath: path)
        lookForChanges(changedElsewhere)
        return watcher.fallbackReason
    }

    private func lookForChanges(_ changedElsewhere: (Date) -> Event) {
        guard let mark = readChangeMark(), mark != changeMark else { return }
        changeMark = mark
        send(changedElsewhere(now()))
        afterWake()
        eventLog?.external()
    }

    // MARK: - The process's own sources

    /// Calls `handle` whenever `descriptor` is readable (the app's terminal).
    public func whenReadable(_ descriptor: Int32, _ handle: @escaping () -> Void) {
        wake(on: DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main), handle)
    }

    /// Takes signal `number` as an event: calls `handle` on the main queue
    /// instead of the default action. A signal held since the start
    /// (`HeldSignals.hold`) is already ignored; ignoring it again here would
    /// discard it if it is already pending.
    public func whenSignalled(_ number: Int32, _ handle: @escaping () -> Void) {
        if !HeldSignals.isHeld(number) { signal(number, SIG_IGN) }
        wake(on: DispatchSource.makeSignalSource(signal: number, queue: .main), handle)
    }

    private func wake(on source: any DispatchSourceProtocol, _ handle: @escaping () -> Void) {
        source.setEventHandler { [unowned self] in
            MainActor.assumeIsolated {
                handle()
                self.afterWake()
            }
        }
        source.resume()
        sources.append(source)
    }

    // MARK: - Running

    /// Runs the main queue forever. Drained on the main thread by its run
    /// loop, not by dispatchMain(): on Linux, dispatchMain() hands the main
    /// queue to libdispatch's worker threads, and the first worker starts
    /// the pool monitor, a timer that wakes the process every second
    /// forever. Run this way, an idle process makes no system call at all.
    public func run() -> Never {
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }
}

/// The send itself: reduces `event`, performs each effect as it comes out,
/// and reduces each answer in turn, first in first out, until none is left.
/// `EventLoop` sends this way, and so does the app's `Store` where tests
/// drive it without a loop.
public func sendThrough<Event, Effect>(_ event: Event, reduce: (Event) -> [Effect], perform: (Effect) -> Event?) {
    var pending = [event]
    var next = 0
    while next < pending.count {
        for effect in reduce(pending[next]) {
            if let answer = perform(effect) { pending.append(answer) }
        }
        next += 1
    }
}

// MARK: - The benchmark's log

/// Times for the benchmark (`--event-log`, `CHECKLISTS_EVENT_LOG`), one line
/// each, written after the frame that shows it (the notifier has none):
/// `reminder ID DUE_NS DRAWN_NS` per reminder delivered, `external NS` per
/// other process's commit taken in. Wall-clock nanoseconds, so they compare
/// with the due times and with the other process's commit time.
@MainActor
public final class EventLog {
    private let handle: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    /// Reminders (their ids and due times) just drawn.
    public func drew(reminders: [(id: Int64, due: Date)]) {
        let drawn = Self.wallNanoseconds()
        for reminder in reminders {
            write("reminder \(reminder.id) \(Int64(reminder.due.timeIntervalSince1970) * 1_000_000_000) \(drawn)")
        }
    }

    func external() {
        write("external \(Self.wallNanoseconds())")
    }

    private func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }

    nonisolated public static func wallNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
