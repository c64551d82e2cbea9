import Foundation

/// The order people sort names in: case-insensitive, numbers by value
/// ("List 2" before "List 10"). Used for checklist names and for items sorted
/// by text (through a SQLite collation of the same name).
///
/// Written by hand rather than with Foundation's `.numeric` compare: that one
/// goes through CFString and locale machinery, and sorting the list names
/// was most of the All Lists first frame over many lists.
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
    /// into a key of bytes (`appendKey`) whose order under `memcmp` is the
    /// natural order, all of them into one buffer: 1,000 names take about
    /// 15,000 comparisons, each then one `memcmp` (comparing the keys as
    /// words packed from the bytes took as long, and packing them more).
    /// The positions are sorted, not the elements: moving (name, key,
    /// element) through the sort's merges took twice as long as comparing
    /// them, over 1,000 lists at the app's start.
    public static func sorted<Element>(_ elements: [Element], by name: (Element) -> String) -> [Element] {
        var keys: [UInt8] = []
        var folded: [Unicode.Scalar] = []
        var bounds: [(start: Int, count: Int)] = []
        bounds.reserveCapacity(elements.count)
        for element in elements {
            let start = keys.count
            appendKey(name(element), to: &keys, scratch: &folded)
            bounds.append((start, keys.count - start))
        }
        let order = keys.withUnsafeBufferPointer { all in
            bounds.withUnsafeBufferPointer { bounds in
                let base = all.baseAddress ?? UnsafePointer(bitPattern: 1)!
                return elements.indices.sorted { lhs, rhs in
                    let a = bounds[lhs], b = bounds[rhs]
                    let shared = memcmp(base + a.start, base + b.start, min(a.count, b.count))
                    if shared != 0 { return shared < 0 }
                    if a.count != b.count { return a.count < b.count }
                    // Names that differ only by case still need a stable order.
                    return name(elements[lhs]) < name(elements[rhs])
                }
            }
        }
        return order.map { elements[$0] }
    }

    /// Appends the key of a name: its folded scalars as UTF-8 (whose byte
    /// order is the scalars' order), each run of digits made "0" (where any
    /// other character meets it by code point, as in `compareFolded`: every
    /// digit is at least "0"), then the count of its significant digits in
    /// four bytes, most significant first, then those digits. Where two keys
    /// first differ, both stand at the same place of the same kind (a
    /// character, a count, a digit), so `memcmp` orders them as
    /// `compareFolded` orders the names: a shorter number first, then digit
    /// by digit, and a name that ends first before one that goes on. A name
    /// of ASCII alone (most are) is folded and keyed straight from its
    /// bytes.
    private static func appendKey(_ name: String, to key: inout [UInt8], scratch folded: inout [Unicode.Scalar]) {
        var name = name
        let done = name.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else {
                    key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                    index += 1
                    continue
                }
                var end = index
                while end < bytes.count && bytes[end] >= 48 && bytes[end] <= 57 { end += 1 }
                var start = index
                while start < end - 1 && bytes[start] == 48 { start += 1 }
                appendRunHeader(count: end - start, to: &key)
                key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                index = end
            }
            return true
        }
        if done { return }
        folded.removeAll(keepingCapacity: true)
        appendFolded(name, to: &folded)
        folded.withUnsafeBufferPointer { folded in
            var index = 0
            while index < folded.count {
                guard isDigit(folded[index]) else {
                    UTF8.encode(folded[index]) { key.append($0) }
                    index += 1
                    continue
                }
                let (start, end) = digitRun(folded, from: index)
                appendRunHeader(count: end - start, to: &key)
                for digit in start..<end { key.append(UInt8(folded[digit].value)) }
                index = end
            }
        }
    }

    private static func appendRunHeader(count: Int, to key: inout [UInt8]) {
        let count = UInt32(clamping: count)
        key.append(48)
        key.append(UInt8(truncatingIfNeeded: count >> 24))
        key.append(UInt8(truncatingIfNeeded: count >> 16))
        key.append(UInt8(truncatingIfNeeded: count >> 8))
        key.append(UInt8(truncatingIfNeeded: count))
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
