import Foundation
import Testing
import TestSupport

/// Every process's arguments are readable by every user of the machine
/// (`ps`, `/proc/PID/cmdline`): a sync's password must never be among them,
/// whether it came from the URL's user-info, the environment or the config
/// file, and whether `checklists sync` or the notifier started the helper.
@Suite("Secrets stay out of process listings", .serialized)
struct SecretsInProcessListTests {
    let folder = TemporaryFolder()
    static let secret = "pw-in-userinfo-91c2"

    /// Every process's argv, read as `ps` does, while `running` is true.
    private func sampleArguments(while running: () -> Bool) -> (samples: Int, sawHelper: Bool, leaks: [String]) {
        var samples = 0
        var sawHelper = false
        var leaks: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while running() && Date() < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
                guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty else { continue }
                let text = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
                if text.contains(" --settings-fd ") { sawHelper = true }
                if text.contains(Self.secret) { leaks.append(text) }
            }
            samples += 1
            usleep(20_000)
        }
        return (samples, sawHelper, leaks)
    }

    @Test("checklists sync with a password in the URL's user-info and in CHECKLISTS_SYNC_PASSWORD")
    func syncCommand() throws {
        defer { folder.remove() }
        // A server that never answers keeps the helper alive for the timeout.
        let server = try HostileServer(folder: folder, mode: "stall")
        defer { server.stop() }
        for (url, password) in [("http://alice:\(Self.secret)@127.0.0.1:\(server.port)/", nil), (server.url, Self.secret)] {
            var environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "CHECKLISTS_DB": folder.file("test.sqlite"),
                               "CHECKLISTS_SYNC_URL": url, "CHECKLISTS_SYNC_TIMEOUT": "2"]
            environment["CHECKLISTS_SYNC_PASSWORD"] = password
            let output = folder.file("sync.out")
            guard case let .success(pid) = startProcess([PackagePaths.binary, "sync"], environment: environment, outputPath: output) else {
                Issue.record("cannot start checklists sync")
                return
            }
            var ended = false
            let sampled = sampleArguments(while: {
                if !ended, waitpid(pid, nil, WNOHANG) == pid { ended = true }
                return !ended
            })
            if !ended { kill(pid, SIGKILL); waitForExit(pid) }
            #expect(sampled.sawHelper && sampled.samples > 10, "\(sampled.samples) samples")
            #expect(sampled.leaks.isEmpty, "\(sampled.leaks)")
            let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            #expect(said.contains("did not answer in time") && !said.contains(Self.secret), "\(said)")
        }
    }

    @Test("the notifier's interval sync, with the password in config.toml's url")
    func notifier() throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: "stall")
        defer { server.stop() }
        let config = folder.file("config.toml")
        try "[sync]\nurl = \"http://alice:\(Self.secret)@127.0.0.1:\(server.port)/\"\ninterval = \"1h\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "CHECKLISTS_DB": folder.file("test.sqlite"),
                           "CHECKLISTS_CONFIG": config, "CHECKLISTS_SYNC_TIMEOUT": "2", "TZ": "UTC", "LANG": "C.UTF-8"]
        let log = folder.file("notify.log")
        guard case let .success(pid) = startProcess([PackagePaths.binary, "notify"], environment: environment, outputPath: log) else {
            Issue.record("cannot start the notifier")
            return
        }
        defer {
            kill(pid, SIGTERM)
            waitForExit(pid)
        }
        let sampled = sampleArguments(while: {
            !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("sync failed")
        })
        #expect(sampled.sawHelper, "the helper never ran: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(sampled.leaks.isEmpty, "\(sampled.leaks)")
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(said.contains("did not answer in time") && !said.contains(Self.secret), "\(said)")
        // The helper was handed the password: it authenticated its request.
        expectEqual(server.requests.first?.hasSuffix(" auth"), true, "\(server.requests)")
    }
}
