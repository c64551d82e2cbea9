import Foundation
import Testing
import ChecklistsEventLoop
import TestSupport

struct LoaderTablesTests {
    /// Given the test program, whose relocation table the loader read at
    /// its start, when the table is released, then none of its pages is
    /// resident any more (bit 63 of /proc/self/pagemap: page present).
    @Test func theRelocationTableLeavesMemory() throws {
        let range = try #require(LoaderTables.releaseRelocations(), "the test program has a relocation table of whole pages")
        #expect(range.count > 0)
        let pagemap = try #require(FileHandle(forReadingAtPath: "/proc/self/pagemap"))
        defer { try? pagemap.close() }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var present = 0
        for address in stride(from: range.lowerBound, to: range.upperBound, by: Int(page)) {
            try pagemap.seek(toOffset: UInt64(address / page * 8))
            let entry = try #require(try pagemap.read(upToCount: 8)).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            if entry >> 63 == 1 { present += 1 }
        }
        expectEqual(present, 0, "pages of the relocation table still resident")
    }
}
