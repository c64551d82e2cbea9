import Testing
import TestSupport
@testable import ChecklistsModel

@Suite("RowIDTable: values by row id, by position below 1,024 and hashed above")
struct RowIDTableTests {
    @Test("every id reads back what was set, on either side of 1,024 and below 0; unset ids and cleared ones read nil")
    func setAndGet() {
        var table = RowIDTable<String>()
        let ids: [Int64] = [1, 0, 1_023, 1_024, 5_000, -1, Int64.min, Int64.max, 7]
        for id in ids { #expect(table[id] == nil, "\(id)") }
        for id in ids { table[id] = "list \(id)" }
        for id in ids { expectEqual(table[id], "list \(id)", "\(id)") }
        #expect(table[2] == nil && table[1_022] == nil && table[1_025] == nil)
        table[7] = "renamed"
        table[1_024] = nil
        #expect(table[7] == "renamed" && table[1_024] == nil && table[1_023] == "list 1023")
    }
}

@Suite("RowIDSet: row ids as bits below 2^24 and hashed at and above it")
struct RowIDSetTests {
    @Test("every id inserted is found, on either side of a word, of 2^24 and below 0; the ids around them are not")
    func insertAndFind() {
        var set = RowIDSet()
        let ids: [Int64] = [1, 0, 63, 64, 65, 100_000, (1 << 24) - 1, 1 << 24, 9_000_000_000, -1, Int64.min, Int64.max]
        for id in ids { #expect(!set.contains(id), "\(id)") }
        for id in ids { set.insert(id) }
        for id in ids { #expect(set.contains(id), "\(id)") }
        for id: Int64 in [2, 62, 66, 99_999, 100_001, (1 << 24) - 2, (1 << 24) + 1, 9_000_000_001, -2] {
            #expect(!set.contains(id), "\(id)")
        }
        set.insert(64)
        #expect(set.contains(64) && set.contains(63) && set.contains(65))
    }
}
