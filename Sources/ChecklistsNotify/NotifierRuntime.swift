import Foundation
import Dispatch
import ChecklistsModel
import ChecklistsConfig
import ChecklistsEventLoop

/// The notifier on the shared `EventLoop` (the app's wake design: one
/// wall-clock alarm, the database folder's watch, no polling): it performs
/// `NotifierReducer`'s effects, and adds its own sources: D-Bus buttons, the
/// sync timer and its helper's end, the wait for apps to close, and the
/// stopping signals.
@MainActor
final class NotifierRuntime {
    private var state: NotifierState
    private let database: ChecklistsDatabase
    private let channels: Channels
    private let dbus: DBusChannel
    private var loop: EventLoop<NotifierEvent, NotifierEffect>!
    private let syncTimer = DispatchAlarm()
    /// The sync helper and its settings (nil: sync is off), and the
    /// environment the channels' commands run with.
    private let sync: NotifierSync?
    private let environment: [String: String]
    /// The app-presence lock while a delivery holds it.
    private var presence: HeldLock?
    /// The singleton lock, held for the process's life.
    private let singleton: HeldLock

    init(database: ChecklistsDatabase, config: NotifySection, sync: NotifierSync?,
         style: DueDateStyle, environment: [String: String], singleton: HeldLock, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.singleton = singleton
        self.sync = sync
        self.environment = environment
        self.state = NotifierState(now: now(), calendar: style.calendar, sync: sync.map { SyncSchedule(interval: $0.interval) })
        let text = DeliveryText(style: style)
        let dbus = DBusChannel()
        let command = CommandChannel(command: config.command, environment: environment)
        self.dbus = dbus
        self.channels = Channels(chosen: config.channels,
                                 channels: [dbus, TmuxChannel(environment: environment), command],
                                 text: text, say: NotifierRuntime.say)
        // For the benchmark, "external NS" after each other process's
        // commit was taken in and the alarm re-armed.
        loop = EventLoop(now: now, eventLog: environment["CHECKLISTS_EVENT_LOG"],
                         reduce: { [unowned self] event in NotifierReducer.reduce(&self.state, event) },
                         perform: { [unowned self] effect in self.perform(effect) },
                         alarmWentOff: { .alarmWentOff(token: $0, at: $1) })
        dbus.onProblem = NotifierRuntime.say
        command.onProblem = NotifierRuntime.say
        dbus.onAction = { [unowned self] action, items in
            self.loop.send(.actionInvoked(action, reminders: items, at: self.loop.now()))
        }
        syncTimer.onFire = { [unowned self] token in
            self.loop.send(.syncTimerWentOff(token: token, at: self.loop.now()))
        }
    }

    /// Runs until a signal stops it.
    func run() -> Never {
        loop.markDatabase { [unowned self] in
            // A deleted database ends the notifier: nothing is left to deliver.
            guard FileManager.default.fileExists(atPath: self.database.path) else {
                Self.say("the database \(self.database.path) was deleted; stopping")
                exit(3)
            }
            return try? self.database.externalChangeMark()
        }
        if let reason = loop.watchDatabase(path: database.path, changedElsewhere: { .changedElsewhere(at: $0) }) {
            Self.say("not watching the database (\(reason)); checking for changes every second")
        }
        signal(SIGPIPE, SIG_IGN)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")] {
            loop.whenSignalled(number) { [unowned self] in self.loop.send(.stopRequested(signalName: name)) }
        }
        Self.say("running on \(database.path) (pid \(getpid()))")
        loop.send(.started(at: loop.now()))
        loop.run()
    }

    private func perform(_ effect: NotifierEffect) -> NotifierEvent? {
        switch effect {
        case let .takeLockIfNoAppOpen(at):
            presence = AppPresence.takeIfNoAppOpen(databasePath: database.path)
            return .presenceChecked(noAppOpen: presence != nil, at: at)
        case .waitForAppsToClose:
            AppPresence.waitUntilNoAppOpen(databasePath: database.path, queue: .main) { [weak self] result in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    switch result {
                    case let .success(lock):
                        self.presence = lock
                        self.loop.send(.appsClosed(at: self.loop.now()))
                    case let .failure(problem):
                        self.presence = nil
                        self.loop.send(.waitFailed(message: problem.description, at: self.loop.now()))
                    }
                }
            }
            return nil
        case let .loadDue(at):
            do {
                return .dueLoaded(try database.dueReminders(now: at), at: at)
            } catch {
                presence?.release()
                presence = nil
                return .loadFailed(message: error.description)
            }
        case let .deliver(delivery):
            return .delivered(delivery, reached: channels.deliver(delivery))
        case let .recordDelivered(reminders):
            do {
                try database.recordDelivered(reminders)
                return nil
            } catch {
                return .recordFailed(message: error.description)
            }
        case .releaseLock:
            presence?.release()
            presence = nil
            return nil
        case .loadWakeCandidates:
            return .wakeCandidatesLoaded(WakeCandidates(nextReminder: try? database.nextReminderDate(), nextOverdue: nil))
        case let .armAlarm(date, token):
            loop.setAlarm(date: date, token: token)
            return nil
        case let .apply(change):
            do {
                _ = try database.apply(change, now: state.now)
                return nil
            } catch {
                return .applyFailed(change, message: error.description)
            }
        case let .checkLocalChanges(at):
            return .localChangesChecked(try? database.unsyncedChanges(), at: at)
        case .runSync:
            runSync()
            return nil
        case let .armSyncTimer(date, token):
            syncTimer.set(date: date, token: token)
            return nil
        case let .say(line):
            Self.say(line)
            return nil
        case .exit:
            presence?.release()
            singleton.release()
            exit(0)
        }
    }

    /// The helper runs on a thread of its own, so reminders keep firing
    /// during a long sync; its end comes back on the main queue.
    private func runSync() {
        guard let sync else { return }
        let before = try? database.unsyncedChanges()
        let arguments = SyncSettings.helperArguments(binary: sync.helper)
        // The password travels in the handover, not in the helper's environment.
        let environment = SyncSettings.helperEnvironment(environment)
        let handover: Int32
        do {
            handover = try sync.settings.handOver()
        } catch {
            Self.say("sync failed: \(error.description)")
            loop.send(.syncFinished(SyncOutcome(status: 2, output: "", before: before, after: before), at: loop.now()))
            return
        }
        _ = fcntl(handover, F_SETFD, FD_CLOEXEC)
        DispatchQueue.global().async {
            // Stopped (and its whole group) past the limit: a server that
            // accepts the connection and never answers must not end syncing.
            let result = ChildProcess.run(arguments, environment: environment, timeout: Self.syncTimeLimit, withErrors: true,
                                          handover: handover)
            close(handover)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    let outcome = SyncOutcome(status: result.status, output: result.output, before: before,
                                              after: try? self.database.unsyncedChanges())
                    self.loop.send(.syncFinished(outcome, at: self.loop.now()))
                }
            }
        }
    }

    /// The longest one sync may take before it is stopped.
    nonisolated static let syncTimeLimit: TimeInterval = 600

    /// One line on stderr, whole (one write), so lines of a busy moment
    /// never interleave.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data(("checklists notify: " + line + "\n").utf8))
    }
}

/// What the notifier's own syncs run: the sync helper (this binary again), the
/// settings handed to it, and how often.
public struct NotifierSync: Sendable {
    public var helper: String
    public var settings: SyncSettings
    public var interval: TimeInterval

    public init(helper: String, settings: SyncSettings, interval: TimeInterval) {
        self.helper = helper
        self.settings = settings
        self.interval = interval
    }
}
