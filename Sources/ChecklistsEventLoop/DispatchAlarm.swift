import Foundation
import Dispatch

/// A process's one alarm as a Dispatch timer on the main queue, on the wall
/// clock: a machine that slept past the time fires it at once on wake, and a
/// clock set forward fires what became due. Disarmed, it costs nothing: the
/// process does not wake. The full-screen app and the notifier both use it,
/// so both wake the same way (`EventLoop` owns it; see DECISIONS.md, "One
/// loop for the app and the notifier").
@MainActor
public final class DispatchAlarm {
    /// Called on the main queue with the token the alarm was set with.
    public var onFire: ((Int) -> Void)?
    private var source: (any DispatchSourceTimer)?
    private var armedToken: Int?

    public init() {}

    /// Arms for `date` (nil disarms), replacing any earlier arming; the
    /// event carries `token` back, so the caller can ignore one that was
    /// already on its way when it re-armed.
    public func set(date: Date?, token: Int) {
        source?.cancel()
        source = nil
        armedToken = token
        guard let date else { return }
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        timer.schedule(wallDeadline: Self.wallTime(date), leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                // An event of a timer replaced since must not cancel its successor.
                if self.armedToken == token {
                    self.source?.cancel()
                    self.source = nil
                }
                self.onFire?(token)
            }
        }
        timer.resume()
        source = timer
    }

    /// A DispatchWallTime for an absolute date (wall clock, so it follows
    /// clock changes and suspends).
    public static func wallTime(_ date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        return DispatchWallTime(timespec: spec)
    }
}
