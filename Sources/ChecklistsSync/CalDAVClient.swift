import Foundation
import CCurl
import ChecklistsModel

/// An HTTP reply as the sync reads it.
public struct HTTPReply: Sendable {
    public var status: Int
    public var etag: String?
    public var body: Data
    /// A redirect's target, which the sync names but never follows.
    public var location: String? = nil
}

/// How much of a server's answer a sync holds at most. A reply is read as
/// it arrives and stopped at `replyBytes`: larger than a listing of
/// 200,000 to-dos (DECISIONS.md, "A hostile server") and than a multiget the
/// sync asks for (`multigetBytes`), small enough that a hostile or broken
/// server cannot exhaust memory with an endless or giant body.
public enum SyncLimits {
    public static let replyBytes = 64 * 1_048_576
    /// Headers of one reply, together.
    static let headerBytes = 1_048_576
    /// A multiget asks for to-dos whose announced sizes add up to at most
    /// this, and for at most `multigetCount` of them.
    static let multigetBytes = 2 * 1_048_576
    static let multigetCount = 200
    /// A multiget of to-dos whose sizes nobody has announced or shown yet
    /// asks for at most this many: its reply tells how large they are.
    static let sizingMultigetCount = 20
}

/// One request as `sendAll` takes it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var href: String
    public var headers: [String: String] = [:]
    public var body: Data? = nil
    public var contentType: String = "application/xml; charset=utf-8"

    public init(method: String, href: String, headers: [String: String] = [:], body: Data? = nil,
                contentType: String = "application/xml; charset=utf-8") {
        self.method = method
        self.href = href
        self.headers = headers
        self.body = body
        self.contentType = contentType
    }
}

/// The thin HTTP half of a sync: one blocking request at a time over
/// libcurl, on one connection kept open (a batch of writes, `sendAll`, on
/// a few), Basic authentication sent with
/// every request (CalDAV servers expect it; a 401 round trip per request
/// would double the cost), and transport failures and error statuses turned
/// into `SyncError`s that name the host and never the credentials.
///
/// It assumes the server may be hostile: every href it is given is resolved
/// against the configured URL and refused unless it is on the same origin
/// (scheme, host, port), so the password goes nowhere else; only http and
/// https are spoken; redirects are not followed; each reply is bounded in
/// size (`SyncLimits`) and the whole request in time (`timeout`).
///
/// libcurl's easy interface rather than URLSession: on Linux, URLSession's
/// event loop spun while it waited for each reply (more CPU than the server
/// it waited for, in the first sync of 10,000 to-dos), and it set up a
/// session, threads and Dispatch sources before the first request.
public final class CalDAVClient: @unchecked Sendable {
    public let settings: SyncSettings
    private let authorization: String?
    /// Whether any password was given: a 401 without one says so.
    private let passwordGiven: Bool
    private let timeout: TimeInterval
    private let curl: UnsafeMutableRawPointer?
    /// The handles `sendAll` uses beside `curl`, each with its own kept
    /// connection, made at the first batch.
    private var spare: [UnsafeMutableRawPointer?] = []
    /// Requests sent, by method: what a test or a benchmark reads.
    public private(set) var sent: [String: Int] = [:]

    public init(settings: SyncSettings, password: String?, timeout: TimeInterval) {
        self.settings = settings
        passwordGiven = password != nil
        if let user = settings.username {
            authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        self.timeout = timeout
        curl = curl_easy_init()
    }

    deinit {
        curl_easy_cleanup(curl)
        for handle in spare { curl_easy_cleanup(handle) }
    }

    /// `href` (a path the server gave, or a full URL) against the
    /// configured URL; refused when it lands on another origin or is not
    /// http(s), or cannot be read as a URL at all.
    public func url(_ href: String) throws(SyncError) -> URL {
        let base = settings.serverURL
        guard let resolved = URL(string: href, relativeTo: base)?.absoluteURL else {
            throw .notCalDAV(host: settings.displayHost, detail: "it named \(Self.shown(href)), which is not a URL")
        }
        guard Self.sameOrigin(resolved, base) else {
            let other = resolved.host.map { host in resolved.port.map { "\(host):\($0)" } ?? host } ?? (resolved.scheme ?? "?") + ":"
            throw .offOrigin(host: settings.displayHost, other: other, path: Self.shown(resolved.path.isEmpty ? href : resolved.path))
        }
        return resolved
    }

    /// The path of `href` on the configured origin, or nil when it is
    /// elsewhere (a member a hostile listing names on another host).
    public func path(_ href: String) -> String? {
        (try? url(href))?.path
    }

    /// Same scheme, host and port (a missing port is the scheme's own).
    static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        guard let scheme = one.scheme?.lowercased(), scheme == "http" || scheme == "https",
              scheme == other.scheme?.lowercased(), let host = one.host?.lowercased(), host == other.host?.lowercased()
        else { return false }
        let port = { (url: URL) in url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return port(one) == port(other)
    }

    /// An href as a message may show it: no user-info, no control
    /// characters, not too long.
    static func shown(_ href: String) -> String {
        var text = href
        if var parts = URLComponents(string: href), parts.user != nil || parts.password != nil {
            parts.user = nil
            parts.password = nil
            text = parts.string ?? ""
        }
        text = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }

    /// Sends one request and waits for the reply. Transport failures throw;
    /// HTTP statuses come back for the caller to judge (`check`).
    public func send(_ method: String, _ href: String, depth: String? = nil, headers: [String: String] = [:],
                     body: Data? = nil, contentType: String = "application/xml; charset=utf-8") throws(SyncError) -> HTTPReply {
        var fields = headers
        if let depth { fields["Depth"] = depth }
        sent[method, default: 0] += 1
        return try perform(HTTPRequest(method: method, href: href, headers: fields, body: body, contentType: contentType), on: curl)
    }

    /// Sends `requests` on up to `connections` connections at once and
    /// returns each one's outcome at its index. A server that spends its
    /// time on each write (a commit to disk or to git) is kept busy while
    /// we read a reply and send the next request. Requests start in order;
    /// once one fails to arrive or gets a reply `proceed` refuses, no
    /// further one starts, and those not started come back nil, so what is
    /// sent after a failure is at most what was already on its way.
    public func sendAll(_ requests: [HTTPRequest], connections: Int,
                        proceed: @escaping @Sendable (HTTPReply) -> Bool) -> [Result<HTTPReply, SyncError>?] {
        let workers = max(1, min(connections, requests.count))
        // Made here, on one thread: libcurl's global set-up, which the
        // first handle runs, is not safe to run on several at once.
        while spare.count < workers - 1 { spare.append(curl_easy_init()) }
        // Each handle is used by one worker only, and none after the batch.
        nonisolated(unsafe) let handles = [curl] + spare.prefix(workers - 1)
        let shared = BatchProgress(count: requests.count)
        let work: @Sendable (Int) -> Void = { worker in
            while let index = shared.next() {
                let result: Result<HTTPReply, SyncError>
                do throws(SyncError) {
                    result = .success(try self.perform(requests[index], on: handles[worker]))
                } catch {
                    result = .failure(error)
                }
                if case let .success(reply) = result, proceed(reply) {} else { shared.stop() }
                shared.finish(index, result)
            }
        }
        // A thread of its own for each connection but the first, which
        // this one serves: the workers wait on the network, not the CPU,
        // and Dispatch's concurrentPerform runs no more at once than there
        // are cores (on two, "four at once" was two).
        let finished = DispatchGroup()
        let threads = (1..<workers).map { worker in
            finished.enter()
            return Thread {
                work(worker)
                finished.leave()
            }
        }
        threads.forEach { $0.start() }
        work(0)
        finished.wait()
        for (request, result) in zip(requests, shared.results) where result != nil { sent[request.method, default: 0] += 1 }
        return shared.results
    }

    /// One request on one handle; every guard of the client applies (same
    /// origin, http(s) only, no redirects, bounded reply, timeout).
    private func perform(_ request: HTTPRequest, on curl: UnsafeMutableRawPointer?) throws(SyncError) -> HTTPReply {
        guard let curl else { throw .unreachable(host: settings.displayHost, detail: "libcurl could not start") }
        var fields = request.headers
        if request.body != nil { fields["Content-Type"] = request.contentType }
        if let authorization { fields["Authorization"] = authorization }
        // No "Expect: 100-continue" wait before a large body.
        fields["Expect"] = ""
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            list = curl_slist_append(list, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        defer { curl_slist_free_all(list) }
        let href = request.href
        let target = try url(href).absoluteString

        var reply = checklists_buffer(data: nil, length: 0, capacity: 0, limit: SyncLimits.replyBytes, overflowed: 0)
        var replyHeaders = checklists_buffer(data: nil, length: 0, capacity: 0, limit: SyncLimits.headerBytes, overflowed: 0)
        var location: UnsafeMutablePointer<CChar>?
        defer {
            free(replyHeaders.data)
            free(location)
        }
        var status = 0
        let seconds = max(1, Int(timeout.rounded(.up)))
        let bytes = request.body ?? Data()
        let code = bytes.withUnsafeBytes { raw -> Int32 in
            "".withCString { empty in
                let pointer = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? empty
                return checklists_curl_request(curl, request.method, target, list, request.body == nil ? nil : pointer, bytes.count, seconds,
                                               &reply, &replyHeaders, &status, &location)
            }
        }
        // The reply's bytes become the Data without a copy: a large reply
        // is held once, not twice.
        let data = reply.data.map { Data(bytesNoCopy: $0, count: reply.length, deallocator: .free) } ?? Data()
        guard code == 0 else {
            if reply.overflowed != 0 || replyHeaders.overflowed != 0 || CURLcode(rawValue: UInt32(code)) == CURLE_FILESIZE_EXCEEDED {
                throw .replyTooLarge(host: settings.displayHost, path: Self.shown(href))
            }
            throw transportError(code)
        }
        let headerText = replyHeaders.data.map { String(decoding: Data(bytes: $0, count: replyHeaders.length), as: UTF8.self) } ?? ""
        return HTTPReply(status: status, etag: Self.etag(in: headerText), body: data, location: location.map { String(cString: $0) })
    }

    /// The ETag of the last response in `headers` (a 100 Continue, or a
    /// redirect, comes before it with headers of its own).
    static func etag(in headers: String) -> String? {
        var etag: String?
        for line in headers.split(separator: "\r\n") {
            if line.hasPrefix("HTTP/") { etag = nil; continue }
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "etag" else { continue }
            etag = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return etag
    }

    /// The reply when its status is one of `accepted`; otherwise the error
    /// a user can act on. `path` is what the message names.
    public func check(_ reply: HTTPReply, accepted: Set<Int>, path: String) throws(SyncError) -> HTTPReply {
        if accepted.contains(reply.status) { return reply }
        let host = settings.displayHost
        switch reply.status {
        case 401: throw passwordGiven ? .unauthorized(host: host) : .noPassword(host: host)
        case 403: throw .forbidden(host: host, path: path)
        case 404, 410: throw .notFound(host: host, path: path)
        case 300...399: throw .redirected(host: host, path: path, to: reply.location.map(Self.shown) ?? "another address")
        case 405, 501: throw .notCalDAV(host: host, detail: "HTTP \(reply.status): it does not speak WebDAV at \(path)")
        case 500...599: throw .serverError(host: host, status: reply.status)
        default: throw .notCalDAV(host: host, detail: "HTTP \(reply.status) to \(path)")
        }
    }

    /// A multistatus reply, or "not a CalDAV reply".
    public func multistatus(_ reply: HTTPReply, path: String) throws(SyncError) -> DAVMultistatus {
        guard let parsed = DAVMultistatus.parse(reply.body) else {
            throw .notCalDAV(host: settings.displayHost, detail: "the reply to \(path) is not WebDAV XML")
        }
        return parsed
    }

    private func transportError(_ code: Int32) -> SyncError {
        let host = settings.displayHost
        switch CURLcode(rawValue: UInt32(code)) {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(host: host)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .tls(host: host)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .unreachable(host: host, detail: "the host name is not known")
        case CURLE_COULDNT_CONNECT:
            return .unreachable(host: host, detail: "connection refused")
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .unreachable(host: host, detail: "the connection was lost")
        case CURLE_WEIRD_SERVER_REPLY:
            return .notCalDAV(host: host, detail: "the reply is not HTTP")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .notCalDAV(host: host, detail: "it named an address that is not http or https")
        default:
            return .unreachable(host: host, detail: "error \(code)")
        }
    }
}

/// The shared state of one `sendAll`: the next request to start, whether
/// to start more, and the outcomes, each written once by the worker that
/// sent it.
private final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var upcoming = 0
    private var stopped = false
    private(set) var results: [Result<HTTPReply, SyncError>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The index of the next request to send, or nil: all started, or stopped.
    func next() -> Int? {
        lock.withLock {
            guard !stopped, upcoming < results.count else { return nil }
            defer { upcoming += 1 }
            return upcoming
        }
    }

    func stop() { lock.withLock { stopped = true } }

    func finish(_ index: Int, _ result: Result<HTTPReply, SyncError>) { lock.withLock { results[index] = result } }
}
