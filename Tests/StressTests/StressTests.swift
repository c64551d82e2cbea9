import Foundation
import Testing
import ChecklistsStress
import TestSupport

/// `scripts/stress` in small: the same fuzzers and killed writers, sized for
/// the normal test run, which a developer runs many times a day. The depth is
/// the stress run's (CI runs it after the tests): 30 s a phase in release,
/// about 39,000 events and 730,000 replies on two cores, against the
/// 8,000 events and 12,000 replies here, which took a fifth of the test
/// run's CPU at 20,000 and 40,000.
@Suite("Stress, in small")
struct StressTests {
    @Test("random events from every screen keep every invariant", arguments: [1, 2] as [UInt64])
    func fuzz(seed: UInt64) throws {
        let fuzzer = try ReducerFuzzer(FuzzConfiguration(seed: seed, events: 4_000,
                                                         folder: FuzzConfiguration.scratchFolder(named: "checklists-fuzz-test")))
        defer { fuzzer.removeFiles() }
        if case let .failure(failure) = fuzzer.run() { Issue.record("\(failure)") }
    }

    @Test("mutated iCalendar files never crash the reader, and what reads round-trips exactly", arguments: [1, 2] as [UInt64])
    func icalendarFuzz(seed: UInt64) {
        switch ICalendarFuzzer(.init(seed: seed, inputs: 3_000)).run() {
        case let .success(report): #expect(report.parsed > 500 && report.todos > 500 && report.families == 15 && report.familyTodos > 60)
        case let .failure(failure): Issue.record("\(failure)")
        }
    }

    @Test("hostile WebDAV replies never crash the XML reader, read no file through an entity, and stay within time and memory",
          arguments: [1, 2] as [UInt64])
    func davXMLFuzz(seed: UInt64) {
        var configuration = DAVXMLFuzzer.Configuration(seed: seed, inputs: 6_000)
        configuration.memoryCheckEvery = 2_000
        switch DAVXMLFuzzer(configuration).run() {
        case let .success(report): #expect(report.parsed > 1_000)
        case let .failure(failure): Issue.record("\(failure)")
        }
    }

    @Test("a writer killed at random moments loses nothing it reported and leaves a sound database")
    func killedWriter() throws {
        let writer = PackagePaths.product("checklists-stress")
        try #require(FileManager.default.isExecutableFile(atPath: writer), "no \(writer): build the package first")
        var configuration = KillConfiguration(seed: 5, kills: 6, folder: FuzzConfiguration.scratchFolder(named: "checklists-kill-test"), writer: writer)
        configuration.freshEvery = 3
        let test = KillTest(configuration)
        defer { test.removeFiles() }
        switch test.run() {
        case let .success(report): expectEqual(report.integrityChecks, 6)
        case let .failure(failure): Issue.record("\(failure)")
        }
    }

    @Test("the notifier killed at random moments and restarted loses no reminder")
    func killedNotifier() {
        let test = NotifierKills(.init(seed: 3, kills: 8, reminders: 20, app: PackagePaths.binary,
                                       folder: FuzzConfiguration.scratchFolder(named: "checklists-notifier-kills-test")))
        defer { test.removeFiles() }
        let report = test.run()
        #expect(report.problems.isEmpty, "\(report.problems)")
        expectEqual(report.delivered, 20)
    }
}
