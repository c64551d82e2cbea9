import Foundation
import Testing
import ChecklistsConfig
import TestSupport

/// Our TOML reader against Python's `tomllib`, a reader of TOML 1.0 that
/// ships with Python: every document of a corpus (the specification's
/// examples and its edge cases, good and bad) and thousands of mutations of
/// them must be accepted or refused by both, and when accepted read to the
/// same values. The mutations are seeded, so a failure names a seed and a
/// document that can be read again.
@Suite("TOML against Python's tomllib")
struct TOMLAgainstPythonTests {
    static let seed: UInt64 = 0x7031_2026

    @Test("the corpus and its mutations read alike by both")
    func corpusAndMutations() throws {
        var random = SeededRandom(seed: Self.seed)
        var documents = TOMLCorpus.valid + TOMLCorpus.invalid
        for _ in 0..<6_000 {
            let base = documents[random.int(0...(TOMLCorpus.valid.count + TOMLCorpus.invalid.count - 1))]
            documents.append(TOMLCorpus.mutate(base, random: &random))
        }
        let expected = try Self.readWithPython(documents)
        try #require(expected.count == documents.count)
        var accepted = 0
        var mismatches = 0
        for (document, reference) in zip(documents, expected) {
            let ours = try? Self.canonical(TOMLReader.read(document))
            if reference != nil { accepted += 1 }
            if ours != reference {
                mismatches += 1
                if mismatches <= 8 {
                    Issue.record("seed \(Self.seed): \(String(reflecting: document))\n ours:   \(ours ?? "refused")\n Python: \(reference ?? "refused")")
                }
            }
        }
        expectEqual(mismatches, 0, "documents read differently")
        // The corpus must hold both kinds, and mutations must keep some valid.
        #expect(accepted > 1_000, "only \(accepted) of \(documents.count) were valid TOML")
        #expect(documents.count - accepted > 1_000, "only \(documents.count - accepted) were refused")
    }

    @Test("every document of the corpus is what it is filed as")
    func corpusIsFiledRight() throws {
        let expected = try Self.readWithPython(TOMLCorpus.valid + TOMLCorpus.invalid)
        for (document, reference) in zip(TOMLCorpus.valid, expected) where reference == nil {
            Issue.record("filed as valid, refused by Python: \(String(reflecting: document))")
        }
        for (document, reference) in zip(TOMLCorpus.invalid, expected.dropFirst(TOMLCorpus.valid.count)) where reference != nil {
            Issue.record("filed as invalid, read by Python: \(String(reflecting: document))")
        }
    }

    /// Python's reading of each document in the canonical form below, nil where it refuses.
    static func readWithPython(_ documents: [String]) throws -> [String?] {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try JSONEncoder().encode(documents).write(to: URL(fileURLWithPath: folder.file("documents.json")))
        let run = runCommand(["python3", PackagePaths.root + "/Tests/Fixtures/toml-reference.py",
                              folder.file("documents.json"), folder.file("readings.json")])
        try #require(run.status == 0, "python3 with tomllib (Python 3.11 or later) is needed: \(run.output)")
        return try JSONDecoder().decode([String?].self, from: Data(contentsOf: URL(fileURLWithPath: folder.file("readings.json"))))
    }

    /// The form `toml-reference.py` writes: texts as UTF-8 in hexadecimal,
    /// keys sorted by their bytes, floats by their bits, dates by fields.
    static func canonical(_ table: TOMLTable) -> String {
        let keys = table.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return "{" + keys.map { hex($0) + ":" + canonical(table[$0]!) }.joined(separator: ",") + "}"
    }

    static func canonical(_ value: TOMLValue) -> String {
        switch value {
        case let .string(text): "s" + hex(text)
        case let .integer(number): "i\(number)"
        case let .float(number): number.isNaN ? "fnan" : "f" + String(number.bitPattern, radix: 16).padded(16)
        case let .boolean(flag): flag ? "b1" : "b0"
        case let .dateTime(moment): canonical(moment)
        case let .array(elements): "[" + elements.map(canonical).joined(separator: ",") + "]"
        case let .table(table): canonical(table)
        }
    }

    static func canonical(_ moment: TOMLDateTime) -> String {
        var text = "d"
        if let date = moment.date {
            text += String(date.year).padded(4) + "-" + String(date.month).padded(2) + "-" + String(date.day).padded(2)
        }
        text += "t"
        if let time = moment.time {
            let micro = String((time.fraction + "000000").prefix(6))
            text += String(time.hour).padded(2) + ":" + String(time.minute).padded(2) + ":" + String(time.second).padded(2) + "." + micro
        }
        return text + "z" + (moment.offsetMinutes.map(String.init) ?? "")
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String($0, radix: 16).padded(2) }.joined()
    }
}

private extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
