import Foundation
import Testing
import TestSupport
@testable import ChecklistsEventLoop

/// The watcher on real files: a write to the database's WAL wakes it (after
/// its settle delay), a write to an unrelated file in the same folder does
/// not, and a folder it cannot watch makes it say so and fall back.
@Suite("DatabaseWatcher")
struct DatabaseWatcherTests {
    let queue = DispatchQueue(label: "watcher-test")

    /// Counts the watcher's wake-ups (on its queue).
    final class Wakes: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    /// Waits until `condition` holds or `timeout` passes.
    func spin(until condition: () -> Bool, timeout: TimeInterval = 3) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { usleep(10_000) }
        return condition()
    }

    func folder() -> String {
        let path = NSTemporaryDirectory() + "checklists-watch-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func append(_ path: String) {
        let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)!
        }()
        handle.seekToEndOfFile()
        handle.write(Data("x".utf8))
        try? handle.close()
    }

    @Test("a write to the WAL wakes it, and looks again a little later; other files in the folder do not")
    func wakesOnDatabaseWrites() {
        let dir = folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let database = dir + "/checklists.sqlite"
        append(database)
        let watcher = DatabaseWatcher(queue: queue)
        let wakes = Wakes()
        watcher.onWrite = { wakes.add() }
        queue.sync { watcher.start(databasePath: database) }
        #expect(watcher.fallbackReason == nil)
        append(dir + "/notes.txt")
        #expect(!spin(until: { wakes.value > 0 }, timeout: 0.3), "woke for an unrelated file")
        for _ in 0..<5 { append(database + "-wal") }
        #expect(spin(until: { wakes.value > 0 }))
        // Each check is followed by one more look a little later (SQLite may
        // publish the commit just after its last write).
        #expect(spin(until: { wakes.value >= 2 }))
    }

    @Test("the watched folder and name: split at the last slash, the root and a name alone included")
    func folderAndName() {
        #expect(DatabaseWatcher.folderAndName("/home/me/.local/share/checklists/checklists.sqlite") == ("/home/me/.local/share/checklists", "checklists.sqlite"))
        #expect(DatabaseWatcher.folderAndName("/checklists.sqlite") == ("/", "checklists.sqlite"))
        #expect(DatabaseWatcher.folderAndName("lists.sqlite") == (".", "lists.sqlite"))
        #expect(DatabaseWatcher.folderAndName("a b/ü.sqlite") == ("a b", "ü.sqlite"))
    }

    @Test("a folder that cannot be watched: it says why and checks once a second instead")
    func fallsBack() {
        let watcher = DatabaseWatcher(queue: queue)
        let wakes = Wakes()
        watcher.onWrite = { wakes.add() }
        queue.sync { watcher.start(databasePath: "/nonexistent-\(UUID().uuidString)/checklists.sqlite") }
        expectEqual(watcher.fallbackReason?.contains("inotify_add_watch"), true)
        #expect(spin(until: { wakes.value > 0 }, timeout: 3))
    }
}
