import Foundation
import Testing
import TestSupport
import ChecklistsConfig
import ChecklistsModel

/// `[sync]` read from literal text, and how the options and the environment
/// win over it.
@Suite("config.toml [sync]")
struct SyncSectionTests {
    func refusal(_ text: String) -> String? {
        do {
            _ = try Config.read(text, file: "config.toml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("every key read: the url, the account, the password command as an argv list, the interval, the plain-HTTP opt-in")
    func everyKey() throws {
        let sync = try Config.read("""
            [sync]
            url = "http://dav.lan:5232/"
            username = "alice"
            password_command = ["pass", "show", "dav"]
            interval = "15m"
            allow_insecure_http = true
            """, file: "config.toml").sync
        expectEqual(sync, SyncSection(url: "http://dav.lan:5232/", username: "alice", passwordCommand: ["pass", "show", "dav"],
                                    interval: 900, allowInsecureHTTP: true))
        try expectEqual(Config.read("", file: "config.toml").sync, SyncSection())
    }

    @Test("the interval: seconds as a number, or 30s, 15m, 1h, 1h30m; nothing shorter than 5 seconds")
    func intervals() throws {
        for (written, seconds) in [("900", 900.0), ("\"30s\"", 30), ("\"15m\"", 900), ("\"1h\"", 3600), ("\"1h30m\"", 5400),
                                   ("\"2h15m10s\"", 8110), ("\"45\"", 45)] {
            try expectEqual(Config.read("[sync]\ninterval = \(written)\n", file: "c").sync.interval, seconds, "\(written)")
        }
        let expected = "\"interval\" must be a duration of at least 5 seconds: \"30s\", \"15m\", \"1h\", \"1h30m\" or a number of seconds"
        for bad in ["\"15 minutes\"", "\"m15\"", "\"15m1h\"", "\"\"", "\"1h1h\"", "0", "-60", "\"2s\""] {
            expectEqual(refusal("[sync]\n  interval = \(bad)\n"), "config.toml:2:3: " + expected, "\(bad)")
        }
        expectEqual(refusal("[sync]\ninterval = 1.5\n"), "config.toml:2:1: " + expected + ", not a floating-point number")
    }

    @Test("a number after hours is minutes, after minutes seconds, as people write \"1h30\" and \"1m30\"")
    func trailingNumber() {
        expectEqual(SyncSection.duration("1h30"), 5400)
        expectEqual(SyncSection.duration("1h30m"), 5400)
        expectEqual(SyncSection.duration("1m30"), 90)
        expectEqual(SyncSection.duration("2h15m10"), 8110)
        expectEqual(SyncSection.duration("2h15m10s"), 8110)
        expectEqual(SyncSection.duration("90"), 90)
        for garbage in ["1s30", "h30", "1h30x", "30 min", "1.5h", "", "1h 30"] {
            #expect(SyncSection.duration(garbage) == nil, "\(garbage)")
        }
    }

    @Test("typos, unknown keys and wrong types are refused at their line and column")
    func refusals() {
        expectEqual(refusal("""
            [notify]
            channels = ["tmux"]

            [sync]
            url = "https://dav.example.org/"
            pasword_command = ["pass"]
            """), "config.toml:6:1: unknown key \"pasword_command\" in [sync]; expected url, username, password_command, interval, allow_insecure_http")
        expectEqual(refusal("[sync]\nurl = 5\n"), "config.toml:2:1: \"url\" must be a string (the server's address, as \"https://dav.example.org/\"), not an integer")
        expectEqual(refusal("[sync]\nurl = \"dav.example.org\"\n"), "config.toml:2:1: \"url\" must be an http:// or https:// address, as \"https://dav.example.org/\"")
        expectEqual(refusal("[sync]\npassword_command = \"pass show dav\"\n"), "config.toml:2:1: \"password_command\" must be a list of strings (the program and its arguments), not a string")
        expectEqual(refusal("[sync]\npassword_command = []\n"), "config.toml:2:1: \"password_command\" needs at least the program, as [\"pass\", \"show\", \"dav\"]")
        expectEqual(refusal("[sync]\nallow_insecure_http = \"yes\"\n"), "config.toml:2:1: \"allow_insecure_http\" must be true or false, not a string")
        expectEqual(refusal("sync = \"https://dav.example.org/\"\n"), "config.toml:1:1: \"sync\" must be a table ([sync]), not a string")
    }

    @Test("an option wins over CHECKLISTS_SYNC_*, which wins over the file")
    func precedence() throws {
        let section = SyncSection(url: "https://file.example/", username: "file-user", passwordCommand: ["pass", "show", "[dav]"])
        let fromFile = try section.settings(environment: [:])
        #expect(fromFile.url.absoluteString == "https://file.example/" && fromFile.username == "file-user")
        expectEqual(fromFile.passwordCommand, ["pass", "show", "[dav]"])
        let environment = ["CHECKLISTS_SYNC_URL": "https://env.example/", "CHECKLISTS_SYNC_USERNAME": "env-user"]
        let fromEnvironment = try section.settings(environment: environment)
        #expect(fromEnvironment.url.absoluteString == "https://env.example/" && fromEnvironment.username == "env-user")
        expectEqual(fromEnvironment.passwordCommand, ["pass", "show", "[dav]"])
        let fromOptions = try section.settings(url: "https://option.example/", username: "option-user", passwordCommand: ["secret-tool", "lookup"],
                                               allowInsecureHTTP: true, environment: environment)
        #expect(fromOptions.url.absoluteString == "https://option.example/" && fromOptions.username == "option-user")
        #expect(fromOptions.passwordCommand == ["secret-tool", "lookup"] && fromOptions.allowInsecureHTTP)
        #expect(try SyncSection(url: "http://dav.example/", allowInsecureHTTP: true).settings(environment: [:]).allowInsecureHTTP)
        #expect(throws: SyncSettingsError.self) { try SyncSection().settings(environment: [:]) }
    }
}
