import Foundation

// MARK: - The clocks the tools measure with

/// Monotonic nanoseconds, for durations: wall-clock jumps (NTP) must not end
/// up in a figure. Inlinable, so timing a keystroke adds no call across modules.
@inlinable
public func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Wall-clock nanoseconds since 1970, for instants compared with another
/// process's: the app's event log and first-frame marker are written in these.
public func wallNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// Time since it was started, on the monotonic clock.
public struct Stopwatch: Sendable {
    public let started = monotonicNanoseconds()

    public init() {}

    public var nanoseconds: UInt64 { monotonicNanoseconds() - started }
    public var seconds: Double { Double(nanoseconds) / 1e9 }
}
