import Foundation
import Testing
import TestSupport

/// To-dos much larger than usual (another app's attachments) on a real
/// Radicale: the multigets are sized by the bytes the server announces, so
/// no reply grows past what the XML reader takes, and all of them arrive
/// (together they are an 11 MB multiget, more than Foundation's XML reader
/// here takes in one document).
@Suite("checklists sync with large to-dos on a real Radicale", .serialized)
struct LargeTodosWithRadicaleTests {
    let folder = TemporaryFolder()

    @Test("200 to-dos carrying a 40 KB attachment each all sync")
    func attachments() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: true)
        defer { server.stop() }
        let script = #"""
            import base64, os, sys, urllib.request
            base, password = sys.argv[1], sys.argv[2]
            auth = "Basic " + base64.b64encode(("alice:" + password).encode()).decode()
            def send(method, path, body=b""):
                request = urllib.request.Request(base + path, data=body, method=method, headers={"Authorization": auth, "Content-Type": "text/calendar"})
                urllib.request.urlopen(request).read()
            send("MKCALENDAR", "alice/attachments/")
            attachment = base64.b64encode(os.urandom(40000)).decode()
            for n in range(200):
                lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:big-%d" % n, "SUMMARY:Big %d" % n,
                         "ATTACH;ENCODING=BASE64;VALUE=BINARY:" + attachment, "END:VTODO", "END:VCALENDAR"]
                folded = []
                for line in lines:
                    while len(line) > 75:
                        folded.append(line[:75]); line = " " + line[75:]
                    folded.append(line)
                send("PUT", "alice/attachments/big-%d.ics" % n, ("\r\n".join(folded) + "\r\n").encode())
            """#
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder.file("fill.py")))
        let filled = runCommand(["/usr/bin/python3", folder.file("fill.py"), server.url, RadicaleServer.password])
        #expect(filled.status == 0, "\(filled.output)")
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: true)
        let first = laptop.sync()
        #expect(first.contains { $0.hasSuffix(": 200 received") }, "\(first)")
        #expect(laptop.items().count == 200)
        let again = laptop.sync()
        #expect(again.allSatisfy { $0.hasSuffix(": up to date") }, "\(again)")
    }
}
