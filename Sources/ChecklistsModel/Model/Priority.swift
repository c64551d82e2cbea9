import Foundation

/// How much an item matters: none, low, medium or high. iCalendar's
/// PRIORITY says it with a number (1-4 high, 5 medium, 6-9 low, 0 or none
/// absent); we write 1, 5 and 9, as Apple and tasks.org do, and keep the
/// number another app wrote while the level it means is unchanged.
public enum Priority: Int, CaseIterable, Comparable, Hashable, Sendable {
    case none = 0, low = 1, medium = 2, high = 3

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level an iCalendar PRIORITY value means; a value that is not a
    /// number from 0 to 9 means none, as RFC 5545 reads an absent one.
    public init(icalendar value: String) {
        switch Int(value.trimmingCharacters(in: .whitespaces)) {
        case (1...4)?: self = .high
        case 5?: self = .medium
        case (6...9)?: self = .low
        default: self = .none
        }
    }

    /// The PRIORITY we write for this level (nil: none, the property goes).
    public var icalendarValue: String? {
        switch self {
        case .none: nil
        case .low: "9"
        case .medium: "5"
        case .high: "1"
        }
    }

    /// The name the command line and the JSON use.
    public var name: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// The level named `name` (any case), or nil.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = level
    }

    /// The next level for the one key that steps it: none, low, medium,
    /// high, and round to none.
    public var next: Priority { Self(rawValue: (rawValue + 1) % 4)! }
    public var previous: Priority { Self(rawValue: (rawValue + 3) % 4)! }

    /// The row's mark, which reads without colour: "!!!" high, "!!"
    /// medium, "!" low (Apple's and Things' marks); "" for none.
    public var mark: String { String(repeating: "!", count: rawValue) }

    /// The mark in one column, where a narrow pane has no room for three:
    /// the level's initial, "H", "M" or "L"; "" for none.
    public var shortMark: String {
        switch self {
        case .none: ""
        case .low: "L"
        case .medium: "M"
        case .high: "H"
        }
    }
}
