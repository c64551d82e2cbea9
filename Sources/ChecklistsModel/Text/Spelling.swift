/// How far apart two spellings are, for offering the word a user meant
/// ("tomorow", `checklists lst`) instead of only refusing the one typed.
public enum Spelling {
    /// The edits (a letter added, dropped or changed, or two neighbours
    /// swapped) that make `word` into `other`; anything over `limit` is
    /// reported as `limit + 1`.
    public static func edits(from word: String, to other: String, atMost limit: Int) -> Int {
        let a = Array(word), b = Array(other)
        guard abs(a.count - b.count) <= limit, !a.isEmpty, !b.isEmpty else { return a == b ? 0 : min(max(a.count, b.count), limit + 1) }
        var beforeLast = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var best = min(last[j] + 1, current[j - 1] + 1, last[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, beforeLast[j - 2] + 1) }
                current[j] = best
            }
            (beforeLast, last, current) = (last, current, beforeLast)
        }
        return min(last[b.count], limit + 1)
    }

    /// How many edits a word of `length` letters may be from the one meant:
    /// one for three or four letters, two for more, none for fewer (any
    /// word of one or two letters is a single edit from many others).
    public static func allowedEdits(forLength length: Int) -> Int {
        length < 3 ? 0 : length <= 4 ? 1 : 2
    }

    /// The words of `known` nearest to `word` within its allowed edits,
    /// nearest first and alphabetically among equals.
    public static func nearest(to word: String, in known: some Sequence<String>) -> [String] {
        let limit = allowedEdits(forLength: word.count)
        guard limit > 0 else { return [] }
        return known.compactMap { candidate -> (edits: Int, word: String)? in
            let edits = edits(from: word, to: candidate, atMost: limit)
            return edits <= limit ? (edits, candidate) : nil
        }.sorted { ($0.edits, $0.word) < ($1.edits, $1.word) }.map(\.word)
    }
}
