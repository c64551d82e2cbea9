import ChecklistsCommandLine
import ChecklistsConfig

/// A subcommand's command line in its plain shapes, read without the
/// argument parser (which builds every command's arguments by reflection,
/// a large share of a short command; DECISIONS.md, "The floor"): `--db P`
/// before the subcommand or among its options (not both), each option at
/// most once, every value and positional a separate argument that is
/// neither empty nor starts with "-". Anything else (`--due=today`, a
/// repeated option, `--help`, `--`, an unknown option, a typo) is not a
/// plain shape: the parser reads it, and says what is wrong the same way
/// as ever. `PlainArgumentsAgreeWithParserTests` holds `shapes` to the
/// parser's declarations and both readings to the same meaning.
struct PlainArguments {
    /// `--db`'s path, wherever it was given.
    var databasePath: String?
    /// Options with a value, by name (`--list`).
    var values: [String: String] = [:]
    /// Flags given (`--json`).
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Nil unless `arguments` is `shape`'s subcommand in a plain shape.
    init?(_ arguments: [String], _ shape: Shape) {
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
        guard rest.first == shape.subcommand else { return nil }
        rest = rest.dropFirst()
        while let argument = rest.first {
            rest = rest.dropFirst()
            if shape.flags.contains(argument) {
                guard flags.insert(argument).inserted else { return nil }
            } else if argument == "--db" || shape.options.contains(argument) {
                guard values[argument] == nil, let value = plain(rest.first) else { return nil }
                values[argument] = value
                rest = rest.dropFirst()
            } else {
                guard let positional = plain(argument) else { return nil }
                positionals.append(positional)
            }
        }
        guard positionals.count == shape.positionals, rootDatabase == nil || values["--db"] == nil else { return nil }
        databasePath = values.removeValue(forKey: "--db") ?? rootDatabase
    }

    /// A subcommand the fast path reads: its options that take a value
    /// (besides `--db`, which every subcommand has), its flags, and how many
    /// positional arguments it needs.
    struct Shape {
        let subcommand: String
        let options: Set<String>
        let flags: Set<String>
        let positionals: Int
    }

    /// The subcommands scripts and status lines call most.
    static let shapes = [
        Shape(subcommand: "status", options: [], flags: [], positionals: 0),
        Shape(subcommand: "list", options: ["--list", "--due", "--match"], flags: ["--all", "--json"], positionals: 0),
        Shape(subcommand: "add", options: ["--list", "--due", "--repeat", "--note"], flags: ["--remind"], positionals: 1),
        Shape(subcommand: "lists", options: [], flags: ["--json"], positionals: 0),
        Shape(subcommand: "done", options: [], flags: [], positionals: 1),
        Shape(subcommand: "undone", options: [], flags: [], positionals: 1),
        Shape(subcommand: "delete", options: [], flags: [], positionals: 1),
    ]

    /// What `arguments` asks for and the database it names, or nil: not a
    /// plain shape, or a value the parser would refuse (a `--due` filter it
    /// does not know, an id that is not a whole number), which the parser
    /// then reads and words.
    static func command(_ arguments: [String]) -> (command: PlainCommand, databasePath: String?)? {
        for shape in shapes {
            guard let plain = PlainArguments(arguments, shape) else { continue }
            guard let command = plain.command(shape.subcommand) else { return nil }
            return (command, plain.databasePath)
        }
        return nil
    }

    private func command(_ subcommand: String) -> PlainCommand? {
        switch subcommand {
        case "status":
            return .status
        case "list":
            var due: DueFilter?
            if let text = values["--due"] {
                guard let filter = DueFilter(rawValue: text) else { return nil }
                due = filter
            }
            return .list(list: values["--list"], due: due, all: flags.contains("--all"), match: values["--match"],
                         json: flags.contains("--json"))
        case "add":
            return .add(text: positionals[0], list: values["--list"], due: values["--due"], remind: flags.contains("--remind"),
                        repeat: values["--repeat"], note: values["--note"])
        case "lists":
            return .lists(json: flags.contains("--json"))
        default:
            guard let id = Int64(positionals[0]) else { return nil }
            switch subcommand {
            case "done": return .setChecked(id: id, true)
            case "undone": return .setChecked(id: id, false)
            default: return .delete(id: id)
            }
        }
    }
}

/// A command the fast path read, as the parser's subcommand would have it.
enum PlainCommand: Equatable {
    case status
    case list(list: String?, due: DueFilter?, all: Bool, match: String?, json: Bool)
    case add(text: String, list: String?, due: String?, remind: Bool, repeat: String?, note: String?)
    case lists(json: Bool)
    case setChecked(id: Int64, Bool)
    case delete(id: Int64)

    func perform(_ context: CommandLineContext) throws(CommandLineError) {
        switch self {
        case .status:
            try ItemQueryCommands.status(context: context)
        case let .list(list, due, all, match, json):
            try ItemQueryCommands.list(list: list, due: due, all: all, match: match, json: json, context: context)
        case let .add(text, list, due, remind, `repeat`, note):
            let section = try addSection(configOption: nil)
            try ItemCommands.add(text: text, list: list, due: due, remind: remind, repeat: `repeat`, note: note,
                                 quick: section.quick, defaultList: section.defaultList, context: context)
        case .lists(let json):
            try ChecklistCommands.lists(json: json, context: context)
        case let .setChecked(id, checked):
            try ItemCommands.setChecked(id: id, checked, context: context)
        case .delete(let id):
            try ItemCommands.delete(id: id, context: context)
        }
    }
}
