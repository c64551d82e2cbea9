import Foundation
import Testing
import ChecklistsConfig
import TestSupport

/// config.toml read from literal text: what a good file gives, and the
/// `file:line:column: what is expected` of every way a file can be wrong.
@Suite("config.toml")
struct ConfigTests {
    func read(_ text: String) throws(ConfigError) -> Config {
        try Config.read(text, file: "config.toml")
    }

    func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("an empty file, or one without [notify], means every available channel and no command")
    func defaults() throws {
        try expectEqual(read(""), .defaults)
        try expectEqual(read("# nothing here\n"), .defaults)
        #expect(Config.defaults.notify.channels == nil)
        #expect(Config.defaults.notify.command == nil)
    }

    @Test("[notify] chooses the channels, in order, and the command as an argv list")
    func notifySection() throws {
        let config = try read("""
            [notify]
            channels = ["tmux", "command"]
            command = ["notify-me", "--title", "Checklists"]
            """)
        expectEqual(config.notify.channels, [.tmux, .command])
        expectEqual(config.notify.command, ["notify-me", "--title", "Checklists"])
    }

    @Test("a syntax error names the file, line and column")
    func syntax() {
        let message = refusal("""
            [notify]
            channels = ["dbus",
            """)
        expectEqual(message?.hasPrefix("config.toml:2:"), true, "\(message ?? "accepted")")
    }

    @Test("an unknown key is refused where it is written, with the keys expected")
    func unknownKey() {
        expectEqual(refusal("""
            [notify]
            channels = ["dbus"]
              chanels = ["tmux"]
            """), "config.toml:3:3: unknown key \"chanels\" in [notify]; expected channels or command")
        expectEqual(refusal("""
            # a section nobody reads yet
            [colours]
            """), "config.toml:2:1: unknown key \"colours\" in the top level; expected a section: [notify], [keys], [colors], [sync], [add]")
    }

    @Test("a wrong type is refused at its key, saying what is expected")
    func wrongType() {
        expectEqual(refusal("""
            [notify]
            channels = "dbus"
            """), "config.toml:2:1: \"channels\" must be a list of strings (of \"dbus\", \"tmux\", \"command\"), not a string")
        expectEqual(refusal("""
            [notify]
            command = ["notify-send", 3]
            """), "config.toml:2:1: \"command\" must be a list of strings (the program and its arguments); it holds an integer")
        expectEqual(refusal("notify = 1\n"), "config.toml:1:1: \"notify\" must be a table ([notify]), not an integer")
    }

    @Test("a setting written as a dotted key or in an inline table is refused at its own line and column")
    func placesOfDottedAndInlineKeys() {
        expectEqual(refusal("""
            # everything in one place
            notify.channels = ["tmux"]
            notify.comand = ["notify-me"]
            """), "config.toml:3:1: unknown key \"comand\" in [notify]; expected channels or command")
        expectEqual(refusal("""
            # in one line
            sync = { url = "https://dav.example.org/", intreval = "15m" }
            """), "config.toml:2:44: unknown key \"intreval\" in [sync]; expected url, username, password_command, interval, allow_insecure_http")
        expectEqual(refusal("[keys]\nquit = \"q\"\nadd = [\"n\", 1]\n"),
                    "config.toml:3:1: \"add\" must be a key name or a list of them, as \"n\" or [\"d\", \"Delete\"]; it holds an integer")
        expectEqual(refusal("[sync]\ninterval = 1979-05-27\n").map { String($0.suffix(10)) }, "not a date")
    }

    @Test("an unknown channel, an empty command, or the command channel without a command are refused")
    func badValues() {
        expectEqual(refusal("[notify]\nchannels = [\"email\"]\n"), "config.toml:2:1: unknown channel \"email\"; expected \"dbus\", \"tmux\", \"command\"")
        expectEqual(refusal("[notify]\ncommand = []\n"), "config.toml:2:1: \"command\" needs at least the program, as [\"program\", \"argument\", ...]")
        expectEqual(refusal("[notify]\nchannels = [\"command\"]\n"), "config.toml:2:1: the \"command\" channel needs a command: command = [\"program\", \"argument\", ...]")
    }

    @Test("the file is --config, else CHECKLISTS_CONFIG, else under XDG_CONFIG_HOME, else ~/.config")
    func location() {
        expectEqual(ConfigLocation.resolve(option: "/a/c.toml", environment: ["CHECKLISTS_CONFIG": "/b.toml"]).path, "/a/c.toml")
        expectEqual(ConfigLocation.resolve(option: nil, environment: ["CHECKLISTS_CONFIG": "/b.toml"]).path, "/b.toml")
        expectEqual(ConfigLocation.resolve(option: nil, environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).path, "/x/checklists/config.toml")
        // A relative XDG_CONFIG_HOME is invalid by the spec, and ignored.
        expectEqual(ConfigLocation.resolve(option: nil, environment: ["XDG_CONFIG_HOME": "x", "HOME": "/h"]).path, "/h/.config/checklists/config.toml")
    }

    @Test("a missing file at the default place means defaults; a missing file the user named is refused")
    func missingFile() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try expectEqual(Config.load(ConfigLocation(path: folder.file("none.toml"), origin: "the default")), .defaults)
        #expect(throws: ConfigError(file: folder.file("none.toml"), problem: "no such file (named by --config)")) {
            try Config.load(ConfigLocation(path: folder.file("none.toml"), origin: "--config"))
        }
        try "[notify]\nchannels = [\"tmux\"]\n".write(toFile: folder.file("config.toml"), atomically: true, encoding: .utf8)
        try expectEqual(Config.load(ConfigLocation(path: folder.file("config.toml"), origin: "CHECKLISTS_CONFIG")).notify.channels, [.tmux])
    }
}
