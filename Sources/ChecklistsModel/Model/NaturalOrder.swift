import Foundation

/// The order people sort names in: case-insensitive, numbers by value
/// ("List 2" before "List 10"). Used for checklist names and for items sorted
/// by text (through a SQLite collation of the same name).
///
/// Written by hand rather than with Foundation's `.numeric` compare: that one
/// goes through CFString and locale machinery and cost 7 ms to sort 1,000
/// list names at start-up (most of the All Lists first frame at that size).
public enum NaturalOrder {
    public static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let result = fold(lhs).withUnsafeBufferPointer { a in fold(rhs).withUnsafeBufferPointer { b in compareFolded(a, b) } }
        // Names that differ only by case still need a stable order.
        if result != .orderedSame { return result }
        return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
    }

    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }

    /// Sorts `elements` by the names `name` gives. Each name is made once
    /// into a key (`appendKey`) whose order, element by element, is the
    /// natural order, all of them into one buffer: 1,000 names take about
    /// 10,000 comparisons, which then walk two runs of numbers and nothing
    /// else. The positions are sorted, not the elements: moving (name,
    /// key, element) through the sort's merges took twice as long as
    /// comparing them, over 1,000 lists at the app's start.
    public static func sorted<Element>(_ elements: [Element], by name: (Element) -> String) -> [Element] {
        let names = elements.map(name)
        var keys: [UInt32] = []
        keys.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count + 4 })
        var folded: [Unicode.Scalar] = []
        let bounds = names.map { name in
            folded.removeAll(keepingCapacity: true)
            appendFolded(name, to: &folded)
            let start = keys.count
            folded.withUnsafeBufferPointer { appendKey($0, to: &keys) }
            return start..<keys.count
        }
        let order = keys.withUnsafeBufferPointer { all in
            bounds.withUnsafeBufferPointer { bounds in
                elements.indices.sorted { lhs, rhs in
                    switch compareKeys(UnsafeBufferPointer(rebasing: all[bounds[lhs]]), UnsafeBufferPointer(rebasing: all[bounds[rhs]])) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: return names[lhs] < names[rhs]
                    }
                }
            }
        }
        return order.map { elements[$0] }
    }

    /// Appends the key of a folded name: its scalars, each run of digits
    /// made "0" (where any other character meets it by code point, as in
    /// `compareFolded`: every digit is at least "0"), then the count of its
    /// significant digits, then those digits. Two keys compare element by
    /// element as `compareFolded` compares the names: a shorter number
    /// first, then digit by digit, and a name that ends first before one
    /// that goes on.
    private static func appendKey(_ folded: UnsafeBufferPointer<Unicode.Scalar>, to key: inout [UInt32]) {
        var index = 0
        while index < folded.count {
            guard isDigit(folded[index]) else {
                key.append(folded[index].value)
                index += 1
                continue
            }
            let (start, end) = digitRun(folded, from: index)
            key.append(48)
            key.append(UInt32(end - start))
            for digit in start..<end { key.append(folded[digit].value) }
            index = end
        }
    }

    private static func compareKeys(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>) -> ComparisonResult {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return a[index] < b[index] ? .orderedAscending : .orderedDescending
        }
        return a.count == b.count ? .orderedSame : (a.count < b.count ? .orderedAscending : .orderedDescending)
    }

    /// The name in lower case, as scalars.
    static func fold(_ name: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        appendFolded(name, to: &scalars)
        return scalars
    }

    /// Appends the name in lower case, as scalars. A name of ASCII alone
    /// (most are) is folded byte by byte, which is what `lowercased()`
    /// does to it: making the lower-cased String and then its scalars was
    /// most of folding 1,000 list names at the start.
    private static func appendFolded(_ name: String, to scalars: inout [Unicode.Scalar]) {
        var name = name
        let ascii = name.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in bytes { scalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)) }
            return true
        }
        if !ascii { scalars.append(contentsOf: name.lowercased().unicodeScalars) }
    }

    /// Walks both strings; a run of ASCII digits compares by its value
    /// (leading zeros ignored), anything else by code point.
    private static func compareFolded(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>) -> ComparisonResult {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let (startA, endA) = digitRun(a, from: i)
                let (startB, endB) = digitRun(b, from: j)
                let lengthA = endA - startA, lengthB = endB - startB
                if lengthA != lengthB { return lengthA < lengthB ? .orderedAscending : .orderedDescending }
                for offset in 0..<lengthA where a[startA + offset] != b[startB + offset] {
                    return a[startA + offset].value < b[startB + offset].value ? .orderedAscending : .orderedDescending
                }
                i = endA
                j = endB
                continue
            }
            if a[i] != b[j] { return a[i].value < b[j].value ? .orderedAscending : .orderedDescending }
            i += 1
            j += 1
        }
        if i < a.count { return .orderedDescending }
        if j < b.count { return .orderedAscending }
        return .orderedSame
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 48 && scalar.value <= 57
    }

    /// The significant digits of the run starting at `index` (leading zeros
    /// skipped) and where the run ends.
    private static func digitRun(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, from index: Int) -> (start: Int, end: Int) {
        var end = index
        while end < scalars.count && isDigit(scalars[end]) { end += 1 }
        var start = index
        while start < end - 1 && scalars[start].value == 48 { start += 1 }
        return (start, end)
    }
}
