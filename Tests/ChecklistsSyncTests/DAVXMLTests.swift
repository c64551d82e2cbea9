import Foundation
import Testing
import TestSupport
@testable import ChecklistsSync

/// Replies as Radicale 3.9 writes them (captured from a real server).
@Suite("Reading WebDAV multistatus replies")
struct DAVXMLTests {
    private func parse(_ text: String) -> DAVMultistatus? {
        DAVMultistatus.parse(Data(text.utf8))
    }

    @Test("discovery: the principal's href, and a home listing with a to-do calendar beside the home itself")
    func discovery() throws {
        let principal = try #require(parse("""
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:"><response><href>/</href><propstat><prop><current-user-principal><href>/alice/</href>\
            </current-user-principal></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """))
        expectEqual(principal.responses.first?.properties["current-user-principal"]?.hrefs, ["/alice/"])

        let home = try #require(parse("""
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/</href><propstat><prop>\
            <resourcetype><principal /><collection /></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat><propstat>\
            <prop><displayname /><C:supported-calendar-component-set /></prop><status>HTTP/1.1 404 Not Found</status></propstat>\
            </response><response><href>/alice/list1/</href><propstat><prop><resourcetype><C:calendar /><collection /></resourcetype>\
            <displayname>Groceries &amp; more</displayname><C:supported-calendar-component-set><C:comp name="VTODO" />\
            </C:supported-calendar-component-set></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """))
        expectEqual(home.responses.map(\.href), ["/alice/", "/alice/list1/"])
        // A property reported 404 is not there at all.
        #expect(home.responses[0].properties["displayname"] == nil)
        expectEqual(home.responses[0].properties["resourcetype"]?.children, ["principal", "collection"])
        expectEqual(home.responses[1].properties["resourcetype"]?.children, ["calendar", "collection"])
        expectEqual(home.responses[1].properties["displayname"]?.text, "Groceries & more")
        expectEqual(home.responses[1].properties["supported-calendar-component-set"]?.components, ["VTODO"])
    }

    @Test("sync-collection: the new token, a changed member with its ETag, a deleted one as a 404 response")
    func syncCollection() throws {
        let reply = try #require(parse("""
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:"><sync-token>http://radicale.org/ns/sync/274c</sync-token><response><href>/alice/l/a1.ics</href>\
            <propstat><prop><getetag>"1be3"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>\
            <response><href>/alice/l/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>
            """))
        expectEqual(reply.syncToken, "http://radicale.org/ns/sync/274c")
        expectEqual(reply.responses[0].properties["getetag"]?.text, "\"1be3\"")
        #expect(reply.responses[0].status == nil)
        expectEqual(reply.responses[1].status, 404)
    }

    @Test("calendar-multiget: calendar data kept as it came, line breaks included")
    func multiget() throws {
        let reply = try #require(parse("""
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/l/a1.ics</href><propstat><prop>\
            <getetag>"1be3"</getetag><C:calendar-data>BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:a1
            SUMMARY:Fish &amp; chips
            END:VTODO
            END:VCALENDAR
            </C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """))
        expectEqual(reply.responses[0].properties["calendar-data"]?.text, "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a1\nSUMMARY:Fish & chips\nEND:VTODO\nEND:VCALENDAR\n")
    }

    @Test("an error body names its condition; HTML, an empty body and foreign XML are not WebDAV")
    func notWebDAV() throws {
        let error = try #require(parse("<?xml version='1.0' encoding='utf-8'?>\n<error xmlns=\"DAV:\"><valid-sync-token /></error>"))
        expectEqual(error.errorConditions, ["valid-sync-token"])
        #expect(parse("<!DOCTYPE html><html><body>Welcome</body></html>") == nil)
        #expect(parse("") == nil)
        #expect(parse("<multistatus xmlns=\"urn:other\"/>") == nil)
        #expect(parse("<multistatus xmlns=\"DAV:\"><response><href>/a") == nil)
    }

    @Test("an attribute's escaped ampersand reads as one, and a prefixed name attribute is not the component's name")
    func attributeEscapes() throws {
        let reply = try #require(parse("""
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/a/</href><propstat><prop>\
            <C:supported-calendar-component-set><C:comp name="A&amp;B&#38;C&lt;D"/><C:comp xmlns:x="urn:x" x:name="no" name="VTODO"/>\
            </C:supported-calendar-component-set></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """))
        expectEqual(reply.responses.first?.properties["supported-calendar-component-set"]?.components, ["A&B&C<D", "VTODO"])
    }

    @Test("what is not a whole reply is refused: cut after an element, an undeclared entity, crossed tags, a namespace declared twice")
    func refusedShapes() {
        #expect(parse("<multistatus xmlns=\"DAV:\"><sync-token>t</sync-token>") == nil)
        #expect(parse("<multistatus xmlns=\"DAV:\"><sync-token>&x;</sync-token></multistatus>") == nil)
        #expect(parse("<multistatus xmlns=\"DAV:\"><sync-token><a></sync-token></a></multistatus>") == nil)
        #expect(parse("<d:multistatus xmlns:d=\"DAV:\" xmlns:d=\"DAV:\"/>") == nil)
    }

    @Test("libxml2's limits hold: a reply past 10 MB is refused, one under it reads (XML_PARSE_HUGE stays off)")
    func hugeReplies() {
        func reply(tokenBytes: Int) -> Data {
            Data(("<multistatus xmlns=\"DAV:\"><sync-token>" + String(repeating: "t", count: tokenBytes) + "</sync-token></multistatus>").utf8)
        }
        expectEqual(DAVMultistatus.parse(reply(tokenBytes: 9_000_000))?.syncToken?.utf8.count, 9_000_000)
        #expect(DAVMultistatus.parse(reply(tokenBytes: 11_000_000)) == nil)
    }

    // MARK: - Hostile replies

    /// A reply whose sync token is `reference`, under `declarations`.
    private func reply(declaring declarations: String, token reference: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?><!DOCTYPE multistatus [\(declarations)]>\
        <multistatus xmlns="DAV:"><sync-token>\(reference)</sync-token></multistatus>
        """
    }

    @Test("an external entity naming a file is refused with its DTD: the file is never read into the reply")
    func externalEntity() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let secret = folder.file("secret.txt")
        try Data("the secret".utf8).write(to: URL(fileURLWithPath: secret))
        for declaration in ["<!ENTITY x SYSTEM \"file://\(secret)\">", "<!ENTITY x SYSTEM \"\(secret)\">", "<!ENTITY x SYSTEM \"file:///etc/passwd\">"] {
            #expect(parse(reply(declaring: declaration, token: "&x;")) == nil)
        }
        #expect(parse(reply(declaring: "<!ENTITY % p SYSTEM \"file://\(secret)\"> %p;", token: "t")) == nil)
    }

    @Test("entity expansion is refused at once: billion laughs, and one large entity named thousands of times")
    func entityExpansion() {
        var laughs = "<!ENTITY l0 \"lol\">"
        for level in 1...9 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        let large = "<!ENTITY a \"" + String(repeating: "x", count: 50_000) + "\">"
        let started = Date()
        #expect(parse(reply(declaring: laughs, token: "&l9;")) == nil)
        #expect(parse(reply(declaring: large, token: String(repeating: "&a;", count: 50_000))) == nil)
        #expect(parse(reply(declaring: "<!ENTITY x \"inner\">", token: "&x;")) == nil)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test("a DTD hidden from a byte search by another encoding is refused: UTF-7 named in the declaration, UTF-16")
    func otherEncodings() throws {
        let hidden = reply(declaring: "<!ENTITY x \"inner\">", token: "&x;").replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", with: "")
        let utf7 = hidden.replacingOccurrences(of: "<", with: "+ADw-").replacingOccurrences(of: ">", with: "+AD4-")
            .replacingOccurrences(of: "&", with: "+ACY-").replacingOccurrences(of: "\"", with: "+ACI-")
            .replacingOccurrences(of: "[", with: "+AFs-").replacingOccurrences(of: "]", with: "+AF0-")
        #expect(parse("<?xml version=\"1.0\" encoding=\"UTF-7\"?>" + utf7) == nil)
        let utf16 = try #require(("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + hidden).data(using: .utf16))
        #expect(DAVMultistatus.parse(utf16) == nil)
    }

    @Test("bytes that are not UTF-8 in an element name are refused before libxml2 sees them")
    func notUTF8() {
        // `<sta\u{F4}us>`: one bit of `t` flipped, as a fuzzer found it.
        let text = "<multistatus xmlns=\"DAV:\"><response><href>/a</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>"
        var bytes = Array(text.utf8)
        bytes[text.utf8.count - "tus>HTTP/1.1 404 Not Found</status></response></multistatus>".utf8.count] = 0xF4
        #expect(DAVMultistatus.parse(Data(bytes)) == nil)
        #expect(parse("<multistatus xmlns=\"DAV:\"><sync-token>a\u{0}b</sync-token></multistatus>") == nil)
    }

    @Test("a processing instruction is refused before libxml2 sees it")
    func processingInstruction() {
        #expect(parse("<multistatus xmlns=\"DAV:\"><?pi?><sync-token>t</sync-token></multistatus>") == nil)
        #expect(parse("<?xmlpi?><multistatus xmlns=\"DAV:\"/>") == nil)
        #expect(parse("<?xml version=\"1.0\"?><?pi data?><multistatus xmlns=\"DAV:\"/>") == nil)
    }

    @Test("what a server may write still reads: a declaration with standalone, comments, CDATA, single quotes")
    func stillReads() throws {
        let reply = try #require(parse("""
            <?xml version="1.0" encoding='UTF-8' standalone="yes"?><!-- made by a server -->\
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/a/b.ics</href><propstat><prop>\
            <C:calendar-data><![CDATA[SUMMARY:<Fish> & chips]]></C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat>\
            </response></multistatus>
            """))
        expectEqual(reply.responses.first?.properties["calendar-data"]?.text, "SUMMARY:<Fish> & chips")
        #expect(parse("<?xml version=\"1.0\"?><multistatus xmlns=\"DAV:\"/>") != nil)
        #expect(DAVMultistatus.parse(Data([0xEF, 0xBB, 0xBF]) + Data("<?xml version=\"1.0\"?><multistatus xmlns=\"DAV:\"/>".utf8)) != nil)
    }
}
