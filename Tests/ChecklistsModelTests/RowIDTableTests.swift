import Testing
import TestSupport
import ChecklistsModel

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
