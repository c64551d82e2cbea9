import Foundation

// RFC 5545's syntax, and nothing of its meaning: content lines, parameters,
// components. What another app wrote is kept as written (a property's value
// and each parameter's text are never re-encoded), so whatever this app does
// not understand is written back exactly; only the folding and the case of
// names may differ, which mean nothing.

// MARK: - Values

/// One parameter of a property, such as `TZID=Europe/Berlin`.
public struct ICalParameter: Hashable, Sendable {
    /// Upper case (names are case-insensitive).
    public var name: String
    /// The text after `=` exactly as written, quotes and commas included.
    public var rawValue: String

    public init(name: String, rawValue: String) {
        self.name = name.uppercased()
        self.rawValue = rawValue
    }

    /// A parameter with one value, quoted when it holds `:`, `;` or `,`.
    public init(name: String, value: String) {
        let plain = !value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," || $0 == "\"" })
        self.init(name: name, rawValue: plain ? value : "\"" + value.replacingOccurrences(of: "\"", with: "'") + "\"")
    }

    /// The first value, without its quotes.
    public var value: String {
        var text = Substring(rawValue)
        if text.hasPrefix("\"") {
            text.removeFirst()
            return String(text.prefix { $0 != "\"" })
        }
        return String(text.prefix { $0 != "," })
    }
}

/// One content line: `NAME;PARAM=VALUE:value`.
public struct ICalProperty: Hashable, Sendable {
    /// Upper case.
    public var name: String
    public var parameters: [ICalParameter]
    /// The value exactly as written (TEXT values still escaped).
    public var value: String

    public init(name: String, parameters: [ICalParameter] = [], value: String) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
    }

    /// A TEXT property holding `text`, escaped.
    public init(name: String, text: String) {
        self.init(name: name, value: ICalText.escaped(text))
    }

    /// The first value of the parameter `name`, if it is there.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The value read as TEXT (escapes undone).
    public var text: String { ICalText.unescaped(value) }
}

/// A component, `BEGIN:NAME` ... `END:NAME`, with its properties and inner
/// components in the order written.
public struct ICalComponent: Hashable, Sendable {
    /// Upper case.
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]

    public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = []) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
    }

    public func first(_ name: String) -> ICalProperty? {
        properties.first { $0.name == name }
    }

    public func all(_ name: String) -> [ICalProperty] {
        properties.filter { $0.name == name }
    }

    /// Puts `property` where the first property of its name was (or at the
    /// end), removing every other one of that name.
    public mutating func replace(with property: ICalProperty) {
        let index = properties.firstIndex { $0.name == property.name } ?? properties.count
        properties.removeAll { $0.name == property.name }
        properties.insert(property, at: min(index, properties.count))
    }

    public mutating func remove(_ name: String) {
        properties.removeAll { $0.name == name }
    }
}

/// Why a file is not iCalendar, with the line (1-based, as the file counts
/// them, folds included) where reading stopped.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { "line \(line): \(message)" }
}

// MARK: - TEXT escapes

/// TEXT values: backslash, semicolon, comma and newline are escaped.
public enum ICalText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `\n` or `\N` is a newline; any other escaped character stands for
    /// itself (some writers escape `:` too).
    public static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = ""
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                out.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaping { out += "\\" }
        return out
    }
}

// MARK: - Reading

public enum ICalendarReader {
    /// Components nest no deeper than this (a VCALENDAR holds a VTODO holds
    /// a VALARM: 3). Deeper files are refused rather than read into values
    /// whose comparison and writing would recurse that deep.
    public static let maximumDepth = 16

    /// The top-level components of `bytes` (usually one VCALENDAR).
    ///
    /// Lenient where real files differ and the meaning is clear: bare LF line
    /// ends, folds with a space or a tab (a fold may split a UTF-8 sequence:
    /// lines are joined before decoding), empty lines, lines outside any
    /// component (ignored). Bytes that are not UTF-8 read as U+FFFD. Strict
    /// where guessing would lose data: a line that is not `NAME...:value`,
    /// an END that closes nothing or something else, a BEGIN never closed.
    public static func parse(_ bytes: [UInt8]) throws(ICalendarError) -> [ICalComponent] {
        var top: [ICalComponent] = []
        var stack: [(component: ICalComponent, line: Int)] = []
        var logical: [UInt8] = []
        var logicalLine = 0
        var lineNumber = 0

        func finish() throws(ICalendarError) {
            defer { logical.removeAll(keepingCapacity: true) }
            guard !logical.isEmpty else { return }
            let property = try contentLine(logical, line: logicalLine)
            switch property.name {
            case "BEGIN":
                guard stack.count < maximumDepth else {
                    throw ICalendarError(line: logicalLine, message: "components nested deeper than \(maximumDepth) levels")
                }
                let name = property.value.uppercased()
                guard isName(name) else { throw ICalendarError(line: logicalLine, message: "BEGIN without a component name") }
                stack.append((ICalComponent(name: name), logicalLine))
            case "END":
                let name = property.value.uppercased()
                guard let open = stack.popLast() else {
                    throw ICalendarError(line: logicalLine, message: "END:\(name) closes nothing")
                }
                guard open.component.name == name else {
                    throw ICalendarError(line: logicalLine, message: "END:\(name) where END:\(open.component.name) (opened on line \(open.line)) was expected")
                }
                if stack.isEmpty {
                    top.append(open.component)
                } else {
                    stack[stack.count - 1].component.components.append(open.component)
                }
            default:
                if !stack.isEmpty { stack[stack.count - 1].component.properties.append(property) }
            }
        }

        var start = 0
        let count = bytes.count
        while start < count {
            lineNumber += 1
            var end = start
            while end < count && bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start && (bytes[start] == 0x20 || bytes[start] == 0x09) {
                // A fold: the rest continues the line before (a fold with
                // nothing before it is ignored).
                if !logical.isEmpty { logical.append(contentsOf: bytes[(start + 1)..<lineEnd]) }
            } else {
                try finish()
                if lineEnd > start {
                    logical.append(contentsOf: bytes[start..<lineEnd])
                    logicalLine = lineNumber
                }
            }
            start = end + 1
        }
        try finish()
        if let open = stack.last {
            throw ICalendarError(line: open.line, message: "BEGIN:\(open.component.name) is never closed by END:\(open.component.name)")
        }
        return top
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// `NAME *(";" param) ":" value`, parameters with quoted or plain values.
    private static func contentLine(_ bytes: [UInt8], line: Int) throws(ICalendarError) -> ICalProperty {
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        }
        while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
        guard index > 0, index < bytes.count, bytes[index] == 0x3B || bytes[index] == 0x3A else {
            throw ICalendarError(line: line, message: "not an iCalendar line (NAME:value)")
        }
        let name = String(decoding: bytes[0..<index], as: UTF8.self)
        var parameters: [ICalParameter] = []
        while bytes[index] == 0x3B {
            index += 1
            let nameStart = index
            while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
            guard index > nameStart, index < bytes.count, bytes[index] == 0x3D else {
                throw ICalendarError(line: line, message: "a parameter of \(name) is not NAME=value")
            }
            let parameterName = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            index += 1
            let valueStart = index
            // Values separated by commas, each quoted or plain.
            while true {
                if index < bytes.count && bytes[index] == 0x22 {
                    index += 1
                    while index < bytes.count && bytes[index] != 0x22 { index += 1 }
                    guard index < bytes.count else {
                        throw ICalendarError(line: line, message: "a quoted parameter value of \(name) is never closed")
                    }
                    index += 1
                } else {
                    while index < bytes.count && bytes[index] != 0x3B && bytes[index] != 0x3A && bytes[index] != 0x2C { index += 1 }
                }
                guard index < bytes.count else { throw ICalendarError(line: line, message: "\(name) has no value (no ':')") }
                if bytes[index] == 0x2C { index += 1 } else { break }
            }
            guard bytes[index] == 0x3B || bytes[index] == 0x3A else {
                throw ICalendarError(line: line, message: "a parameter of \(name) is not NAME=value")
            }
            parameters.append(ICalParameter(name: parameterName, rawValue: String(decoding: bytes[valueStart..<index], as: UTF8.self)))
        }
        let value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        return ICalProperty(name: name, parameters: parameters, value: value)
    }
}

// MARK: - Writing

public enum ICalendarWriter {
    /// The component as iCalendar text: CRLF line ends, lines folded at 75
    /// octets without splitting a UTF-8 sequence.
    public static func text(_ component: ICalComponent) -> String {
        var out = ""
        write(component, to: &out)
        return out
    }

    private static func write(_ component: ICalComponent, to out: inout String) {
        line("BEGIN:" + component.name, to: &out)
        for property in component.properties {
            var text = property.name
            for parameter in property.parameters { text += ";" + parameter.name + "=" + parameter.rawValue }
            line(text + ":" + property.value, to: &out)
        }
        for inner in component.components { write(inner, to: &out) }
        line("END:" + component.name, to: &out)
    }

    /// Folded at 75 octets, never inside a character's UTF-8 bytes: runs of
    /// whole bytes are copied, since a scalar at a time made a 300 KB
    /// attachment's line cost a sync a third of a second.
    private static func line(_ text: String, to out: inout String) {
        let limit = 75
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var octets = 0
            var index = 0
            while index < bytes.count {
                // A valid UTF-8 sequence's length, from its first byte.
                let lead = bytes[index]
                let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if octets + size > limit {
                    out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                    out += "\r\n "
                    runStart = index
                    octets = 1
                }
                octets += size
                index += size
            }
            out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
        }
        out += "\r\n"
    }
}
