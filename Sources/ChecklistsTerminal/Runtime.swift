import Foundation
import ChecklistsModel
import ChecklistsUI
import ChecklistsEventLoop

/// The full-screen app on the shared `EventLoop`: the Store's reduce and
/// perform, plus what only a terminal has: keys, resizes, suspending, the
/// bell and the frame, drawn after every wake. Only this type (on the main
/// queue) ever touches curses.
@MainActor
public final class Runtime {
    /// How the app ended, as an exit status: 0 for q, 128 + the signal for
    /// SIGINT, SIGTERM and SIGHUP, as shells report them.
    public enum Ending: Int32 { case quit = 0, hangup = 129, interrupt = 130, terminate = 143 }

    private let store: Store
    private let terminal: CursesTerminal
    private var loop: EventLoop<Action, Effect>!
    private var firstFrameMarker: String?
    /// Reminders delivered since the last frame, for the benchmark's event
    /// log: it says when the frame showing them was drawn.
    private var undrawnReminders: [DueReminder] = []
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
        self.firstFrameMarker = firstFrameMarker
        loop = EventLoop(now: now, eventLog: eventLog,
                         reduce: { [unowned self] action in
                             if case let .remindersDue(reminders, _) = action { self.undrawnReminders += reminders }
                             return self.store.reduce(action)
                         },
                         perform: store.perform,
                         alarmWentOff: { .alarmWentOff(token: $0, at: $1) },
                         afterWake: { [unowned self] in self.draw() })
        store.onRuntimeEffect = { [unowned self] effect in
            switch effect {
            case .ringBell: self.terminal.ringBell()
            case let .armAlarm(setting): self.loop.setAlarm(date: setting.date, token: setting.token)
            default: break
            }
        }
    }

    /// Shows the first frame and runs until the user quits or a signal ends it.
    public func run() -> Never {
        // Before the start-up claim: a notifier delivering this instant
        // finishes first, and what it delivered is not shown again as missed.
        presence = AppPresence.announce(databasePath: store.databasePath)
        loop.markDatabase(changeMark: store.externalChangeMark)
        for action in store.startingActions(now: loop.now()) { loop.send(action) }
        draw()
        // A start with a list open reads the home screen beneath it now,
        // and draws again for what that read may have to say; a start on
        // the home screen has nothing left to read or draw.
        if store.state.homeAfterFirstFrame != nil {
            loop.send(.firstFrameShown)
            draw()
        }
        // Then the file watcher, after the first frame (setting it up is a
        // third of a millisecond): other processes' commits are shown at once.
        if let reason = loop.watchDatabase(path: store.databasePath, changedElsewhere: { .changedElsewhere(at: $0) }) {
            loop.send(.loadFailed(message: "Not watching the database (\(reason)); checking for changes every second."))
            draw()
        }
        loop.whenReadable(STDIN_FILENO) { [unowned self] in self.readInput() }
        // SIGTSTP is taken as an event too: that replaces the handler curses
        // installed, which would run on any thread, in the middle of a draw,
        // and leave the cursor keys in the wrong mode after fg.
        loop.whenSignalled(SIGWINCH) { [unowned self] in self.resize() }
        loop.whenSignalled(SIGCONT) { [unowned self] in self.resize() }
        loop.whenSignalled(SIGTSTP) { [unowned self] in self.suspend() }
        loop.whenSignalled(SIGTERM) { [unowned self] in self.finish(.terminate) }
        loop.whenSignalled(SIGHUP) { [unowned self] in self.finish(.hangup) }
        loop.whenSignalled(SIGINT) { [unowned self] in self.finish(.interrupt) }
        loop.run()
    }

    private func readInput() {
        let keys = terminal.readKeys()
        if keys.isEmpty {
            // Readable with nothing to read: the terminal is gone (pane closed).
            if terminal.inputHasHungUp() { finish(.hangup) }
            return
        }
        loop.send(.clock(loop.now()))
        for key in keys {
            if key == .control("z") {
                suspend()
                continue
            }
            loop.send(.key(key))
            if !store.state.isRunning { finish(.quit) }
        }
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
        loop.send(.resized(width: size.width, height: size.height))
    }

    /// The last thing of every wake: the loop waits for input after it.
    private func draw() {
        terminal.draw(render(store.state))
        terminal.waitingForInput()
        if !undrawnReminders.isEmpty {
            loop.eventLog?.drew(reminders: undrawnReminders.map { ($0.item.id, $0.remindAt) })
            undrawnReminders = []
        }
        if let marker = firstFrameMarker {
            firstFrameMarker = nil
            try? "\(EventLog.wallNanoseconds())\n".write(toFile: marker, atomically: false, encoding: .utf8)
        }
    }

    private func finish(_ ending: Ending) -> Never {
        terminal.stop()
        // Text typed into a form is not lost with the pane or Ctrl-C.
        store.keepDraftForNextStart()
        exit(ending.rawValue)
    }
}
