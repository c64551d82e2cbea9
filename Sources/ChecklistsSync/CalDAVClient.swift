import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP reply as the sync reads it.
public struct HTTPReply: Sendable {
    public var status: Int
    public var etag: String?
    public var body: Data
}

/// The thin HTTP half of a sync: one blocking request at a time over
/// URLSession, Basic authentication sent with every request (CalDAV
/// servers expect it; a 401 round trip per request would double the
/// cost), and transport failures and error statuses turned into
/// `SyncError`s that name the host and never the credentials.
public final class CalDAVClient: @unchecked Sendable {
    public let settings: SyncSettings
    private let authorization: String?
    private let session: URLSession
    /// Requests sent, by method: what a test or a benchmark reads.
    public private(set) var sent: [String: Int] = [:]

    public init(settings: SyncSettings, password: String?, timeout: TimeInterval) {
        self.settings = settings
        if let user = settings.username {
            authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: challenges, delegateQueue: nil)
    }

    /// Answers the server's authentication challenges (a 401) by giving up
    /// at once: the credentials already went with the request, and
    /// Foundation on Linux, left to its default handling, waited forever.
    private let challenges = ChallengeRefuser()

    /// `href` (a path the server gave, or a full URL) against the server.
    public func url(_ href: String) -> URL {
        URL(string: href, relativeTo: settings.serverURL)?.absoluteURL ?? settings.serverURL
    }

    /// Sends one request and waits for the reply. Transport failures throw;
    /// HTTP statuses come back for the caller to judge (`check`).
    public func send(_ method: String, _ href: String, depth: String? = nil, headers: [String: String] = [:],
                     body: Data? = nil, contentType: String = "application/xml; charset=utf-8") throws(SyncError) -> HTTPReply {
        var request = URLRequest(url: url(href))
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let depth { request.setValue(depth, forHTTPHeaderField: "Depth") }
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        sent[method, default: 0] += 1

        challenges.refused = false
        let box = ReplyBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.data = data
            box.response = response as? HTTPURLResponse
            box.error = error
            done.signal()
        }
        task.resume()
        done.wait()
        if challenges.refused { throw .unauthorized(host: settings.displayHost) }
        if let error = box.error { throw transportError(error) }
        guard let response = box.response else { throw .notCalDAV(host: settings.displayHost, detail: "no HTTP reply") }
        let etag = response.value(forHTTPHeaderField: "ETag")
        return HTTPReply(status: response.statusCode, etag: etag, body: box.data ?? Data())
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

    private func transportError(_ error: any Error) -> SyncError {
        let host = settings.displayHost
        guard let urlError = error as? URLError else { return .unreachable(host: host, detail: "the connection failed") }
        // Foundation on Linux reports a failed TLS handshake (curl's SSL
        // errors) as an unknown error: over https that is what it means.
        if settings.url.scheme?.lowercased() == "https", urlError.code == .unknown { return .tls(host: host) }
        switch urlError.code {
        case .timedOut:
            return .timeout(host: host)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return .tls(host: host)
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable(host: host, detail: "the host name is not known")
        case .cannotConnectToHost:
            return .unreachable(host: host, detail: "connection refused")
        case .networkConnectionLost:
            return .unreachable(host: host, detail: "the connection was lost")
        case .notConnectedToInternet:
            return .unreachable(host: host, detail: "no network")
        case .badServerResponse, .cannotParseResponse:
            return .notCalDAV(host: host, detail: "the reply is not HTTP")
        default:
            return .unreachable(host: host, detail: "error \(urlError.code.rawValue)")
        }
    }
}

/// Where the URLSession callback leaves its results for the waiting caller;
/// the semaphore orders the writes before the reads.
private final class ReplyBox: @unchecked Sendable {
    var data: Data?
    var response: HTTPURLResponse?
    var error: (any Error)?
}

/// The session's delegate: refuses every authentication challenge and
/// notes that it did, which the client reports as a 401.
private final class ChallengeRefuser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    var refused = false

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        refused = true
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
