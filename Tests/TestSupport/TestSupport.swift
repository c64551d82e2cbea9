import Foundation
import ChecklistsModel
import ChecklistsUI

/// A fresh folder under the system temp directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "checklists-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Fixed times, so tests never read the clock.
public enum Fixed {
    /// Saturday 21 November 2026, 10:30:00 UTC.
    public static let now = Date(timeIntervalSince1970: 1_795_257_000)

    public static func date(_ text: String, timeZone: String = "UTC") -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    /// English (US) in UTC: the locale screen tests are written in.
    public static let style = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    public static let context = UIContext(dateStyle: style, unicode: true)
}

public extension ChecklistsDatabase {
    /// A new database in `folder`, as the app would create it.
    static func temporary(in folder: TemporaryFolder, name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file(name), createsFolder: false),
                                    options: .init(busyTimeout: 1))
    }
}

/// The package root, found from this file, for tests that run the built binary.
public enum PackagePaths {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The `checklists` binary next to the test bundle (SwiftPM builds it
    /// because the end-to-end tests depend on it).
    public static var binary: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("checklists").path,
            root + "/.build/debug/checklists",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }
}

/// Runs a command and returns its exit status and output (stdout + stderr).
@discardableResult
public func runCommand(_ arguments: [String], environment: [String: String]? = nil, input: FileHandle? = nil) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = input ?? FileHandle.nullDevice
    do { try process.run() } catch { return (127, "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A small tmpfs that can be made read-only: the only honest read-only test
/// when the tests run as root, who ignores file modes.
public struct ScratchMount: Sendable {
    public let path: String

    public init?(sizeKiB: Int = 1024) {
        let path = NSTemporaryDirectory() + "checklists-mount-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard runCommand(["mount", "-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0700", "tmpfs", path]).status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        self.path = path
    }

    public func makeReadOnly() -> Bool {
        runCommand(["mount", "-o", "remount,ro", path]).status == 0
    }

    public func remove() {
        runCommand(["umount", path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
