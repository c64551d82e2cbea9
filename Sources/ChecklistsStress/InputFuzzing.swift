import Foundation

/// What the fuzzers that feed generated inputs to one reader share (the
/// iCalendar reader, the WebDAV reply reader): their figures and how a
/// failed check is told, with the command that replays it.
public protocol InputFuzzReport: Sendable {
    var inputs: Int { get }
    var seconds: Double { get }
    /// One line of figures, after "PASS".
    var summary: String { get }
}

/// A check that failed on one input: the input, shown, and the command
/// that runs the same seed up to it.
public struct InputFuzzFailure: Error, CustomStringConvertible, Sendable {
    /// The subcommand of `checklists-stress` that replays it.
    public var command: String
    public var seed: UInt64
    public var index: Int
    public var message: String
    public var input: [UInt8]

    public var description: String {
        let shown = String(decoding: input.prefix(2000), as: UTF8.self).debugDescription
        return "\(command): FAIL seed \(seed), input \(index): \(message)\n  input (\(input.count) bytes): \(shown)\n"
            + "  replay: checklists-stress \(command) --seed \(seed) --inputs \(index + 1)"
    }
}
