/// Values kept by a row's id, for a loop that looks one up for each of
/// many rows (a list's name or cell for each listed item). Ids count up
/// from 1, so those below 1,024 are found by position; hashing each row's
/// id was 2 to 3 % of `list` of 100,000. Any other id is hashed.
public struct RowIDTable<Value> {
    @usableFromInline var byPosition: [Value?] = []
    @usableFromInline var others: [Int64: Value] = [:]

    public init() {}

    @inlinable static var positions: Int64 { 1_024 }

    @inlinable public subscript(id: Int64) -> Value? {
        get {
            guard id >= 0 && id < Self.positions else { return others[id] }
            return Int(id) < byPosition.count ? byPosition[Int(id)] : nil
        }
        set {
            guard id >= 0 && id < Self.positions else { return others[id] = newValue }
            let position = Int(id)
            if position >= byPosition.count { byPosition += repeatElement(nil, count: position + 1 - byPosition.count) }
            byPosition[position] = newValue
        }
    }
}

/// A set of row ids, for a loop that asks about each of many rows (is
/// this listed item a sub-item under its parent?). Ids count up from 1, so
/// those below 2^24 are bits in an array as long as the largest of them
/// needs (2 MiB at most); hashing each listed row's id twice was a tenth
/// of `list` of 100,000 with sub-items. Any other id is hashed.
struct RowIDSet {
    private var bits: [UInt64] = []
    private var others: Set<Int64> = []

    private static let positions: Int64 = 1 << 24

    mutating func insert(_ id: Int64) {
        guard id >= 0 && id < Self.positions else { others.insert(id); return }
        let word = Int(id >> 6)
        if word >= bits.count { bits += repeatElement(0, count: word + 1 - bits.count) }
        bits[word] |= 1 << UInt64(id & 63)
    }

    func contains(_ id: Int64) -> Bool {
        guard id >= 0 && id < Self.positions else { return !others.isEmpty && others.contains(id) }
        let word = Int(id >> 6)
        return word < bits.count && bits[word] & (1 << UInt64(id & 63)) != 0
    }
}
