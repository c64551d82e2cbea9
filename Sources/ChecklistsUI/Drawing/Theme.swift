/// One colour of the terminal's palette, or the terminal's own.
public enum PaletteColor: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case terminalDefault
    /// 0-7 the basic colours, 8-15 their bright variants, 16-255 the
    /// 256-colour cube and greys.
    case number(UInt8)

    /// The names config.toml accepts, with their palette numbers.
    public static let names: [(name: String, number: UInt8)] = {
        let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        return basic.enumerated().map { ($0.element, UInt8($0.offset)) }
            + basic.enumerated().map { ("bright-" + $0.element, UInt8($0.offset + 8)) }
    }()

    /// The colour named `name` ("red", "bright-blue", "default"), any case.
    public init?(name: String) {
        let lower = name.lowercased()
        if lower == "default" { self = .terminalDefault; return }
        guard let entry = Self.names.first(where: { $0.name == lower }) else { return nil }
        self = .number(entry.number)
    }

    /// The palette number to use on a terminal with `colours` colours
    /// (curses' COLORS), -1 for the terminal's default. A colour the
    /// terminal lacks becomes the nearest it has: a bright colour its basic
    /// one, a cube colour the basic colour of its strong components, a grey
    /// black or white. Below 8 colours there is nothing to choose from.
    public func number(onTerminalWith colours: Int) -> Int16 {
        guard case let .number(number) = self, colours >= 8 else { return -1 }
        let n = Int(number)
        if n < colours { return Int16(n) }
        let bright = colours >= 16
        switch n {
        case 8...15:
            return Int16(n - 8)
        case 16...231:
            let cube = n - 16
            let (red, green, blue) = (cube / 36, (cube / 6) % 6, cube % 6)
            let basic = (red >= 3 ? 1 : 0) | (green >= 3 ? 2 : 0) | (blue >= 3 ? 4 : 0)
            return Int16(bright && max(red, green, blue) >= 5 && basic != 0 ? basic + 8 : basic)
        default:
            let level = n - 232
            if level < 8 { return 0 }
            if level < 16 { return bright ? 8 : 0 }
            return bright && level >= 20 ? 15 : 7
        }
    }
}

/// A foreground and a background, either of them the terminal's own.
public struct ColorChoice: Hashable, Sendable {
    public var foreground: PaletteColor
    public var background: PaletteColor

    public init(foreground: PaletteColor = .terminalDefault, background: PaletteColor = .terminalDefault) {
        self.foreground = foreground
        self.background = background
    }

    /// Neither colour set: the cell draws as if it had none.
    public var isPlain: Bool { foreground == .terminalDefault && background == .terminalDefault }
}

/// The colours of the roles the user may choose in `[colors]`. A value the
/// terminal adapter is given at start, beside NO_COLOR, which still wins:
/// with colour off no theme is looked at, and every role still shows by its
/// attribute (bold "!", reversed bars).
public struct Theme: Hashable, Sendable {
    public var overdue: ColorChoice
    public var selection: ColorChoice
    public var banner: ColorChoice
    public var headings: ColorChoice

    public init(overdue: ColorChoice = ColorChoice(foreground: .number(1)),
                selection: ColorChoice = ColorChoice(),
                banner: ColorChoice = ColorChoice(foreground: .number(3)),
                headings: ColorChoice = ColorChoice()) {
        self.overdue = overdue
        self.selection = selection
        self.banner = banner
        self.headings = headings
    }

    /// What the app looked like before themes: red overdue, yellow banner,
    /// reversed bars in the terminal's colours.
    public static let defaults = Theme()

    /// The choice for a role colour; nil for a fixed colour.
    public func choice(for color: CellColor) -> ColorChoice? {
        switch color {
        case .overdue: overdue
        case .selection: selection
        case .banner: banner
        case .heading: headings
        default: nil
        }
    }
}
