import Foundation
import Testing
import TestSupport

/// A CalDAV server of our own on loopback that lies on purpose: a small but
/// working one (a principal, a calendar home, one calendar of to-dos, with
/// sync-collection, a to-do calendar-query, multiget and GET) whose `mode` makes one answer
/// hostile. Beside it a plain listener stands for "another host": it
/// records every byte anyone sends it, so a test can prove nothing (least
/// of all the password) went there. Every request it is sent is logged as
/// "METHOD PATH AUTHORIZATION-PRESENT" in `requests.log`.
final class HostileServer: @unchecked Sendable {
    let folder: TemporaryFolder
    let pid: pid_t
    let port: Int
    let otherPort: Int

    static let script = #"""
        import http.server, os, socket, sys, threading, time
        mode, folder = sys.argv[1], sys.argv[2]
        todo_count = int(sys.argv[3])
        # The other host: a raw listener recording what it receives.
        other = socket.socket(); other.bind(("127.0.0.1", 0)); other.listen(16)
        other_port = other.getsockname()[1]
        def record_other():
            while True:
                connection, _ = other.accept()
                connection.settimeout(2)
                try:
                    while True:
                        data = connection.recv(65536)
                        if not data: break
                        with open(os.path.join(folder, "other.bytes"), "ab") as f: f.write(data)
                except Exception:
                    pass
                connection.close()
        threading.Thread(target=record_other, daemon=True).start()
        elsewhere = {
            "principal-elsewhere": "http://127.0.0.1:%d/principal/" % other_port,
            "principal-https-elsewhere": "https://evil.example:%d/principal/" % other_port,
            "principal-gopher": "gopher://127.0.0.1:%d/_x" % other_port,
            "principal-dict": "dict://127.0.0.1:%d/x" % other_port,
            "principal-file": "file:///dev/zero",
        }
        def todo(n):
            uid = "todo-%d" % n
            summary = ("To-do %d" % n).encode()
            if mode == "bad-todos" and n == 2: summary = b"Bad \xff\xfe bytes"
            if mode == "bad-todos" and n == 3: summary = b"Control \x01\x02 chars"
            body = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\nBEGIN:VTODO\r\nUID:" + uid.encode() + b"\r\nSUMMARY:" + summary + b"\r\n"
            if mode == "bad-todos" and n == 4: body += b"DESCRIPTION:" + b"x" * (70 * 1024 * 1024) + b"\r\n"
            return body + b"END:VTODO\r\nEND:VCALENDAR\r\n"
        def xml_escape(data):
            return data.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def reply(self, status, body, content_type="application/xml; charset=utf-8", headers=()):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for name, value in headers: self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)
            def multistatus(self, responses, extra=b""):
                self.reply(207, b'<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">' + b"".join(responses) + extra + b"</d:multistatus>")
            def prop(self, href, props):
                return b"<d:response><d:href>" + href.encode() + b"</d:href><d:propstat><d:prop>" + props + b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with open(os.path.join(folder, "requests.log"), "a") as f:
                    f.write("%s %s %s\n" % (self.command, self.path, "auth" if self.headers.get("Authorization") else "-"))
                if mode == "endless" or (mode == "endless-listing" and self.path.startswith("/cal/")):
                    self.send_response(207)
                    self.send_header("Content-Type", "application/xml")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    chunk = b"<d:x>" + b"a" * 65536 + b"</d:x>"
                    framed = ("%x\r\n" % len(chunk)).encode() + chunk + b"\r\n"
                    try:
                        for _ in range(200000): self.wfile.write(framed)
                    except Exception:
                        pass
                    return
                if mode == "announced-huge":
                    self.send_response(207)
                    self.send_header("Content-Type", "application/xml")
                    self.send_header("Content-Length", str(10 * 1024 ** 3))
                    self.end_headers()
                    try:
                        for _ in range(100): self.wfile.write(b"a" * 65536)
                    except Exception:
                        pass
                    return
                if mode in ("trickle", "stall"):
                    with open(os.path.join(folder, "stalled-at"), "w") as f: f.write(repr(time.time()))
                    self.send_response(207)
                    self.send_header("Content-Type", "application/xml")
                    self.send_header("Content-Length", "100000")
                    self.end_headers()
                    try:
                        for _ in range(600):
                            if mode == "trickle": self.wfile.write(b"aaaaa"); self.wfile.flush()
                            time.sleep(1)
                    except Exception:
                        pass
                    return
                if mode.startswith("redirect"):
                    target = "http://127.0.0.1:%d/" % other_port if mode == "redirect-elsewhere" else "/elsewhere/"
                    self.reply(307 if mode != "redirect-301" else 301, b"", "text/plain", [("Location", target)])
                    return
                if self.command == "PROPFIND" and self.path == "/":
                    principal = elsewhere.get(mode, "/principal/")
                    self.multistatus([self.prop("/", b"<d:current-user-principal><d:href>" + principal.encode() + b"</d:href></d:current-user-principal>")])
                elif self.command == "PROPFIND" and self.path == "/principal/":
                    home = "http://127.0.0.1:%d/home/" % other_port if mode == "home-elsewhere" else "/home/"
                    self.multistatus([self.prop("/principal/", b"<c:calendar-home-set><d:href>" + home.encode() + b"</d:href></c:calendar-home-set>")])
                elif self.command == "PROPFIND" and self.path == "/home/":
                    calendars = [self.prop("/home/", b"<d:resourcetype><d:collection/></d:resourcetype>"),
                                 self.prop("/cal/", b"<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>List</d:displayname><cs:getctag>1</cs:getctag>")]
                    if mode == "calendar-elsewhere":
                        calendars.append(self.prop("http://127.0.0.1:%d/cal2/" % other_port, b"<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Elsewhere</d:displayname>"))
                    self.multistatus(calendars)
                elif self.command == "REPORT" and self.path == "/cal/" and b"sync-collection" in body:
                    responses = [self.prop("/cal/todo-%d.ics" % n, b'<d:getetag>"e%d"</d:getetag>' % n) for n in range(1, todo_count + 1)]
                    if mode == "member-elsewhere":
                        responses.append(self.prop("http://127.0.0.1:%d/cal/stolen.ics" % other_port, b'<d:getetag>"x"</d:getetag>'))
                    self.multistatus(responses, b"<d:sync-token>http://hostile/sync/1</d:sync-token>")
                elif self.command == "REPORT" and self.path == "/cal/" and b"calendar-query" in body:
                    # Which members are to-dos (this calendar holds nothing else): a first sync's listing.
                    responses = [self.prop("/cal/todo-%d.ics" % n, b'<d:getetag>"e%d"</d:getetag>' % n) for n in range(1, todo_count + 1)]
                    if mode == "member-elsewhere":
                        responses.append(self.prop("http://127.0.0.1:%d/cal/stolen.ics" % other_port, b'<d:getetag>"x"</d:getetag>'))
                    self.multistatus(responses)
                elif self.command == "REPORT" and self.path == "/cal/":
                    hrefs = [h.split(b"</d:href>")[0].decode() for h in body.split(b"<d:href>")[1:]]
                    responses = []
                    for href in hrefs:
                        n = int(href.split("todo-")[1].split(".ics")[0])
                        responses.append(self.prop(href, b'<d:getetag>"e%d"</d:getetag><c:calendar-data>' % n + xml_escape(todo(n)) + b"</c:calendar-data>"))
                    self.multistatus(responses)
                elif self.command == "GET" and self.path.startswith("/cal/todo-"):
                    n = int(self.path.split("todo-")[1].split(".ics")[0])
                    self.reply(200, todo(n), "text/calendar; charset=utf-8", [("ETag", '"e%d"' % n)])
                elif self.command == "PUT" and self.path.startswith("/cal/"):
                    self.reply(201, b"", "text/plain", [("ETag", '"new"')])
                else:
                    self.reply(404, b"")
            do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = handle_any
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        with open(os.path.join(folder, "ports.tmp"), "w") as f:
            f.write("%d %d\n" % (server.server_address[1], other_port))
        os.rename(os.path.join(folder, "ports.tmp"), os.path.join(folder, "ports"))
        server.serve_forever()
        """#

    /// `mode`: which answer lies (see the script); `todos`: how many to-dos
    /// the calendar holds.
    init(folder: TemporaryFolder, mode: String, todos: Int = 3) throws {
        self.folder = folder
        let scriptPath = folder.file("hostile.py")
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        unlink(folder.file("ports"))
        switch startProcess(["/usr/bin/python3", scriptPath, mode, folder.path, "\(todos)"], outputPath: folder.file("hostile.log")) {
        case let .success(started): pid = started
        case let .failure(failure): throw failure
        }
        guard waitForFile(folder.file("ports")) else { throw SyncTestError("the hostile server did not start") }
        let ports = fileLine(folder.file("ports")).split(separator: " ").compactMap { Int($0) }
        guard ports.count == 2 else { throw SyncTestError("the hostile server did not say its ports") }
        port = ports[0]
        otherPort = ports[1]
    }

    var url: String { "http://127.0.0.1:\(port)/" }

    /// The requests it was sent, one "METHOD PATH auth|-" a line.
    var requests: [String] {
        ((try? String(contentsOfFile: folder.file("requests.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Everything the "other host" received.
    var otherReceived: Data {
        (try? Data(contentsOf: URL(fileURLWithPath: folder.file("other.bytes")))) ?? Data()
    }

    func stop() {
        kill(pid, SIGKILL)
        waitForExit(pid)
    }
}

/// Runs the built binary and returns its status, output, peak memory (its
/// maximum resident set, in KiB) and how long it took. A small python
/// parent starts it and reads wait4's figure: started from the test
/// process itself, the child's maximum would begin at the test process's
/// own size, which a long test run grows past any bound.
func runMeasured(_ arguments: [String], environment: [String: String]) -> (status: Int32, output: String, peakKiB: Int, seconds: Double) {
    let outputPath = NSTemporaryDirectory() + "checklists-measured-" + UUID().uuidString
    let peakPath = outputPath + ".peak"
    defer { unlink(outputPath); unlink(peakPath) }
    let parent = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        with open(sys.argv[1], "w") as f:
            f.write(str(usage.ru_maxrss))
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
        """
    let started = Date()
    let pid: pid_t
    switch startProcess(["/usr/bin/python3", "-c", parent, peakPath] + arguments, environment: environment, outputPath: outputPath) {
    case let .success(child): pid = child
    case let .failure(failure): return (127, failure.text, 0, 0)
    }
    let status = waitForExit(pid)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return (status, output, Int(fileLine(peakPath)) ?? 0, Date().timeIntervalSince(started))
}
