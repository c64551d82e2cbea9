import Foundation
import Testing
import TestSupport
import ChecklistsModel

@Suite("Sync settings from options and the environment")
struct SyncSettingsTests {
    @Test("options win over the environment; user-info is the fallback account and never shown")
    func precedence() throws {
        let environment = ["CHECKLISTS_SYNC_URL": "https://env.example.org/dav/", "CHECKLISTS_SYNC_USERNAME": "env-user"]
        let fromEnvironment = try SyncSettings.resolve(url: nil, username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: environment)
        #expect(fromEnvironment.url.absoluteString == "https://env.example.org/dav/" && fromEnvironment.username == "env-user")
        let withUserInfo = try SyncSettings.resolve(url: "https://bob:hunter2@dav.example.org:8443/", username: nil, passwordCommand: [],
                                                    allowInsecureHTTP: false, environment: [:])
        expectEqual(withUserInfo.username, "bob")
        try expectEqual(withUserInfo.resolvedPassword(), "hunter2")
        expectEqual(withUserInfo.serverURL.absoluteString, "https://dav.example.org:8443/")
        expectEqual(withUserInfo.displayHost, "dav.example.org:8443")
        let withBoth = try SyncSettings.resolve(url: "https://bob:hunter2@dav.example.org:8443/", username: nil, passwordCommand: [],
                                                allowInsecureHTTP: false, environment: ["CHECKLISTS_SYNC_PASSWORD": "from-env"])
        try expectEqual(withBoth.resolvedPassword(), "from-env")
    }

    @Test("the password command: repeated words or one JSON array, its first line")
    func passwordCommand() throws {
        let repeated = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: ["printf", "one\\ntwo"],
                                                allowInsecureHTTP: false, environment: [:])
        expectEqual(repeated.passwordCommand, ["printf", "one\\ntwo"])
        try expectEqual(repeated.resolvedPassword(), "one")
        let json = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: [#"["/bin/echo", "pw"]"#],
                                            allowInsecureHTTP: false, environment: [:])
        expectEqual(json.passwordCommand, ["/bin/echo", "pw"])
        #expect(throws: SyncSettingsError.self) {
            try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: ["[1, 2]"], allowInsecureHTTP: false, environment: [:])
        }
    }

    // Catches the user-info sent as written: a password with @, :, / or a
    // space can only be put in a url percent-encoded.
    @Test("the url's user-info is percent-decoded: b%40b and p%40ss%20w%C3%B6rd are b@b and p@ss wörd")
    func percentEncodedUserInfo() throws {
        let settings = try SyncSettings.resolve(url: "https://b%40b:p%40ss%20w%C3%B6rd%3A1@dav.example.org/", username: nil,
                                                passwordCommand: [], allowInsecureHTTP: false, environment: [:])
        expectEqual(settings.username, "b@b")
        try expectEqual(settings.resolvedPassword(), "p@ss wörd:1")
        expectEqual(settings.serverURL.absoluteString, "https://dav.example.org/")
    }

    // Catches an empty first line taken for the password: the server would
    // then say only "wrong username or password".
    @Test("a password command that prints nothing is refused, saying so")
    func emptyPasswordCommand() throws {
        for command in [["true"], ["printf", "\\n"]] {
            let settings = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: command,
                                                    allowInsecureHTTP: false, environment: [:])
            do {
                _ = try settings.resolvedPassword()
                Issue.record("an empty password was taken from \(command)")
            } catch {
                expectEqual(error.description, "the password command \(command[0]) printed no password; it should print the password on its first line")
            }
        }
    }

    @Test("a password command that prints on and on is stopped at 1 MiB, its output never in the message")
    func endlessPasswordCommand() throws {
        let endless = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: ["yes", "secret-word"],
                                               allowInsecureHTTP: false, environment: [:])
        do {
            _ = try endless.resolvedPassword()
            Issue.record("an endless password command was read")
        } catch {
            expectEqual(error.description, "the password command yes printed more than 1048576 bytes; it should print the password on its first line")
        }
        // Exactly 1 MiB on one line is still a password (a long one).
        let long = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a",
                                            passwordCommand: ["sh", "-c", "head -c 1048575 /dev/zero | tr '\\0' x; echo"],
                                            allowInsecureHTTP: false, environment: [:])
        try expectEqual(long.resolvedPassword()?.count, 1_048_575)
    }

    @Test("plain HTTP only to this machine unless allowed; no url or a non-HTTP one is a settings error (exit 2)")
    func plainHTTP() throws {
        for host in ["127.0.0.1:5232", "localhost", "[::1]:5232"] {
            #expect(throws: Never.self) { try SyncSettings.resolve(url: "http://\(host)/", username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:]) }
        }
        do {
            _ = try SyncSettings.resolve(url: "http://u:secret@dav.example.org/", username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:])
            Issue.record("plain HTTP was allowed")
        } catch {
            #expect(!error.description.contains("secret") && error.description.contains("dav.example.org"))
        }
        #expect(throws: Never.self) {
            try SyncSettings.resolve(url: "http://dav.example.org/", username: nil, passwordCommand: [], allowInsecureHTTP: true, environment: [:])
        }
        #expect(throws: SyncSettingsError.self) { try SyncSettings.resolve(url: nil, username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:]) }
        #expect(throws: SyncSettingsError.self) { try SyncSettings.resolve(url: "ftp://x/", username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:]) }
    }

    @Test("this machine is a literal loopback address or localhost, never a name that begins with 127.")
    func loopback() {
        for host in ["127.0.0.1", "127.1.2.3", "[::1]", "::1", "localhost", "LOCALHOST", "localhost."] {
            #expect(SyncSettings.isLoopback(host), "\(host)")
        }
        for host in ["127.evil.example", "127.0.0.1.nip.io", "localhost.evil.example", "128.0.0.1", "[::2]", "0.0.0.0", "evil-127.0.0.1"] {
            #expect(!SyncSettings.isLoopback(host), "\(host)")
        }
        #expect(throws: SyncSettingsError.self) {
            try SyncSettings.resolve(url: "http://127.evil.example/", username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:])
        }
    }

    @Test("the settings reach the helper whole through a pipe, the password among them")
    func handover() throws {
        var settings = try SyncSettings.resolve(url: "https://alice:secret@dav.example.org/", username: nil, passwordCommand: ["pass", "show", "dav"],
                                                allowInsecureHTTP: false, environment: ["CHECKLISTS_SYNC_TIMEOUT": "7"])
        settings.list = "Groceries"
        settings.databasePath = "/tmp/a b.sqlite"
        settings.recreate = "Home"
        let descriptor = try settings.handOver()
        // The helper's own command line names the descriptor it reads.
        let arguments = SyncSettings.helperArguments(binary: "/usr/bin/checklists")
        expectEqual(arguments, ["/usr/bin/checklists", "--settings-fd", "3"])
        #expect(!arguments.joined().contains("secret"))
        let received = try SyncSettings.received(arguments: [SyncSettings.helperOption, "\(descriptor)"])
        // Compared outside #expect: this toolchain's expansion of a binary
        // operator on this struct crashed in the test library's copy of it.
        let same = received == settings
        #expect(same, "the settings changed on the way: \(received.list ?? "-"), \(received.databasePath ?? "-")")
        #expect(received.timeout == 7 && received.url.password == "secret")
        #expect(throws: SyncSettingsError.self) {
            try SyncSettings.resolve(url: "https://dav.example.org/", username: nil, passwordCommand: [], allowInsecureHTTP: false,
                                     environment: ["CHECKLISTS_SYNC_TIMEOUT": "soon"])
        }
    }
}
