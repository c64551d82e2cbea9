/// A key press as the UI understands it, decoded by the terminal adapter.
///
/// The UI never sees curses key codes: the adapter maps them to this enum, so
/// reducers and their tests speak in keys a person would name.
public enum Key: Hashable, Sendable {
    /// Printable text, including space. One grapheme (a combining mark typed on
    /// its own arrives as its own `Character`; the text field merges it).
    case character(Character)
    /// Ctrl plus a letter, as the lowercase letter: Ctrl-S is `.control("s")`.
    case control(Character)
    /// Alt (Meta) plus a key, sent by terminals as Esc followed by the key.
    /// Alt-Backspace is `.alt("\u{7f}")`.
    case alt(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Text the terminal says was pasted, all of it (bracketed paste), or
    /// what the decoder took for a paste: printable text followed by a
    /// newline in one read. Never a command: a text field inserts it, and
    /// everywhere else it is ignored with a message. The text is as it came,
    /// newlines and controls included; the text field cleans it.
    case paste(String)
    /// A mouse button or the wheel, once the app has turned on mouse
    /// reporting (tmux passes it on only with its `mouse` option on).
    case mouse(MouseEvent)
}

/// One mouse report: which button, pressed or released, at which cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable {
        case left, middle, right
        /// The wheel: a notch is a press, with no release.
        case wheelUp, wheelDown
    }

    public var button: Button
    /// False for a release. Only presses act: a release says nothing new.
    public var isPress: Bool
    /// The cell, 0-based from the top left, as the grid counts it.
    public var row: Int
    public var column: Int

    public init(_ button: Button, isPress: Bool = true, row: Int, column: Int) {
        self.button = button
        self.isPress = isPress
        self.row = row
        self.column = column
    }
}
