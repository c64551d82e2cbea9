import Foundation
import ChecklistsModel

extension SnapshotReader {
    /// The reading of a large file on two cores: one pass reads everything
    /// but the items, passing over each (`JSONParser.skipObject`: brackets
    /// and strings only) and noting where it starts; then both cores read
    /// the items in full from there, a sixteenth of them at a time, each
    /// core taking the next sixteenth when it is done (in two fixed halves
    /// one core idled while the other finished), and their ids and UIDs are
    /// checked in the file's order. Nil at the
    /// first problem of any kind: the one-core reading then reads the file
    /// again, and finds and words the problem as it always has, so a file
    /// with a problem is reported the same either way (a test compares
    /// the two on every problem it knows).
    static func readOnTwoCores(_ bytes: [UInt8], name: String, calendar: Calendar = Calendar(identifier: .gregorian)) -> Snapshot? {
        let skim = Skim()
        var parser = JSONParser(document: bytes)
        guard var snapshot = try? SnapshotReader(bytes: bytes, name: name, skim: skim, calendar: calendar).snapshot(&parser),
              (try? parser.finishDocument()) != nil
        else { return nil }
        let items = skim.items
        let listIDs = snapshot.lists.map(\.checklist.id)
        let shares = (0..<readShares).map { items.count * $0 / readShares..<items.count * ($0 + 1) / readShares }
        let parts = shares.map { _ in ReadPart() }
        DispatchQueue.concurrentPerform(iterations: shares.count) { share in
            let reader = SnapshotReader(bytes: bytes, name: name, calendar: calendar)
            var entries: [Snapshot.Entry] = []
            entries.reserveCapacity(shares[share].count)
            for index in shares[share] {
                let item = items[index]
                var parser = JSONParser(document: bytes, at: item.start)
                guard let entry = try? reader.item(&parser, checklistID: listIDs[item.list]), parser.position.offset == item.end else { return }
                entries.append(entry)
            }
            parts[share].entries = entries
        }
        let read = parts.compactMap(\.entries)
        guard read.count == parts.count else { return nil }
        // The ids and the UIDs are checked at once, each set on a core of
        // its own: one after the other they were a large share of the reading.
        let unique = UniquenessCheck()
        DispatchQueue.concurrentPerform(iterations: 2) { check in
            if check == 0 {
                var ids = Set<Int64>(minimumCapacity: items.count)
                unique.ids = read.allSatisfy { $0.allSatisfy { ids.insert($0.item.id).inserted } }
            } else {
                var uids = Set<String>(minimumCapacity: items.count)
                unique.uids = read.allSatisfy { $0.allSatisfy { $0.uid.isEmpty || uids.insert($0.uid).inserted } }
            }
        }
        guard unique.ids, unique.uids else { return nil }
        // Each list's array made once at its size, not grown item by item.
        var counts = [Int](repeating: 0, count: snapshot.lists.count)
        for item in items { counts[item.list] += 1 }
        for list in snapshot.lists.indices { snapshot.lists[list].items.reserveCapacity(counts[list]) }
        var index = 0
        for share in read {
            for entry in share {
                snapshot.lists[items[index].list].items.append(entry)
                index += 1
            }
        }
        return snapshot
    }

    /// How many parts of the items the two cores share out.
    private static let readShares = 16

    /// The items of one share, once a core has read all of it.
    private final class ReadPart: @unchecked Sendable {
        var entries: [Snapshot.Entry]?
    }

    /// Whether no two items share an id, and no two a UID: each found on
    /// a core of its own.
    private final class UniquenessCheck: @unchecked Sendable {
        var ids = false
        var uids = false
    }
}
