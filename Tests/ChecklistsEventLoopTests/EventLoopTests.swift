import Foundation
import Testing
import TestSupport
@testable import ChecklistsEventLoop

/// The loop both processes run: the order of the send, the alarm's token,
/// and the database watch that turns only another process's commit into an
/// event. The alarm and the watch run on the main queue, as in the app.
@Suite("EventLoop")
@MainActor
struct EventLoopTests {
    enum Event: Equatable {
        case step(String)
        case alarm(token: Int)
        case changedElsewhere
    }

    /// What a loop did, in order.
    final class Record {
        var lines: [String] = []
        var events: [Event] = []
        var wakes = 0
    }

    func makeLoop(_ record: Record, eventLog: String? = nil) -> EventLoop<Event, String> {
        EventLoop(now: { Date() }, eventLog: eventLog,
                  reduce: { event in
                      record.events.append(event)
                      return []
                  },
                  perform: { _ in nil },
                  alarmWentOff: { token, _ in .alarm(token: token) },
                  afterWake: { record.wakes += 1 })
    }

    /// Lets the main queue run until `condition` holds or `timeout` passes.
    func wait(until condition: () -> Bool, timeout: TimeInterval = 3) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return condition()
    }

    @Test("the send: each effect is performed as it comes out, and the answers are reduced first in first out")
    func sendOrder() {
        var log: [String] = []
        sendThrough("key", reduce: { event -> [String] in
            log.append("reduce \(event)")
            return event == "key" ? ["save", "ring"] : []
        }, perform: { effect -> String? in
            log.append("perform \(effect)")
            return effect == "save" ? "saved" : nil
        })
        expectEqual(log, ["reduce key", "perform save", "perform ring", "reduce saved"])
    }

    @Test("the alarm's event carries the token it was armed with; a re-arming replaces the earlier one; the wake ends after it")
    func alarmToken() async {
        let record = Record()
        let loop = makeLoop(record)
        loop.setAlarm(date: Date().addingTimeInterval(0.05), token: 1)
        loop.setAlarm(date: Date().addingTimeInterval(0.1), token: 2)
        #expect(await wait(until: { record.wakes > 0 }))
        _ = await wait(until: { record.events.count > 1 }, timeout: 0.2)
        expectEqual(record.events, [.alarm(token: 2)])
        expectEqual(record.wakes, 1)
    }

    @Test("a write to the database's files is an event only when the change mark moved; then the log says so")
    func databaseWatch() async throws {
        let folder = NSTemporaryDirectory() + "checklists-loop-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/lists.sqlite"
        _ = FileManager.default.createFile(atPath: database, contents: nil)
        let record = Record()
        let loop = makeLoop(record, eventLog: folder + "/events.log")
        var mark = 7
        loop.markDatabase { mark }
        #expect(loop.watchDatabase(path: database, changedElsewhere: { _ in .changedElsewhere }) == nil)
        // Our own commit: the file is written, the mark stays.
        try Data("x".utf8).write(to: URL(fileURLWithPath: database))
        _ = await wait(until: { !record.events.isEmpty }, timeout: 0.3)
        #expect(record.events.isEmpty)
        // Another process's commit.
        mark = 8
        try Data("xy".utf8).write(to: URL(fileURLWithPath: database))
        #expect(await wait(until: { !record.events.isEmpty }))
        expectEqual(record.events, [.changedElsewhere])
        expectEqual(record.wakes, 1)
        let log = try String(contentsOfFile: folder + "/events.log", encoding: .utf8)
        #expect(log.hasPrefix("external ") && log.split(separator: "\n").count == 1)
    }
}
