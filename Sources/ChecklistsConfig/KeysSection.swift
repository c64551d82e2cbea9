import ChecklistsUI

/// `[keys]`: the user's keys for commands of the key table.
///
///     [keys]
///     add = "n"                 # replaces a: n adds a list or an item
///     delete = ["d", "Delete"]  # several keys in a list
///     quit = "C-q"              # Ctrl-Q; Ctrl-C still quits everywhere
///
/// A command's keys replace its default keys on every screen where it
/// works (DECISIONS.md, "User keys replace the defaults"). The names of
/// commands are `KeyBindings.configName(of:)`, of keys `KeyNames`.
public struct KeysSection: ConfigSection {
    public static let name = "keys"

    /// The lines of the section; already checked against the key table.
    public var remaps: [KeyRemap]

    public init(remaps: [KeyRemap] = []) {
        self.remaps = remaps
    }

    /// The key table with these keys applied.
    public var keyMap: KeyMap {
        // Checked when read, so this cannot fail for a section from a file.
        (try? KeyMap.defaults.remapped(remaps)) ?? .defaults
    }

    public init(reading table: TableReader) throws(ConfigError) {
        var remaps: [KeyRemap] = []
        // In the file's order, so the first mistake a reader meets is the one reported.
        for name in table.table.keys {
            guard let value = table.table[name] else { continue }
            let written: [String]
            if let single = value.string {
                written = [single]
            } else if let list = value.array {
                var strings: [String] = []
                for element in list {
                    guard let string = element.string else {
                        throw table.error(at: name, "\"\(name)\" must be a key name or a list of them, as \"n\" or [\"d\", \"Delete\"]; it holds \(element.kind)")
                    }
                    strings.append(string)
                }
                written = strings
            } else {
                throw table.error(at: name, "\"\(name)\" must be a key name or a list of them, as \"n\" or [\"d\", \"Delete\"], not \(value.kind)")
            }
            var keys: [Key] = []
            for spelling in written {
                switch KeyNames.key(named: spelling) {
                case let .success(key):
                    if !keys.contains(key) { keys.append(key) }
                case let .failure(failure):
                    throw table.error(at: name, failure.problem)
                }
            }
            remaps.append(KeyRemap(name: name, keys: keys))
        }
        do {
            _ = try KeyMap.defaults.remapped(remaps)
        } catch {
            throw table.error(at: error.name, error.problem)
        }
        self.remaps = remaps
    }
}
