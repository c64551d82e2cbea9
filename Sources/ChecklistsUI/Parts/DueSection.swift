import ChecklistsModel

/// What is due today or overdue across every list, as loaded for the top of
/// the home screen. At most `limit` items are loaded, whatever the data.
public struct DueSection: Hashable, Sendable {
    public static let limit = 100
    /// Counting stops here, so a database with 100,000 overdue items costs
    /// the same to show as one with 1,000: past a thousand a dashboard's
    /// count says "a lot", and each index entry counted costs about a
    /// microsecond before the first frame (DECISIONS.md, "The Due view").
    public static let countCap = 1_000

    public var items: [ListedItem]
    /// How many are due in all (at most `countCap`).
    public var total: Int

    public init(items: [ListedItem] = [], total: Int = 0) {
        self.items = items
        self.total = max(total, items.count)
    }
}
