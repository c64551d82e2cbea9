import Foundation
import Dispatch
import ChecklistsUI

/// The app's one alarm as a Dispatch timer on the main queue, on the wall
/// clock: a machine that slept past the time fires it at once on wake, and a
/// clock set forward fires what became due. Disarmed, it costs nothing: the
/// process does not wake.
@MainActor
final class DispatchAlarm {
    /// Called on the main queue with the token the alarm was set with.
    var onFire: ((Int) -> Void)?
    private var source: (any DispatchSourceTimer)?
    private var armedToken: Int?

    /// Arms for `setting.date` (nil disarms), replacing any earlier arming.
    func set(_ setting: AlarmSetting) {
        let token = setting.token
        source?.cancel()
        source = nil
        armedToken = token
        guard let date = setting.date else { return }
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
