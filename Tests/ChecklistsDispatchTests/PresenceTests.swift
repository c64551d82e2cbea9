import Foundation
import Testing
@testable import ChecklistsDispatch

/// The lock files beside the database, on real files. Separate descriptors
/// in one process conflict as separate processes do (flock locks belong to
/// the open file), so one test process plays both the app and the notifier.
@Suite("Presence locks")
struct PresenceTests {
    func database() -> String {
        let folder = NSTemporaryDirectory() + "checklists-presence-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/checklists.sqlite"
    }

    @Test("while an app is open the notifier cannot take the lock; once it closes, it can")
    func appOpen() throws {
        let path = database()
        let app = try #require(AppPresence.announce(databasePath: path))
        #expect(AppPresence.takeIfNoAppOpen(databasePath: path) == nil)
        #expect(AppPresence.isAppOpen(databasePath: path))
        let second = try #require(AppPresence.announce(databasePath: path))    // two copies of the app
        app.release()
        #expect(AppPresence.takeIfNoAppOpen(databasePath: path) == nil)
        second.release()
        #expect(AppPresence.takeIfNoAppOpen(databasePath: path) != nil)
    }

    @Test("the notifier's wait ends, with the lock held, when the last app closes")
    func waitForClose() throws {
        let path = database()
        let app = try #require(AppPresence.announce(databasePath: path))
        let queue = DispatchQueue(label: "presence-test")
        let got = DispatchSemaphore(value: 0)
        let held = LockBox()
        AppPresence.waitUntilNoAppOpen(databasePath: path, queue: queue) { lock in
            held.lock = lock
            got.signal()
        }
        #expect(got.wait(timeout: .now() + 0.3) == .timedOut)
        app.release()
        #expect(got.wait(timeout: .now() + 10) == .success)
        #expect(held.lock != nil)
        // Held exclusively: an app starting now waits for the delivery to end.
        #expect(AppPresence.takeIfNoAppOpen(databasePath: path) == nil)
    }

    @Test("one notifier per database: the second learns the first one's pid")
    func singleton() throws {
        let path = database()
        guard case let .acquired(first) = NotifierPresence.claim(databasePath: path, pid: 4242) else {
            Issue.record("the first claim failed")
            return
        }
        guard case let .running(pid) = NotifierPresence.claim(databasePath: path, pid: 1) else {
            Issue.record("the second claim did not see the first")
            return
        }
        #expect(pid == 4242)
        #expect(NotifierPresence.runningPID(databasePath: path) == 4242)
        first.release()
        #expect(NotifierPresence.runningPID(databasePath: path) == nil)
    }
}

final class LockBox: @unchecked Sendable {
    var lock: HeldLock?
}
