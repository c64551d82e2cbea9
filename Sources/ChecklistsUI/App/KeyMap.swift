/// The key table in use: the defaults (`KeyBindings.table`) with the user's
/// `[keys]` applied. A value in `UIContext`, so reduce and render stay pure
/// and a test can build any map it likes.
public struct KeyMap: Sendable {
    public private(set) var table: [KeyBinding]

    public static let defaults = KeyMap(table: KeyBindings.table)

    init(table: [KeyBinding]) {
        self.table = table
    }

    /// The command `key` triggers in `context`, if any.
    public func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        table.first { $0.contexts.contains(context) && $0.keys.contains(key) }?.command
    }

    /// The help for `context` in at most `lines` lines of `width` columns:
    /// the bindings that work there, in table order. When one line is not
    /// enough the pairs are packed tighter and wrapped; if they still do not
    /// fit, the last line drops its last whole pairs for "…" and the help
    /// key.
    public func helpLines(for context: KeyContext, width: Int, lines: Int = 1) -> [String] {
        let pairs = table.filter { $0.onHelpLine && $0.contexts.contains(context) && !$0.label.isEmpty }
            .map { (text: "\($0.label) \($0.help)", tight: "\($0.label):\($0.help)", isHelp: $0.command == .help || $0.command == .back) }
        let loose = pairs.map(\.text).joined(separator: "  ")
        if TextWidth.columns(of: loose) <= width || width <= 0 { return [loose] }
        // Each line as the pairs it holds, so a line that must make room
        // loses whole pairs: a pair cut short ("d:dele…") names no key.
        var wrapped: [[String]] = [[]]
        for pair in pairs {
            let line = wrapped[wrapped.count - 1]
            if line.isEmpty || TextWidth.columns(of: (line + [pair.tight]).joined(separator: " ")) <= width {
                wrapped[wrapped.count - 1].append(pair.tight)
            } else {
                wrapped.append([pair.tight])
            }
        }
        if wrapped.count <= lines { return wrapped.map { $0.joined(separator: " ") } }
        // Too many: the last line ends with the help key, which lists them
        // all; when that leaves no room for the line's own pairs, the ones
        // it drops are "…".
        var kept = Array(wrapped.prefix(lines))
        if let help = pairs.last(where: \.isHelp)?.tight {
            var last = kept[lines - 1].filter { $0 != help }
            func fits(_ parts: [String]) -> Bool { TextWidth.columns(of: parts.joined(separator: " ")) <= width }
            if fits(last + [help]) {
                kept[lines - 1] = last + [help]
            } else {
                while !last.isEmpty, !fits(last + ["…", help]) { last.removeLast() }
                kept[lines - 1] = last + ["…", help]
            }
        }
        return kept.map { TextWidth.truncated($0.joined(separator: " "), toColumns: width) }
    }

    /// The help for `context` as one line (tests and narrow uses).
    public func helpLine(for context: KeyContext, width: Int = .max) -> String {
        helpLines(for: context, width: width, lines: 1)[0]
    }

    /// The first key bound to `command` in `context`, as a message names
    /// it ("press s"), so a message follows the user's `[keys]`.
    public func keyLabel(for command: KeyCommand, in context: KeyContext) -> String? {
        table.first { $0.command == command && $0.contexts.contains(context) }?.keys.first.map(KeyBindings.name(of:))
    }

    /// Every key of `context` for the `?` screen, one "keys  help" pair each.
    public func allBindings(for context: KeyContext) -> [(keys: String, help: String)] {
        table.filter { $0.contexts.contains(context) }.map { (KeyBindings.keyNames($0.keys), $0.helpAlone ?? $0.help) }
    }
}

// MARK: - The user's keys

/// One `[keys]` line: a command's config name and the keys written for it.
public struct KeyRemap: Hashable, Sendable {
    public var name: String
    public var keys: [Key]

    public init(name: String, keys: [Key]) {
        self.name = name
        self.keys = keys
    }
}

/// A `[keys]` line the map cannot take; `name` is the line to blame.
public struct KeyMapError: Error, Hashable, Sendable {
    public var name: String
    public var problem: String
}

extension KeyMap {
    /// The map with `remaps` applied, in order. A remap replaces every
    /// default key of its command (DECISIONS.md, "User keys replace"):
    /// keeping a default means writing it too (`add = ["a", "n"]`).
    /// In a text field a printable key types itself, so there a remap's
    /// single characters are left out and the field keeps its named keys
    /// (or its defaults, when the remap has only characters): `cancel = "x"`
    /// cancels with x on the form's other rows, and x still types x.
    public func remapped(_ remaps: [KeyRemap]) throws(KeyMapError) -> KeyMap {
        // No [keys] lines: the table as it is. Checking it for keys bound
        // twice cost a twentieth of the app's start, for defaults that a
        // test proves never clash.
        if remaps.isEmpty { return self }
        var wanted: [String: [Key]] = [:]
        for remap in remaps {
            let rows = table.filter { !$0.isFixed && KeyBindings.configName(of: $0.command) == remap.name }
            guard !rows.isEmpty else {
                throw KeyMapError(name: remap.name, problem: "\"\(remap.name)\" is not a command; the commands are in the README's Keys section (add, edit, delete, check, quit, ...)")
            }
            guard !remap.keys.isEmpty else {
                throw KeyMapError(name: remap.name, problem: "\"\(remap.name)\" needs at least one key")
            }
            for key in remap.keys {
                if let why = KeyBindings.reservedKeys[key] {
                    throw KeyMapError(name: remap.name, problem: "\(KeyNames.configName(of: key)) cannot be bound: \(why)")
                }
                if case let .character(typed) = key, typed.isASCII, typed.isNumber,
                   let counting = rows.lazy.flatMap(\.contexts).first(where: \.takesCounts) {
                    throw KeyMapError(name: remap.name, problem: "\"\(typed)\" cannot be bound to \(remap.name): in \(counting.title) a digit is a count (5j)")
                }
            }
            wanted[remap.name] = remap.keys
        }
        var result: [KeyBinding] = []
        var blame: [Int: String] = [:]
        for row in table {
            let name = KeyBindings.configName(of: row.command)
            guard !row.isFixed, let keys = wanted[name] else { result.append(row); continue }
            let fields = KeyContexts(row.contexts.filter(\.isTextField))
            let named = keys.filter { if case .character = $0 { false } else { true } }
            guard !fields.isEmpty, named.count < keys.count else {
                var changed = row
                changed.keys = keys
                blame[result.count] = name
                result.append(changed)
                continue
            }
            var outside = row
            outside.contexts.subtract(fields)
            outside.keys = keys
            if !outside.contexts.isEmpty {
                blame[result.count] = name
                result.append(outside)
            }
            var inField = row
            inField.contexts = fields
            if !named.isEmpty {
                inField.keys = named
                blame[result.count] = name
            }
            result.append(inField)
        }
        var relabelled = Set(blame.keys)
        result = Self.freeingTakenKeys(result, remapped: &blame, relabelled: &relabelled)
        Self.relabel(&result, remapped: relabelled)
        try Self.refuseDoubleBindings(result, remapped: blame)
        return KeyMap(table: result)
    }

    /// A key a `[keys]` line names is taken from the default rows that had
    /// it in the same place and that yield (`KeyBinding.yieldsToUserKeys`:
    /// keys added after users had config files): a default added in a later
    /// version (n for next-match) must not make a file that bound that key
    /// (`add = "n"`) fail to load. A row keeps its other keys; where it
    /// loses them all, the command has no key there (the user may bind
    /// one). Older defaults and two `[keys]` lines still clash, and are refused.
    /// `remapped` and `relabelled` index the table and are moved with it.
    static func freeingTakenKeys(_ table: [KeyBinding], remapped: inout [Int: String], relabelled: inout Set<Int>) -> [KeyBinding] {
        var taken: [KeyContext: Set<Key>] = [:]
        for (row, _) in remapped {
            for context in table[row].contexts { taken[context, default: []].formUnion(table[row].keys) }
        }
        var result: [KeyBinding] = []
        var newRemapped: [Int: String] = [:]
        var newRelabelled: Set<Int> = []
        for (row, binding) in table.enumerated() {
            if remapped[row] != nil || !binding.yieldsToUserKeys || !binding.contexts.contains(where: { taken[$0]?.isDisjoint(with: binding.keys) == false }) {
                if let name = remapped[row] { newRemapped[result.count] = name }
                if relabelled.contains(row) { newRelabelled.insert(result.count) }
                result.append(binding)
                continue
            }
            // One row per set of keys left, for the contexts that leave it,
            // in the order the contexts are declared (the table stays stable).
            var groups: [(keys: [Key], contexts: KeyContexts)] = []
            for context in KeyContext.allCases where binding.contexts.contains(context) {
                let left = binding.keys.filter { !(taken[context]?.contains($0) ?? false) }
                if let index = groups.firstIndex(where: { $0.keys == left }) {
                    groups[index].contexts.insert(context)
                } else {
                    groups.append((left, [context]))
                }
            }
            for group in groups where !group.keys.isEmpty {
                var kept = binding
                kept.keys = group.keys
                kept.contexts = group.contexts
                if group.keys != binding.keys { newRelabelled.insert(result.count) }
                result.append(kept)
            }
        }
        remapped = newRemapped
        relabelled = newRelabelled
        return result
    }

    /// Gives remapped rows labels from their keys. A row that shares its
    /// label with the next (↑↓/jk for up and down) is split into two when
    /// either changes, so the line never shows keys that no longer work.
    static func relabel(_ table: inout [KeyBinding], remapped: Set<Int>) {
        // The second of a pair has no label of its own; found before any label changes.
        let seconds = Set(table.indices.dropFirst().filter {
            table[$0].label.isEmpty && (remapped.contains($0) || remapped.contains($0 - 1))
        })
        for row in table.indices where remapped.contains(row) || seconds.contains(row) || seconds.contains(row + 1) {
            table[row].label = KeyNames.hintLabel(table[row].keys)
        }
        for row in seconds { table[row].onHelpLine = table[row - 1].onHelpLine }
    }

    /// A key that means two commands in one place is refused, blaming the
    /// last `[keys]` line involved (the defaults never clash by themselves).
    static func refuseDoubleBindings(_ table: [KeyBinding], remapped: [Int: String]) throws(KeyMapError) {
        for context in KeyContext.allCases {
            var owner: [Key: Int] = [:]
            for row in table.indices where table[row].contexts.contains(context) {
                for key in table[row].keys {
                    guard let first = owner[key] else { owner[key] = row; continue }
                    guard table[first].command != table[row].command else { continue }
                    let blamed = remapped[row] ?? remapped[first] ?? KeyBindings.configName(of: table[row].command)
                    let names = [first, row].map { KeyBindings.configName(of: table[$0].command) }
                    throw KeyMapError(name: blamed, problem: "\(KeyNames.configName(of: key)) is bound twice in \(context.title): to \(names[0]) and to \(names[1]); give one of them another key")
                }
            }
        }
    }
}

// MARK: - Key names

/// The names keys have in config.toml, and their short form on the help line.
public enum KeyNames {
    static let named: [String: Key] = {
        var keys: [String: Key] = [
            "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "s-tab": .backTab,
            "space": .character(" "), "backspace": .backspace, "delete": .delete,
            "up": .up, "down": .down, "left": .left, "right": .right,
            "home": .home, "end": .end, "pageup": .pageUp, "pagedown": .pageDown,
        ]
        for number in 1...12 { keys["f\(number)"] = .function(number) }
        return keys
    }()

    /// Ctrl-letters the terminal sends as another key: naming that key is the only honest spelling.
    static let controlAliases: [Character: String] = ["h": "Backspace", "i": "Tab", "j": "Enter", "m": "Enter"]

    static let allowed = "a single character, Enter, Esc, Tab, S-Tab, Space, Backspace, Delete, Up, Down, Left, Right, Home, End, PageUp, PageDown, F1-F12, or C-x for Ctrl and a letter"

    /// The key named `name`, or why it is not one. Single characters are
    /// taken as written (`G` is not `g`); named keys in any case.
    public static func key(named name: String) -> Result<Key, KeyMapError> {
        func refuse(_ problem: String) -> Result<Key, KeyMapError> { .failure(KeyMapError(name: name, problem: problem)) }
        if name.count == 1, let character = name.first {
            if character == " " { return .success(.character(" ")) }
            guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                  !character.isWhitespace else {
                return refuse("\"\(name.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\" is not a key; a key is \(allowed)")
            }
            return .success(.character(character))
        }
        if let key = named[name.lowercased()] { return .success(key) }
        let lower = name.lowercased()
        if lower.hasPrefix("c-"), name.count == 3, let letter = lower.last, letter.isASCII, letter.isLetter {
            if let alias = controlAliases[letter] {
                return refuse("\"\(name)\" is not a key of its own: terminals send it as \(alias); write \"\(alias)\"")
            }
            return .success(.control(letter))
        }
        return refuse("\"\(name)\" is not a key; a key is \(allowed)")
    }

    /// How config.toml writes `key`, for messages.
    public static func configName(of key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case let .character(c): String(c)
        case let .control(c): "C-" + String(c)
        case let .function(n): "F\(n)"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .backTab: "S-Tab"
        default: KeyBindings.name(of: key)
        }
    }

    /// The keys as the help line writes them: "n", "d/Del", "^Q".
    static func hintLabel(_ keys: [Key]) -> String {
        keys.map { key in
            switch key {
            case .character(" "): "Space"
            case let .control(c): "^" + c.uppercased()
            case .backTab: "S-Tab"
            case .backspace: "BS"
            case .delete: "Del"
            case .pageUp: "PgUp"
            case .pageDown: "PgDn"
            default: KeyBindings.name(of: key)
            }
        }.joined(separator: "/")
    }
}
