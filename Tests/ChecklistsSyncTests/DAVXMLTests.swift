import Foundation
import Testing
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
        #expect(principal.responses.first?.properties["current-user-principal"]?.hrefs == ["/alice/"])

        let home = try #require(parse("""
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/</href><propstat><prop>\
            <resourcetype><principal /><collection /></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat><propstat>\
            <prop><displayname /><C:supported-calendar-component-set /></prop><status>HTTP/1.1 404 Not Found</status></propstat>\
            </response><response><href>/alice/list1/</href><propstat><prop><resourcetype><C:calendar /><collection /></resourcetype>\
            <displayname>Groceries &amp; more</displayname><C:supported-calendar-component-set><C:comp name="VTODO" />\
            </C:supported-calendar-component-set></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """))
        #expect(home.responses.map(\.href) == ["/alice/", "/alice/list1/"])
        // A property reported 404 is not there at all.
        #expect(home.responses[0].properties["displayname"] == nil)
        #expect(home.responses[0].properties["resourcetype"]?.children == ["principal", "collection"])
        #expect(home.responses[1].properties["resourcetype"]?.children == ["calendar", "collection"])
        #expect(home.responses[1].properties["displayname"]?.text == "Groceries & more")
        #expect(home.responses[1].properties["supported-calendar-component-set"]?.components == ["VTODO"])
    }

    @Test("sync-collection: the new token, a changed member with its ETag, a deleted one as a 404 response")
    func syncCollection() throws {
        let reply = try #require(parse("""
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:"><sync-token>http://radicale.org/ns/sync/274c</sync-token><response><href>/alice/l/a1.ics</href>\
            <propstat><prop><getetag>"1be3"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>\
            <response><href>/alice/l/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>
            """))
        #expect(reply.syncToken == "http://radicale.org/ns/sync/274c")
        #expect(reply.responses[0].properties["getetag"]?.text == "\"1be3\"")
        #expect(reply.responses[0].status == nil)
        #expect(reply.responses[1].status == 404)
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
        #expect(reply.responses[0].properties["calendar-data"]?.text == "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a1\nSUMMARY:Fish & chips\nEND:VTODO\nEND:VCALENDAR\n")
    }

    @Test("an error body names its condition; HTML, an empty body and foreign XML are not WebDAV")
    func notWebDAV() throws {
        let error = try #require(parse("<?xml version='1.0' encoding='utf-8'?>\n<error xmlns=\"DAV:\"><valid-sync-token /></error>"))
        #expect(error.errorConditions == ["valid-sync-token"])
        #expect(parse("<!DOCTYPE html><html><body>Welcome</body></html>") == nil)
        #expect(parse("") == nil)
        #expect(parse("<multistatus xmlns=\"urn:other\"/>") == nil)
        #expect(parse("<multistatus xmlns=\"DAV:\"><response><href>/a") == nil)
    }
}
