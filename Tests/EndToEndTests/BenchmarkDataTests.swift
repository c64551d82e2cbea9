import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The benchmark's multilingual data set is the mix its documentation
/// describes, and calcurse is given the same items: the built
/// `checklists-bench` run with the very options `scripts/bench` passes, its
/// database read back through the model, and `calcurse-data`'s files read
/// line by line. A figure measured on data other than the one described
/// would not say what the report says it does.
@Suite("The benchmark's data, as described")
struct BenchmarkDataTests {
    let folder = TemporaryFolder()
    static let items = 2_000

    static let bench = PackagePaths.product("checklists-bench")

    /// The generator's options for the multilingual set, as `scripts/bench`
    /// has them, so this checks what the benchmark measures.
    static func multilingualOptions() throws -> [String] {
        let script = try String(contentsOfFile: PackagePaths.root + "/scripts/bench", encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.contains("multilingual) echo \"--") })
        let quoted = try #require(line.split(separator: "\"").dropFirst().first)
        return quoted.split(separator: " ").map(String.init)
    }

    private func generate(_ name: String, seed: Int) throws -> [ListedItem] {
        let path = folder.file(name + "/checklists.sqlite")
        let made = runCommand([Self.bench, "generate", "--items", String(Self.items), "--shape", "one-list", "--out", path,
                               "--texts", PackagePaths.root + "/Resources/bench/item-texts-multilingual.txt",
                               "--seed", String(seed)] + (try Self.multilingualOptions()))
        try #require(made.status == 0, "\(made.output)")
        let database = try ChecklistsDatabase.openForReading(DatabaseLocation(path: path, createsFolder: false))
        return try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil)
    }

    private static func share(_ part: Int, of whole: Int) -> Double { Double(part) / Double(max(whole, 1)) }

    @Test("2,000 items: six lists in several scripts dealt round-robin, 30% dated, a tenth with notes, a fifth with a priority and a fifth with tags, texts in every script the documentation names")
    func theDocumentedMix() throws {
        defer { folder.remove() }
        let started = Date()
        let listed = try generate("a", seed: 11)
        expectEqual(listed.count, Self.items)
        let items = listed.map(\.item)

        var perList: [String: Int] = [:]
        for entry in listed { perList[entry.checklistName, default: 0] += 1 }
        expectEqual(Set(perList.keys), ["Inbox", "买菜 Groceries", "仕事", "집안일", "Voyages ✈️", "Family 👨‍👩‍👧"])
        #expect(perList.values.allSatisfy { $0 == 333 || $0 == 334 }, "\(perList)")

        let dated = items.filter { $0.dueDate != nil }
        let datedShare = Self.share(dated.count, of: items.count)
        #expect((0.25...0.35).contains(datedShare), "dated: \(datedShare)")
        let repeating = Self.share(dated.filter { $0.recurrence != nil }.count, of: dated.count)
        #expect((0.05...0.15).contains(repeating), "repeating among the dated: \(repeating)")
        #expect(items.allSatisfy { $0.dueDate != nil || $0.recurrence == nil })
        let future = dated.filter { $0.dueDate! > started }
        let reminding = Self.share(future.filter(\.shouldRemind).count, of: future.count)
        #expect((0.2...0.45).contains(reminding), "reminding among the coming: \(reminding)")
        let notes = Self.share(items.filter(\.hasNote).count, of: items.count)
        #expect((0.07...0.13).contains(notes), "with a note: \(notes)")

        let prioritized = items.filter { $0.priority != .none }
        let priorityShare = Self.share(prioritized.count, of: items.count)
        #expect((0.16...0.24).contains(priorityShare), "with a priority: \(priorityShare)")
        expectEqual(Set(prioritized.map(\.priority)), [.low, .medium, .high])
        let tagged = items.filter { !$0.tags.isEmpty }
        let taggedShare = Self.share(tagged.count, of: items.count)
        #expect((0.16...0.24).contains(taggedShare), "with tags: \(taggedShare)")
        #expect(tagged.allSatisfy { (1...2).contains($0.tags.count) })
        let tags = Set(tagged.flatMap(\.tags))
        #expect(tags.isSubset(of: ["work", "home", "errands", "urgent", "家", "仕事", "장보기", "café", "Reisen", "🎁"]), "\(tags)")
        #expect(tags.contains("家") && tags.contains("장보기") && tags.contains("🎁"), "\(tags)")

        // Each script and kind of text the documentation names, by the
        // Unicode blocks that hold it.
        let texts = items.map(\.text)
        func some(_ what: String, _ test: (String) -> Bool) {
            let found = texts.contains(where: test)
            #expect(found, "no text with \(what)")
        }
        func scalars(_ text: String, in range: ClosedRange<UInt32>) -> Bool { text.unicodeScalars.contains { range.contains($0.value) } }
        some("Chinese or Japanese ideographs") { scalars($0, in: 0x4E00...0x9FFF) }
        some("kana") { scalars($0, in: 0x3040...0x30FF) }
        some("Hangul") { scalars($0, in: 0xAC00...0xD7AF) }
        some("Arabic") { scalars($0, in: 0x0600...0x06FF) }
        some("Hebrew") { scalars($0, in: 0x0590...0x05FF) }
        some("a combining accent") { scalars($0, in: 0x0300...0x036F) }
        some("an emoji ZWJ sequence") { scalars($0, in: 0x200D...0x200D) }
        some("a skin tone") { scalars($0, in: 0x1F3FB...0x1F3FF) }
        some("a flag") { scalars($0, in: 0x1F1E6...0x1F1FF) }
        some("English and CJK in one line") { scalars($0, in: 0x61...0x7A) && scalars($0, in: 0x4E00...0x9FFF) }
        some("200 characters or more") { $0.count >= 200 }
    }

    @Test("the same seed makes the same items, and another seed other ones")
    func theSameSeedTheSameItems() throws {
        defer { folder.remove() }
        // Due dates are drawn around the moment of making: whether an item
        // is dated is the seed's, the instant is the clock's.
        func facts(_ listed: [ListedItem]) -> [String] {
            listed.sorted { $0.id < $1.id }.map {
                "\($0.id) \($0.checklistName) \($0.item.text) \($0.item.note) \($0.item.isChecked) \($0.item.dueDate != nil) "
                    + "\($0.item.priority) \($0.item.tags) \(String(describing: $0.item.recurrence))"
            }
        }
        let first = facts(try generate("a", seed: 5))
        let again = facts(try generate("b", seed: 5))
        let other = facts(try generate("c", seed: 6))
        expectEqual(first, again)
        #expect(first != other)
    }

    @Test("calcurse's files hold the same items: a to-do each in calcurse's own order, an appointment for each dated one, the notes in its notes folder")
    func calcurseGetsTheSameItems() throws {
        defer { folder.remove() }
        let listed = try generate("a", seed: 11)
        let out = folder.file("calcurse")
        let written = runCommand([Self.bench, "calcurse-data", "--db", folder.file("a/checklists.sqlite"), "--out", out])
        try #require(written.status == 0, "\(written.output)")

        // calcurse's to-do line: "[N]" or "[-N]" (done), then ">" and the
        // note's 40-digit id and a space, or a space alone; then the text.
        struct Todo: Hashable { var done: Bool; var priority: Int; var text: String; var note: String? }
        let todoText = try String(contentsOfFile: out + "/todo", encoding: .utf8)
        let pattern = try Regex(#"^\[(-?)([0-9])\](?:>([0-9a-f]{40}) | )(.*)$"#)
        var todos: [Todo] = []
        for line in todoText.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let match = try #require(try pattern.wholeMatch(in: String(line)), "a to-do line calcurse would not read: \(line)")
            let noteID = match.output[3].substring.map(String.init)
            let note = try noteID.map { try String(contentsOfFile: out + "/notes/" + $0, encoding: .utf8) }
            todos.append(Todo(done: match.output[1].substring == "-", priority: Int(match.output[2].substring!)!,
                              text: String(match.output[4].substring!), note: note))
        }

        // The same items, field for field.
        let levels: [Priority: Int] = [.high: 1, .medium: 5, .low: 9, .none: 0]
        let expected = listed.map(\.item).map { item in
            Todo(done: item.isChecked, priority: levels[item.priority]!,
                 text: item.tags.reduce(item.text.replacingOccurrences(of: "\n", with: " ")) { $0 + " #" + $1 },
                 note: item.note.isEmpty ? nil : item.note.hasSuffix("\n") ? item.note : item.note + "\n")
        }
        expectEqual(todos.count, expected.count)
        expectEqual(Dictionary(todos.map { ($0, 1) }, uniquingKeysWith: +), Dictionary(expected.map { ($0, 1) }, uniquingKeysWith: +))

        // In the order calcurse saves them (its todo_cmp): pending first,
        // then priority 1 to 9 before none (0), then the text's bytes.
        func rank(_ todo: Todo) -> Int { todo.priority == 0 ? 10 : todo.priority }
        for (earlier, later) in zip(todos, todos.dropFirst()) {
            let inOrder = earlier.done != later.done ? !earlier.done
                : rank(earlier) != rank(later) ? rank(earlier) < rank(later)
                : !later.text.utf8.lexicographicallyPrecedes(earlier.text.utf8)
            #expect(inOrder, "out of calcurse's order: \(earlier) before \(later)")
        }

        let appointments = try String(contentsOfFile: out + "/apts", encoding: .utf8).split(separator: "\n")
        expectEqual(appointments.count, listed.filter { $0.item.dueDate != nil }.count)
    }
}
