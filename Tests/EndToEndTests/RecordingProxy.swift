import Foundation
import TestSupport

/// A proxy in front of a real server that writes down every request it
/// passes (method, path, headers, body: one JSON line each), so a test can
/// say what the sync sent and not only what came of it. It can also play
/// parts: `beforePut` runs a shell command once, just before the first PUT
/// goes on (a second writer getting in between our read and our write);
/// `syncCollection` makes it a server that lost our sync token or one
/// that has no sync-collection at all, so the sync falls back to a full
/// listing; `fault` makes it answer every request with a status and an HTML
/// page (not CalDAV, a 5xx), or die without answering after some requests
/// (the server gone mid-sync).
final class RecordingProxy: @unchecked Sendable {
    /// How the proxy answers a sync-collection REPORT.
    enum SyncCollection: String {
        /// Passed on to Radicale.
        case forwarded
        /// 403 with `valid-sync-token` when the REPORT carries a token;
        /// one without a token is passed on (RFC 6578's "start again"),
        /// and its reply names only the members that exist: Radicale also
        /// names those removed (a response whose own status is 404, not a
        /// property's), which a server that lost its history cannot, so the
        /// sync must find them missing from the listing.
        case lostToken = "lost-token"
        /// 403 with `supported-report` to every one.
        case unsupported
        /// 501 Not Implemented to every one, as a server that knows no
        /// REPORT of that name may answer.
        case notImplemented = "not-implemented"
    }

    /// How the proxy misbehaves.
    enum Fault {
        case none
        /// Answers with this status and an HTML page.
        case reply(Int)
        /// Passes this many requests on, then dies without answering.
        case stopAfter(Int)
        /// Passes this many requests on, then answers every later one with
        /// 500 and an HTML page, logging each as it comes.
        case failAfter(Int)
        /// Holds each PUT this many milliseconds before passing it on (a
        /// server slow to write), logging with each how many it holds.
        case slowPuts(Int)

        var arguments: [String] {
            switch self {
            case .none: ["none", "0"]
            case let .reply(status): ["reply", "\(status)"]
            case let .stopAfter(count): ["stop-after", "\(count)"]
            case let .failAfter(count): ["fail-after", "\(count)"]
            case let .slowPuts(milliseconds): ["slow-puts", "\(milliseconds)"]
            }
        }
    }

    /// One request as it reached the proxy; header names in lower case.
    struct Request: Decodable {
        let method: String
        let path: String
        let headers: [String: String]
        let body: String
        /// With `slowPuts`, the PUTs held when this one arrived, itself included.
        let held: Int?
    }

    let pid: pid_t
    let port: Int
    let logPath: String

    static let script = #"""
        import http.client, http.server, json, os, re, subprocess, sys, threading, time
        upstream, log_path, before_put, sync_collection, port_file = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
        fault, fault_argument = sys.argv[6], int(sys.argv[7])
        lock = threading.Lock()
        state = {"fired": False, "count": 0, "held": 0}
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args):
                pass
            def answer(self, status, headers, data):
                self.send_response(status)
                for key, value in headers:
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                slow = fault == "slow-puts" and self.command == "PUT"
                with lock:
                    state["count"] += 1
                    number = state["count"]
                    record = {"method": self.command, "path": self.path, "body": body.decode("utf-8", "replace"),
                              "headers": {k.lower(): v for k, v in self.headers.items()}}
                    if slow:
                        state["held"] += 1
                        record["held"] = state["held"]
                    with open(log_path, "a") as log:
                        log.write(json.dumps(record) + "\n")
                if slow:
                    time.sleep(fault_argument / 1000)
                    with lock:
                        state["held"] -= 1
                if fault == "stop-after" and number > fault_argument:
                    os._exit(0)
                if fault == "fail-after" and number > fault_argument:
                    self.answer(500, [("Content-Type", "text/html")], b"<html><body>Internal Server Error</body></html>")
                    return
                if fault == "reply":
                    self.answer(fault_argument, [("Content-Type", "text/html")], b"<html><body>Welcome</body></html>")
                    return
                if self.command == "REPORT" and b"sync-collection" in body and sync_collection != "forwarded":
                    has_token = re.search(rb"<d:sync-token>[^<]+</d:sync-token>", body) is not None
                    if sync_collection == "not-implemented":
                        self.answer(501, [("Content-Type", "text/plain")], b"Not Implemented")
                        return
                    if sync_collection == "unsupported" or has_token:
                        condition = "supported-report" if sync_collection == "unsupported" else "valid-sync-token"
                        page = ('<?xml version="1.0" encoding="utf-8"?><d:error xmlns:d="DAV:"><d:%s/></d:error>' % condition).encode()
                        self.answer(403, [("Content-Type", "application/xml; charset=utf-8")], page)
                        return
                if self.command == "PUT" and before_put and not state["fired"]:
                    state["fired"] = True
                    subprocess.run(before_put, shell=True)
                connection = http.client.HTTPConnection("127.0.0.1", upstream)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(self.command, self.path, body if length else None, headers)
                reply = connection.getresponse()
                data = reply.read()
                if sync_collection == "lost-token" and self.command == "REPORT" and b"sync-collection" in body:
                    data = re.sub(rb"<(?:\w+:)?response>(?:(?!response>|propstat).)*?404 Not Found(?:(?!response>).)*?</(?:\w+:)?response>", b"", data, flags=re.S)
                passed = [(k, v) for k, v in reply.getheaders()
                          if k.lower() not in ("connection", "transfer-encoding", "content-length", "server", "date")]
                self.answer(reply.status, passed, data)
            do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = handle_any
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        with open(port_file + ".tmp", "w") as f:
            f.write(str(server.server_address[1]) + "\n")
        os.rename(port_file + ".tmp", port_file)
        server.serve_forever()
        """#

    init(folder: TemporaryFolder, upstream: Int, beforePut: String = "", syncCollection: SyncCollection = .forwarded, fault: Fault = .none) throws {
        let name = "recording-proxy-\(UUID().uuidString)"
        let scriptPath = folder.file("recording-proxy.py")
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        logPath = folder.file(name + ".jsonl")
        let portFile = folder.file(name + ".port")
        let arguments = ["/usr/bin/python3", scriptPath, "\(upstream)", logPath, beforePut, syncCollection.rawValue, portFile] + fault.arguments
        switch startProcess(arguments, outputPath: folder.file(name + ".log")) {
        case let .success(started): pid = started
        case let .failure(failure): throw failure
        }
        guard waitForFile(portFile), let port = Int(fileLine(portFile)) else { throw SyncTestError("the recording proxy did not start") }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/" }

    /// Every request so far, in the order they arrived.
    func requests() -> [Request] {
        let lines = ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n")
        return lines.compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    func stop() {
        kill(pid, SIGTERM)
        waitForExit(pid)
    }
}
