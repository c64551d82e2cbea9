import Foundation
import Testing
import TestSupport

/// A CalDAV server the sync tests run against: Radicale or Xandikos, on
/// loopback, each counting the requests it logged.
protocol CalDAVTestServer: AnyObject, Sendable {
    var url: String { get }
    var port: Int { get }
    var authenticated: Bool { get }
    /// How many requests of `method` the server has logged since it started.
    func requests(_ method: String) -> Int
    func stop()
}

extension RadicaleServer: CalDAVTestServer {}

/// The servers a parameterized sync test runs against.
enum ServerKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case radicale, xandikos

    var testDescription: String { rawValue }

    func start(_ folder: TemporaryFolder) throws -> any CalDAVTestServer {
        switch self {
        case .radicale: try RadicaleServer(folder: folder, authenticated: false)
        case .xandikos: try XandikosServer(folder: folder)
        }
    }
}

/// A real Xandikos (from PyPI in `.build-py/`) on 127.0.0.1 at a free port,
/// its git-backed storage in a temporary folder, without authentication.
/// `--defaults` makes the principal `/user/` with the calendar home
/// `/user/calendars/` and a calendar `calendar` in it, which is deleted at
/// start so that both servers begin with no calendar and the scenarios
/// expect the same lines. Its access log has one `"PUT /… HTTP/1.1"` line
/// per PUT: what the tests count.
final class XandikosServer: CalDAVTestServer, @unchecked Sendable {
    let folder: TemporaryFolder
    private(set) var port = 0
    private(set) var pid: pid_t = 0
    let authenticated = false

    static let principal = "/user/"
    static let home = "/user/calendars/"

    var logPath: String { folder.file("xandikos.log") }
    var url: String { "http://127.0.0.1:\(port)/" }

    init(folder: TemporaryFolder) throws {
        self.folder = folder
        // Xandikos says it listens before it binds, and exits when the bind
        // fails: a port another test's server took after `freePort` gave it
        // answers for that server (a CI run met a 404 so). A fresh port
        // then, up to three times.
        var deleted = ""
        for _ in 0..<3 {
            port = try freePort()
            try start()
            deleted = deleteDefaultCalendar()
            if deleted == "204" { return }
            stop()
        }
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        throw SyncTestError("cannot delete Xandikos's default calendar: \(deleted); its log ends: \(log.suffix(600))")
    }

    /// The default calendar's DELETE, once the server answers: its status.
    private func deleteDefaultCalendar() -> String {
        var deleted = ""
        for _ in 0..<100 {
            deleted = runCommand(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "DELETE",
                                  "http://127.0.0.1:\(port)\(Self.home)calendar/"]).output
            if deleted != "000" { break }
            usleep(50_000)
        }
        return deleted
    }

    static var executable: String { PackagePaths.root + "/.build-py/bin/xandikos" }

    /// Starts it and waits until it listens.
    func start() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw SyncTestError("no \(Self.executable): scripts/install-deps --tests installs it")
        }
        let arguments = [Self.executable, "serve", "--defaults", "-d", folder.file("xandikos-storage"),
                         "-l", "127.0.0.1", "-p", "\(port)", "--no-detect-systemd"]
        pid = try startServer(arguments, logPath: logPath, saysReady: "Listening on", name: "Xandikos")
    }

    func stop() { stopServer(&pid) }

    /// Xandikos logs a request once its reply is sent, so a client can be
    /// done before its last line is written (a count read at once missed a
    /// sync's last REPORT, in CI). A request of the test's own is logged
    /// after the replies before it: once its line is there, so are theirs.
    func requests(_ method: String) -> Int {
        let mark = "checklists-log-mark-" + UUID().uuidString
        runCommand(["curl", "-s", "-o", "/dev/null", "-X", "OPTIONS", "http://127.0.0.1:\(port)/\(mark)"])
        var log = ""
        let deadline = Date().addingTimeInterval(10)
        repeat {
            log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if log.contains(mark) { break }
            usleep(5_000)
        } while Date() < deadline
        return log.components(separatedBy: "\"\(method) /").count - 1
    }
}

/// Starts a server logging to `logPath` and waits (20 s at most) until
/// its log says `saysReady`.
func startServer(_ arguments: [String], environment: [String: String]? = nil, logPath: String, saysReady: String, name: String) throws -> pid_t {
    unlink(logPath)
    let pid: pid_t
    switch startProcess(arguments, environment: environment, outputPath: logPath) {
    case let .success(started): pid = started
    case let .failure(failure): throw failure
    }
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        if (try? String(contentsOfFile: logPath, encoding: .utf8))?.contains(saysReady) == true { return pid }
        // A server that ended (a port another test took first) says so in
        // its log now, not when the wait is over.
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { break }
        usleep(50_000)
    }
    throw SyncTestError("\(name) did not start: \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
}

/// Stops a server `startServer` started (0: none runs).
func stopServer(_ pid: inout pid_t) {
    guard pid != 0 else { return }
    kill(pid, SIGTERM)
    waitForExit(pid)
    pid = 0
}

/// Another device that is not Checklists: the python `caldav` library
/// (Tests/Fixtures/caldav-device.py), changing to-dos between our syncs.
/// One python process serves all of a test's commands over a Unix socket,
/// started at the first: importing the library cost half a second of CPU a
/// command, ten times the command's own work.
final class OtherClient: @unchecked Sendable {
    let url: String
    /// In the temporary folder, or /tmp where that path would not fit a
    /// Unix socket's address (107 bytes).
    private let socketPath = {
        let name = "caldav-device-" + UUID().uuidString + ".sock"
        let folder = NSTemporaryDirectory()
        return folder.utf8.count + name.utf8.count < 100 ? folder + name : "/tmp/" + name
    }()
    private var logPath: String { socketPath + ".log" }
    private var pid: pid_t = 0

    init(url: String) { self.url = url }

    deinit {
        stopServer(&pid)
        unlink(socketPath)
        unlink(logPath)
    }

    /// Runs one command of the script (see its header), which must succeed.
    @discardableResult
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result: (status: Int32, output: String)
        do {
            if pid == 0 {
                pid = try startServer([PackagePaths.root + "/.build-py/bin/python", PackagePaths.root + "/Tests/Fixtures/caldav-device.py", url, "serve", socketPath],
                                      environment: ["PATH": "/usr/bin:/bin", "CALDAV_USERNAME": RadicaleServer.user, "CALDAV_PASSWORD": RadicaleServer.password],
                                      logPath: logPath, saysReady: "serving", name: "caldav-device")
            }
            result = try request(arguments)
        } catch {
            result = (1, "\(error) \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
        }
        expectEqual(result.status, 0, "caldav-device \(arguments): \(result.output)", sourceLocation: sourceLocation)
        return result.output
    }

    /// Sends `arguments` as one JSON line and reads the reply to its end.
    private func request(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SyncTestError("socket: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path.copyBytes(from: socketPath.utf8.prefix(path.count - 1))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw SyncTestError("connecting to caldav-device: errno \(errno)") }
        let line = try JSONSerialization.data(withJSONObject: arguments) + Data("\n".utf8)
        try FileHandle(fileDescriptor: socket, closeOnDealloc: false).write(contentsOf: line)
        guard let reply = try FileHandle(fileDescriptor: socket, closeOnDealloc: false).readToEnd(),
              let fields = try JSONSerialization.jsonObject(with: reply) as? [String: Any],
              let status = fields["status"] as? Int, let output = fields["output"] as? String
        else { throw SyncTestError("caldav-device gave no reply") }
        return (Int32(status), output)
    }
}
