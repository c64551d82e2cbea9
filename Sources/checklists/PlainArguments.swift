/// A subcommand's command line in its plain shapes, read without the
/// argument parser (which builds every command's arguments by reflection,
/// a large share of a short command; DECISIONS.md, "The floor"): `--db P`
/// before the subcommand or among its options (not both), each option at
/// most once, every value and positional a separate argument that is
/// neither empty nor starts with "-". Anything else (`--due=today`, a
/// repeated option, `--help`, `--`, an unknown option, a typo) is not a
/// plain shape: the parser reads it, and says what is wrong the same way
/// as ever.
struct PlainArguments {
    /// `--db`'s path, wherever it was given.
    var databasePath: String?
    /// Options with a value, by name (`--list`).
    var values: [String: String] = [:]
    /// Flags given (`--json`).
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Nil unless `arguments` is `subcommand` in a plain shape with these
    /// options, flags and exactly `positionals` positional arguments.
    init?(_ arguments: [String], subcommand: String, options: Set<String>, flags allowedFlags: Set<String>, positionals count: Int) {
        func plain(_ value: String?) -> String? {
            guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            return value
        }
        var rest = arguments[...]
        var rootDatabase: String?
        if rest.first == "--db" {
            guard let path = plain(rest.dropFirst().first) else { return nil }
            rootDatabase = path
            rest = rest.dropFirst(2)
        }
        guard rest.first == subcommand else { return nil }
        rest = rest.dropFirst()
        while let argument = rest.first {
            rest = rest.dropFirst()
            if allowedFlags.contains(argument) {
                guard flags.insert(argument).inserted else { return nil }
            } else if argument == "--db" || options.contains(argument) {
                guard values[argument] == nil, let value = plain(rest.first) else { return nil }
                values[argument] = value
                rest = rest.dropFirst()
            } else {
                guard let positional = plain(argument) else { return nil }
                positionals.append(positional)
            }
        }
        guard positionals.count == count, rootDatabase == nil || values["--db"] == nil else { return nil }
        databasePath = values.removeValue(forKey: "--db") ?? rootDatabase
    }
}
