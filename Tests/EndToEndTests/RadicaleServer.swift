import Foundation
import Testing
import TestSupport

/// A real Radicale (from PyPI in `.build-py/`, which
/// `scripts/install-deps --tests` makes) on 127.0.0.1 at a free port, with
/// its storage in a temporary folder, without authentication (any username
/// is accepted) or with an htpasswd file (plain encryption). Its log at
/// level info has one "PUT request for" line per PUT: what the tests count.
final class RadicaleServer: @unchecked Sendable {
    let folder: TemporaryFolder
    private(set) var port: Int
    private(set) var pid: pid_t = 0
    let authenticated: Bool
    static let user = "alice"
    static let password = "s3cret-pw"

    var logPath: String { folder.file("radicale.log") }
    var url: String { "http://127.0.0.1:\(port)/" }

    init(folder: TemporaryFolder, authenticated: Bool) throws {
        self.folder = folder
        self.authenticated = authenticated
        // Between `freePort` and Radicale's bind another test's server or
        // connection can take the port (a CI run met "Address already in
        // use"): a fresh port then, up to three times.
        port = 0
        for attempt in 1...3 {
            port = try freePort()
            do {
                try start()
                return
            } catch let error as SyncTestError where attempt < 3 && error.description.contains("Address already in use") {
                continue
            }
        }
    }

    static var executable: String {
        let radicale = PackagePaths.root + "/.build-py/bin/radicale"
        if !FileManager.default.isExecutableFile(atPath: radicale) {
            runCommand(["/usr/bin/env", "python3", "-m", "venv", PackagePaths.root + "/.build-py"])
            let pip = runCommand([PackagePaths.root + "/.build-py/bin/pip", "install", "-q", "radicale", "vdirsyncer", "todoman"])
            if pip.status != 0 { Issue.record("cannot install radicale: \(pip.output)") }
        }
        return radicale
    }

    /// Starts it (again, after `stop`) and waits until it says it is ready.
    func start() throws {
        try Data("\(Self.user):\(Self.password)\n".utf8).write(to: URL(fileURLWithPath: folder.file("users")))
        let auth = authenticated
            ? ["--auth-type", "htpasswd", "--auth-htpasswd-filename", folder.file("users"), "--auth-htpasswd-encryption", "plain"]
            : ["--auth-type", "none"]
        let arguments = [Self.executable, "--server-hosts", "127.0.0.1:\(port)"] + auth
            + ["--storage-filesystem-folder", folder.file("radicale-storage"), "--logging-level", "info"]
        pid = try startServer(arguments, logPath: logPath, saysReady: "Radicale server ready", name: "Radicale")
    }

    func stop() { stopServer(&pid) }

    /// How many requests of `method` the server has logged since it started.
    func requests(_ method: String) -> Int {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.components(separatedBy: "] \(method) request for ").count - 1
    }

    /// How many PROPFINDs asked for change tags (Radicale's log marks
    /// their replies "(getctag)").
    func tagQuestions() -> Int {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("PROPFIND response status") && $0.contains("(getctag") }.count
    }
}

/// A port nothing listens on now: bound to 0, read back, released.
func freePort() throws -> Int {
    let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw SyncTestError("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A set-up step of these tests that failed.
struct SyncTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
