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
        var bytes: [UInt8] = []
        append(date, in: timeZone, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `format`'s text appended to `bytes` without making a String: an
    /// export writes two or three of these for each of 100,000 items, and a
    /// String of 25 bytes is a heap allocation that is checked to be UTF-8.
    /// Not generic over where the bytes go: called from another module, a
    /// generic function looked its types up at run time on every call.
    public static func append(_ date: Date, in timeZone: TimeZone, to bytes: inout [UInt8]) {
        let utc = WallClockMath.seconds(of: date)
        let offset = WallClockMath.offset(at: utc, in: timeZone)
        let local = utc + offset
        let day = GregorianDayMath.floorDiv(local, 86_400)
        let second = local - day * 86_400
        let (year, month, dayOfMonth) = GregorianDayMath.civilDate(dayNumber: day)
        let offsetMinutes = abs(offset) / 60
        guard (0...9999).contains(year) else {
            let sign = offset < 0 ? "-" : "+"
            let text = "\(pad(year, 4))-\(pad(month))-\(pad(dayOfMonth))T\(pad(second / 3600))"
                + ":\(pad(second / 60 % 60)):\(pad(second % 60))\(sign)\(pad(offsetMinutes / 60)):\(pad(offsetMinutes % 60))"
            bytes.append(contentsOf: text.utf8)
            return
        }
        // Written two digits at a time into 25 bytes on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { buffer in
            let start = buffer.baseAddress!
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
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: position))
        }
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
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            position += digits
            return value
        }
        func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
              take("T") || take("t") || take(" "),
              let hour = number(2), take(":"), let minute = number(2)
        else { return nil }
        var second = 0
        if take(":") {
            guard let value = number(2) else { return nil }
            second = value
        }
        var offset = 0
        if take("Z") || take("z") {
            offset = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let negative = bytes[position] == UInt8(ascii: "-")
            position += 1
            guard let hours = number(2), take(":"), let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (negative ? -1 : 1)
        } else {
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

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
