import Foundation

/// The order people sort names in: case-insensitive, numbers by value
/// ("List 2" before "List 10"). Used for checklist names and for items sorted
/// by text (through a SQLite collation of the same name).
public enum NaturalOrder {
    public static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let result = lhs.compare(rhs, options: [.caseInsensitive, .numeric, .widthInsensitive])
        // Names that differ only by case still need a stable order.
        return result == .orderedSame ? lhs.compare(rhs) : result
    }

    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }
}
