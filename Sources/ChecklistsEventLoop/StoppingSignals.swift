import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP, which the app and the notifier take as events
/// (Dispatch signal sources) to stop the orderly way.
public enum StoppingSignals {
    public static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Ignores them and blocks them in the calling thread, from before any
    /// thread of ours exists until the process ends: one sent right after
    /// the start (a test, `--stop`, `kill` from a script) then waits,
    /// pending, for the signal sources instead of being lost. Set up the other
    /// way (SIG_IGN just before making each source), a signal that came
    /// before libdispatch had registered its source, which it does later on
    /// its own thread, was dropped as ignored, and the process went on
    /// running (seen under load, for the notifier and for the app right after
    /// its first frame); and setting SIG_IGN while one is pending discards
    /// it, so the sources' setup must not set it again. Blocked, a signal
    /// runs no handler: libdispatch reads it from a signalfd. Ignored too, so
    /// that a thread that somehow has it unblocked cannot end the process
    /// the unorderly way. Later threads inherit the mask; children get an
    /// empty one and default actions (`ChildProcess`).
    public static func hold() {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for number in numbers {
            signal(number, SIG_IGN)
            sigaddset(&stopping, number)
        }
        pthread_sigmask(SIG_BLOCK, &stopping, nil)
    }
}
