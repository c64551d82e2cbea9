import Foundation
import Testing
import ChecklistsUI
import TestSupport

/// The README's key table and the manual page's keys, read from the package
/// and held to the one key table (`KeyMap.defaults`): a key a document gives
/// for a screen is bound there to the command the document names, and the
/// manual's list of `[keys]` commands has every command with exactly its
/// default keys.
@Suite("The keys in README.md and the manual page are the key table's")
struct KeyTablesInDocumentsTests {
    static let readme = try! String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
    static let manual = try! String(contentsOfFile: PackagePaths.root + "/Resources/checklists.1", encoding: .utf8)

    /// One "keys meaning" entry of a screen's line, as "Enter, l or → open".
    struct Entry {
        let keys: [Key]
        let meaning: String
        let text: String
    }

    /// A key as the documents write it: `KeyNames`' names (a named key
    /// capitalised, so that a meaning's "delete" is a word), the arrows, the
    /// help line's PgUp/PgDn, and Ctrl-X.
    static func key(_ written: String) -> Key? {
        let aliases = ["↑": "Up", "↓": "Down", "←": "Left", "→": "Right", "PgUp": "PageUp", "PgDn": "PageDown"]
        var name = aliases[written] ?? written
        if name.hasPrefix("Ctrl-"), name.count == 6 { name = "C-" + name.suffix(1).lowercased() }
        guard name.count == 1 || name.first!.isUppercase else { return nil }
        guard case let .success(key) = KeyNames.key(named: name) else { return nil }
        return key
    }

    /// The entries of a line such as "Space or x check/uncheck; a add; Esc,
    /// q, h or ← back": parenthetical remarks dropped, entries split at
    /// "; ", and in each the keys are the leading words that are keys
    /// (joined by ",", "or" and "/"), the meaning the rest.
    static func entries(_ line: String) -> [Entry] {
        var text = ""
        var depth = 0
        for character in line {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 } else if depth == 0 { text.append(character) }
        }
        return text.components(separatedBy: "; ").map { entryText in
            var keys: [Key] = []
            let words = entryText.split(separator: " ").map(String.init)
            var index = 0
            while index < words.count {
                var word = words[index]
                if word.hasSuffix(","), word.count > 1 { word.removeLast() }
                if word == "or", !keys.isEmpty { index += 1; continue }
                let parts = word == "/" ? ["/"] : word.split(separator: "/").map(String.init)
                let parsed = parts.compactMap(key)
                guard !parts.isEmpty, parsed.count == parts.count else { break }
                keys += parsed
                index += 1
            }
            let meaning = words[index...].joined(separator: " ").trimmingCharacters(in: .whitespaces)
            return Entry(keys: keys, meaning: meaning, text: entryText.trimmingCharacters(in: .whitespaces))
        }
    }

    /// Whether every key of `entry` is bound, in each of `contexts`, to a
    /// command the meaning names: its `?` text's first word or its config name.
    static func check(_ entry: Entry, in contexts: Set<KeyContext>, where place: String) {
        #expect(!entry.keys.isEmpty && !entry.meaning.isEmpty, "\(place): \"\(entry.text)\" is not \"keys meaning\"")
        for key in entry.keys {
            for context in contexts {
                guard let command = KeyMap.defaults.command(for: key, in: context) else {
                    Issue.record("\(place): \(KeyNames.configName(of: key)) is bound to nothing in \(context) (\"\(entry.text)\")")
                    continue
                }
                let binding = KeyMap.defaults.table.first { $0.command == command && $0.contexts.contains(context) && $0.keys.contains(key) }
                let helpWord = binding?.help.split(separator: " ").first.map(String.init) ?? ""
                let named = entry.meaning.contains(helpWord) || entry.meaning.contains(KeyBindings.configName(of: command))
                #expect(named, "\(place): \(KeyNames.configName(of: key)) in \(context) is \"\(binding?.help ?? "")\", not \"\(entry.meaning)\"")
            }
        }
    }

    static let lists: Set<KeyContext> = [.allLists, .dueItem, .checklist, .upcoming]

    @Test("every key the README's table gives for a screen is bound there to what the table says it does")
    func readmeTable() throws {
        let screens: [String: Set<KeyContext>] = [
            "the lists (All Lists, the Due view, a checklist, Upcoming)": Self.lists,
            "Upcoming (`U` on All Lists)": [.upcoming],
            "a filter's items (`f`, or a smart list)": [.filteredItems],
            "All Lists": [.allLists],
            "an item in the Due view": [.dueItem],
            "a checklist": [.checklist],
            "a reminder banner": [.banner],
            "help (`?`)": [.help],
        ]
        let section = try #require(Self.readme.components(separatedBy: "\n## Keys\n").dropFirst().first?.components(separatedBy: "\n#").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| where") }
        expectEqual(rows.count, screens.count, "the README's key table has \(rows.count) rows")
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let place = try #require(cells.first)
            let contexts = try #require(screens[place], "the README's key table has a row for \"\(place)\", which this test does not know")
            for entry in Self.entries(cells[1]) { Self.check(entry, in: contexts, where: "README, \(place)") }
        }
    }

    @Test("every key the manual's KEYS section gives for a screen is bound there to what it says it does")
    func manualScreens() throws {
        let screens: [String: Set<KeyContext>] = [
            "All Lists": [.allLists],
            "An item in the Due view": [.dueItem],
            "A checklist": [.checklist],
            "Upcoming": [.upcoming],
            "A filter's items": [.filteredItems],
            "A reminder banner": [.banner],
            "Help (?)": [.help],
        ]
        let keys = try #require(Self.manual.components(separatedBy: "\n.SH KEYS\n").dropFirst().first?.components(separatedBy: "\n.SH ").first)
        for (title, contexts) in screens {
            let paragraph = try #require(keys.components(separatedBy: "\n.B \(title)\n").dropFirst().first?.components(separatedBy: "\n.").first,
                                         "the manual's KEYS has no \"\(title)\"")
            let text = Self.roffText(paragraph)
            // The first sentence is the keys; what follows explains.
            let sentence = text.components(separatedBy: ". ").first!.trimmingCharacters(in: CharacterSet(charactersIn: "."))
            for entry in Self.entries(sentence) { Self.check(entry, in: contexts, where: "manual, \(title)") }
        }
    }

    @Test("the manual's [keys] list names every command of the key table, each with exactly its default keys")
    func manualCommandList() throws {
        let section = try #require(Self.manual.components(separatedBy: "\n.SS [keys]\n").dropFirst().first?.components(separatedBy: "\n.SS ").first)
        let list = try #require(section.components(separatedBy: "their default keys").dropFirst().first)
        var listed: Set<String> = []
        for row in list.components(separatedBy: "\n.TP\n").dropFirst() {
            let lines = row.split(separator: "\n", maxSplits: 1).map(String.init)
            let names = lines[0].replacingOccurrences(of: ".BR ", with: "").replacingOccurrences(of: ".B ", with: "")
                .replacingOccurrences(of: "\\-", with: "-").components(separatedBy: "\", \"").map { $0.trimmingCharacters(in: .whitespaces) }
            let text = Self.roffText(lines[1])
            let afterColon = try #require(text.range(of: ": ").map { text[$0.upperBound...] }, "\(names): no \": keys\"")
            let keysText = afterColon.components(separatedBy: ". ").first!.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            let groups = keysText.components(separatedBy: ", ")
            expectEqual(groups.count, names.count, "\(names): \(groups.count) groups of keys for \(names.count) commands")
            for (name, group) in zip(names, groups) {
                listed.insert(name)
                var keys: Set<Key> = []
                for written in group.split(separator: " ").map(String.init) {
                    if written == "0-9" {
                        keys.formUnion((0...9).map { .character(Character(String($0))) })
                    } else if case let .success(key) = KeyNames.key(named: written) {
                        keys.insert(key)
                    } else {
                        Issue.record("\(name): \"\(written)\" is not a key name [keys] accepts")
                    }
                }
                let defaults = Set(KeyMap.defaults.table.filter { KeyBindings.configName(of: $0.command) == name && !$0.isFixed }.flatMap(\.keys))
                expectEqual(keys, defaults, "\(name): the manual says \(keys.map(KeyNames.configName).sorted()), the key table \(defaults.map(KeyNames.configName).sorted())")
            }
        }
        let commands = Set(KeyMap.defaults.table.filter { !$0.isFixed }.map { KeyBindings.configName(of: $0.command) })
        #expect(commands.subtracting(listed).isEmpty, "commands missing from the manual's [keys] list: \(commands.subtracting(listed).sorted())")
    }

    /// A paragraph of roff as plain text: lines joined, fonts and escapes out.
    static func roffText(_ roff: String) -> String {
        roff.replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fR", with: "").replacingOccurrences(of: "\\fI", with: "")
            .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(lq", with: "\"").replacingOccurrences(of: "\\(rq", with: "\"")
            .split(separator: "\n").filter { !$0.hasPrefix(".") }.joined(separator: " ")
    }
}
