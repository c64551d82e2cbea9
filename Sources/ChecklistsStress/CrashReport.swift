import Foundation

/// A trap in the app's code (an index out of range, a force unwrap) ends the
/// process before any Swift code can report it. This handler writes, with
/// async-signal-safe calls only, which event of which seed was running and
/// the command that replays it with a trace, then dies of the same signal.
public enum CrashReport {
    public static func install() {
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(number, crashHandler)
        }
    }
}

private func crashHandler(_ number: Int32) {
    let event = fuzzCurrentEvent.load(ordering: .relaxed)
    if event >= 0 {
        let seed = fuzzCurrentSeed.load(ordering: .relaxed)
        say("\nFUZZ CRASH at event ")
        sayNumber(UInt64(event))
        say(" (seed ")
        sayNumber(seed)
        say(")\nreplay: checklists-stress fuzz --seed ")
        sayNumber(seed)
        say(" --events ")
        sayNumber(UInt64(event + 1))
        say(" --trace-from ")
        sayNumber(UInt64(max(0, event - 20)))
        say("\n")
    }
    signal(number, SIG_DFL)
    raise(number)
}

private func say(_ text: StaticString) {
    text.withUTF8Buffer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

private func sayNumber(_ value: UInt64) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
        var index = buffer.count
        var rest = value
        repeat {
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        _ = write(STDERR_FILENO, buffer.baseAddress! + index, buffer.count - index)
    }
}
