import Foundation

/// Where and as whom to sync, from the arguments `checklists sync` (or the
/// notifier) hands over: its options, over `CHECKLISTS_SYNC_*`, over the
/// config file's `[sync]`, merged before the helper starts
/// (`SyncSection.helperArguments`).
public struct SyncSettings: Hashable, Sendable {
    /// The server's root (or the user's principal or calendar home): the
    /// calendars are discovered from it. User-info in it is taken as the
    /// username and password and never printed.
    public var url: URL
    public var username: String?
    /// The argv of a command printing the password on its first line
    /// (`pass show dav`, `secret-tool lookup ...`); the password is never
    /// stored in the database nor printed.
    public var passwordCommand: [String]?
    /// How often a companion process syncs; nil: only when asked.
    public var interval: TimeInterval?
    /// Plain HTTP to a host that is not this machine: refused unless set,
    /// since it would send the password and the lists in the clear.
    public var allowInsecureHTTP: Bool

    public init(url: URL, username: String? = nil, passwordCommand: [String]? = nil, interval: TimeInterval? = nil, allowInsecureHTTP: Bool = false) {
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.interval = interval
        self.allowInsecureHTTP = allowInsecureHTTP
    }

    /// The settings from `checklists sync`'s options, else the environment
    /// (`CHECKLISTS_SYNC_URL`, `CHECKLISTS_SYNC_USERNAME`).
    /// `passwordCommand` is the repeated `--password-command` values (one
    /// argv element each), or one value holding a JSON array of strings.
    public static func resolve(url: String?, username: String?, passwordCommand: [String], allowInsecureHTTP: Bool,
                               environment: [String: String]) throws(SyncError) -> SyncSettings {
        guard let text = url ?? environment["CHECKLISTS_SYNC_URL"], !text.isEmpty else {
            throw .settings("no server to sync with; give --url URL (or set CHECKLISTS_SYNC_URL, or url in config.toml's [sync])")
        }
        guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
              parsed.host != nil else {
            throw .settings("the sync url is not an http:// or https:// address; give the server's address, e.g. https://dav.example.org/")
        }
        var command = passwordCommand
        if command.count == 1, command[0].hasPrefix("[") {
            guard let data = command[0].data(using: .utf8), let array = try? JSONDecoder().decode([String].self, from: data) else {
                throw .settings("--password-command: a JSON value must be an array of strings, e.g. [\"pass\", \"show\", \"dav\"]")
            }
            command = array
        }
        let settings = SyncSettings(url: parsed, username: username ?? environment["CHECKLISTS_SYNC_USERNAME"] ?? parsed.user,
                                    passwordCommand: command.isEmpty ? nil : command, allowInsecureHTTP: allowInsecureHTTP)
        if scheme == "http", !allowInsecureHTTP, !Self.isLoopback(parsed.host ?? "") {
            throw .settings("refusing plain HTTP to \(settings.displayHost): it would send your password in the clear; use https:// (or --allow-insecure-http, or allow_insecure_http = true in [sync])")
        }
        return settings
    }

    /// The password: `CHECKLISTS_SYNC_PASSWORD`, else the command's first
    /// line of output, else the URL's user-info; nil: none (a server
    /// without authentication).
    public func password(environment: [String: String]) throws(SyncError) -> String? {
        if let password = environment["CHECKLISTS_SYNC_PASSWORD"] { return password }
        if let command = passwordCommand, let program = command.first {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : "/usr/bin/env")
            process.arguments = program.contains("/") ? Array(command.dropFirst()) : command
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw .settings("the password command \(program) could not be started; check --password-command")
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw .settings("the password command \(program) failed (exit \(process.terminationStatus)); check --password-command")
            }
            return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        return url.password
    }

    /// The server's URL without user-info: what requests go to.
    public var serverURL: URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        parts.user = nil
        parts.password = nil
        return parts.url ?? url
    }

    /// The host (and port) as messages name it: never the user-info.
    public var displayHost: String {
        let host = url.host ?? "the server"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}
