import Foundation
import ChecklistsModel

/// A listing's lines handed to their reader on a queue of their own, in the
/// order they come, while the database is still being read: making the
/// lines took a third of a large `list` and two fifths of `list --json`,
/// done between SQLite's steps while the second core sat idle. A line's bytes point
/// into SQLite's row, valid only while it is handed over, so each is copied
/// into its chunk first. A listing's first `inlineLines` lines are read
/// where they come: a short listing starts no thread.
final class ListingLineRelay: @unchecked Sendable {
    /// Lines read where they come before the relay starts handing chunks over.
    let inlineLines: Int
    /// Lines in a chunk: enough that handing one over costs nothing beside
    /// making its lines, few enough that the reader starts at once.
    let chunkLines: Int
    /// Bytes of texts, tags and notes a chunk holds; a line larger than this
    /// gets a chunk of its own, as large as it needs.
    let chunkBytes: Int
    private let read: (ListingLine) -> Void
    private let queue = DispatchQueue(label: "checklists.listing")
    /// Chunks handed over and not yet read are at most this many, so the
    /// memory a fast reader of the database holds stays bounded.
    private let inFlight: DispatchSemaphore
    private static let chunksInFlight = 3
    /// The chunk being filled: its lines, and the bytes their texts, tags
    /// and notes were copied to. Touched only by the thread that adds lines,
    /// and kept here rather than in a chunk object, which cost a retain and
    /// a release of it for every line.
    private var lines: [ListingLine] = []
    private var storage: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private var used = 0
    private var linesSeen = 0
    private var finished = false

    init(inlineLines: Int = 1_024, chunkLines: Int = 512, chunkBytes: Int = 1 << 16, _ read: @escaping (ListingLine) -> Void) {
        self.inlineLines = inlineLines
        self.chunkLines = max(1, chunkLines)
        self.chunkBytes = max(1, chunkBytes)
        self.read = read
        inFlight = DispatchSemaphore(value: Self.chunksInFlight)
    }

    /// Reads `line` now, or copies it into the chunk being filled and hands
    /// that over once it is full.
    func add(_ line: ListingLine) {
        precondition(!finished, "a line added to a listing relay after finish()")
        linesSeen += 1
        if linesSeen <= inlineLines { return read(line) }
        let size = line.text.count + line.storedTags.count + (line.details?.note.count ?? 0)
        if used + size > capacity && !lines.isEmpty { handOver() }
        if storage == nil {
            capacity = max(chunkBytes, size)
            storage = .allocate(capacity: capacity)
            lines.reserveCapacity(chunkLines)
        }
        // The line is appended, then its bytes pointed at where it lies: a
        // copy made, changed and then appended was copied twice.
        lines.append(line)
        let last = lines.count - 1
        lines[last].text = place(line.text)
        lines[last].storedTags = place(line.storedTags)
        if let note = line.details?.note { lines[last].details?.note = place(note) }
        if lines.count == chunkLines { handOver() }
    }

    /// Hands over what is left and returns once every line is read. Every
    /// listing ends with it, thrown errors included: no line is read after
    /// the listing's own call returns.
    func finish() {
        guard !finished else { return }
        finished = true
        if !lines.isEmpty { handOver() }
        queue.sync {}
    }

    /// `bytes` copied into the chunk's storage, which has room for them.
    private func place(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let source = bytes.baseAddress, !bytes.isEmpty, let storage else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = storage + used
        start.initialize(from: source, count: bytes.count)
        used += bytes.count
        return UnsafeBufferPointer(start: start, count: bytes.count)
    }

    private func handOver() {
        let full = FullChunk(lines: lines, storage: storage)
        lines = []
        storage = nil
        capacity = 0
        used = 0
        inFlight.wait()
        queue.async {
            for line in full.lines { self.read(line) }
            self.inFlight.signal()
        }
    }
}

/// A chunk handed over: its lines, and the bytes they point into, freed
/// with it once they are read.
private final class FullChunk: @unchecked Sendable {
    let lines: [ListingLine]
    private let storage: UnsafeMutablePointer<UInt8>?

    init(lines: [ListingLine], storage: UnsafeMutablePointer<UInt8>?) {
        self.lines = lines
        self.storage = storage
    }

    deinit { storage?.deallocate() }
}
