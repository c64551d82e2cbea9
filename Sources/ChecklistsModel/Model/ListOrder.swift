/// How All Lists (and `checklists lists`) orders the lists: by name the way
/// people sort ("List 2" before "List 10"), or in the order the user set by
/// hand with J and K. The hand order is kept while the names order them, so
/// `s` switches between the two and loses neither.
public enum ListOrder: String, CaseIterable, Hashable, Sendable {
    case byName, byHand

    /// The other order, for the `s` key.
    public var next: ListOrder { self == .byName ? .byHand : .byName }

    /// How a title bar or a message names it.
    public var displayName: String {
        switch self {
        case .byName: "by name"
        case .byHand: "by hand"
        }
    }
}
