import Foundation
import Testing
import TestSupport
@testable import ChecklistsCommandLine
@testable import ChecklistsModel

/// `list` makes its lines on a second thread while the database is read:
/// the lines read must be the lines given, in order, whole, and all of them
/// read by the time `finish` returns.
@Suite("the listing relay: every line read in order, its bytes its own")
struct ListingLineRelayTests {
    /// What a reader saw of one line, copied out while it read it.
    private struct Seen: Equatable {
        var id: Int64
        var text: String
        var tags: String
        var note: String?
        var name: String
        var onAddingThread: Bool
    }

    /// A reader that notes each line, and on which thread it read it.
    private final class Reader: @unchecked Sendable {
        let addingThread = pthread_self()
        var seen: [Seen] = []
        func read(_ line: ListingLine) {
            seen.append(Seen(id: line.id, text: String(decoding: line.text, as: UTF8.self),
                             tags: String(decoding: line.storedTags, as: UTF8.self),
                             note: line.details.map { String(decoding: $0.note, as: UTF8.self) }, name: line.checklistName,
                             onAddingThread: pthread_equal(pthread_self(), addingThread) != 0))
        }
    }

    /// Adds lines whose bytes live in one buffer that is overwritten after
    /// each line, as SQLite's row is when it steps: a reader that read the
    /// buffer, not a copy, would see the next line's bytes or garbage.
    private func addLines(_ texts: [String], to relay: ListingLineRelay, details: Bool) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { buffer.deallocate() }
        for (index, text) in texts.enumerated() {
            let tags = index % 3 == 0 ? "" : "tag\(index),家"
            let note = index % 2 == 0 ? "note \(index) 📝" : ""
            let bytes = Array(text.utf8) + Array(tags.utf8) + Array(note.utf8)
            buffer.update(from: bytes, count: bytes.count)
            let text = UnsafeBufferPointer(start: buffer, count: text.utf8.count)
            let tagBytes = UnsafeBufferPointer(start: buffer + text.count, count: tags.utf8.count)
            let noteBytes = UnsafeBufferPointer(start: buffer + text.count + tags.utf8.count, count: note.utf8.count)
            relay.add(ListingLine(id: Int64(index + 1), checklistID: 1, checklistName: "List \(index % 2)", text: text, isChecked: false,
                                  dueDate: nil, priority: .none, storedTags: tagBytes, startDate: nil, parentID: nil,
                                  details: details ? .init(note: noteBytes, reminders: [], remindAt: nil, recurrence: nil, lastDoneAt: nil) : nil))
            // What SQLite's next step would do to the row the line pointed into.
            buffer.update(repeating: 0xFF, count: bytes.count)
        }
    }

    private func expected(_ texts: [String], details: Bool, inline: Int) -> [Seen] {
        texts.enumerated().map { index, text in
            Seen(id: Int64(index + 1), text: text, tags: index % 3 == 0 ? "" : "tag\(index),家",
                 note: details ? (index % 2 == 0 ? "note \(index) 📝" : "") : nil, name: "List \(index % 2)", onAddingThread: index < inline)
        }
    }

    @Test("the first lines read where they come, the rest in chunks on another thread; full by lines, by bytes, and a line larger than a chunk",
          arguments: [false, true])
    func inOrderAndCopied(details: Bool) {
        // Texts of mixed scripts and sizes; one of 300 bytes, more than a chunk holds.
        var texts = (0..<40).map { "Buy milk 牛奶 🥛 \($0)" }
        texts[25] = String(repeating: "長い long ", count: 30)
        let reader = Reader()
        let relay = ListingLineRelay(inlineLines: 5, chunkLines: 4, chunkBytes: 120, reader.read)
        addLines(texts, to: relay, details: details)
        relay.finish()
        expectEqual(reader.seen, expected(texts, details: details, inline: 5))
    }

    @Test("finish returns once every line is read, and again at once; a short listing never leaves the adding thread")
    func finishWaits() {
        let reader = Reader()
        let relay = ListingLineRelay(inlineLines: 0, chunkLines: 1_000, reader.read)
        let texts = (0..<2_500).map { "item \($0)" }
        addLines(texts, to: relay, details: false)
        relay.finish()
        expectEqual(reader.seen.count, 2_500)
        expectEqual(reader.seen.map(\.text), texts)
        #expect(!reader.seen.contains { $0.onAddingThread })
        relay.finish()
        expectEqual(reader.seen.count, 2_500)

        let short = Reader()
        let shortRelay = ListingLineRelay(short.read)
        addLines(["one", "two", "three"], to: shortRelay, details: true)
        expectEqual(short.seen.map(\.text), ["one", "two", "three"])
        shortRelay.finish()
        #expect(short.seen.allSatisfy { $0.onAddingThread })
    }
}
