import Foundation
import ArgumentParser
import ChecklistsStress

/// `dav-fuzz`: hostile WebDAV replies into the sync's XML reader; no crash,
/// no file read through an entity, bounded time per reply and bounded memory.
struct DAVXMLFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dav-fuzz",
        abstract: "Hostile WebDAV replies into the sync's XML reader: no crash, no file read, bounded time and memory.")

    @OptionGroup var seed: SeedOption
    @Option(help: "How many inputs.") var inputs: Int = 1_000_000

    func run() throws {
        var configuration = DAVXMLFuzzer.Configuration(seed: seed.value, inputs: inputs)
        // One fuzzer in this process: a crash inside FoundationXML can name its input.
        configuration.reportsCrashes = true
        try runInputFuzzer("dav-fuzz", seed: configuration.seed, inputs: inputs) { progress in
            DAVXMLFuzzer(configuration).run(progress: progress)
        }
    }
}
