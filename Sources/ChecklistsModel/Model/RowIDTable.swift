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
