import Foundation

/// An item's tags (iCalendar's CATEGORIES): words kept as typed and matched
/// without case, so "Work" and "work" are one tag. A tag holds no space,
/// comma or `#`: a comma separates tags in CATEGORIES and in the stored
/// column, a space separates them where they are typed, and `#` marks them
/// on a row and in a search.
public enum Tags {
    /// The separator of the stored column (`item.tags`), which no tag holds.
    public static let separator: Character = ","

    /// The key a tag is matched by: its lowercase form.
    public static func key(_ tag: String) -> String { tag.lowercased() }

    /// A word as a tag: a leading `#` dropped, and any space, comma, `#` or
    /// control character inside made a `-` (another app's "Home Office"
    /// reads as "Home-Office"); nil when nothing is left.
    public static func tag(_ word: String) -> String? {
        var text = Substring(TextRules.trimmed(word))
        while text.first == "#" { text = text.dropFirst() }
        let tag = text.split(whereSeparator: isSeparator).joined(separator: "-")
        return tag.isEmpty ? nil : tag
    }

    /// What cannot be in a tag: a space, a comma, `#`, a control character.
    public static func isSeparator(_ character: Character) -> Bool {
        character.isWhitespace || character == "," || character == "#"
            || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Tags as typed in Item Detail or given to `--tag`: words separated by
    /// spaces or commas, `#` optional; each once (the first spelling kept).
    public static func parse(_ typed: String) -> [String] {
        unique(typed.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { tag(String($0)) })
    }

    /// `tags` without a second spelling of any of them, in order.
    public static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { seen.insert(key($0)).inserted }
    }

    /// Whether `tags` holds `tag`, case ignored.
    public static func contains(_ tags: [String], _ tag: String) -> Bool {
        let wanted = key(tag)
        return tags.contains { key($0) == wanted }
    }

    /// The stored column's text: the tags joined by commas; '' for none.
    public static func stored(_ tags: [String]) -> String {
        tags.joined(separator: String(separator))
    }

    /// The tags of the stored column's text.
    public static func fromStored(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: separator).map(String.init)
    }

    /// The tags as Item Detail shows them to edit: space-separated.
    public static func typed(_ tags: [String]) -> String {
        tags.joined(separator: " ")
    }

    /// The tags as a row shows them: "#work #home".
    public static func marked(_ tags: [String]) -> String {
        tags.map { "#" + $0 }.joined(separator: " ")
    }

    /// Three-way merge of two copies' tags against the tags both had at the
    /// last sync (`base`): a tag added on either side is kept, one removed
    /// on either side (and not added back on the other) goes. The order is
    /// `ours`, then what only `theirs` added.
    public static func merged(base: [String], ours: [String], theirs: [String]) -> [String] {
        let baseKeys = Set(base.map(key)), ourKeys = Set(ours.map(key)), theirKeys = Set(theirs.map(key))
        func keeps(_ tagKey: String) -> Bool {
            // In the base: kept while neither side removed it. Not in the
            // base: added on one side at least.
            baseKeys.contains(tagKey) ? ourKeys.contains(tagKey) && theirKeys.contains(tagKey) : true
        }
        return unique(ours.filter { keeps(key($0)) } + theirs.filter { keeps(key($0)) })
    }
}

/// A tag in use and how many items not checked off carry it, for the tag
/// chooser and the completion in Item Detail.
public struct TagCount: Hashable, Sendable {
    /// The first spelling seen (the oldest item's).
    public var tag: String
    public var openItems: Int

    public init(tag: String, openItems: Int) {
        self.tag = tag
        self.openItems = openItems
    }
}
