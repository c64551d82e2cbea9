/// Checks on the raw command line, before Swift turns it into Strings.
public enum RawArguments {
    /// The message for the first argument that is not valid UTF-8, or nil.
    ///
    /// Swift repairs such bytes into U+FFFD when it makes `CommandLine.arguments`,
    /// so an item would silently be stored with other text than given (and a
    /// `--db` path would name another file): it is refused instead.
    public static func invalidUTF8Problem(_ arguments: [[UInt8]]) -> String? {
        for (index, bytes) in arguments.enumerated().dropFirst() where String(validating: bytes, as: UTF8.self) == nil {
            return "argument \(index) is not valid UTF-8 text; nothing was changed"
        }
        return nil
    }
}
