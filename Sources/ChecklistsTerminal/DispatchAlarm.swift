import Foundation
import Dispatch
import ChecklistsUI

/// The scheduler's alarm as one Dispatch timer on the main queue, on the wall
/// clock: a machine that slept past the time fires it at once on wake, and a
/// clock set forward fires what became due. Disarmed, it costs nothing: the
/// process does not wake.
@MainActor
final class DispatchAlarm: Alarm {
    /// Called on the main queue with the token the alarm was set with.
    var onFire: ((Int) -> Void)?
    private var source: (any DispatchSourceTimer)?
    private var armedToken: Int?

    nonisolated func set(_ date: Date?, token: Int) {
        MainActor.assumeIsolated { arm(date, token: token) }
    }

    private func arm(_ date: Date?, token: Int) {
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
    static func wallTime(_ date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        return DispatchWallTime(timespec: spec)
    }
}
