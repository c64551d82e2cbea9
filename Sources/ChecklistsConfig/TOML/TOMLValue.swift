/// A value of a TOML 1.0 document, as `TOMLReader` reads it.
public enum TOMLValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case dateTime(TOMLDateTime)
    case array([TOMLValue])
    case table(TOMLTable)

    public var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var int: Int? {
        if case let .integer(number) = self { return Int(exactly: number) }
        return nil
    }

    public var bool: Bool? {
        if case let .boolean(flag) = self { return flag }
        return nil
    }

    public var array: [TOMLValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    public var table: TOMLTable? {
        if case let .table(inner) = self { return inner }
        return nil
    }

    /// The value's kind with its article, for messages such as
    /// `"channels" must be a list of strings, not an integer`.
    public var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a floating-point number"
        case .boolean: "a boolean"
        case let .dateTime(moment):
            switch (moment.date, moment.time) {
            case (_?, _?): "a date-time"
            case (_?, nil): "a date"
            default: "a time"
            }
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// A date, a time of day or both, with an offset when one was written.
/// Kept as its fields: nothing in the settings reads dates, but a date
/// where a string belongs must still be named as one.
public struct TOMLDateTime: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public var year, month, day: Int
        public init(year: Int, month: Int, day: Int) { (self.year, self.month, self.day) = (year, month, day) }
    }

    public struct Time: Hashable, Sendable {
        public var hour, minute, second: Int
        /// The digits after the seconds' point, as written.
        public var fraction: String
        public init(hour: Int, minute: Int, second: Int, fraction: String) {
            (self.hour, self.minute, self.second, self.fraction) = (hour, minute, second, fraction)
        }
    }

    public var date: Day?
    public var time: Time?
    /// Minutes east of UTC; nil for a local date or time.
    public var offsetMinutes: Int?

    public init(date: Day? = nil, time: Time? = nil, offsetMinutes: Int? = nil) {
        (self.date, self.time, self.offsetMinutes) = (date, time, offsetMinutes)
    }
}

/// Where something was written: 1-based line, and column in characters
/// (Unicode scalars) from 1.
public struct TOMLPosition: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A table: its keys in the order the file first wrote them, each with its
/// value and where the key was written, so a setting can be refused at
/// its own line and column.
public struct TOMLTable: Hashable, Sendable {
    public private(set) var keys: [String] = []
    private var entries: [String: Entry] = [:]

    struct Entry: Hashable, Sendable {
        var value: TOMLValue
        var position: TOMLPosition
    }

    public init() {}

    public subscript(key: String) -> TOMLValue? {
        entries[key]?.value
    }

    /// Where `key` was written: its key/value line, its `[header]`, or the
    /// first header or dotted key that named it on the way to another.
    public func position(of key: String) -> TOMLPosition? {
        entries[key]?.position
    }

    mutating func add(_ key: String, _ value: TOMLValue, at position: TOMLPosition) {
        if entries[key] == nil { keys.append(key) }
        entries[key] = Entry(value: value, position: position)
    }
}
