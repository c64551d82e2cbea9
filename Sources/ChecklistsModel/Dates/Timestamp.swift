import Foundation

/// Instants as RFC 3339 / ISO 8601 text with the UTC offset written out
/// ("2026-11-22T09:00:00+01:00"): what the command line's JSON carries.
///
/// Written on the integer day math the picker uses rather than with
/// `ISO8601DateFormatter`: that one writes "Z" or "+01:00" depending on
/// options, accepts fractional seconds and lenient forms only by flag, and
/// costs a formatter call per date when an export writes 100,000 of them.
public enum Timestamp {
    /// `date` as the wall time of `timeZone` with its offset, whole seconds
    /// (rounded down), e.g. "2026-11-22T09:00:00+01:00"; UTC is "+00:00".
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        // Straight into the string's own storage: `list --json` formats one
        // or two of these for every item.
        var outside: String?
        let text = String(unsafeUninitializedCapacity: 25) { buffer in
            guard let count = write(date, in: timeZone, into: buffer.baseAddress!) else {
                outside = formatOutsideFourDigitYears(date, in: timeZone)
                return 0
            }
            return count
        }
        return outside ?? text
    }

    /// `format`'s text appended to `bytes` without making a String: an
    /// export writes two or three of these for each of 100,000 items, and a
    /// String of 25 bytes is a heap allocation that is checked to be UTF-8.
    /// Not generic over where the bytes go: called from another module, a
    /// generic function looked its types up at run time on every call.
    public static func append(_ date: Date, in timeZone: TimeZone, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { buffer in
            if let count = write(date, in: timeZone, into: buffer.baseAddress!) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
            } else {
                bytes.append(contentsOf: formatOutsideFourDigitYears(date, in: timeZone).utf8)
            }
        }
    }

    /// The pieces of `date` that `format` writes: the wall time of
    /// `timeZone` and its offset, in seconds.
    private static func fields(_ date: Date, in timeZone: TimeZone)
        -> (year: Int, month: Int, day: Int, second: Int, offset: Int) {
        let utc = WallClockMath.seconds(of: date)
        let offset = WallClockMath.offset(at: utc, in: timeZone)
        let local = utc + offset
        let dayNumber = GregorianDayMath.floorDiv(local, 86_400)
        let (year, month, day) = GregorianDayMath.civilDate(dayNumber: dayNumber)
        return (year, month, day, local - dayNumber * 86_400, offset)
    }

    /// Writes `format`'s 25 bytes at `start`, two digits at a time, and
    /// returns how many; nil for a year outside 0...9999, which does not
    /// fit (`formatOutsideFourDigitYears`).
    private static func write(_ date: Date, in timeZone: TimeZone, into start: UnsafeMutablePointer<UInt8>) -> Int? {
        let (year, month, dayOfMonth, second, offset) = fields(date, in: timeZone)
        guard (0...9999).contains(year) else { return nil }
        let offsetMinutes = abs(offset) / 60
        var position = 0
        func put(_ twoDigits: Int) {
            start[position] = UInt8(truncatingIfNeeded: 0x30 + twoDigits / 10)
            start[position + 1] = UInt8(truncatingIfNeeded: 0x30 + twoDigits % 10)
            position += 2
        }
        func put(_ character: Unicode.Scalar) {
            start[position] = UInt8(ascii: character)
            position += 1
        }
        put(year / 100); put(year % 100); put("-"); put(month); put("-"); put(dayOfMonth); put("T")
        put(second / 3600); put(":"); put(second / 60 % 60); put(":"); put(second % 60)
        put(offset < 0 ? "-" : "+"); put(offsetMinutes / 60); put(":"); put(offsetMinutes % 60)
        return position
    }

    /// `format` for a year of more than four digits (or below zero).
    private static func formatOutsideFourDigitYears(_ date: Date, in timeZone: TimeZone) -> String {
        let (year, month, dayOfMonth, second, offset) = fields(date, in: timeZone)
        let offsetMinutes = abs(offset) / 60
        let sign = offset < 0 ? "-" : "+"
        return "\(pad(year, 4))-\(pad(month))-\(pad(dayOfMonth))T\(pad(second / 3600))"
            + ":\(pad(second / 60 % 60)):\(pad(second % 60))\(sign)\(pad(offsetMinutes / 60)):\(pad(offsetMinutes % 60))"
    }

    /// Reads "YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]", strictly: the offset is
    /// required (a time without one would be read in whatever zone the
    /// reader happens to be in), fields must exist (no 31 February), years
    /// are those a due date may have (1970-9999). Nil when anything is off.
    public static func parse(_ text: String) -> Date? {
        // Read in place, compared as bytes: an import reads three or four
        // of these for each of 100,000 items, and a copy of each into an
        // array, with every separator made a Character, was a tenth of it.
        var text = text
        return text.withUTF8(parse)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // Every field is at a fixed place once the seconds are known to be
        // there or not. Read by place, with no local function that moves a
        // shared position: such a capture was checked for exclusive access
        // at run time on every digit, a third of each parse.
        guard bytes.count >= 17,
              let year = digits(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
              let month = digits(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"),
              let day = digits(bytes, 8, 2),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
              let hour = digits(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"), let minute = digits(bytes, 14, 2)
        else { return nil }
        var position = 16
        var second = 0
        if bytes[position] == UInt8(ascii: ":") {
            guard let value = digits(bytes, position + 1, 2) else { return nil }
            second = value
            position += 3
        }
        var offset = 0
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = digits(bytes, position + 1, 2), position + 3 < bytes.count, bytes[position + 3] == UInt8(ascii: ":"),
                  let minutes = digits(bytes, position + 4, 2), hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[position] == UInt8(ascii: "-") ? -1 : 1)
            position += 6
        default:
            return nil
        }
        guard position == bytes.count,
              DateFields.supportedYears.contains(year), (1...12).contains(month),
              (1...GregorianDayMath.daysInMonth(month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let local = GregorianDayMath.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(local - offset))
    }

    /// The number written with `count` decimal digits at `start`, or nil
    /// when one of them is missing or is not a digit.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<start + count {
            let digit = Int(bytes[index]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
