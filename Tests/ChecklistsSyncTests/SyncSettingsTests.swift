import Foundation
import Testing
@testable import ChecklistsSync

@Suite("Sync settings from options and the environment")
struct SyncSettingsTests {
    @Test("options win over the environment; user-info is the fallback account and never shown")
    func precedence() throws {
        let environment = ["CHECKLISTS_SYNC_URL": "https://env.example.org/dav/", "CHECKLISTS_SYNC_USERNAME": "env-user"]
        let fromEnvironment = try SyncSettings.resolve(url: nil, username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: environment)
        #expect(fromEnvironment.url.absoluteString == "https://env.example.org/dav/" && fromEnvironment.username == "env-user")
        let withUserInfo = try SyncSettings.resolve(url: "https://bob:hunter2@dav.example.org:8443/", username: nil, passwordCommand: [],
                                                    allowInsecureHTTP: false, environment: [:])
        #expect(withUserInfo.username == "bob")
        #expect(try withUserInfo.password(environment: [:]) == "hunter2")
        #expect(withUserInfo.serverURL.absoluteString == "https://dav.example.org:8443/")
        #expect(withUserInfo.displayHost == "dav.example.org:8443")
        #expect(try withUserInfo.password(environment: ["CHECKLISTS_SYNC_PASSWORD": "from-env"]) == "from-env")
    }

    @Test("the password command: repeated words or one JSON array, its first line")
    func passwordCommand() throws {
        let repeated = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: ["printf", "one\\ntwo"],
                                                allowInsecureHTTP: false, environment: [:])
        #expect(repeated.passwordCommand == ["printf", "one\\ntwo"])
        #expect(try repeated.password(environment: [:]) == "one")
        let json = try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: [#"["/bin/echo", "pw"]"#],
                                            allowInsecureHTTP: false, environment: [:])
        #expect(json.passwordCommand == ["/bin/echo", "pw"])
        #expect(throws: SyncError.self) {
            try SyncSettings.resolve(url: "https://dav.example.org/", username: "a", passwordCommand: ["[1, 2]"], allowInsecureHTTP: false, environment: [:])
        }
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
            #expect(error.exitStatus == 2)
            #expect(!error.description.contains("secret") && error.description.contains("dav.example.org"))
        }
        #expect(throws: Never.self) {
            try SyncSettings.resolve(url: "http://dav.example.org/", username: nil, passwordCommand: [], allowInsecureHTTP: true, environment: [:])
        }
        #expect(throws: SyncError.self) { try SyncSettings.resolve(url: nil, username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:]) }
        #expect(throws: SyncError.self) { try SyncSettings.resolve(url: "ftp://x/", username: nil, passwordCommand: [], allowInsecureHTTP: false, environment: [:]) }
    }
}
