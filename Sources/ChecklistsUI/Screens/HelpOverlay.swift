/// The `?` screen: every key of every screen, from the same table that
/// dispatches them. It scrolls when the terminal is short.
enum HelpOverlay {
    /// The lines of the help text, sections for the current screen first.
    static func lines(first context: KeyContext, keys: KeyMap = .defaults, notifier: NotifierStatus = .unknown) -> [String] {
        var order = KeyContext.allCases.filter { $0 != .confirm && $0 != .help }
        if let index = order.firstIndex(of: context) {
            order.remove(at: index)
            order.insert(context, at: 0)
        }
        var lines: [String] = []
        for section in order {
            lines.append(section.title)
            for (names, help) in keys.allBindings(for: section) {
                let padding = max(1, 24 - TextWidth.columns(of: names))
                lines.append("  " + names + String(repeating: " ", count: padding) + help)
            }
            lines.append("")
        }
        return lines + notifierLines(notifier)
    }

    /// Whether reminders reach the user while the app is closed, and how to
    /// make them: the notifier runs beside the app or it does not.
    static func notifierLines(_ notifier: NotifierStatus) -> [String] {
        switch notifier {
        case .unknown:
            return []
        // Short lines: the help stays whole at 40 columns.
        case let .running(pid):
            return ["Reminders while the app is closed",
                    "  on: checklists notify runs",
                    "  (pid \(pid)) and delivers them"]
        case .notRunning:
            return ["Reminders while the app is closed",
                    "  off: shown as missed at next start",
                    "  turn on: checklists notify &",
                    "  or start it with your session:",
                    "  README has a systemd unit, tmux line"]
        }
    }

    /// The keys of this screen, at the bottom: two lines when one is too narrow.
    static func keyLines(width: Int, keys: KeyMap) -> [String] {
        keys.helpLines(for: .help, width: width - 1, lines: 2)
    }

    /// The rows the help text gets: all but the title bar and the key lines.
    static func visibleRows(width: Int, height: Int, keys: KeyMap) -> Int {
        max(1, height - 1 - keyLines(width: width, keys: keys).count)
    }

    /// The first line shown when scrolled to the end.
    static func lastTop(_ state: AppState) -> Int {
        max(0, lines(first: state.screenKeyContext, keys: state.context.keys, notifier: state.notifier).count
            - visibleRows(width: state.width, height: state.height, keys: state.context.keys))
    }

    /// Scrolling stops at the end, so a key back up moves at once. The
    /// moves are a list's, with the top line as the selection: a count
    /// typed first repeats them, or with g or G names the top line.
    static func handle(_ command: KeyCommand, count: Int? = nil, state: inout AppState) -> [Effect] {
        guard let helpScroll = state.overlays.help else { return [] }
        if command == .back {
            state.overlays.help = nil
            return []
        }
        // A page is the whole text area: a list keeps one row of context.
        let page = visibleRows(width: state.width, height: state.height, keys: state.context.keys) + 1
        let lastTop = lastTop(state)
        guard let scroll = Viewport(selection: helpScroll)
            .target(of: command, count: lastTop + 1, visibleRows: page, times: count) else { return [] }
        state.overlays.help = min(max(0, scroll), lastTop)
        return []
    }

    static func render(_ state: AppState, context: KeyContext, into grid: inout ScreenGrid) {
        grid.clear(rows: 0..<grid.height, columns: 0..<grid.width)
        let all = lines(first: context, keys: state.context.keys, notifier: state.notifier)
        let rows = visibleRows(width: grid.width, height: grid.height, keys: state.context.keys)
        // A resize may leave the scroll past the end: clamp it here, where the height is known.
        let top = min(state.overlays.help ?? 0, max(0, all.count - rows))
        let shown = all.dropFirst(top).prefix(rows)
        // A count being typed shows beside the position: the bottom lines are the keys'.
        let count = state.pendingCount.map { "\($0) · " } ?? ""
        Chrome.titleBar("Keys", detail: count + "\(top + 1)–\(top + shown.count) of \(all.count)", into: &grid)
        for (offset, line) in shown.enumerated() {
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty
            grid.put(line, row: offset + 1, column: 1, maxColumns: grid.width - 2, style: isHeading ? .bold : [], color: isHeading ? .heading : .default)
        }
        let keys = keyLines(width: grid.width, keys: state.context.keys)
        for (offset, line) in keys.enumerated() {
            grid.put(" " + line, row: grid.height - keys.count + offset, column: 0, maxColumns: grid.width, style: .dim)
        }
    }
}
