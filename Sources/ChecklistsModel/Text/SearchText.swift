import Foundation

/// What search compares: text folded so that case, accents and character
/// width do not matter ("Café" and "CAFE" are both "cafe", "Straße" is
/// "strasse", a full-width "ＡＢＣ" is "abc"), while kana keep their voicing
/// marks (が stays が) and CJK text is left as it is.
///
/// The same function folds the stored text (the database calls it from the
/// triggers that keep the search index, as the SQL function
/// `search_fold`) and the query, so the two can never disagree.
public enum SearchText {
    /// `text` folded for comparison. Foundation's folding does full case
    /// folding (ß to ss), which `lowercased()` does not.
    ///
    /// U+0000 is dropped: stored text never holds one (it is cut there), and
    /// in a query it would end the string SQLite is given, so that the
    /// look-up fails ("unterminated string") and the results go stale.
    /// It is dropped before folding and looked for among the scalars, not
    /// the characters: followed by a combining mark it is part of a larger
    /// character ("\u{0}\u{301}"), and the mark then folds with what it
    /// follows once the U+0000 is gone.
    public static func fold(_ text: String) -> String {
        asciiFolded(text) ?? foundationFolded(text)
    }

    /// ASCII text (most to-dos) folds to its lowercase, byte by byte:
    /// Foundation's folding goes through UTF-16 for every string, and was a
    /// tenth of an import of 100,000 items, which folds each one for the
    /// index. Nil when a byte is not ASCII or is U+0000. A test checks it
    /// against Foundation for every ASCII character.
    static func asciiFolded(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var folded = true
            let result = String(unsafeUninitializedCapacity: bytes.count) { out in
                folded = foldASCII(bytes, into: out)
                return folded ? bytes.count : 0
            }
            return folded ? result : nil
        }
    }

    /// Writes `bytes` folded into `out` (as many bytes) and returns true,
    /// or returns false when a byte is not ASCII or is U+0000: the fold of
    /// `asciiFolded`, on bytes, for the SQL function that needs no string.
    static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        for (index, byte) in bytes.enumerated() {
            if byte == 0 || byte >= 0x80 { return false }
            out[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return true
    }

    static func foundationFolded(_ text: String) -> String {
        let withoutNUL = TextRules.containsNUL(text)
            ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" }))
            : text
        return withoutNUL.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// A search as the user typed it, folded once: the text items must contain.
public struct SearchQuery: Hashable, Sendable {
    /// As typed, for messages ("No matches for “milk”").
    public let typed: String
    /// `SearchText.fold(typed)`: what the stored folded text must contain.
    public let folded: String

    /// Nil for a query that is empty or only white space: it would match
    /// every item, which is no search.
    public init?(_ typed: String) {
        let folded = SearchText.fold(typed)
        guard folded.contains(where: { !$0.isWhitespace }) else { return nil }
        self.typed = typed
        self.folded = folded
    }

    /// Whether the query is found in `foldedText` (an item's text already
    /// folded) as the database looks: byte for byte in UTF-8, so scalar by
    /// scalar. A mark typed alone ("ี") finds the character it is part of
    /// ("ที่"), where a comparison of Swift's characters would not. For the
    /// tests and the fuzzer, which check the database against it.
    public func isFound(in foldedText: String) -> Bool {
        foldedText.utf8.firstRange(of: folded.utf8) != nil
    }

    /// The index looks up sequences of three characters (SQLite's trigram
    /// tokenizer counts Unicode code points): a shorter query cannot use it
    /// and is looked for in the folded text directly.
    public var usesIndex: Bool { folded.unicodeScalars.count >= 3 }
}
