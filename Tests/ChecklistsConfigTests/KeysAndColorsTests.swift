import Foundation
import Testing
import ChecklistsConfig
import ChecklistsUI
import TestSupport

/// `[keys]` and `[colors]` read from literal text: what a good section
/// gives, and every refusal with its `file:line:column`.
extension ConfigTests {
    // MARK: - [keys]

    @Test("a key, a list of keys, named keys and C-x are read in the file's order")
    func keysRead() throws {
        let config = try read("""
            [keys]
            add = "n"
            delete = ["d", "Delete"]
            quit = "C-q"
            help = "F2"
            sort = "f3"
            """)
        expectEqual(config.keys.remaps, [
            KeyRemap(name: "add", keys: [.character("n")]),
            KeyRemap(name: "delete", keys: [.character("d"), .delete]),
            KeyRemap(name: "quit", keys: [.control("q")]),
            KeyRemap(name: "help", keys: [.function(2)]),
            KeyRemap(name: "sort", keys: [.function(3)]),
        ])
        expectEqual(config.keys.keyMap.command(for: .character("n"), in: .allLists), .addList)
        expectEqual(config.keys.keyMap.command(for: .character("n"), in: .checklist), .addItem)
        // Replaced, not added to: a no longer adds.
        #expect(config.keys.keyMap.command(for: .character("a"), in: .checklist) == nil)
        // Ctrl-C still quits; q quits no more.
        expectEqual(config.keys.keyMap.command(for: .control("c"), in: .allLists), .quit)
        expectEqual(config.keys.keyMap.command(for: .control("q"), in: .allLists), .quit)
        #expect(config.keys.keyMap.command(for: .character("q"), in: .allLists) == nil)
    }

    @Test("a name that is not a command is refused at its line and column")
    func notACommand() {
        expectEqual(refusal("""
            [keys]
            add = "n"
              ad = "m"
            """), "config.toml:3:3: \"ad\" is not a command; the commands are in the README's Keys section (add, edit, delete, check, quit, ...)")
    }

    @Test("a name that is not a key is refused where it is written, with the names expected")
    func notAKey() {
        let expected = "a key is a single character, Enter, Esc, Tab, S-Tab, Space, Backspace, Delete, Up, Down, Left, Right, Home, End, PageUp, PageDown, F1-F12, or C-x for Ctrl and a letter"
        expectEqual(refusal("""
            [keys]
            add = "n"
            delete = ["d", "Del"]
            """), "config.toml:3:1: \"Del\" is not a key; \(expected)")
        expectEqual(refusal("""
            [keys]
            quit = "Ctrl-q"
            """), "config.toml:2:1: \"Ctrl-q\" is not a key; \(expected)")
        expectEqual(refusal("""
            [keys]
            done = "C-m"
            """), "config.toml:2:1: \"C-m\" is not a key of its own: terminals send it as Enter; write \"Enter\"")
        expectEqual(refusal("""
            [keys]
            add = 5
            """), "config.toml:2:1: \"add\" must be a key name or a list of them, as \"n\" or [\"d\", \"Delete\"], not an integer")
    }

    @Test("a key bound twice in one place is refused at the line that made it so")
    func boundTwice() {
        expectEqual(refusal("""
            [keys]
            check = "x"
            add = "d"
            """), "config.toml:3:1: d is bound twice in All Lists: to add and to delete; give one of them another key")
        expectEqual(refusal("""
            [keys]
            add = "n"
            sort = "n"
            """), "config.toml:3:1: n is bound twice in All Lists: to add and to sort; give one of them another key")
        // In different places the same key is fine: n adds, and n still says "no" to a question.
        #expect(refusal("""
            [keys]
            add = "n"
            """) == nil)
    }

    @Test("Ctrl-C and Ctrl-Z cannot be taken, and the message says why")
    func reservedKeys() {
        expectEqual(refusal("""
            [keys]
            cancel = ["Esc", "C-c"]
            """), "config.toml:2:1: C-c cannot be bound: it always quits, so that a stuck app can be left")
        expectEqual(refusal("""
            [keys]
            back = "C-z"
            """), "config.toml:2:1: C-z cannot be bound: it always suspends the app to the shell")
    }

    @Test("digits on the list screens are counts, so they cannot be bound there")
    func digitsAreCounts() {
        expectEqual(refusal("""
            [keys]
            add = "5"
            """), "config.toml:2:1: \"5\" cannot be bound to add: in All Lists a digit is a count (5j)")
    }

    // MARK: - [colors]

    @Test("colours by name, by number, and fg/bg for the selection and the banner")
    func colorsRead() throws {
        let config = try read("""
            [colors]
            overdue = "bright-red"
            headings = 33
            selection = { fg = "black", bg = "cyan" }
            banner = { bg = 236 }
            """)
        expectEqual(config.colors.theme, Theme(
            overdue: ColorChoice(foreground: .number(9)),
            selection: ColorChoice(foreground: .number(0), background: .number(6)),
            banner: ColorChoice(background: .number(236)),
            headings: ColorChoice(foreground: .number(33))))
        try expectEqual(read("").colors.theme, .defaults)
        try expectEqual(read("[colors]\noverdue = \"default\"").colors.theme.overdue, ColorChoice())
    }

    @Test("a bad colour, a number out of range, fg/bg where one colour goes, an unknown role: refused at the key")
    func colorRefusals() {
        expectEqual(refusal("""
            [colors]
            overdue = "orange"
            """), "config.toml:2:1: \"orange\" is not a colour for overdue; expected a colour name (default, black, red, green, yellow, blue, magenta, cyan, white, bright-black, bright-red, bright-green, bright-yellow, bright-blue, bright-magenta, bright-cyan, bright-white) or a number 0-255")
        expectEqual(refusal("""
            [colors]

              headings = 256
            """), "config.toml:3:3: 256 is not a colour for headings; a colour number is 0-255")
        expectEqual(refusal("""
            [colors]
            overdue = { fg = "red" }
            """), "config.toml:2:1: \"overdue\" takes one colour, as \"red\" or 196; only selection and banner take { fg = ..., bg = ... }")
        expectEqual(refusal("""
            [colors]
            selection = { fg = "red", background = "blue" }
            """), "config.toml:2:1: unknown key \"background\" in selection; expected fg or bg")
        expectEqual(refusal("""
            [colors]
            overdue = "red"
            selected = "blue"
            """), "config.toml:3:1: unknown key \"selected\" in [colors]; expected overdue, selection, banner or headings")
    }
}
