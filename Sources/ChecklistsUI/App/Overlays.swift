import Foundation
import ChecklistsModel

/// Something drawn over the screen in front that takes the keys while it is
/// there. The cases are in stacking order: a later one is drawn over an
/// earlier one and gets the keys before it.
public enum Overlay: Hashable, Sendable {
    /// The chooser `m` opens over a checklist.
    case chooser(ListChooserState)
    /// `z`'s question on the message line of a view that shows items apart
    /// from their lists: where to move the item.
    case move(MoveChoice)
    /// The key help (`?`), scrolled to `scroll`.
    case help(scroll: Int)
    /// A y/n question on the message line.
    case question(Confirmation)
    /// Reminders waiting for the user.
    case banner(BannerState)

    /// The kinds in stacking order, each named once.
    enum Kind: Int, Comparable {
        case chooser, move, help, question, banner

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    var kind: Kind {
        switch self {
        case .chooser: .chooser
        case .move: .move
        case .help: .help
        case .question: .question
        case .banner: .banner
        }
    }
}

/// The overlays on screen, bottom to top: render draws them in this order
/// and the top one gets the keys, so what is drawn on top is what answers.
/// A reminder that fires while the help is open lands over it, and a question
/// asked under a banner waits beneath it.
public struct Overlays: Hashable, Sendable {
    /// At most one of each kind, ordered by `Overlay.kind`.
    public private(set) var layers: [Overlay] = []

    public init() {}

    /// The overlay that gets the keys, if any.
    public var top: Overlay? { layers.last }

    /// Puts `overlay` in its place in the stack, replacing one of its kind.
    mutating func show(_ overlay: Overlay) {
        layers.removeAll { $0.kind == overlay.kind }
        let place = layers.firstIndex { $0.kind > overlay.kind } ?? layers.endIndex
        layers.insert(overlay, at: place)
    }

    private mutating func remove(_ kind: Overlay.Kind) {
        layers.removeAll { $0.kind == kind }
    }

    /// The chooser over a checklist; nil closes it.
    public var chooser: ListChooserState? {
        get { layers.lazy.compactMap { if case let .chooser(chooser) = $0 { chooser } else { nil } }.first }
        set { if let newValue { show(.chooser(newValue)) } else { remove(.chooser) } }
    }

    /// The move choice; nil takes it away.
    public var move: MoveChoice? {
        get { layers.lazy.compactMap { if case let .move(choice) = $0 { choice } else { nil } }.first }
        set { if let newValue { show(.move(newValue)) } else { remove(.move) } }
    }

    /// The help's first line shown, while it is open; nil closes it.
    public var help: Int? {
        get { layers.lazy.compactMap { if case let .help(scroll) = $0 { scroll } else { nil } }.first }
        set { if let newValue { show(.help(scroll: newValue)) } else { remove(.help) } }
    }

    /// The y/n question; nil takes it away.
    public var question: Confirmation? {
        get { layers.lazy.compactMap { if case let .question(question) = $0 { question } else { nil } }.first }
        set { if let newValue { show(.question(newValue)) } else { remove(.question) } }
    }

    /// The reminder banner; nil takes it away.
    public var banner: BannerState? {
        get { layers.lazy.compactMap { if case let .banner(banner) = $0 { banner } else { nil } }.first }
        set { if let newValue { show(.banner(newValue)) } else { remove(.banner) } }
    }
}
