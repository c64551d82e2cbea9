import Foundation
import Testing
import TestSupport
@testable import ChecklistsEventLoop

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
        AppPresence.waitUntilNoAppOpen(databasePath: path, queue: queue) { result in
            held.lock = try? result.get()
            got.signal()
        }
        expectEqual(got.wait(timeout: .now() + 0.3), .timedOut)
        app.release()
        expectEqual(got.wait(timeout: .now() + 10), .success)
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
        expectEqual(pid, 4242)
        expectEqual(NotifierPresence.runningPID(databasePath: path), 4242)
        first.release()
        #expect(NotifierPresence.runningPID(databasePath: path) == nil)
    }

    // Catches a second sync going ahead while the first holds the lock
    // (the two made each other's lists again), or waiting without a word.
    @Test("a second sync waits for the first: told the first one's pid once, it holds the lock when the first lets go")
    func syncWaits() throws {
        let path = database()
        let first = try SyncPresence.wait(databasePath: path, pid: 4242, waiting: { _ in
            Issue.record("the first sync waited with no sync running")
        }).get()
        expectEqual(SingleHolder.runningPID(path: PresenceFiles.syncLock(databasePath: path)), 4242)
        let told = PidsBox()
        let held = LockBox()
        let got = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            held.lock = try? SyncPresence.wait(databasePath: path, pid: 4343, waiting: { told.pids.append($0) }).get()
            got.signal()
        }
        expectEqual(got.wait(timeout: .now() + 0.3), .timedOut)
        first.release()
        expectEqual(got.wait(timeout: .now() + 10), .success)
        expectEqual(told.pids, [4242])
        #expect(held.lock != nil)
        expectEqual(SingleHolder.runningPID(path: PresenceFiles.syncLock(databasePath: path)), 4343)
    }

    @Test("a link in the sync lock's place is refused, saying to remove it, and the file it points to is left as it was")
    func syncLockLink() throws {
        let path = database()
        let lock = PresenceFiles.syncLock(databasePath: path)
        let target = try plantLink(at: lock)
        let result = SyncPresence.wait(databasePath: path, pid: 4242, waiting: { _ in Issue.record("waited on a link") })
        guard case let .failure(problem) = result else {
            Issue.record("a sync took the lock through a link")
            return
        }
        expectEqual(problem.description, "\(lock) is a symbolic link; remove it")
        try expectEqual(String(contentsOfFile: target, encoding: .utf8), "precious\n")
    }

    /// A file of the user's that a planted link points to, and the link in
    /// the place of `lock`.
    func plantLink(at lock: String) throws -> String {
        let target = (lock as NSString).deletingLastPathComponent + "/precious.txt"
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)
        return target
    }

    @Test("a link in the notifier lock's place is refused, saying to remove it, and the file it points to is left as it was")
    func notifierLockLink() throws {
        let path = database()
        let lock = PresenceFiles.notifierLock(databasePath: path)
        let target = try plantLink(at: lock)
        guard case let .failed(message) = NotifierPresence.claim(databasePath: path, pid: 4242) else {
            Issue.record("a notifier claimed the lock through a link")
            return
        }
        expectEqual(message, "\(lock) is a symbolic link; remove it")
        try expectEqual(String(contentsOfFile: target, encoding: .utf8), "precious\n")
        #expect(NotifierPresence.runningPID(databasePath: path) == nil)
        // A link to nothing yet is not followed to create the file either.
        try FileManager.default.removeItem(atPath: target)
        guard case .failed = NotifierPresence.claim(databasePath: path, pid: 4242) else {
            Issue.record("a notifier claimed the lock through a dangling link")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("a link in the app lock's place: the app runs unannounced, the notifier cannot take it and says why")
    func appLockLink() throws {
        let path = database()
        let lock = PresenceFiles.appLock(databasePath: path)
        let target = try plantLink(at: lock)
        #expect(AppPresence.announce(databasePath: path) == nil)
        #expect(AppPresence.takeIfNoAppOpen(databasePath: path) == nil)
        let queue = DispatchQueue(label: "presence-link-test")
        let got = DispatchSemaphore(value: 0)
        let answer = ErrorBox()
        AppPresence.waitUntilNoAppOpen(databasePath: path, queue: queue) { result in
            if case let .failure(problem) = result { answer.error = problem }
            got.signal()
        }
        expectEqual(got.wait(timeout: .now() + 10), .success)
        expectEqual(answer.error, .symbolicLink(path: lock))
        expectEqual(answer.error?.description, "\(lock) is a symbolic link; remove it")
        try expectEqual(String(contentsOfFile: target, encoding: .utf8), "precious\n")
    }
}

final class ErrorBox: @unchecked Sendable {
    var error: PrivateFileError?
}

final class LockBox: @unchecked Sendable {
    var lock: HeldLock?
}

final class PidsBox: @unchecked Sendable {
    var pids: [Int32?] = []
}
