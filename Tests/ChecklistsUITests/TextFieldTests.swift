import Testing
import TestSupport
@testable import ChecklistsUI

@Suite("Text field editing")
struct TextFieldTests {
    func edit(_ start: String, _ keys: [Key]) -> TextField {
        var field = TextField(start)
        for key in keys { _ = field.handle(key) }
        return field
    }

    @Test("insertion in the middle, Home/End, Backspace and Delete")
    func basicEditing() {
        let field = edit("helo", [.left, .character("l"), .home, .delete, .character("H"), .end, .backspace, .character("o")])
        expectEqual(field.text, "Hello")
        expectEqual(field.cursor, 5)
    }

    @Test("word deletion with Ctrl-W and Alt-Backspace")
    func wordDeletion() {
        expectEqual(edit("buy oat milk", [.control("w")]).text, "buy oat ")
        expectEqual(edit("buy oat milk  ", [.alt("\u{7f}")]).text, "buy oat ")
        expectEqual(edit("buy oat milk", [.left, .left, .left, .left, .control("w")]).text, "buy milk")
    }

    @Test("CJK and emoji move and delete as one character; combining marks merge")
    func graphemes() {
        expectEqual(edit("日本語", [.left, .backspace]).text, "日語")
        expectEqual(edit("a👨‍👩‍👧b", [.left, .backspace]).text, "ab")
        let combined = edit("", [.character("e"), .character("\u{301}"), .character("x")])
        expectEqual(combined.characters.count, 2)
        expectEqual(combined.text, "e\u{301}x")
    }

    @Test("text inserted anywhere makes the characters the whole text makes, the cursor after what was inserted")
    func insertMergesOnlyAround() {
        let texts = ["", "abc", "e\u{301}x", "🇩🇪🇫", "👨\u{200D}", "日本語 é", "a\r", "\u{301}b"]
        let inserts = ["x", "\u{301}", "\u{200D}👩", "🇷", "\n", "日", "e\u{301}\u{302}", "\u{301}z"]
        for text in texts {
            let characters = Array(text)
            for position in 0...characters.count {
                for typed in inserts {
                    var field = TextField(text)
                    for _ in position..<characters.count { _ = field.handle(.left) }
                    field.insert(typed)
                    let before = String(characters[..<position]) + typed
                    let whole = Array(before + String(characters[position...]))
                    expectEqual(field.characters, whole, "\(typed.debugDescription) into \(text.debugDescription) at \(position)")
                    expectEqual(field.cursor, min(whole.count, before.count), "\(typed.debugDescription) into \(text.debugDescription) at \(position)")
                }
            }
        }
    }

    @Test("Ctrl-U and Ctrl-K delete to the start and to the end")
    func killLine() {
        expectEqual(edit("abc def", [.left, .left, .left, .control("u")]).text, "def")
        expectEqual(edit("abc def", [.home, .right, .control("k")]).text, "a")
    }
}
