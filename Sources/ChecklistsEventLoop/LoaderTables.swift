import CLoaderTables

/// The dynamic loader's relocation table, given back once the program runs.
///
/// The loader reads the executable's `.rela.dyn` (2 MB, about 100,000
/// relative relocations in the release build, which links the Swift runtime
/// in) once, before `main`, and nothing reads it again: its pages stayed
/// resident and counted in the app's and every command's peak memory
/// (DECISIONS.md, "Built the ordinary way").
public enum LoaderTables {
    /// Drops the resident pages of the running executable's relocation
    /// table (`loader_tables.c`); returns the addresses dropped, or nil when
    /// the table spans no whole page or is not in a read-only segment.
    @discardableResult
    public static func releaseRelocations() -> Range<UInt>? {
        var start: UInt = 0
        let length = loader_release_relocations(&start)
        return length == 0 ? nil : start..<(start + length)
    }
}
