import Foundation
import ChecklistsModel

/// `[sync]`: the CalDAV server `checklists sync` uses, and how often
/// `checklists notify` syncs on its own.
///
///     [sync]
///     url = "https://dav.example.org/"
///     username = "alice"
///     password_command = ["pass", "show", "dav"]   # an argv list, never a shell
///     interval = "15m"                             # "30s", "15m", "1h", "1h30m" or seconds (900)
///     allow_insecure_http = false                  # plain http:// to another machine
///
/// Options and the environment win over the file (see `settings`).
public struct SyncSection: ConfigSection {
    public static let name = "sync"

    public var url: String?
    public var username: String?
    /// The argv of a command printing the password on its first line.
    public var passwordCommand: [String]?
    /// How often the notifier syncs, in seconds; nil: it does not sync.
    public var interval: TimeInterval?
    /// Plain HTTP to a host that is not this machine, which sends the
    /// password in the clear: refused unless set.
    public var allowInsecureHTTP: Bool

    public init(url: String? = nil, username: String? = nil, passwordCommand: [String]? = nil,
                interval: TimeInterval? = nil, allowInsecureHTTP: Bool = false) {
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.interval = interval
        self.allowInsecureHTTP = allowInsecureHTTP
    }

    static let keys = ["url", "username", "password_command", "interval", "allow_insecure_http"]

    /// The shortest interval taken: a sync is a round of requests to
    /// someone's server, and seconds apart would only load it.
    public static let shortestInterval: TimeInterval = 5

    public init(reading table: TableReader) throws(ConfigError) {
        try table.refuseUnknownKeys(known: Self.keys, expected: Self.keys.joined(separator: ", "))
        url = try table.string("url", expected: "the server's address, as \"https://dav.example.org/\"")
        if let url {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  parsed.host != nil else {
                throw table.error(at: "url", "\"url\" must be an http:// or https:// address, as \"https://dav.example.org/\"")
            }
        }
        username = try table.string("username", expected: "the account's name")
        if let command = try table.strings("password_command", expected: "the program and its arguments") {
            guard let program = command.first, !program.isEmpty else {
                throw table.error(at: "password_command", "\"password_command\" needs at least the program, as [\"pass\", \"show\", \"dav\"]")
            }
            passwordCommand = command
        }
        allowInsecureHTTP = try table.bool("allow_insecure_http", expected: "true or false") ?? false
        if let value = table.table["interval"] {
            let problem = "\"interval\" must be a duration of at least \(Int(Self.shortestInterval)) seconds: \"30s\", \"15m\", \"1h\", \"1h30m\" or a number of seconds"
            let seconds: TimeInterval?
            if let number = value.int {
                seconds = TimeInterval(number)
            } else if let text = value.string {
                seconds = Self.duration(text)
            } else {
                throw table.error(at: "interval", problem + ", not \(value.kind)")
            }
            guard let seconds, seconds >= Self.shortestInterval else { throw table.error(at: "interval", problem) }
            interval = seconds
        }
    }

    /// "90", "30s", "15m", "1h", "1h30m", "2h15m10s": seconds, or nil. A
    /// number after the last unit counts in the next smaller one, as people
    /// write it: "1h30" is 1 h 30 min, "1m30" is 90 s.
    public static func duration(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let whole = Int(trimmed) { return TimeInterval(whole) }
        var total = 0
        var digits = ""
        var lastUnit = 4
        for character in trimmed {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            // Units in order, each once: h before m before s.
            guard let unit = ["h": 3, "m": 2, "s": 1][String(character)], unit < lastUnit,
                  let amount = Int(digits) else { return nil }
            total += amount * [3: 3600, 2: 60, 1: 1][unit]!
            lastUnit = unit
            digits = ""
        }
        guard lastUnit < 4 else { return nil }
        if digits.isEmpty { return TimeInterval(total) }
        // Nothing is smaller than seconds: "1s30" is a typo, not a duration.
        guard lastUnit > 1, let amount = Int(digits) else { return nil }
        return TimeInterval(total + amount * [3: 60, 2: 1][lastUnit]!)
    }

    /// The sync's settings: the command line's options, else the
    /// environment, else this section (an option wins over
    /// `CHECKLISTS_SYNC_*`, which wins over the file). They reach the
    /// helper through `SyncSettings.handOver`, never its arguments.
    public func settings(url optionURL: String? = nil, username optionUsername: String? = nil,
                         passwordCommand optionCommand: [String] = [], allowInsecureHTTP optionInsecure: Bool = false,
                         environment: [String: String]) throws(SyncSettingsError) -> SyncSettings {
        try SyncSettings.resolve(url: optionURL, username: optionUsername, passwordCommand: optionCommand, allowInsecureHTTP: optionInsecure,
                                 fileURL: url, fileUsername: username, filePasswordCommand: passwordCommand,
                                 fileAllowsInsecureHTTP: allowInsecureHTTP, environment: environment)
    }
}
