import Synchronization
import Testing
import TestSupport

/// `expectEqual` stands for `#expect(a == b)` in every suite, so it must fail
/// where that fails and say what that says: both values, the comment, and
/// the line of the call.
@Suite("expectEqual, the tests' comparison")
struct ExpectEqualTests {
    /// The issues `body` records, each as its text and the line it names.
    private func failures(_ body: () -> Void) -> [(text: String, line: Int?)] {
        let recorded = Mutex<[Issue]>([])
        withKnownIssue {
            body()
        } matching: { issue in
            recorded.withLock { $0.append(issue) }
            return true
        }
        return recorded.withLock { $0 }.map { (String(describing: $0), $0.sourceLocation?.line) }
    }

    @Test("different values, collections and texts: one failure each, at the call's line, with both values and the comment")
    func differentValues() {
        let count = [1, 2].count
        let screen = ["a line", "second"]
        let text = "Piñata 🎉"
        let line = #line + 2
        let reported = failures {
            expectEqual(count, 3, "the count")
            expectEqual(screen, ["a line", "segund"], "the screen")
            expectEqual(text, "Pinata 🎉")
        }
        #expect(reported.map(\.text) == [
            "Expectation failed: (actual → 2) == (expected → 3) (error): the count",
            #"Expectation failed: (actual → ["a line", "second"]) == (expected → ["a line", "segund"]) (error): the screen"#,
            #"Expectation failed: (actual → "Piñata 🎉") == (expected → "Pinata 🎉") (error)"#,
        ])
        #expect(reported.map(\.line) == [line, line + 1, line + 2])
    }

    @Test("equal values, collections, texts and optionals record nothing")
    func equalValues() {
        expectEqual([1, 2].count, 2)
        expectEqual(["a", "b"], ["a", "b"])
        expectEqual("Piñata 🎉", "Piñata 🎉")
        expectEqual(Optional("x"), "x")
    }
}
