import ChecklistsModel

/// A seeded generator (PCG-XSH-RR, two 32-bit outputs per draw), so a run
/// is reproduced exactly from its seed: a failure is a command to re-run,
/// not a story. Swift's own generator cannot be seeded.
public struct StressRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = 0
        _ = next32()
        state &+= seed
        _ = next32()
    }

    public mutating func next() -> UInt64 {
        (UInt64(next32()) << 32) | UInt64(next32())
    }

    private mutating func next32() -> UInt32 {
        let old = state
        state = old &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let shifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rotation = UInt32(truncatingIfNeeded: old >> 59)
        return (shifted >> rotation) | (shifted << ((~rotation &+ 1) & 31))
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

    /// A seed from the clock, for runs that were not given one.
    public static func freshSeed() -> UInt64 {
        UInt64.random(in: 1...UInt64(Int64.max))
    }
}

/// Text a person could type or paste: ASCII, CJK, emoji (with skin tones,
/// ZWJ families, flags, keycaps), combining marks on their own, right-to-left
/// scripts and bidi controls, zero-width characters, and C0/C1 controls and
/// ESC, which must be stored as given and never reach the terminal raw.
public enum NastyText {
    public static let samples: [String] = [
        "milk", "Buy bread", "List 10", "list 2", "a", "Z", "   padded   ", "tab\there",
        "牛乳", "日本語のテキスト", "中文", "한국어", "𠀋𡈽", "ＡＢＣ全角",
        "😀", "👍🏽", "👨‍👩‍👧‍👦", "🇯🇵🇩🇪", "❤️", "1️⃣", "🏴󠁧󠁢󠁥󠁮󠁧󠁿",
        "e\u{301}", "\u{301}", "\u{308}\u{308}", "\u{20DD}", "ก่ที่", "क्षि", "\u{1100}\u{1161}\u{11A8}",
        "שלום", "مرحبا بالعالم", "\u{202E}evil", "\u{200F}rtl", "\u{2067}isolate\u{2069}",
        "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{00AD}", "\u{FE0F}",
        "\u{1B}[31mred\u{1B}[0m", "\u{1B}", "\u{07}", "\u{00}", "\u{7F}", "\u{9B}2J", "line\nbreak", "cr\rhere",
    ]

    /// Single characters, for keys.
    public static let characters: [Character] = {
        var all: [Character] = []
        for sample in samples {
            all.append(contentsOf: sample)
            // A combining mark or joiner typed alone is its own key.
            for scalar in sample.unicodeScalars where scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .format || scalar.value < 0x20 {
                all.append(Character(scalar))
            }
        }
        return all
    }()

    /// A text of one to a few samples, sometimes long enough to be cut on screen.
    public static func text(using random: inout StressRandom, long: Bool = false) -> String {
        var text = ""
        for _ in 0..<random.int(1...(long ? 40 : 4)) {
            text += random.pick(samples)
            if random.chance(0.3) { text += " " }
        }
        // The model refuses blank text; the app's own forms are what test that.
        return TextRules.isBlank(text) ? text + "x" : text
    }
}
