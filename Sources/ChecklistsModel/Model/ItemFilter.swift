import Foundation

/// A filter as typed in the app's `f` field, kept in a smart list, or given
/// to `list --filter`: words separated by spaces, every one of which must
/// hold. One parser for all three, so they can never read a word apart.
///
/// - `#work` that tag (several: all of them);
/// - `!`, `!!`, `!!!` or `!low`, `!medium`, `!high`, `!none` that priority,
///   with a `+` after it (`!!+`, `!medium+`) that priority or higher;
/// - `due:overdue`, `due:today`, `due:week`, `due:Nd` (due by the end of the
///   Nth day after today, overdue included: `due:today` is `due:0d`,
///   `due:week` is `due:6d`, today and the six days after it, the days
///   `list --due week` shows), `due:none` (no due date);
/// - `list:Work`, `list:"Home office"`: the list of that name, matched as
///   the command line matches names (exactly, else ignoring case); inside
///   quotes `\"` is a quote and `\\` a backslash (`list:"Bob's \"Den\""`);
/// - `has:reminder`; `is:open` (the default), `is:checked`, `is:any`;
/// - `started`: only items started (no start date, or one already past);
/// - any other word, or a quoted phrase, is text the item must contain,
///   matched as search matches it (in its text, note or tags; case,
///   accents and width ignored).
public struct ItemFilter: Hashable, Sendable {
    /// How soon an item must be due.
    public enum Due: Hashable, Sendable {
        /// Due now or before (as `Item.isOverdue`).
        case overdue
        /// Due before the end of the day `days` after today (0: today), overdue included.
        case within(days: Int)
        /// No due date.
        case none
    }

    /// Which items by their check box.
    public enum State: String, Hashable, Sendable, CaseIterable {
        case open, checked, any
    }

    /// Tags the item must all have, as typed (matched without case).
    public var tags: [String] = []
    /// The priority wanted; with `priorityOrHigher`, that one or higher.
    public var priority: Priority?
    public var priorityOrHigher = false
    public var due: Due?
    /// The list's name; nil: every list.
    public var listName: String?
    public var hasReminder = false
    public var state: State = .open
    /// Only items started: no start date, or one not after now.
    public var startedOnly = false
    /// Texts the item must each contain (search's rules).
    public var words: [String] = []

    public init() {}

    /// The filter for one list and nothing else: what `f` on a list starts with.
    public init(listName: String) {
        self.listName = listName
    }

    /// Nothing asked for beyond the open items of every list.
    public var isEmpty: Bool { self == ItemFilter() }

    /// The same filter without its list: what is asked of every list.
    public var withoutList: ItemFilter {
        var copy = self
        copy.listName = nil
        return copy
    }

    // MARK: - Reading

    /// Reads `typed`; a word that looks like an option and is not one is
    /// an error naming what is allowed, so a typo never silently becomes text.
    public static func parse(_ typed: String) throws(ItemFilterError) -> ItemFilter {
        var filter = ItemFilter()
        for word in try words(of: typed) {
            try filter.read(word)
        }
        // Each text and tag is one more condition of one SQL expression,
        // whose depth SQLite caps at 1,000: a pasted page kept as a smart
        // list made every load of All Lists fail.
        let conditions = filter.words.count + filter.tags.count
        if conditions > wordLimit { throw .tooManyWords(conditions, limit: wordLimit) }
        return filter
    }

    /// The most texts and tags one filter may ask for.
    public static let wordLimit = 100

    private mutating func read(_ word: Word) throws(ItemFilterError) {
        if word.quoted {
            words.append(word.text)
            return
        }
        let text = word.text
        let lower = text.lowercased()
        if text.hasPrefix("#") {
            guard let tag = Self.tag(in: text) else { throw .badWord(text, "a tag needs a name after #") }
            if !Tags.contains(tags, tag) { tags.append(tag) }
            return
        }
        if text.hasPrefix("!") {
            guard let wanted = Self.priority(in: text) else {
                throw .badWord(text, "try ! !! !!! !low !medium !high !none (+ or higher)")
            }
            priority = wanted.priority
            priorityOrHigher = wanted.orHigher
            return
        }
        if lower == "started" {
            startedOnly = true
            return
        }
        guard let colon = text.firstIndex(of: ":") else {
            words.append(text)
            return
        }
        let key = lower[..<colon]
        let value = String(text[text.index(after: colon)...])
        switch key {
        case "due":
            guard let due = Self.due(value.lowercased()) else {
                throw .badWord(text, "due: takes overdue, today, week, none, 3d")
            }
            self.due = due
        case "list":
            guard !TextRules.isBlank(value) else { throw .badWord(text, "list: takes a list's name, in quotes if it has spaces") }
            listName = value
        case "has":
            guard value.lowercased() == "reminder" else { throw .badWord(text, "has: takes reminder") }
            hasReminder = true
        case "is":
            guard let state = State(rawValue: value.lowercased()) else { throw .badWord(text, "is: takes open, checked or any") }
            self.state = state
        default:
            // "10:30", "re:invoice": text, as before filters.
            words.append(text)
        }
    }

    /// A `#tag` word's tag, as quick add reads it too; nil when it is no tag.
    public static func tag(in word: String) -> String? {
        guard word.hasPrefix("#") else { return nil }
        return Tags.tag(word)
    }

    /// A priority word (`!`, `!!`, `!!!`, `!low`, `!medium`, `!high`,
    /// `!none`, each with an optional `+`), as quick add reads it too; nil
    /// when the word is not one.
    public static func priority(in word: String) -> (priority: Priority, orHigher: Bool)? {
        guard word.hasPrefix("!") else { return nil }
        var body = Substring(word)
        let orHigher = body.hasSuffix("+")
        if orHigher { body = body.dropLast() }
        let level: Priority?
        if body.allSatisfy({ $0 == "!" }) {
            level = Priority(rawValue: body.count)
        } else {
            level = Priority(name: String(body.dropFirst()))
        }
        guard let level, !(orHigher && level == .none) else { return nil }
        return (level, orHigher)
    }

    private static func due(_ value: String) -> Due? {
        switch value {
        case "overdue": return .overdue
        case "today": return .within(days: 0)
        case "week": return .within(days: 6)
        case "none": return Due.none
        default:
            guard value.hasSuffix("d"), let days = Int(value.dropLast()), days >= 0, days <= 3650 else { return nil }
            return .within(days: days)
        }
    }

    /// One word of a filter: `quoted` when it was a phrase in quotes, which
    /// is always text.
    private struct Word {
        var text: String
        var quoted: Bool
    }

    /// The words of `typed`: split at white space outside double quotes; a
    /// quote opens a phrase, or the value of `list:"…"`. Inside quotes a
    /// backslash before a quote or a backslash makes it text; before
    /// anything else it is a backslash, as it always was.
    private static func words(of typed: String) throws(ItemFilterError) -> [Word] {
        var words: [Word] = []
        var current = ""
        var inQuotes = false
        var quotedWhole = false
        func finish() {
            if !current.isEmpty || quotedWhole { words.append(Word(text: current, quoted: quotedWhole)) }
            current = ""
            quotedWhole = false
        }
        let characters = Array(typed)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if inQuotes, character == "\\", index < characters.count, characters[index] == "\"" || characters[index] == "\\" {
                current.append(characters[index])
                index += 1
            } else if character == "\"" {
                if !inQuotes && current.isEmpty { quotedWhole = true }
                inQuotes.toggle()
            } else if character.isWhitespace && !inQuotes {
                finish()
            } else {
                current.append(character)
            }
        }
        if inQuotes { throw .unclosedQuote }
        finish()
        // An empty phrase ("") asks for nothing.
        return words.filter { !($0.quoted && TextRules.isBlank($0.text)) }
    }

    // MARK: - Printing

    /// The filter written back in its own syntax, in one order (list, tags,
    /// priority, due, reminder, state, started, text): the title bar's and
    /// All Lists' words ("#work !high due:3d"), which `parse` reads again.
    public var text: String {
        var parts: [String] = []
        if let listName { parts.append("list:" + Self.quotedIfNeeded(listName)) }
        parts += tags.map { "#" + $0 }
        if let priority { parts.append("!" + priority.name + (priorityOrHigher ? "+" : "")) }
        switch due {
        case .overdue?: parts.append("due:overdue")
        case .within(0)?: parts.append("due:today")
        case .within(6)?: parts.append("due:week")
        case let .within(days)?: parts.append("due:\(days)d")
        case .none?: parts.append("due:none")
        case nil: break
        }
        if hasReminder { parts.append("has:reminder") }
        if state != .open { parts.append("is:" + state.rawValue) }
        if startedOnly { parts.append("started") }
        parts += words.map { word in
            let plain = !word.contains(where: { $0.isWhitespace || $0 == "\"" })
                && (try? Self.parse(word))?.words == [word]
            return plain ? word : Self.quotedIfNeeded(word, always: true)
        }
        return parts.joined(separator: " ")
    }

    private static func quotedIfNeeded(_ text: String, always: Bool = false) -> String {
        guard always || text.contains(where: { $0.isWhitespace || $0 == "\"" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: - Matching

    /// Whether `item`, in the list named `listName`, matches at `now`: the
    /// rule the database's query follows, for tests and the fuzzer. The list
    /// is compared by name as `list:` is (exactly, else without case).
    public func matches(_ item: Item, listName itemListName: String, now: Date, calendar: Calendar) -> Bool {
        if let listName, itemListName != listName,
           TextRules.trimmed(itemListName).lowercased() != TextRules.trimmed(listName).lowercased() { return false }
        switch state {
        case .open: if item.isChecked { return false }
        case .checked: if !item.isChecked { return false }
        case .any: break
        }
        if !tags.allSatisfy({ Tags.contains(item.tags, $0) }) { return false }
        if let priority, priorityOrHigher ? item.priority < priority : item.priority != priority { return false }
        if let due {
            switch due {
            case .none: if item.dueDate != nil { return false }
            case .overdue: guard let date = item.dueDate, date <= now else { return false }
            case let .within(days): guard let date = item.dueDate, date < dueLimit(days: days, now: now, calendar: calendar) else { return false }
            }
        }
        if hasReminder && item.reminders.isEmpty { return false }
        if startedOnly, let start = item.startDate, start > now { return false }
        // The text search reads: the item's text, note and tags, folded.
        let folded = Schema.foldedSearchedText(of: item)
        return words.allSatisfy { word in SearchQuery(word)?.isFound(in: folded) ?? true }
    }

    /// The first moment past `due:Nd`: the start of the day N + 1 days after today.
    public func dueLimit(days: Int, now: Date, calendar: Calendar) -> Date {
        let today = calendar.startOfDay(for: now)
        return calendar.date(byAdding: .day, value: days + 1, to: today) ?? now.addingTimeInterval(Double(days + 1) * 86_400)
    }
}

/// A filter that cannot be read: one line saying what is allowed.
public enum ItemFilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `word` is not allowed; `hint` says what is.
    case badWord(String, String)
    case unclosedQuote
    /// More texts and tags than `ItemFilter.wordLimit`.
    case tooManyWords(Int, limit: Int)

    public var description: String {
        switch self {
        case let .badWord(word, hint): "“\(word)” is not a filter: \(hint)"
        case .unclosedQuote: "a quote is not closed: close it with \""
        case let .tooManyWords(count, limit): "\(count) words and tags is too many for a filter: keep it to \(limit)"
        }
    }
}
