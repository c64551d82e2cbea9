import Foundation
import ChecklistsModel
import ChecklistsUI
import ChecklistsToolSupport

/// One thing that happens to the app during a fuzz run: what the terminal
/// runtime would feed the store (keys, resizes, the clock, alarms, notices
/// of other processes' commits) and what other processes do to the file.
enum FuzzEvent {
    case key(Key)
    /// Two clicks on one cell in one batch of input, as a double click
    /// arrives: the runtime stamps both with the same time.
    case doubleClick(row: Int, column: Int)
    case resize(width: Int, height: Int)
    /// The wall clock moves (forwards or back) with no input: alarms that
    /// come due fire.
    case clockJump(TimeInterval)
    /// The wall clock reaches the armed alarm, which fires.
    case alarm
    /// An alarm event from an arming that has since been replaced.
    case staleAlarm(age: Int)
    /// Reminders arriving that were not claimed here: duplicates of live
    /// ones, and reminders of items deleted since.
    case reminders([DueReminder], missed: Bool)
    case refresh
    /// A commit by another process, straight to the database.
    case external(Change, why: String)
    /// The runtime notices other processes' commits (inotify + data_version).
    case notice
    /// The app is killed and started again on the same file.
    case restart
    /// u, then Ctrl-R, on a screen that takes them (y to a question about
    /// a change made elsewhere): the database must hold what it held before.
    case undoRedo

    var description: String {
        switch self {
        case let .key(key): "key \(Self.describe(key))"
        case let .doubleClick(row, column): "double click at row \(row), column \(column)"
        case let .resize(width, height): "resize \(width)x\(height)"
        case let .clockJump(seconds): "clock \(seconds >= 0 ? "+" : "")\(Int(seconds))s"
        case .alarm: "alarm fires"
        case let .staleAlarm(age): "stale alarm (token -\(age))"
        case let .reminders(list, missed): "reminders \(list.map(\.id))\(missed ? " missed" : "")"
        case .refresh: "refresh"
        case let .external(change, why): "external \(why): \(Self.describe(change))"
        case .notice: "notice of external commits"
        case .restart: "restart"
        case .undoRedo: "undo, then redo"
        }
    }

    static func describe(_ key: Key) -> String {
        switch key {
        case let .character(c): "character \(Self.escaped(String(c)))"
        case let .control(c): "control \(Self.escaped(String(c)))"
        case let .alt(c): "alt \(Self.escaped(String(c)))"
        case let .paste(text): "paste of \(text.unicodeScalars.count) scalars \(Self.escaped(text))"
        default: "\(key)"
        }
    }

    static func describe(_ change: Change) -> String {
        switch change {
        case let .addItem(list, draft): "addItem(list \(list), \(escaped(draft.text)), remind \(draft.shouldRemind), due \(draft.dueDate.map { String(Int($0.timeIntervalSince1970)) } ?? "none"))"
        case let .updateItem(id, draft): "updateItem(\(id), \(escaped(draft.text)))"
        case let .editItem(id, _, draft): "editItem(\(id), \(escaped(draft.text)))"
        case let .addChecklist(name, _): "addChecklist(\(escaped(name)))"
        case let .updateChecklist(id, name, _): "updateChecklist(\(id), \(escaped(name)))"
        default: "\(change)"
        }
    }

    /// Controls, format characters (bidi, joiners) and combining marks as
    /// \u{…}, so a log line never carries a control to the terminal that
    /// shows it, and every invisible character is visible.
    static func escaped(_ text: String, limit: Int = 60) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(limit) {
            let printable = scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                && ![.format, .nonspacingMark, .enclosingMark, .control].contains(scalar.properties.generalCategory)
            if printable && scalar != "\"" && scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + (text.unicodeScalars.count > limit ? "…\"" : "\"")
    }
}

/// Chooses keys: mostly keys that mean something where the app is (from the
/// one key table), else text a person could type, else any key at all.
struct KeyChooser {
    private let meaningful: [KeyContext: [Key]]
    private let anyKey: [Key]
    private let dateWords = Array("tomorrow 9:00 fri 17:00 +2h 2026-12-24 18:00 next mon noon 31 feb")
    /// What a further reminder is typed as: offsets, a time before the due day, a moment.
    private let reminderWords = Array("15m 1h 1d9h 2w 2 days before 9:00 fri 9:00 400d")
    /// Whole reminders, as a paste brings them: the form accepts most of
    /// them, which characters typed one by one rarely make.
    private let reminders = ["15m", "1h", "1d9h", "2w", "2 days before 9:00", "1 day before 18:30", "fri 9:00", "400d", "90 min"]
    /// What tags are typed as: words, some alike but for case, with `#` and
    /// commas, so Tab has tags in use to complete to.
    private let tagWords = Array("work Work w h home #errands, wo #")
    /// What a start is typed as: days alone (00:00), days with a time, durations.
    private let startWords = Array("mon dec 7 +3d tomorrow 9:00 fri 0:00 +2h sat")
    /// What a filter is typed as (f): each kind of word, some bad, so
    /// filters show, fail and are kept as smart lists (S, then a name).
    private let filterWords = Array("#work !high !!+ due:3d due:none list:List is:any has:reminder started milk due:x ")
    /// What a quick-add line is typed from: dates, tags, priorities,
    /// repeats and reminders among words that must stay text.
    private let quickAddWords = Array("Pay rent fri 9am #home !high !! every month weekdays remind 1h before at 5 tmrw next weekend 3M #123")

    init() {
        var meaningful: [KeyContext: [Key]] = [:]
        for context in KeyContext.allCases {
            // Ctrl-C ends the app at once; it comes from `anyKey`, rarely.
            meaningful[context] = KeyBindings.table.filter { $0.contexts.contains(context) }
                .flatMap(\.keys).filter { $0 != .control("c") }
        }
        self.meaningful = meaningful
        var anyKey: [Key] = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
                             .enter, .escape, .tab, .backTab, .backspace, .delete]
        anyKey += (1...12).map(Key.function)
        anyKey += "abdefghijklmnopqrstuvwxyz".map(Key.control)
        anyKey += ["b", "f", "\u{7f}", "x", "\u{1B}", "牛"].map(Key.alt)
        anyKey += "0123456789 qyn?gGjkhlsxeztw#JK".map(Key.character)
        self.anyKey = anyKey
    }

    func key(in context: KeyContext, using random: inout SeededRandom) -> Key {
        if random.chance(0.000_05) { return .control("c") }
        if random.chance(0.03) { return mouse(using: &random) }
        let typing = context.isTextField
        if random.chance(typing ? 0.04 : 0.01) { return paste(using: &random) }
        let roll = random.int(0...99)
        if typing && roll < 60 {
            if context == .typedDate && random.chance(0.6) { return .character(random.pick(dateWords)) }
            if context == .typedReminder && random.chance(0.1) { return .paste(random.pick(reminders)) }
            if context == .typedReminder && random.chance(0.6) { return .character(random.pick(reminderWords)) }
            if context == .itemTags && random.chance(0.6) { return .character(random.pick(tagWords)) }
            if context == .typedStart && random.chance(0.6) { return .character(random.pick(startWords)) }
            if context == .filterField && random.chance(0.6) { return .character(random.pick(filterWords)) }
            if context == .itemText && random.chance(0.4) { return .character(random.pick(quickAddWords)) }
            return .character(random.pick(NastyText.characters))
        }
        if roll < 65, let keys = meaningful[context], !keys.isEmpty {
            let key = random.pick(keys)
            // q quits from the home screen: keep it rare so runs get deep.
            if key == .character("q") && !random.chance(0.1) { return .down }
            return key
        }
        if roll < 80 { return .character(random.pick(NastyText.characters)) }
        return random.pick(anyKey)
    }
}

extension KeyChooser {
    /// Bytes that would be commands, escape sequences (a paste's own end
    /// marker, a clipboard write) and line breaks, which inside a paste must
    /// all stay text.
    private static let pasteHazards = ["\n", "\r\n", "\r", "\t", "\n\n", "dy", "q", "a", "x", "?", " ",
                                       "\u{1B}[201~", "\u{1B}[200~", "\u{1B}[A", "\u{1B}", "\u{1B}]52;c;SGVsbG8=\u{07}",
                                       "\u{3}", "\u{13}", "\u{1A}", "\u{7F}", "\u{9B}2J"]

    /// A paste: a few samples of nasty text mixed with hazards, and now and
    /// then (one in 200) a huge one, of thousands to tens of thousands of
    /// characters. One in 50 cost a run a third more CPU (every later key in
    /// that field edits and draws the huge text) for no new kind of event.
    func paste(using random: inout SeededRandom) -> Key {
        var text = ""
        for _ in 0..<(random.chance(0.005) ? random.int(1_000...6_000) : random.int(1...12)) {
            text += random.chance(0.5) ? random.pick(NastyText.samples) : random.pick(Self.pasteHazards)
        }
        return .paste(text)
    }
}

extension KeyChooser {
    /// A mouse event: mostly left presses and releases on the rows of an
    /// ordinary pane, the wheel, other buttons; now and then off the screen.
    func mouse(using random: inout SeededRandom) -> Key {
        let buttons: [MouseEvent.Button] = [.left, .left, .left, .wheelUp, .wheelDown, .right, .middle]
        let (row, column) = Self.cell(using: &random)
        return .mouse(MouseEvent(random.pick(buttons), isPress: random.chance(0.7), row: row, column: column))
    }

    /// A cell to click: near the top of the screen, where the rows are.
    static func cell(using random: inout SeededRandom) -> (row: Int, column: Int) {
        random.chance(0.95) ? (random.int(0...15), random.int(0...100)) : (random.int(16...400), random.int(100...900))
    }
}

/// Terminal sizes: mostly ordinary panes, often tiny or degenerate ones
/// (0x0, 1x1, just below and at the 30x8 minimum), sometimes huge.
enum FuzzSizes {
    static let edges: [(Int, Int)] = [(0, 0), (1, 1), (1, 40), (200, 1), (29, 8), (30, 7), (30, 8), (31, 9),
                                      (30, 11), (30, 12), (63, 20), (64, 20), (-1, -5), (2, 2), (10, 3)]

    static func next(using random: inout SeededRandom) -> (Int, Int) {
        switch random.int(0...99) {
        case 0..<55: (random.int(30...160), random.int(8...60))
        case 55..<72: (random.int(0...40), random.int(0...12))
        case 72..<87: random.pick(edges)
        case 87..<96: random.chance(0.5) ? (random.int(30...45), random.int(60...150)) : (random.int(150...300), random.int(8...10))
        default: (random.int(300...800), random.int(100...250))
        }
    }
}
