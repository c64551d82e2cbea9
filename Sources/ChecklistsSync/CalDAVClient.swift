import Foundation
import CCurl

/// An HTTP reply as the sync reads it.
public struct HTTPReply: Sendable {
    public var status: Int
    public var etag: String?
    public var body: Data
}

/// The thin HTTP half of a sync: one blocking request at a time over
/// libcurl, on one connection kept open, Basic authentication sent with
/// every request (CalDAV servers expect it; a 401 round trip per request
/// would double the cost), and transport failures and error statuses turned
/// into `SyncError`s that name the host and never the credentials.
///
/// libcurl's easy interface rather than URLSession: on Linux, URLSession's
/// event loop spun while it waited for each reply (more CPU than the server
/// it waited for, in the first sync of 10,000 to-dos), and it set up a
/// session, threads and Dispatch sources before the first request.
public final class CalDAVClient: @unchecked Sendable {
    public let settings: SyncSettings
    private let authorization: String?
    private let timeout: TimeInterval
    private let curl: UnsafeMutableRawPointer?
    /// Requests sent, by method: what a test or a benchmark reads.
    public private(set) var sent: [String: Int] = [:]

    public init(settings: SyncSettings, password: String?, timeout: TimeInterval) {
        self.settings = settings
        if let user = settings.username {
            authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        self.timeout = timeout
        curl = curl_easy_init()
    }

    deinit { curl_easy_cleanup(curl) }

    /// `href` (a path the server gave, or a full URL) against the server.
    public func url(_ href: String) -> URL {
        URL(string: href, relativeTo: settings.serverURL)?.absoluteURL ?? settings.serverURL
    }

    /// Sends one request and waits for the reply. Transport failures throw;
    /// HTTP statuses come back for the caller to judge (`check`).
    public func send(_ method: String, _ href: String, depth: String? = nil, headers: [String: String] = [:],
                     body: Data? = nil, contentType: String = "application/xml; charset=utf-8") throws(SyncError) -> HTTPReply {
        guard let curl else { throw .unreachable(host: settings.displayHost, detail: "libcurl could not start") }
        var fields = headers
        if body != nil { fields["Content-Type"] = contentType }
        if let depth { fields["Depth"] = depth }
        if let authorization { fields["Authorization"] = authorization }
        // No "Expect: 100-continue" wait before a large body.
        fields["Expect"] = ""
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            list = curl_slist_append(list, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        defer { curl_slist_free_all(list) }
        sent[method, default: 0] += 1

        var reply = checklists_buffer(data: nil, length: 0, capacity: 0)
        var replyHeaders = checklists_buffer(data: nil, length: 0, capacity: 0)
        defer {
            free(reply.data)
            free(replyHeaders.data)
        }
        var status = 0
        let seconds = max(1, Int(timeout.rounded(.up)))
        let bytes = body ?? Data()
        let target = url(href).absoluteString
        let code = bytes.withUnsafeBytes { raw -> Int32 in
            "".withCString { empty in
                let pointer = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? empty
                return checklists_curl_request(curl, method, target, list, body == nil ? nil : pointer, bytes.count, seconds,
                                               &reply, &replyHeaders, &status)
            }
        }
        guard code == 0 else { throw transportError(code) }
        let data = reply.data.map { Data(bytes: $0, count: reply.length) } ?? Data()
        let headerText = replyHeaders.data.map { String(decoding: Data(bytes: $0, count: replyHeaders.length), as: UTF8.self) } ?? ""
        return HTTPReply(status: status, etag: Self.etag(in: headerText), body: data)
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
        case 401: throw .unauthorized(host: host)
        case 403: throw .forbidden(host: host, path: path)
        case 404, 410: throw .notFound(host: host, path: path)
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
        default:
            return .unreachable(host: host, detail: "error \(code)")
        }
    }
}
