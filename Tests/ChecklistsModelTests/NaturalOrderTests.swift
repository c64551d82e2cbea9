import Testing
import TestSupport
@testable import ChecklistsModel

@Suite("Natural order")
struct NaturalOrderTests {
    @Test("numbers by value, case-insensitive, stable for names that differ by case")
    func order() {
        let names = ["list 10", "List 2", "apples", "Zebra", "list 1", "List 02b", "list 2a", "Äpfel", "item 007", "item 7", "APPLES"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) ==
                ["APPLES", "apples", "item 007", "item 7", "list 1", "List 2", "list 2a", "List 02b", "list 10", "Zebra", "Äpfel"])
    }

    @Test("sorting with folded keys gives the same order as the comparison")
    func sortedByKey() {
        let names = ["list 10", "List 2", "apples", "Zebra", "list 1", "APPLES", "item 007", "item 7"]
        expectEqual(NaturalOrder.sorted(names) { $0 }, names.sorted(by: NaturalOrder.areInIncreasingOrder))
    }

    @Test("an ASCII name is folded as lowercased() folds it, byte for byte; others through lowercased()")
    func folding() {
        let ascii = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        expectEqual(NaturalOrder.fold(ascii), Array(ascii.lowercased().unicodeScalars))
        for name in ["Äpfel", "ÉCOLE 2", "Straße", "İstanbul", "LIST 10 ☕"] {
            expectEqual(NaturalOrder.fold(name), Array(name.lowercased().unicodeScalars))
        }
        let names = ["list 10", "Äpfel", "ÉCOLE 2", "école 10", "apples", "Zebra", "ÄPFEL", "List 2"]
        expectEqual(NaturalOrder.sorted(names) { $0 }, names.sorted(by: NaturalOrder.areInIncreasingOrder))
    }

    @Test("sorting by keys gives the comparison's order for digits beside punctuation and letters, leading zeros, numbers that end a name, and non-ASCII of every UTF-8 length, and NUL beside a key's padding")
    func keysAgreeWithTheComparison() {
        let parts = ["a", "A", "b", "0", "00", "1", "01", "2", "10", "010", "9", "99", " ", "-", "_", "~", ".", "é", "Ä", "z", "ß", "☕",
                     "\u{0}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FF10}", "\u{FFFD}", "😀", "\u{10FFFF}", "12345678901234567890"]
        var names: [String] = [""]
        for first in parts {
            for second in parts { names.append(first + second) }
        }
        for (index, name) in names.enumerated() where index % 7 == 0 { names.append(name + "1x") }
        let sorted = NaturalOrder.sorted(names) { $0 }
        expectEqual(sorted, names.sorted(by: NaturalOrder.areInIncreasingOrder))
        expectEqual(sorted.count, names.count)
    }

    @Test("equal strings compare the same; long digit runs do not overflow")
    func edges() {
        expectEqual(NaturalOrder.compare("a", "a"), .orderedSame)
        expectEqual(NaturalOrder.compare("", "a"), .orderedAscending)
        expectEqual(NaturalOrder.compare("n 99999999999999999999999", "n 100000000000000000000000"), .orderedAscending)
    }
}
