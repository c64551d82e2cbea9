import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where and as whom to sync: the one value that carries the sync's
/// settings from where they are read (the options, over
/// `CHECKLISTS_SYNC_*`, over the config file's `[sync]`) to the
/// sync helper (this binary again, `checklists --settings-fd 3`). It reaches the helper as JSON on an inherited
/// pipe (`handOver`, `received`), never in its arguments: a password in a
/// URL's user-info, or from `CHECKLISTS_SYNC_PASSWORD`, would otherwise be
/// in `/proc/PID/cmdline` for every user of the machine to read.
public struct SyncSettings: Hashable, Sendable, Codable {
    /// The server's root (or the user's principal or calendar home): the
    /// calendars are discovered from it. User-info in it is taken as the
    /// username and password and never printed.
    public var url: URL
    public var username: String?
    /// A password given directly (`CHECKLISTS_SYNC_PASSWORD`); it wins over
    /// the command and the URL's user-info.
    public var password: String?
    /// The argv of a command printing the password on its first line
    /// (`pass show dav`, `secret-tool lookup ...`); run by the helper, so the
    /// password exists only there. Never stored in the database nor printed.
    public var passwordCommand: [String]?
    /// Plain HTTP to a host that is not this machine: refused unless set,
    /// since it would send the password and the lists in the clear.
    public var allowInsecureHTTP: Bool
    /// The longest one request may take, connecting, sending and reading
    /// the whole reply (`CHECKLISTS_SYNC_TIMEOUT`).
    public var timeout: TimeInterval
    /// The database to sync (nil: the default one).
    public var databasePath: String?
    /// Only this list (`--list`).
    public var list: String?
    /// The list whose calendar was deleted on the server, to make again
    /// (`--recreate`).
    public var recreate: String?

    /// Requests wait 30 s at most unless `CHECKLISTS_SYNC_TIMEOUT` says otherwise.
    public static let defaultTimeout: TimeInterval = 30

    public init(url: URL, username: String? = nil, password: String? = nil, passwordCommand: [String]? = nil,
                allowInsecureHTTP: Bool = false, timeout: TimeInterval = SyncSettings.defaultTimeout,
                databasePath: String? = nil, list: String? = nil, recreate: String? = nil) {
        self.url = url
        self.username = username
        self.password = password
        self.passwordCommand = passwordCommand
        self.allowInsecureHTTP = allowInsecureHTTP
        self.timeout = timeout
        self.databasePath = databasePath
        self.list = list
        self.recreate = recreate
    }

    // MARK: - Reading them

    /// The settings from the options, else the environment
    /// (`CHECKLISTS_SYNC_URL`, `_USERNAME`, `_PASSWORD`, `_TIMEOUT`), else the
    /// config file's values (`file*`): the only place the environment is
    /// read for a sync. `passwordCommand` is the repeated
    /// `--password-command` values (one argv element each), or one value
    /// holding a JSON array of strings.
    public static func resolve(url: String?, username: String?, passwordCommand: [String], allowInsecureHTTP: Bool,
                               fileURL: String? = nil, fileUsername: String? = nil, filePasswordCommand: [String]? = nil,
                               fileAllowsInsecureHTTP: Bool = false,
                               environment: [String: String]) throws(SyncSettingsError) -> SyncSettings {
        let nonEmpty = { (value: String?) in value.flatMap { $0.isEmpty ? nil : $0 } }
        guard let text = nonEmpty(url) ?? nonEmpty(environment["CHECKLISTS_SYNC_URL"]) ?? nonEmpty(fileURL) else {
            throw SyncSettingsError("no server to sync with; give --url URL (or set CHECKLISTS_SYNC_URL, or url in config.toml's [sync])")
        }
        guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = parsed.host, !host.isEmpty else {
            throw SyncSettingsError("the sync url is not an http:// or https:// address; give the server's address, e.g. https://dav.example.org/")
        }
        var command = passwordCommand
        if command.count == 1, command[0].hasPrefix("[") {
            guard let data = command[0].data(using: .utf8), let array = try? JSONDecoder().decode([String].self, from: data) else {
                throw SyncSettingsError("--password-command: a JSON value must be an array of strings, e.g. [\"pass\", \"show\", \"dav\"]")
            }
            command = array
        }
        if command.isEmpty { command = filePasswordCommand ?? [] }
        var timeout = defaultTimeout
        if let given = environment["CHECKLISTS_SYNC_TIMEOUT"] {
            guard let seconds = Double(given), seconds.isFinite, seconds > 0 else {
                throw SyncSettingsError("CHECKLISTS_SYNC_TIMEOUT must be a number of seconds, as 30")
            }
            timeout = seconds
        }
        let insecure = allowInsecureHTTP || fileAllowsInsecureHTTP
        let settings = SyncSettings(url: parsed,
                                    username: nonEmpty(username) ?? nonEmpty(environment["CHECKLISTS_SYNC_USERNAME"]) ?? nonEmpty(fileUsername) ?? parsed.user(percentEncoded: false),
                                    password: environment[Self.passwordVariable],
                                    passwordCommand: command.isEmpty ? nil : command, allowInsecureHTTP: insecure, timeout: timeout)
        if scheme == "http", !insecure, !Self.isLoopback(host) {
            throw SyncSettingsError("refusing plain HTTP to \(settings.displayHost): it would send your password in the clear; use https:// (or --allow-insecure-http, or allow_insecure_http = true in [sync])")
        }
        return settings
    }

    /// The most a password command may print: 1 MiB.
    static let largestPasswordOutput = 1 << 20

    /// The password: the one given, else the command's first line of
    /// output, else the URL's user-info; nil: none (a server without
    /// authentication).
    public func resolvedPassword() throws(SyncSettingsError) -> String? {
        if let password { return password }
        if let command = passwordCommand, let program = command.first {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : "/usr/bin/env")
            process.arguments = program.contains("/") ? Array(command.dropFirst()) : command
            var environment = ProcessInfo.processInfo.environment
            environment[Self.passwordVariable] = nil
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            // Its standard error is the user's, as for `git`'s credential
            // helpers: a failing `gpg` or `pass` says why above our line.
            do {
                try process.run()
            } catch {
                throw SyncSettingsError("the password command \(program) could not be started; check --password-command")
            }
            // Read to the end, so the command never blocks on a full pipe,
            // but no further than a password could need: a command that
            // prints on and on (`yes`) is stopped rather than read into memory.
            var data = Data()
            while let chunk = try? output.fileHandleForReading.read(upToCount: 1 << 16), !chunk.isEmpty {
                data.append(chunk)
                if data.count > Self.largestPasswordOutput {
                    // SIGKILL: a TERM ignored by what we were started with would
                    // be ignored by the command too, and the wait below never end.
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    throw SyncSettingsError("the password command \(program) printed more than \(Self.largestPasswordOutput) bytes; it should print the password on its first line")
                }
            }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw SyncSettingsError("the password command \(program) failed (exit \(process.terminationStatus)); check --password-command")
            }
            let password = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            // Nothing printed is a command that went wrong, not an empty
            // password: sent, the server would only say "wrong password".
            guard !password.isEmpty else {
                throw SyncSettingsError("the password command \(program) printed no password; it should print the password on its first line")
            }
            return password
        }
        // Decoded (RFC 3986): a password with @, :, / or a space can only be
        // written in a url percent-encoded, and the server wants the password.
        return url.password(percentEncoded: false)
    }

    // MARK: - What requests go to

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

    /// This machine, decided from a literal address (127.0.0.0/8, ::1) or
    /// the name `localhost`, never from how the name begins: a name such as
    /// `127.evil.example` is someone else's host.
    public static func isLoopback(_ host: String) -> Bool {
        var bare = host.lowercased()
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        if bare.hasSuffix(".") { bare.removeLast() }
        if bare == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            var loopback = in6addr_loopback
            return memcmp(&v6, &loopback, MemoryLayout<in6_addr>.size) == 0
        }
        return false
    }

    // MARK: - Handing them to the helper

    /// The file descriptor the helper reads its settings from.
    public static let handoverDescriptor: Int32 = 3

    /// The variable a password may be given in; never passed on to the helper.
    public static let passwordVariable = "CHECKLISTS_SYNC_PASSWORD"

    /// The argument that starts the binary as the sync helper.
    public static let helperOption = "--settings-fd"

    /// The helper's whole command line: the binary, `--settings-fd 3`;
    /// never a setting, so never a secret.
    public static func helperArguments(binary: String) -> [String] {
        [binary, helperOption, "\(handoverDescriptor)"]
    }

    /// The helper's environment (and so its password command's): the
    /// caller's, less the password, which travels in the handover.
    public static func helperEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.filter { $0.key != passwordVariable }
    }

    /// Whether `arguments` (without the binary) start the sync helper.
    public static func startsHelper(_ arguments: [String]) -> Bool {
        arguments.first == helperOption
    }

    /// The settings as the helper receives them: JSON, written whole into a
    /// pipe before the helper starts. Returns the pipe's read end (to become
    /// the helper's descriptor 3); the write end is closed. The settings
    /// are far smaller than a pipe's buffer, so the write never waits.
    public func handOver() throws(SyncSettingsError) -> Int32 {
        guard let data = try? JSONEncoder().encode(self), data.count < 32 * 1024 else {
            throw SyncSettingsError("the sync settings are too long to hand to the sync helper")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SyncSettingsError("cannot hand the settings to the sync helper (\(String(cString: strerror(errno))))") }
        let written = data.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == data.count else {
            close(ends[0])
            throw SyncSettingsError("cannot hand the settings to the sync helper")
        }
        return ends[0]
    }

    /// The settings handed to the helper its `arguments` (without the
    /// binary) name: `--settings-fd N`, N the handover's descriptor.
    public static func received(arguments: [String]) throws(SyncSettingsError) -> SyncSettings {
        guard arguments.count == 2, startsHelper(arguments), let descriptor = Int32(arguments[1]), descriptor >= 0 else {
            throw SyncSettingsError("\(helperOption) is for `checklists sync` and the notifier; use `checklists sync`")
        }
        return try received(from: descriptor)
    }

    /// The settings `handOver` wrote, read from `descriptor` to its end.
    static func received(from descriptor: Int32) throws(SyncSettingsError) -> SyncSettings {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 64 * 1024 {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(descriptor)
        guard let settings = try? JSONDecoder().decode(SyncSettings.self, from: data) else {
            throw SyncSettingsError("\(helperOption) is for `checklists sync` and the notifier; use `checklists sync`")
        }
        return settings
    }
}

/// Settings that cannot be used, as one line saying what to do (exit 2).
public struct SyncSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
