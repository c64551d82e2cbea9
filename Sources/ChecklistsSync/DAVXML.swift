import Foundation
import CXML

/// One property of a WebDAV response, as much of it as a sync needs.
public struct DAVProperty: Hashable, Sendable {
    /// Its text (an ETag, a display name, calendar data, a sync token).
    public var text = ""
    /// The hrefs inside it (current-user-principal, calendar-home-set).
    public var hrefs: [String] = []
    /// The local names of its child elements (resourcetype: `calendar`).
    public var children: [String] = []
    /// The `name` of each CalDAV `comp` inside (supported-calendar-component-set).
    public var components: [String] = []
}

/// One `response` of a multistatus: a resource and its found properties.
public struct DAVResponse: Hashable, Sendable {
    public var href = ""
    /// The response's own status (sync-collection reports a deleted member
    /// as 404 here); nil when it has propstats instead.
    public var status: Int?
    /// Properties from propstats with a 2xx status, by local name
    /// (the few names a sync reads do not clash across namespaces).
    public var properties: [String: DAVProperty] = [:]
}

/// A parsed `multistatus` (or `error`) body.
public struct DAVMultistatus: Hashable, Sendable {
    public var responses: [DAVResponse] = []
    /// RFC 6578's new token, at the top of a sync-collection reply.
    public var syncToken: String?
    /// The conditions of an `error` body (`valid-sync-token`, ...).
    public var errorConditions: [String] = []

    /// Parses a WebDAV XML body; nil when it is not one (an HTML error
    /// page, a cut reply): the caller says "not a CalDAV reply".
    public static func parse(_ data: Data) -> DAVMultistatus? {
        guard isPlainUTF8XML(data) else { return nil }
        let reader = DAVReader()
        // The C side reads no file and no URL, whatever the reply names.
        var callbacks = checklists_xml_reader(
            startElement: { context, localName, namespaceURI, attributeCount, attributes in
                DAVReader.of(context).start(localName, namespaceURI, attributeCount, attributes)
            },
            endElement: { context, localName in DAVReader.of(context).end(localName) },
            text: { context, bytes, length in DAVReader.of(context).characters(bytes, length) })
        let outcome = withExtendedLifetime(reader) {
            data.withUnsafeBytes { bytes in
                checklists_xml_read(bytes.baseAddress, bytes.count, &callbacks, Unmanaged.passUnretained(reader).toOpaque())
            }
        }
        guard outcome == checklists_xml_read_whole, reader.sawRoot, reader.closedRoot else { return nil }
        return reader.result
    }

    /// Whether `data` may go to libxml2 at all: UTF-8 with no DTD and no
    /// processing instruction, as every CalDAV reply is. A DTD's entities
    /// are where libxml2's costly expansions and file reads live (a small
    /// reply took many seconds of CPU), and FoundationXML, which read
    /// replies before, crashed on an element name that is not UTF-8 and on
    /// an instruction without data (`<?pi?>`). The
    /// search for `<!` and `<?` holds only in UTF-8, so a declaration naming
    /// another encoding (UTF-7 hides `<` as `+ADw-`) is refused as well;
    /// UTF-16, UCS-4 and EBCDIC fail the UTF-8 and NUL checks.
    static func isPlainUTF8XML(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return false }
            var rest = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
            if [" ", "\t", "\r", "\n"].contains(where: { rest.starts(with: "<?xml\($0)".utf8) }) {
                guard let end = firstIndex(of: "?>", in: rest) else { return false }
                if let encoding = firstIndex(of: "encoding", in: rest[..<end]) {
                    // `encoding = "name"`, either quote.
                    let value = String(decoding: rest[(encoding + 8)..<end], as: UTF8.self)
                        .drop { " \t\r\n=\"'".contains($0) }.prefix { !"\"'".contains($0) }.lowercased()
                    guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value) else { return false }
                }
                rest = rest[(end + 2)...]
            }
            // `<!` opens a comment, a CDATA section, or a DTD's declarations.
            var index = rest.startIndex
            while let open = rest[index...].firstIndex(of: UInt8(ascii: "<")) {
                let after = rest[(open + 1)...]
                if after.first == UInt8(ascii: "?") { return false }
                if after.first == UInt8(ascii: "!"), !after.dropFirst().starts(with: "--".utf8), !after.dropFirst().starts(with: "[CDATA[".utf8) {
                    return false
                }
                index = open + 1
            }
            return true
        }
    }

    /// Where `pattern` starts in `bytes`, if it does.
    private static func firstIndex(of pattern: String, in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let pattern = Array(pattern.utf8)
        var index = bytes.startIndex
        while let first = bytes[index...].firstIndex(of: pattern[0]) {
            if bytes[first...].starts(with: pattern) { return first }
            index = first + 1
        }
        return nil
    }

    /// The status code in `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

/// What libxml2 reports, read by a small state machine over the element path.
private final class DAVReader {
    var result = DAVMultistatus()
    var sawRoot = false
    /// The root element ended: the reply was not cut short (the reader, as
    /// FoundationXML's did, lets a document stop half-way).
    var closedRoot = false
    private var path: [String] = []
    private var text = ""
    private var response: DAVResponse?
    private var propstat: [String: DAVProperty]?
    private var propstatStatus: Int?
    private var property: (name: String, value: DAVProperty)?

    private static let dav = "DAV:"

    /// The reader behind a C callback's context.
    static func of(_ context: UnsafeMutableRawPointer?) -> DAVReader {
        Unmanaged<DAVReader>.fromOpaque(context!).takeUnretainedValue()
    }

    func start(_ localName: UnsafePointer<UInt8>?, _ namespaceURI: UnsafePointer<UInt8>?, _ attributeCount: Int32,
               _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        let name = localName.map { String(cString: $0) } ?? ""
        let isDAV = namespaceURI.map { String(cString: $0) } == Self.dav
        if path.isEmpty {
            sawRoot = isDAV && (name == "multistatus" || name == "error")
        } else if path.first == "error", path.count == 1 {
            result.errorConditions.append(name)
        }
        if isDAV && name == "response" && path.last == "multistatus" { response = DAVResponse() }
        if isDAV && name == "propstat" && response != nil { propstat = [:]; propstatStatus = nil }
        if property != nil && path.count == propertyDepth + 1 {
            property?.value.children.append(name)
            if name == "comp", let comp = Self.unprefixedName(attributeCount, attributes) { property?.value.components.append(comp) }
        } else if propstat != nil && path.last == "prop" && property == nil {
            property = (name, DAVProperty())
            propertyDepth = path.count
        }
        path.append(name)
        text = ""
    }

    private var propertyDepth = 0

    /// The value of the attribute `name` without a prefix, the last if
    /// repeated. libxml2 lists five pointers an attribute: local name,
    /// prefix, namespace, value and its end. Without entity substitution it
    /// writes a `&` of the value as `&#38;`, which only a `&` can become.
    static func unprefixedName(_ count: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) -> String? {
        guard let attributes else { return nil }
        var found: String?
        for index in stride(from: 0, to: Int(count) * 5, by: 5) {
            guard let localName = attributes[index], String(cString: localName) == "name" else { continue }
            if let prefix = attributes[index + 1], prefix.pointee != 0 { continue }
            guard let value = attributes[index + 3], let end = attributes[index + 4] else { continue }
            found = String(decoding: UnsafeBufferPointer(start: value, count: max(0, end - value)), as: UTF8.self)
                .replacingOccurrences(of: "&#38;", with: "&")
        }
        return found
    }

    /// `text` without white space and line ends at either end.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    func characters(_ bytes: UnsafePointer<UInt8>?, _ length: Int32) {
        guard let bytes else { return }
        text += String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    func end(_ localName: UnsafePointer<UInt8>?) {
        let name = localName.map { String(cString: $0) } ?? ""
        path.removeLast()
        if path.isEmpty { closedRoot = true }
        // Calendar data is kept as it came; only the short texts are trimmed
        // (Foundation's trimming goes through UTF-16, which a to-do of a
        // few megabytes made the larger part of a sync's time).
        let value = name == "calendar-data" ? "" : Self.trimmed(text)
        if property != nil {
            if path.count == propertyDepth {
                if property?.value.text.isEmpty == true, property?.value.children.isEmpty == true { property?.value.text = name == "calendar-data" ? text : value }
                if let done = property { propstat?[done.name] = done.value }
                property = nil
            } else if name == "href" {
                property?.value.hrefs.append(value)
            }
        } else if name == "status" && path.last == "propstat" {
            propstatStatus = DAVMultistatus.statusCode(value)
        } else if name == "propstat", let found = propstat {
            if let status = propstatStatus, (200..<300).contains(status) {
                response?.properties.merge(found) { $1 }
            }
            propstat = nil
        } else if name == "href" && path.last == "response" {
            response?.href = value
        } else if name == "status" && path.last == "response" {
            response?.status = DAVMultistatus.statusCode(value)
        } else if name == "response", let done = response {
            result.responses.append(done)
            response = nil
        } else if name == "sync-token" && path.last == "multistatus" {
            result.syncToken = value
        }
        text = ""
    }
}

/// The request bodies a sync sends.
enum DAVBody {
    static let header = #"<?xml version="1.0" encoding="utf-8"?>"#

    static func propfind(_ props: String) -> Data {
        Data("\(header)<d:propfind xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\" xmlns:cs=\"http://calendarserver.org/ns/\"><d:prop>\(props)</d:prop></d:propfind>".utf8)
    }

    static func syncCollection(token: String?) -> Data {
        Data("""
            \(header)<d:sync-collection xmlns:d="DAV:"><d:sync-token>\(escaped(token ?? ""))</d:sync-token>\
            <d:sync-level>1</d:sync-level><d:prop><d:getetag/><d:getcontentlength/></d:prop></d:sync-collection>
            """.utf8)
    }

    /// Every to-do's ETag (no events or journal entries): RFC 4791's
    /// calendar-query with a VTODO component filter.
    static let todoETags = Data("""
        \(header)<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><d:getcontentlength/></d:prop>\
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>
        """.utf8)

    static func multiget(_ hrefs: [String]) -> Data {
        let list = hrefs.map { "<d:href>\(escaped($0))</d:href>" }.joined()
        return Data("""
            \(header)<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:getetag/><c:calendar-data/></d:prop>\(list)</c:calendar-multiget>
            """.utf8)
    }

    static func mkcalendar(displayName: String) -> Data {
        Data("""
            \(header)<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(escaped(displayName))</d:displayname>\
            <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """.utf8)
    }

    static func displayName(_ name: String) -> Data {
        Data("""
            \(header)<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop>\
            <d:displayname>\(escaped(name))</d:displayname>\
            </d:prop></d:set></d:propertyupdate>
            """.utf8)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
