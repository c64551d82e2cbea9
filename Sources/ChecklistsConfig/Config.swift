import Foundation

/// The user's settings from `config.toml`: one value per section.
///
/// Each section is a type of its own conforming to `ConfigSection`, in a
/// file of its own, that reads its table and refuses what it does not know.
/// A later section (`[keys]`, `[colors]`, `[sync]`) is added by writing its
/// type and adding one property here and one line in `read(_:file:)`;
/// the sections already there do not change.
public struct Config: Hashable, Sendable {
    public var notify: NotifySection
    public var keys: KeysSection
    public var colors: ColorsSection
    public var sync: SyncSection
    public var add: AddSection

    public init(notify: NotifySection = NotifySection(), keys: KeysSection = KeysSection(),
                colors: ColorsSection = ColorsSection(), sync: SyncSection = SyncSection(), add: AddSection = AddSection()) {
        self.notify = notify
        self.keys = keys
        self.colors = colors
        self.sync = sync
        self.add = add
    }

    /// What the app and the notifier use when there is no file.
    public static let defaults = Config()

    /// Reads the file at `location`; a missing file at the default place
    /// means the defaults. A file named by `--config` or `CHECKLISTS_CONFIG`
    /// must exist: a typo there would otherwise silently mean "defaults".
    /// A file other users could have changed is refused before it is read
    /// (`ConfigTrust`): it may name commands to run.
    public static func load(_ location: ConfigLocation) throws(ConfigError) -> Config {
        guard FileManager.default.fileExists(atPath: location.path) else {
            if location.isExplicit { throw ConfigError(file: location.path, problem: "no such file (named by \(location.origin))") }
            return .defaults
        }
        // Through a file handle, so `--config /dev/null` (no settings) reads as empty.
        let handle = try ConfigTrust.openTrusted(location.path)
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw ConfigError(file: location.path, problem: "cannot read it (\(error.localizedDescription)); name a readable file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: location.path, problem: "not UTF-8 text")
        }
        return try read(text, file: location.path)
    }

    /// Parses `text` (named `file` in messages).
    public static func read(_ text: String, file: String) throws(ConfigError) -> Config {
        let table: TOMLTable
        do {
            table = try TOMLReader.read(text)
        } catch {
            throw ConfigError(file: file, line: error.position.line, column: error.position.column, problem: error.problem)
        }
        let root = TableReader(table: table, section: nil, file: file)
        let sections = [NotifySection.name, KeysSection.name, ColorsSection.name, SyncSection.name, AddSection.name]
        try root.refuseUnknownKeys(known: sections, expected: "a section: " + sections.map { "[\($0)]" }.joined(separator: ", "))
        var config = Config()
        config.notify = try root.section(NotifySection.self) ?? NotifySection()
        config.keys = try root.section(KeysSection.self) ?? KeysSection()
        config.colors = try root.section(ColorsSection.self) ?? ColorsSection()
        config.sync = try root.section(SyncSection.self) ?? SyncSection()
        config.add = try root.section(AddSection.self) ?? AddSection()
        return config
    }
}

/// A `[name]` table of config.toml, read into a value. Every key the type
/// does not know is refused, so a misspelt setting is never silently ignored.
public protocol ConfigSection: Hashable, Sendable {
    /// The table's name, as written between brackets.
    static var name: String { get }
    init(reading table: TableReader) throws(ConfigError)
}

// MARK: - Errors

/// A config file that cannot be used, as `file:line:column: what is expected`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var problem: String

    public init(file: String, line: Int? = nil, column: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var description: String {
        guard let line, let column else { return "\(file): \(problem)" }
        return "\(file):\(line):\(column): \(problem)"
    }
}

// MARK: - Reading a table

/// A table of the file with what a section needs to read it: typed
/// look-ups that refuse a wrong type with the key's position.
public struct TableReader {
    let table: TOMLTable
    /// The section's name; nil for the file's top level.
    let section: String?
    let file: String

    /// Refuses any key not in `known`, at the key's position.
    public func refuseUnknownKeys(known: [String], expected: String) throws(ConfigError) {
        for key in table.keys where !known.contains(key) {
            let place = section.map { "[\($0)]" } ?? "the top level"
            throw error(at: key, "unknown key \"\(key)\" in \(place); expected \(expected)")
        }
    }

    /// The section's table read into its type; nil when the file has none.
    func section<Section: ConfigSection>(_ type: Section.Type) throws(ConfigError) -> Section? {
        guard let value = table[Section.name] else { return nil }
        guard let inner = value.table else {
            throw error(at: Section.name, "\"\(Section.name)\" must be a table ([\(Section.name)]), not \(value.kind)")
        }
        return try Section(reading: TableReader(table: inner, section: Section.name, file: file))
    }

    /// A list of strings; nil when the key is absent.
    public func strings(_ key: String, expected: String) throws(ConfigError) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else {
            throw error(at: key, "\"\(key)\" must be a list of strings (\(expected)), not \(value.kind)")
        }
        var strings: [String] = []
        for element in array {
            guard let string = element.string else {
                throw error(at: key, "\"\(key)\" must be a list of strings (\(expected)); it holds \(element.kind)")
            }
            strings.append(string)
        }
        return strings
    }

    /// A string; nil when the key is absent.
    public func string(_ key: String, expected: String) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let string = value.string else {
            throw error(at: key, "\"\(key)\" must be a string (\(expected)), not \(value.kind)")
        }
        return string
    }

    /// A boolean; nil when the key is absent.
    public func bool(_ key: String, expected: String) throws(ConfigError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let bool = value.bool else {
            throw error(at: key, "\"\(key)\" must be \(expected), not \(value.kind)")
        }
        return bool
    }

    /// An error placed at `key`'s line and column in this table.
    public func error(at key: String, _ problem: String) -> ConfigError {
        let position = table.position(of: key) ?? TOMLPosition(line: 1, column: 1)
        return ConfigError(file: file, line: position.line, column: position.column, problem: problem)
    }
}
