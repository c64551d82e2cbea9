import Foundation
import Testing
import TestSupport

/// To-dos much larger than usual (another app's attachments) on a real
/// Radicale: all of them arrive, in multigets sized by the bytes they take
/// (`SyncLimits.multigetBytes`, 2 MB), so no reply holds the whole 5 MB
/// calendar. Sized by count alone, one multiget would carry them all.
@Suite("checklists sync with large to-dos on a real Radicale", .serialized)
struct LargeTodosWithRadicaleTests {
    let folder = TemporaryFolder()

    @Test("100 to-dos carrying a 40 KB attachment each all sync, in multigets of 2 MB at most, each calendar's first of 20 to learn their size")
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
            # Small to-dos in a calendar of their own, which the sync may meet first.
            send("MKCALENDAR", "alice/a-notes/")
            for n in range(30):
                send("PUT", "alice/a-notes/note-%d.ics" % n, ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n"
                     "UID:note-%d\r\nSUMMARY:Note %d\r\nEND:VTODO\r\nEND:VCALENDAR\r\n" % (n, n)).encode())
            send("MKCALENDAR", "alice/attachments/")
            attachment = base64.b64encode(os.urandom(40000)).decode()
            for n in range(100):
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
        expectEqual(filled.status, 0, "\(filled.output)")
        var laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: true)
        let proxy = try RecordingProxy(folder: folder, upstream: server.port)
        defer { proxy.stop() }
        laptop.url = proxy.url
        let first = laptop.sync()
        #expect(first.contains { $0.hasSuffix("attachments\": 100 received") } && first.contains { $0.hasSuffix("a-notes\": 30 received") },
                "\(first)")
        expectEqual(laptop.items().count, 130)
        // No size is announced (Radicale's listings have none): in each
        // calendar a first multiget of 20 shows how large its to-dos are,
        // and the attachments' rest go in multigets of at most 2 MB, 38
        // to-dos, whichever calendar came first.
        func asked(_ calendar: String) -> [Int] {
            proxy.requests().filter { $0.method == "REPORT" && $0.path.contains(calendar) && $0.body.contains("calendar-multiget") }
                .map { $0.body.components(separatedBy: "<d:href>").count - 1 }
        }
        let large = asked("/attachments/")
        #expect(large.first == 20 && large.count >= 3 && large.dropFirst().allSatisfy { $0 <= 38 } && large.reduce(0, +) == 100, "\(large)")
        expectEqual(asked("/a-notes/"), [20, 10])
        let again = laptop.sync()
        #expect(again.allSatisfy { $0.hasSuffix(": up to date") }, "\(again)")
    }
}
