import Foundation
import Dispatch

/// One Dispatch timer on the main queue, armed for the earliest pending
/// reminder on the wall clock: a machine that slept past a due time fires it
/// at once on wake. With nothing pending it is disarmed and the process does
/// not wake at all.
///
/// Each arming bumps a generation; an event from a timer that was re-armed
/// since (already queued when the data changed) is ignored.
@MainActor
final class ReminderTimer {
    var onFire: (() -> Void)?
    private(set) var generation = 0
    private(set) var armedFor: Date?
    private var source: (any DispatchSourceTimer)?

    func arm(at date: Date?) {
        if date == armedFor && source != nil { return }
        source?.cancel()
        source = nil
        armedFor = date
        generation += 1
        guard let date else { return }
        let generation = self.generation
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        timer.schedule(wallDeadline: Self.wallTime(date), leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.generation == generation else { return }
                self.source?.cancel()
                self.source = nil
                self.armedFor = nil
                self.onFire?()
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
