import ChecklistsUI

/// `[colors]`: the colours of overdue items, the selection bar, the
/// reminder banner and headings.
///
///     [colors]
///     overdue = "bright-red"                          # a name
///     headings = 33                                   # or 0-255
///     selection = { fg = "black", bg = "cyan" }       # selection and banner:
///     banner = { fg = "default", bg = 236 }           #   foreground and background
///
/// NO_COLOR still turns every colour off; a terminal with fewer colours
/// shows the nearest it has (`PaletteColor.number(onTerminalWith:)`).
public struct ColorsSection: ConfigSection {
    public static let name = "colors"

    public var theme: Theme

    public init(theme: Theme = .defaults) {
        self.theme = theme
    }

    static let roles = ["overdue", "selection", "banner", "headings"]
    /// The roles that are bars or boxes, where a background means something.
    static let rolesWithBackground: Set<String> = ["selection", "banner"]
    static let colourNames = "a colour name (default, " + PaletteColor.names.map(\.name).joined(separator: ", ") + ") or a number 0-255"

    public init(reading table: TableReader) throws(ConfigError) {
        try table.refuseUnknownKeys(known: Self.roles, expected: "overdue, selection, banner or headings")
        var theme = Theme.defaults
        for role in Self.roles {
            guard let value = table.table[role] else { continue }
            let choice = try Self.choice(value, role: role, table: table)
            switch role {
            case "overdue": theme.overdue = choice
            case "selection": theme.selection = choice
            case "banner": theme.banner = choice
            default: theme.headings = choice
            }
        }
        self.theme = theme
    }

    static func choice(_ value: TOMLValue, role: String, table: TableReader) throws(ConfigError) -> ColorChoice {
        if let pair = value.table {
            guard rolesWithBackground.contains(role) else {
                throw table.error(at: role, "\"\(role)\" takes one colour, as \"red\" or 196; only selection and banner take { fg = ..., bg = ... }")
            }
            for key in pair.keys where key != "fg" && key != "bg" {
                throw table.error(at: role, "unknown key \"\(key)\" in \(role); expected fg or bg")
            }
            var choice = ColorChoice()
            if let fg = pair["fg"] { choice.foreground = try colour(fg, role: role + ".fg", at: role, table: table) }
            if let bg = pair["bg"] { choice.background = try colour(bg, role: role + ".bg", at: role, table: table) }
            return choice
        }
        return ColorChoice(foreground: try colour(value, role: role, at: role, table: table))
    }

    static func colour(_ value: TOMLValue, role: String, at key: String, table: TableReader) throws(ConfigError) -> PaletteColor {
        if let name = value.string {
            guard let colour = PaletteColor(name: name) else {
                throw table.error(at: key, "\"\(name)\" is not a colour for \(role); expected \(colourNames)")
            }
            return colour
        }
        if let number = value.int {
            guard (0...255).contains(number) else {
                throw table.error(at: key, "\(number) is not a colour for \(role); a colour number is 0-255")
            }
            return .number(UInt8(number))
        }
        throw table.error(at: key, "\(role) must be \(colourNames), not \(value.kind)")
    }
}
