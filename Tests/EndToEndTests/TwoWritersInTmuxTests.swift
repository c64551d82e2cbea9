import Foundation
import Testing
import ChecklistsStress
import TestSupport

/// Two writers in small: the app driven in tmux and the command
/// line in a loop edit one database for 10 s. `scripts/stress` runs the same
/// code for a minute.
@Suite("Two writers in tmux", .serialized)
struct TwoWritersInTmuxTests {
    @Test("the app and the command line edit one database for 10 s: every edit shown as saved is kept, 'locked' never appears, each reminder is delivered once")
    func tenSeconds() {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let report = TwoWriters(.init(app: PackagePaths.binary, seconds: 10, reminders: 2, folder: folder.path)).run()
        print(report.summary)
        expectEqual(report.problems, [], "\(report.summary)\n\(report.problems.joined(separator: "\n"))")
        // Both writers did something, and the reminders were there to deliver.
        #expect(report.appEdits > 0 && report.commands > 0)
        #expect(report.remindersDue == 2 && report.deliveries == 2)
    }
}
