import ChecklistsModel
import ChecklistsToolSupport

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
    public static func text(using random: inout SeededRandom, long: Bool = false) -> String {
        var text = ""
        for _ in 0..<random.int(1...(long ? 40 : 4)) {
            text += random.pick(samples)
            if random.chance(0.3) { text += " " }
        }
        // The model refuses blank text; the app's own forms are what test that.
        return TextRules.isBlank(text) ? text + "x" : text
    }
}
