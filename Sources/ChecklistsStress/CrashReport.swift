import Foundation

/// A trap in the app's code (an index out of range, a force unwrap) ends the
/// process before any Swift code can report it. This handler writes, with
/// async-signal-safe calls only, which event (of the reducer fuzzer) or
/// input (of the WebDAV reply fuzzer) of which seed was running and the
/// command that replays it, then dies of the same signal.
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
        sayReplay("FUZZ CRASH at event ", event, seed: seed, command: " fuzz --seed ", count: " --events ")
        say(" --trace-from ")
        sayNumber(UInt64(max(0, event - 20)))
        say("\n")
    }
    let input = davFuzzCurrentInput.load(ordering: .relaxed)
    if input >= 0 {
        let seed = davFuzzCurrentSeed.load(ordering: .relaxed)
        sayReplay("DAV-FUZZ CRASH at input ", input, seed: seed, command: " dav-fuzz --seed ", count: " --inputs ")
        say("\ninput: ")
        _ = write(STDERR_FILENO, davFuzzInputBuffer.baseAddress, davFuzzInputLength.load(ordering: .relaxed))
        say("\n")
    }
    signal(number, SIG_DFL)
    raise(number)
}

/// "<what> N (seed S)", then "replay: checklists-stress <command> S <count> N+1".
private func sayReplay(_ what: StaticString, _ index: Int, seed: UInt64, command: StaticString, count: StaticString) {
    say("\n")
    say(what)
    sayNumber(UInt64(index))
    say(" (seed ")
    sayNumber(seed)
    say(")\nreplay: checklists-stress")
    say(command)
    sayNumber(seed)
    say(count)
    sayNumber(UInt64(index + 1))
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
