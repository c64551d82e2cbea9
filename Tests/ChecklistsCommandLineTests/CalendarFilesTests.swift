import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

@Suite("export --ics and import --ics: a vdir todoman reads, round trips that keep everything")
struct CalendarFilesTests {
    let source = Harness()
    let target = Harness(uidPrefix: "target-")

    private func fill() throws {
        let database = try source.database()
        try database.apply(.addChecklist(name: "Work/Home", icon: .none), now: Fixed.now)
        _ = source.add("Milk, eggs; butter", list: "List", due: "tomorrow 9:00", remind: true)
        _ = source.add("Someday", list: "List")
        let done = source.add("Report", list: "Work/Home", due: "2026-11-20 09:00")
        _ = source.add("Rent", list: "Work/Home", due: "2026-11-30 09:00", repeatRule: "monthly")
        source.run { context in try ItemCommands.setChecked(id: done, true, context: context) }
    }

    private func files(_ folder: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where !path.hasSuffix("/") {
            var isFolder: ObjCBool = false
            let full = folder + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = try String(contentsOfFile: full, encoding: .utf8)
            }
        }
        return result
    }

    @Test("one folder per list with its displayname, one UID.ics per item: CRLF, folded, VERSION, PRODID, DTSTAMP")
    func vdirShape() throws {
        try fill()
        let out = source.folder.file("vdir")
        #expect(source.lines { context in try CalendarFileCommands.export(to: out, context: context) } == ["exported 4 item(s) in 2 list(s) to \(out)"])
        let written = try files(out)
        expectEqual(written.keys.sorted(), ["List/displayname", "List/uid-1.ics", "List/uid-2.ics", "Work_Home/displayname", "Work_Home/uid-3.ics", "Work_Home/uid-4.ics"])
        expectEqual(written["Work_Home/displayname"], "Work/Home")
        expectEqual(written["List/uid-1.ics"], [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Checklists//Checklists 1.0//EN", "BEGIN:VTODO", "UID:uid-1", "STATUS:NEEDS-ACTION",
            "SUMMARY:Milk\\, eggs\\; butter", "DUE:20261122T090000Z", "DTSTAMP:20261121T103000Z", "BEGIN:VALARM", "ACTION:DISPLAY",
            "DESCRIPTION:Milk\\, eggs\\; butter", "TRIGGER;RELATED=END:PT0S", "END:VALARM", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n"))
        for line in ["STATUS:COMPLETED", "COMPLETED:20261121T103000Z", "PERCENT-COMPLETE:100"] {
            expectEqual(written["Work_Home/uid-3.ics"]?.contains("\r\n" + line + "\r\n"), true, "\(line)")
        }
        expectEqual(written["Work_Home/uid-4.ics"]?.contains("RRULE:FREQ=MONTHLY\r\nDTSTART:20261130T090000Z\r\n"), true)
    }

    @Test("import of the export gives the same items (UIDs, reminders, repeats); exporting again writes the same bytes")
    func roundTrip() throws {
        try fill()
        let out = source.folder.file("vdir")
        source.run { context in try CalendarFileCommands.export(to: out, context: context) }
        #expect(target.lines { context in try CalendarFileCommands.importFiles(path: out, list: nil, context: context) }
                == ["imported 2 to-do(s) into List", "imported 2 to-do(s) into Work/Home"])
        func items(_ harness: Harness) throws -> [String: CalendarFields] {
            Dictionary(uniqueKeysWithValues: try harness.database().snapshot().lists.flatMap(\.items).map { ($0.uid, $0.calendarFields) })
        }
        try expectEqual(items(target), items(source))
        let again = target.folder.file("again")
        target.run { context in try CalendarFileCommands.export(to: again, context: context) }
        try expectEqual(files(again), files(out))
        // Importing again updates the same items instead of adding copies.
        target.run { context in try CalendarFileCommands.importFiles(path: out, list: nil, context: context) }
        try expectEqual(target.database().snapshot().lists.flatMap(\.items).count, 4)
    }

    @Test("one file with many to-dos goes to --list; a bad file imports nothing and names its line")
    func singleFileAndErrors() throws {
        let file = source.folder.file("many.ics")
        try Data(("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:One\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:b\r\nSUMMARY:Two\r\n"
                  + "DUE;VALUE=DATE:20261201\r\nEND:VTODO\r\nBEGIN:VEVENT\r\nUID:c\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
            .write(to: URL(fileURLWithPath: file))
        #expect(source.lines { context in try CalendarFileCommands.importFiles(path: file, list: "Inbox", context: context) }
                == ["imported 2 to-do(s) into Inbox"])
        expectEqual(source.notices, ["skipped 1 VEVENT (Checklists keeps to-dos only)"])
        let bad = source.folder.file("bad.ics")
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:z\r\nEND:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: bad))
        let before = try source.database().snapshot()
        let error = source.run { context in try CalendarFileCommands.importFiles(path: bad, list: nil, context: context) }
        expectEqual(error?.description, "\(bad):4: END:VCALENDAR where END:VTODO (opened on line 2) was expected; nothing was imported")
        try expectEqual(source.database().snapshot(), before)
    }

    @Test("in a folder, a FIFO named .ics is refused at once rather than waited on, and nothing is imported")
    func fifoInAFolder() throws {
        let vdir = source.folder.file("vdir")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: false)
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:One\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
            .write(to: URL(fileURLWithPath: vdir + "/a.ics"))
        expectEqual(mkfifo(vdir + "/b.ics", 0o600), 0)
        let before = try source.database().snapshot()
        let error = source.run { context in try CalendarFileCommands.importFiles(path: vdir, list: nil, context: context) }
        expectEqual(error?.description, "cannot read \(vdir)/b.ics: not a regular file; nothing was imported")
        try expectEqual(source.database().snapshot(), before)
    }

    @Test("todoman reads the exported vdir as it is: our items with their due dates")
    func todomanReadsIt() throws {
        try fill()
        let out = source.folder.file("vdir")
        source.run { context in try CalendarFileCommands.export(to: out, context: context) }
        let todo = Todoman.install()
        let config = source.folder.file("todoman.py")
        try Data("""
            path = "\(out)/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "List"
            cache_path = "\(source.folder.file("todoman-cache.sqlite"))"
            """.utf8).write(to: URL(fileURLWithPath: config))
        let environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
        let result = runCommand([todo, "--config", config, "--porcelain", "list", "--status", "ANY"], environment: environment)
        expectEqual(result.status, 0, "\(result.output)")
        // Output and errors come together: the JSON is from the first "[".
        let json = result.output.drop { $0 != "[" }
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let byText = Dictionary(uniqueKeysWithValues: listed.map { ($0["summary"] as? String ?? "", $0) })
        expectEqual(byText.keys.sorted(), ["Milk, eggs; butter", "Rent", "Report", "Someday"])
        expectEqual(byText["Milk, eggs; butter"]?["due"] as? Int, Int(Fixed.date("2026-11-22 09:00").timeIntervalSince1970))
        expectEqual(byText["Rent"]?["due"] as? Int, Int(Fixed.date("2026-11-30 09:00").timeIntervalSince1970))
        expectEqual(byText["Rent"]?["recurring"] as? Bool, true)
        expectEqual(byText["Report"]?["completed"] as? Bool, true)
        #expect(byText["Someday"]?["due"] is NSNull)
        expectEqual(byText["Rent"]?["list"] as? String, "Work/Home")
    }
}

/// todoman from PyPI in `.build-py/` (scripts/install-deps --tests makes it;
/// the test makes it when it is missing).
enum Todoman {
    static func install() -> String {
        let folder = PackagePaths.root + "/.build-py"
        let todo = folder + "/bin/todo"
        if !FileManager.default.isExecutableFile(atPath: todo) {
            runCommand(["/usr/bin/env", "python3", "-m", "venv", folder])
            let pip = runCommand([folder + "/bin/pip", "install", "-q", "todoman"])
            if pip.status != 0 { Issue.record("cannot install todoman: \(pip.output)") }
        }
        return todo
    }
}
