/// The `?` screen: every key of every screen, from the same table that
/// dispatches them. It scrolls when the terminal is short.
enum HelpOverlay {
    /// The lines of the help text, sections for the current screen first.
    static func lines(first context: KeyContext) -> [String] {
        var order = KeyContext.allCases.filter { $0 != .confirm && $0 != .help }
        if let index = order.firstIndex(of: context) {
            order.remove(at: index)
            order.insert(context, at: 0)
        }
        var lines: [String] = []
        for section in order {
            lines.append(section.title)
            for (keys, help) in KeyBindings.allBindings(for: section) {
                let padding = max(1, 24 - TextWidth.columns(of: keys))
                lines.append("  " + keys + String(repeating: " ", count: padding) + help)
            }
            lines.append("")
        }
        return lines
    }

    /// Scrolling past the end is clamped when drawn, where the height is known.
    static func handle(_ command: KeyCommand, state: inout AppState) -> [Effect] {
        switch command {
        case .back: state.showsHelp = false
        case .moveDown: state.helpScroll += 1
        case .moveUp: state.helpScroll = max(0, state.helpScroll - 1)
        default: break
        }
        return []
    }

    static func render(_ state: AppState, context: KeyContext, into grid: inout ScreenGrid) {
        grid.clear(rows: 0..<grid.height, columns: 0..<grid.width)
        Chrome.titleBar("Keys", detail: "↑↓ scroll  Esc close", into: &grid)
        let all = lines(first: context)
        let rows = max(1, grid.height - 2)
        let top = min(state.helpScroll, max(0, all.count - rows))
        for (offset, line) in all.dropFirst(top).prefix(rows).enumerated() {
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty
            grid.put(line, row: offset + 1, column: 1, maxColumns: grid.width - 2, style: isHeading ? .bold : [])
        }
        grid.put(" Esc/?/q close help  ↑↓ scroll", row: grid.height - 1, column: 0, maxColumns: grid.width, style: .dim)
    }
}
