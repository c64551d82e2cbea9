import Testing
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
        #expect(field.text == "Hello")
        #expect(field.cursor == 5)
    }

    @Test("word deletion with Ctrl-W and Alt-Backspace")
    func wordDeletion() {
        #expect(edit("buy oat milk", [.control("w")]).text == "buy oat ")
        #expect(edit("buy oat milk  ", [.alt("\u{7f}")]).text == "buy oat ")
        #expect(edit("buy oat milk", [.left, .left, .left, .left, .control("w")]).text == "buy milk")
    }

    @Test("CJK and emoji move and delete as one character; combining marks merge")
    func graphemes() {
        #expect(edit("日本語", [.left, .backspace]).text == "日語")
        #expect(edit("a👨‍👩‍👧b", [.left, .backspace]).text == "ab")
        let combined = edit("", [.character("e"), .character("\u{301}"), .character("x")])
        #expect(combined.characters.count == 2)
        #expect(combined.text == "e\u{301}x")
    }

    @Test("Ctrl-U and Ctrl-K delete to the start and to the end")
    func killLine() {
        #expect(edit("abc def", [.left, .left, .left, .control("u")]).text == "def")
        #expect(edit("abc def", [.home, .right, .control("k")]).text == "a")
    }
}
