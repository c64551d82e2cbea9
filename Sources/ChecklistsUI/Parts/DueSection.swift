import Foundation
import ChecklistsModel

/// What is due today or overdue across every list, as loaded for the top of
/// the home screen. At most `limit(visibleRows:)` items are loaded, whatever
/// the data.
public struct DueSection: Hashable, Sendable {
    /// How many items to load for a home screen of `visibleRows` rows: one
    /// more than can show with the headings and a list beside them
    /// (`AllListsState.rows`). A load shorter than this holds every due
    /// item; a full one means some are left out, and they are counted. Each
    /// item is a row read from the table, wherever it lies in the file: a
    /// fixed 100 read 60 more of them than a 40-row pane shows, before the
    /// first frame.
    public static func limit(visibleRows: Int) -> Int { max(1, visibleRows - 2) }
    /// Counting stops here, so a database with 100,000 overdue items costs
    /// the same to show as one with 1,000: past a thousand a dashboard's
    /// count says "a lot", and each index entry counted costs about a
    /// microsecond before the first frame (DECISIONS.md, "The Due view").
    public static let countCap = 1_000

    public var items: [ListedItem]
    /// How many are due in all (at most `countCap`).
    public var total: Int
    /// The moment the items were read as started by: what had not started
    /// then was left out (it waits in its list).
    public var startedBy: Date?
    /// How many items the Upcoming view holds, counted as it counts them
    /// (read with the Due view, for the Upcoming row of the home screen).
    public var upcoming: Int

    public init(items: [ListedItem] = [], total: Int = 0, startedBy: Date? = nil, upcoming: Int = 0) {
        self.items = items
        self.total = max(total, items.count)
        self.startedBy = startedBy
        self.upcoming = upcoming
    }
}
