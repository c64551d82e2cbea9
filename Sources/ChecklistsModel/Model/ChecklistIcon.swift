/// The icon a checklist shows beside its name, as in the original app.
///
/// Every glyph is exactly two columns wide (an emoji, or two ASCII letters for
/// terminals without Unicode) so list names line up whatever the icon.
public enum ChecklistIcon: String, CaseIterable, Sendable, Codable {
    case none, appointments, birthdays, chores, drinks, folder, groceries, inbox, photos, trips

    /// The name shown in the icon chooser.
    public var displayName: String {
        switch self {
        case .none: "No Icon"
        case .appointments: "Appointments"
        case .birthdays: "Birthdays"
        case .chores: "Chores"
        case .drinks: "Drinks"
        case .folder: "Folder"
        case .groceries: "Groceries"
        case .inbox: "Inbox"
        case .photos: "Photos"
        case .trips: "Trips"
        }
    }

    /// A two-column emoji. Only Emoji_Presentation code points are used: a
    /// text-presentation symbol such as "✈" is one column in some terminals and
    /// two in others, which would shift every row after it.
    public var glyph: String {
        switch self {
        case .none: "  "
        case .appointments: "📅"
        case .birthdays: "🎂"
        case .chores: "🧹"
        case .drinks: "🍹"
        case .folder: "📁"
        case .groceries: "🛒"
        case .inbox: "📥"
        case .photos: "📷"
        case .trips: "🧳"
        }
    }

    /// Two ASCII columns for terminals whose locale is not UTF-8.
    public var asciiGlyph: String {
        switch self {
        case .none: "  "
        case .appointments: "Ap"
        case .birthdays: "Bd"
        case .chores: "Ch"
        case .drinks: "Dr"
        case .folder: "Fo"
        case .groceries: "Gr"
        case .inbox: "In"
        case .photos: "Ph"
        case .trips: "Tr"
        }
    }

    /// Parses a name the way a user types it ("groceries", "No Icon").
    public init?(userInput: String) {
        let key = userInput.lowercased().filter { !$0.isWhitespace }
        guard let icon = Self.allCases.first(where: {
            $0.rawValue == key || $0.displayName.lowercased().filter({ !$0.isWhitespace }) == key
        }) else { return nil }
        self = icon
    }
}
