// TestSupport is an ordinary target, which a plain `swift build -c release`
// builds too, and Swift Testing exists only for the tests' build.
#if canImport(Testing)
import Testing

// `expectEqual(actual, expected)` is `#expect(actual == expected)` as a
// function. The macro expands every comparison it is given into closures the
// compiler type-checks and generates anew at each use, about 30 ms of a debug
// build's CPU apiece; written once here, a test's comparison is an ordinary
// call. A failure reports the same: both values, the comment, and the line of
// the call.

/// Expects `actual == expected`.
public func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ comment: @autoclosure () -> Comment? = nil,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual == expected, comment(), sourceLocation: sourceLocation)
}

/// Expects `actual == expected` of two collections; a failure also shows
/// which elements differ (inside a generic function the macro sees a
/// collection only where the type says so).
public func expectEqual<T: BidirectionalCollection & Equatable>(_ actual: T, _ expected: T, _ comment: @autoclosure () -> Comment? = nil,
                                                                 sourceLocation: SourceLocation = #_sourceLocation)
where T.Element: Equatable {
    #expect(actual == expected, comment(), sourceLocation: sourceLocation)
}

/// Expects `actual == expected` of two texts, reported as `#expect` reports
/// them: whole, not as a difference of their characters.
public func expectEqual(_ actual: String, _ expected: String, _ comment: @autoclosure () -> Comment? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual == expected, comment(), sourceLocation: sourceLocation)
}
#endif
