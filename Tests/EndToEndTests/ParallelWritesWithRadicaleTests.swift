import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// A calendar's writes go out on several connections at once (some of them,
/// at least: the pacer measures whether the server gains from it): on a
/// real Radicale, every to-do still arrives once, the ETag each PUT got back is
/// the one recorded for it, and the next sync has nothing to send.
@Suite("checklists sync sending many writes at once to a real Radicale", .serialized)
struct ParallelWritesWithRadicaleTests {
    let folder = TemporaryFolder()

    @Test("300 new to-dos in one sync: each PUT once, every ETag recorded as the server has it, then nothing to send")
    func manyNewToDos() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: true)
        defer { server.stop() }
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: true)
        let count = 300
        try importItems(count, into: laptop)

        expectEqual(laptop.sync(), [#""Many": 300 sent"#])
        expectEqual(server.requests("PUT"), count)
        // Some were sent together (the pacer measures a batch at four at
        // once whatever it then chooses): a PUT arrived while another was
        // still being answered. Radicale logs each request as it arrives
        // and again when it answers it.
        let log = (try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? ""
        var answering = 0
        var mostAnswering = 0
        for line in log.split(separator: "\n") {
            if line.contains("PUT request for") { answering += 1 }
            if line.contains("PUT response status for") { answering -= 1 }
            mostAnswering = max(mostAnswering, answering)
        }
        #expect(mostAnswering > 1, "no PUT came while another was answered")

        // What the server holds, each href with its ETag, against what was recorded.
        let database = try laptop.open()
        let calendars = try database.syncCalendars()
        try #require(calendars.count == 1)
        let calendar = calendars[0].url
        let onServer = try serverETags(server, calendar: calendar)
        let states = try database.syncStates(calendarURL: calendar).states
        expectEqual(states.count, count)
        expectEqual(onServer.count, count)
        expectEqual(Set(states.map(\.uid)), Set((1...count).map { "PARALLEL-\($0)" }))
        for state in states {
            #expect(state.etag != nil && state.etag == onServer[state.href], "\(state.uid) at \(state.href)")
        }

        expectEqual(laptop.sync(), [#""Many": up to date"#])
        expectEqual(server.requests("PUT"), count)
    }

    @Test("twenty writes at once while another writer changes one of them: every change arrives, that one merged")
    func preconditionRaceAmongMany() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        var laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: false)
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: false)
        for index in 1...20 { laptop.run(["add", "--list", "List", "Item \(index)"]) }
        _ = laptop.sync()
        _ = phone.sync()
        phone.run(["edit", phone.id(of: "Item 7"), "--due", "2030-01-09 09:00"])
        for index in 1...20 { laptop.run(["edit", laptop.id(of: "Item \(index)"), "--text", "Item \(index), renamed"]) }

        // The phone syncs (straight to the server) while the laptop's first
        // PUT waits: whichever of the two writes of item 7 comes second is
        // refused (412), fetched, merged and sent again.
        let phoneSync = phone.environment().map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let proxy = try RecordingProxy(folder: folder, upstream: server.port,
                                       beforePut: "env -i \(phoneSync) \(shellQuoted(PackagePaths.binary)) sync > /dev/null 2>&1")
        defer { proxy.stop() }
        laptop.url = proxy.url
        expectEqual(laptop.sync(), [#""List": 20 sent"#])
        laptop.url = server.url
        _ = phone.sync()
        _ = laptop.sync()
        let expected = (1...20).map { "Item \($0), renamed | " + ($0 == 7 ? "2030-01-09T09:00:00+00:00" : "-") }.sorted()
        expectEqual(laptop.items(), expected)
        expectEqual(phone.items(), expected)
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(phone.sync(), [#""List": up to date"#])
    }

    @Test("the server failing in the middle of a measured upload: no batch starts after the failure, exit 4, nothing changed here; the next sync sends the rest once")
    func failureAmidBatches() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        var laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: false)
        let count = 100
        try importItems(count, into: laptop)
        let before = try laptop.open().snapshot()

        // Discovery (3), MKCALENDAR and the calendar's listing, then twenty
        // PUTs pass: the 21st, in the round's second batch sent one at a
        // time (PUTs 17 to 24), is answered 500, and so is everything after it.
        let proxy = try RecordingProxy(folder: folder, upstream: server.port, fault: .failAfter(5 + 20))
        defer { proxy.stop() }
        laptop.url = proxy.url
        let failed = laptop.run(["sync"])
        expectEqual(failed.status, 4)
        expectEqual(failed.output, "checklists: the sync server 127.0.0.1:\(proxy.port) failed (HTTP 500); try again later or ask its administrator; "
                + "nothing was changed here\n",
                "\(failed.output)")
        try expectEqual(laptop.open().snapshot(), before)
        // The 21 and the failed one sent again alone; neither the rest of
        // that batch nor the batch after it (the round's other 232) starts.
        let puts = proxy.requests().filter { $0.method == "PUT" }.map(\.path)
        expectEqual(puts.count, 22, "\(puts.count) PUTs")
        expectEqual(Set(puts).count, 21, "one PUT sent twice: the failed one, alone")

        // The twenty that reached the server are found there, as this
        // database's own pushes, and taken as they are (nothing new
        // received: they are what this database sent); the rest go once.
        laptop.url = server.url
        expectEqual(laptop.sync(), [#""Many": 80 sent"#])
        expectEqual(server.requests("PUT"), count)
        expectEqual(laptop.sync(), [#""Many": up to date"#])
        expectEqual(laptop.items().count, count)
    }

    @Test("writes sent together are four at once, whatever the number of cores")
    func fourAtOnce() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        var laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: false)
        let count = 64
        try importItems(count, into: laptop)
        // Each PUT held 200 ms: four at once take a quarter of the time per
        // write, far under the pacer's margin on any machine.
        let proxy = try RecordingProxy(folder: folder, upstream: server.port, fault: .slowPuts(200))
        defer { proxy.stop() }
        laptop.url = proxy.url
        expectEqual(laptop.sync(), [#""Many": 64 sent"#])
        let held = proxy.requests().filter { $0.method == "PUT" }.compactMap(\.held)
        expectEqual(held.count, count)
        expectEqual(held.max(), 4, "at most \(held.max() ?? 0) PUTs at once")
        // The first eight are measured one at a time: each came alone.
        expectEqual(Array(held.prefix(8)), Array(repeating: 1, count: 8), "\(held)")
    }

    /// Imports one list, "Many", of `count` undated items (every seventh checked).
    private func importItems(_ count: Int, into device: Device) throws {
        let items = (1...count).map { index in
            ["id": index, "text": "Item \(index)", "due": NSNull(), "checked": index % 7 == 0, "remind": false, "reminder": NSNull(),
             "uid": "PARALLEL-\(index)", "modified": "2026-11-20T10:00:00+00:00"] as [String: Any]
        }
        let export: [String: Any] = ["format": "checklists", "version": 3, "lastListId": 1, "lastItemId": count, "openList": NSNull(),
                                     "lists": [["id": 1, "name": "Many", "icon": "none", "sortOrder": "dueDate", "items": items]]]
        try JSONSerialization.data(withJSONObject: export).write(to: URL(fileURLWithPath: folder.file("many.json")))
        let imported = device.run(["import", folder.file("many.json")])
        expectEqual(imported.status, 0, "\(imported.output)")
    }

    /// The calendar's members, each path with its ETag, from a depth-1 PROPFIND.
    private func serverETags(_ server: RadicaleServer, calendar: String) throws -> [String: String] {
        let script = #"""
            import base64, sys, urllib.parse, urllib.request, xml.etree.ElementTree as ET
            base, path, user, password = sys.argv[1:5]
            request = urllib.request.Request(base.rstrip("/") + path, method="PROPFIND",
                data=b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
                headers={"Depth": "1", "Content-Type": "application/xml",
                         "Authorization": "Basic " + base64.b64encode((user + ":" + password).encode()).decode()})
            tree = ET.fromstring(urllib.request.urlopen(request).read())
            for response in tree.iter("{DAV:}response"):
                href = urllib.parse.unquote(response.find("{DAV:}href").text)
                etag = response.find(".//{DAV:}getetag")
                if href != path and etag is not None and etag.text: print(href, etag.text)
            """#
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder.file("etags.py")))
        let listed = runCommand(["/usr/bin/python3", folder.file("etags.py"), server.url, calendar,
                                 RadicaleServer.user, RadicaleServer.password])
        expectEqual(listed.status, 0, "\(listed.output)")
        var etags: [String: String] = [:]
        for line in listed.output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { etags[String(parts[0])] = String(parts[1]) }
        }
        return etags
    }
}
