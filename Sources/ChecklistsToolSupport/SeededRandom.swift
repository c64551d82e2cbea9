/// The one seeded random generator of the tools (SplitMix64): the benchmark
/// generates the same databases on every run and machine, and a stress run
/// is reproduced exactly from its seed, so a failure is a command to re-run,
/// not a story. Swift's own generator cannot be seeded.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < p
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// A seed for runs that were not given one (printed, so they can be replayed).
    public static func freshSeed() -> UInt64 {
        UInt64.random(in: 1...UInt64(Int64.max))
    }
}
