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
    let port: Int
    private(set) var pid: pid_t = 0
    let authenticated: Bool
    static let user = "alice"
    static let password = "s3cret-pw"

    var logPath: String { folder.file("radicale.log") }
    var url: String { "http://127.0.0.1:\(port)/" }

    init(folder: TemporaryFolder, authenticated: Bool) throws {
        self.folder = folder
        self.authenticated = authenticated
        port = try freePort()
        try start()
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

/// A small HTTP proxy in front of Radicale that misbehaves on purpose:
/// `reply STATUS` answers every request with that status and an HTML page
/// (a server that is not CalDAV, 403, 5xx); `stop-after N` forwards N
/// requests and then dies without answering (the server gone mid-sync);
/// `before-put COMMAND` runs a shell command once, just before forwarding
/// the first PUT (a second writer getting in between our read and our write);
/// `log FILE` forwards everything and appends each request's method and
/// body to FILE, one line each.
final class FaultProxy: @unchecked Sendable {
    let pid: pid_t
    let port: Int

    static let script = #"""
        import http.client, http.server, os, subprocess, sys, threading
        upstream, mode, argument, port_file = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
        lock = threading.Lock()
        state = {"count": 0, "fired": False}
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args):
                pass
            def handle_any(self):
                with lock:
                    state["count"] += 1
                    number = state["count"]
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if mode == "stop-after" and number > int(argument):
                    os._exit(0)
                if mode == "reply":
                    page = b"<html><body>Welcome</body></html>"
                    self.send_response(int(argument))
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(page)))
                    self.end_headers()
                    self.wfile.write(page)
                    return
                if mode == "log":
                    with lock, open(argument, "a") as log:
                        log.write(self.command + " " + (body or b"").decode("utf-8", "replace").replace("\n", " ") + "\n")
                if mode == "before-put" and self.command == "PUT" and not state["fired"]:
                    state["fired"] = True
                    subprocess.run(argument, shell=True)
                connection = http.client.HTTPConnection("127.0.0.1", upstream)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(self.command, self.path, body, headers)
                reply = connection.getresponse()
                data = reply.read()
                self.send_response(reply.status)
                for key, value in reply.getheaders():
                    if key.lower() not in ("connection", "transfer-encoding", "content-length", "server", "date"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = handle_any
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        with open(port_file + ".tmp", "w") as f:
            f.write(str(server.server_address[1]) + "\n")
        os.rename(port_file + ".tmp", port_file)
        server.serve_forever()
        """#

    init(folder: TemporaryFolder, upstream: Int, mode: String, argument: String) throws {
        let scriptPath = folder.file("proxy.py")
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        let portFile = folder.file("proxy-\(UUID().uuidString).port")
        switch startProcess(["/usr/bin/python3", scriptPath, "\(upstream)", mode, argument, portFile], outputPath: folder.file("proxy.log")) {
        case let .success(started): pid = started
        case let .failure(failure): throw failure
        }
        guard waitForFile(portFile), let port = Int(fileLine(portFile)) else { throw SyncTestError("the proxy did not start") }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/" }

    func stop() {
        kill(pid, SIGTERM)
        waitForExit(pid)
    }
}

/// A set-up step of these tests that failed.
struct SyncTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
