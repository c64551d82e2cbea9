import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The signals the app and the notifier take as events (Dispatch signal
/// sources), held from the start so that none is lost before its source
/// exists.
public enum HeldSignals {
    /// SIGTERM, SIGINT and SIGHUP: both processes stop the orderly way.
    public static let stopping: [Int32] = [SIGTERM, SIGINT, SIGHUP]
    /// SIGWINCH, SIGCONT and SIGTSTP: the app draws at the new size, or
    /// leaves the screen to the shell.
    public static let terminal: [Int32] = [SIGWINCH, SIGCONT, SIGTSTP]

    /// Ignores `numbers` and blocks them in the calling thread, from before
    /// any thread of ours exists until the process ends: one sent right
    /// after the start (a test, `--stop`, `kill` from a script, a pane
    /// resized as the app opens) then waits, pending, for the signal sources
    /// instead of being lost. Set up the other way (SIG_IGN just before
    /// making each source), a signal that came before libdispatch had
    /// registered its source, which it does later on its own thread, was
    /// dropped as ignored: the notifier went on running after a SIGTERM, and
    /// the app stayed at its old size after a resize right after its first
    /// frame (both seen under load). Setting SIG_IGN while one is pending
    /// discards it, so the sources' setup must not set it again. Blocked, a
    /// signal runs no handler: libdispatch reads it from a signalfd. Ignored
    /// too, so that a thread that somehow has it unblocked cannot end the
    /// process the unorderly way, and so that curses installs no handler of
    /// its own. Later threads inherit the mask; children get an empty one and
    /// default actions (`ChildProcess`).
    public static func hold(_ numbers: [Int32]) {
        var held = sigset_t()
        sigemptyset(&held)
        for number in numbers {
            signal(number, SIG_IGN)
            sigaddset(&held, number)
        }
        pthread_sigmask(SIG_BLOCK, &held, nil)
    }

    /// Whether `number` is blocked in the calling thread, as `hold` leaves it.
    public static func isHeld(_ number: Int32) -> Bool {
        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        return sigismember(&current, number) == 1
    }
}
