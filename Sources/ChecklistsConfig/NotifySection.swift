import Foundation

/// Where `checklists notify` sends a reminder.
public enum NotifyChannel: String, CaseIterable, Hashable, Sendable {
    /// A desktop notification (org.freedesktop.Notifications on the session bus).
    case dbus
    /// A message and a bell on every client attached to the user's tmux server.
    case tmux
    /// The user's own program, `command` in the section.
    case command
}

/// `[notify]`: which channels the notifier uses, and the user's command.
///
///     [notify]
///     channels = ["dbus", "tmux"]          # default: every one available
///     command = ["notify-me", "--urgent"]  # run with CHECKLISTS_ITEM_* set
public struct NotifySection: ConfigSection {
    public static let name = "notify"

    /// The channels chosen, in order; nil means every one available
    /// (D-Bus when a session bus answers, tmux when a server is reachable,
    /// the command when one is set).
    public var channels: [NotifyChannel]?
    /// The user's command as an argv list: never a shell string, so an
    /// item's text cannot become part of a command line.
    public var command: [String]?

    public init(channels: [NotifyChannel]? = nil, command: [String]? = nil) {
        self.channels = channels
        self.command = command
    }

    static let allowedChannels = NotifyChannel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    public init(reading table: TableReader) throws(ConfigError) {
        try table.refuseUnknownKeys(known: ["channels", "command"], expected: "channels or command")
        if let names = try table.strings("channels", expected: "of \(Self.allowedChannels)") {
            var channels: [NotifyChannel] = []
            for name in names {
                guard let channel = NotifyChannel(rawValue: name) else {
                    throw table.error(at: "channels", "unknown channel \"\(name)\"; expected \(Self.allowedChannels)")
                }
                if !channels.contains(channel) { channels.append(channel) }
            }
            self.channels = channels
        }
        if let command = try table.strings("command", expected: "the program and its arguments") {
            guard let program = command.first, !program.isEmpty else {
                throw table.error(at: "command", "\"command\" needs at least the program, as [\"program\", \"argument\", ...]")
            }
            self.command = command
        }
        if channels?.contains(.command) == true && command == nil {
            throw table.error(at: "channels", "the \"command\" channel needs a command: command = [\"program\", \"argument\", ...]")
        }
    }
}
