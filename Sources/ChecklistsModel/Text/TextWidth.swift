/// How many terminal columns text takes, and how to make user text safe to draw.
///
/// The grid, the ncurses adapter and the text field must agree on every glyph's
/// width: one column of disagreement shifts the rest of the row on screen. So all
/// measuring and cutting of text goes through this one place, which follows what
/// glibc's `wcwidth` (and so tmux and ncurses) says for single characters, and
/// measures whole graphemes so that emoji sequences count as the one glyph
/// terminals show.
///
/// Text is user data and may hold escape sequences; `sanitized(_:)` is the only
/// way text reaches the screen, so nothing a user typed or imported can move the
/// cursor, change colours, set the clipboard (OSC 52) or clear the screen.
public enum TextWidth {

    // MARK: Measuring

    /// Display columns of one grapheme as a terminal (tmux, glibc wcwidth) shows it: 0, 1 or 2.
    ///
    /// Measured per grapheme, not per scalar, because a ZWJ family "👨‍👩‍👧" is one
    /// 2-column glyph on screen although `wcswidth` would say 6. Rules: a single
    /// scalar is glibc's `wcwidth`; a flag (regional-indicator pair), an emoji with
    /// U+FE0F, a skin tone or a ZWJ is 2; otherwise the sum of the scalars' widths
    /// capped at 2, which is the base's width for base + combining marks ("é" is 1)
    /// and 2 for Indic/Thai clusters with a second spacing scalar, as tmux draws them.
    /// A control character counts as the 1-column stand-in `sanitized(_:)` draws for
    /// it ("\r\n" as its two stand-ins), and a bidi control as 0 because it is removed.
    public static func columns(of grapheme: Character) -> Int {
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        guard let second = scalars.next() else { return scalarColumns(first) }
        return clusterColumns(first: first, second: second, rest: &scalars)
    }

    /// Sum over graphemes (after sanitizing).
    ///
    /// Sanitizing first matters: it changes what is drawn ("\u{1B}" becomes "␛", one
    /// column) and where grapheme boundaries fall.
    public static func columns(of text: String) -> Int {
        columns(of: prepare(text))
    }

    /// The width of text `prepare` made.
    package static func columns(of prepared: Prepared) -> Int {
        if prepared.isASCII { return prepared.text.utf8.count }
        if let total = columnsOfLoneScalars(prepared.text) { return total }
        var total = 0
        for grapheme in prepared.text {
            total += columns(of: grapheme)
        }
        return total
    }

    // MARK: Sanitizing

    /// Text made safe to send to a terminal: C0 controls (U+0000-U+001F), DEL, C1 controls (U+0080-U+009F) are replaced by visible stand-ins (use the Control Pictures block: U+2400 + code for C0, e.g. ESC → "␛", U+2421 "␡" for DEL, and "�" U+FFFD for C1); newline and tab too (a row is one line). Bidi override/isolate controls (U+202A-U+202E, U+2066-U+2069) are removed. Everything else is kept.
    ///
    /// Stand-ins rather than removal, so a user can see that their text holds
    /// something odd. Bidi overrides are removed because they would reorder the
    /// rest of the row (the app's own columns included) on terminals that apply
    /// bidi. U+2028/U+2029 (line and paragraph separator) also become "␤": glibc
    /// calls them unprintable, so ncurses and tmux would drop or mangle them.
    /// Text that needs no change is returned as is, without copying.
    public static func sanitized(_ text: String) -> String {
        prepare(text).text
    }

    // MARK: Cutting

    /// The longest prefix of `text` (sanitized) that fits `columns`, with "…" (1 column) at the end when it was cut; never splits a grapheme, never exceeds `columns` (a wide glyph that would straddle the limit is dropped, leaving the space). columns <= 0 → "".
    ///
    /// For callers that build strings (status messages, text fields); the grid's
    /// `put` cuts the same way without building the string.
    public static func truncated(_ text: String, toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        let prepared = prepare(text)
        let text = prepared.text
        if prepared.isASCII {
            let count = text.utf8.count
            if count <= columns { return text }
            return String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + ellipsis
        }
        // One pass: `keepEnd` is the end of the longest prefix fitting in
        // `columns - 1`, where "…" would go if the text turns out too long.
        var used = 0
        var keepEnd = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let width = self.columns(of: text[index])
            if used + width > columns {
                return String(text[..<keepEnd]) + ellipsis
            }
            used += width
            if used <= columns - 1 { keepEnd = next }
            index = next
        }
        return text
    }

    /// Splits `text` (sanitized) into its longest head that fits `columns`,
    /// ending before a space where there is one, and the rest with its
    /// leading spaces dropped. Text that fits comes back whole, with an empty
    /// rest. A word longer than `columns` (a long path) is cut mid-word.
    public static func splitAtWord(_ text: String, columns: Int) -> (head: String, rest: String) {
        let text = prepare(text).text
        guard columns > 0 else { return ("", text) }
        var used = 0
        var fitEnd = text.startIndex
        var lastSpace: String.Index?
        for index in text.indices {
            let width = self.columns(of: text[index])
            // A space is a place to break even where it would not fit: a
            // head that fills the columns exactly ends there, whole.
            if text[index] == " " { lastSpace = index }
            if used + width > columns {
                let end = lastSpace ?? fitEnd
                return (String(text[..<end]), String(text[end...].drop { $0 == " " }))
            }
            used += width
            fitEnd = text.index(after: index)
        }
        return (text, "")
    }

    // MARK: Internals shared with ScreenGrid (package access: it lives in ChecklistsUI)

    /// The glyph drawn where text was cut.
    package static let ellipsis = "…"

    /// Sanitized text plus whether it is pure ASCII, so `ScreenGrid.put` can take
    /// the byte-per-column path without segmenting graphemes.
    package struct Prepared {
        package var text: String
        package var isASCII: Bool
    }

    /// Sanitizes `text`, scanning its bytes once; the common case (clean text)
    /// returns the original string without allocating.
    package static func prepare(_ text: String) -> Prepared {
        let scan = text.utf8.withContiguousStorageIfAvailable(scanBytes) ?? scanBytes(text.utf8)
        switch scan {
        case .ascii:
            return Prepared(text: text, isASCII: true)
        case .clean:
            return Prepared(text: text, isASCII: false)
        case .inspect:
            // A lead byte that may start an unsafe scalar was seen (C1 controls
            // start with 0xC2, bidi controls and U+2028/9 with 0xE2): look at
            // scalars before deciding to copy, since "€" or "…" also start with 0xE2.
            if !text.unicodeScalars.contains(where: { needsReplacing($0.value) }) {
                return Prepared(text: text, isASCII: false)
            }
            return Prepared(text: rebuild(text), isASCII: false)
        case .dirty:
            return Prepared(text: rebuild(text), isASCII: false)
        }
    }

    private enum ScanResult { case ascii, clean, inspect, dirty }

    private static func scanBytes<Bytes: Sequence>(_ bytes: Bytes) -> ScanResult where Bytes.Element == UInt8 {
        var ascii = true
        var suspicious = false
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F { return .dirty }
            if byte >= 0x80 {
                ascii = false
                if byte == 0xC2 || byte == 0xE2 { suspicious = true }
            }
        }
        return ascii ? .ascii : (suspicious ? .inspect : .clean)
    }

    @inline(__always)
    private static func needsReplacing(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F)
            || (value >= 0x2028 && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069)
    }

    private static func rebuild(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 {
                out.append(Unicode.Scalar(0x2400 + value)!)   // ␀ … ␟: same order as C0
            } else if value == 0x7F {
                out.append("\u{2421}")                       // ␡
            } else if value >= 0x80 && value <= 0x9F {
                out.append("\u{FFFD}")                       // C1 has no control pictures
            } else if value == 0x2028 || value == 0x2029 {
                out.append("\u{2424}")                       // ␤: a line break, shown
            } else if (value >= 0x202A && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069) {
                continue
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Width of a grapheme of two or more scalars.
    ///
    /// Emoji sequences are one 2-column glyph. Anything else is the sum of its
    /// scalars' widths capped at 2, which is the first visible scalar's width for
    /// base + combining marks, and also matches terminals (tmux measured) for
    /// clusters with a second spacing scalar, such as Devanagari "कि" or Thai
    /// "กำ", which they draw 2 columns wide.
    private static func clusterColumns(
        first: Unicode.Scalar, second: Unicode.Scalar, rest: inout String.UnicodeScalarView.Iterator
    ) -> Int {
        let head = first.value
        if head == 0x0D { return 2 }   // "\r\n", the only cluster holding a control: "␍␊"
        if isRegionalIndicator(head) && isRegionalIndicator(second.value) { return 2 }   // a flag
        var sum = scalarColumns(first)
        var joinsEmoji = false
        var next: Unicode.Scalar? = second
        while let scalar = next {
            let value = scalar.value
            if value == 0xFE0F { return 2 }   // emoji presentation requested
            if value == 0x200D || (value >= 0x1F3FB && value <= 0x1F3FF) { joinsEmoji = true }   // ZWJ, skin tone
            sum += scalarColumns(scalar)
            next = rest.next()
        }
        if joinsEmoji && first.properties.isEmoji { return 2 }
        return min(sum, 2)
    }

    /// The width of text each of whose scalars is a grapheme by itself, summed
    /// scalar by scalar; nil as soon as a scalar might join a neighbour, and the
    /// text must be measured grapheme by grapheme.
    ///
    /// Finding grapheme boundaries was a large share of a long `list`, spent
    /// on texts such as "東京 → 大阪" or "🎂 Order the cake" where no two
    /// scalars join. By Unicode's rules (UAX #29) a scalar joins a
    /// neighbour only as or beside a combining mark, joiner, variation selector
    /// or skin tone (Extend, ZWJ, SpacingMark), a Prepend, a regional indicator,
    /// a Hangul jamo, or CR LF (gone after sanitizing).
    private static func columnsOfLoneScalars(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard standsAlone(scalar.value) else { return nil }
            total += loneScalarColumns(scalar.value)
        }
        return total
    }

    /// `scalarColumns` of a scalar `standsAlone` takes, without looking up
    /// its general category: among those scalars only U+2060-U+206F (word
    /// joiner, invisible operators, format controls) are zero-width, and the
    /// look-up was most of the cost of measuring Greek, Cyrillic, Arabic,
    /// punctuation and symbols. CJK and Hangul are answered before the
    /// binary search. A test compares it with `scalarColumns` for every
    /// scalar `standsAlone` takes.
    @inline(__always)
    package static func loneScalarColumns(_ value: UInt32) -> Int {
        if value < 0x300 { return 1 }
        if (value >= 0x309B && value <= 0xA4C6) || (value >= 0xAC00 && value <= 0xD7A3) { return 2 }   // inside `wideRanges`
        if value >= 0x1100 && isWide(value) { return 2 }
        return value >= 0x2060 && value <= 0x206F && value != 0x2065 ? 0 : 1
    }

    /// Whether a scalar is in a block known to hold none of the scalars that
    /// join a neighbour into one grapheme (see `columnsOfLoneScalars`). The
    /// blocks are the scripts and symbols of everyday lists; anything else
    /// only takes the slower path. A test checks every scalar listed here.
    @inline(__always)
    package static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x20..<0x300,            // ASCII, Latin-1, Latin Extended, IPA, spacing modifiers
             0x370...0x482,           // Greek, Cyrillic (0x483-0x489 combine)
             0x5D0...0x5F4,           // Hebrew letters (the points before them combine)
             0x608...0x60F, 0x61D...0x64A, 0x660...0x66F, 0x671...0x6D5,   // Arabic letters, digits, punctuation (not marks, Prepend)
             0x1E00...0x1FFF,         // Latin Extended Additional (Vietnamese), Greek Extended
             0x2010...0x2027,         // dashes, quotes, bullets, "…" (0x200C/D join)
             0x2030...0x20CF,         // per mille, primes, super- and subscripts, currency
             0x2100...0x2BFF,         // letterlike, arrows, maths, technical, boxes, dingbats
             0x3000...0x3029,         // CJK punctuation (0x302A-0x302F combine)
             0x3030...0x3098,         // hiragana (0x3099/A combine)
             0x309B...0x9FFF,         // katakana, bopomofo, compatibility jamo, CJK ideographs
             0xAC00...0xD7A3,         // Hangul syllables (they join only jamo, which are not here)
             0xFF01...0xFF60,         // fullwidth forms
             0xFFE0...0xFFE6, 0xFFFD,
             0x1F000...0x1F1E5,       // tiles, cards, enclosed (regional indicators follow)
             0x1F200...0x1F3FA,       // pictographs up to the skin tones
             0x1F400...0x1FAFF,       // pictographs, emoticons, transport, symbols
             0x20000...0x3FFFD:       // CJK ideographs of planes 2 and 3
            return true
        default:
            return false
        }
    }

    @inline(__always)
    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        value >= 0x1F1E6 && value <= 0x1F1FF
    }

    /// Width of one scalar drawn alone: glibc `wcwidth`, except that controls
    /// count as their 1-column stand-ins.
    @inline(__always)
    package static func scalarColumns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }   // ASCII, Latin-1, Latin Extended; controls become stand-ins
        if value >= 0x1100 && isWide(value) { return 2 }
        return isZeroWidth(scalar) ? 0 : 1
    }

    /// Zero-width as glibc decides: combining marks (Mn, Me), format characters
    /// (Cf) except the prepended concatenation marks that print, and Hangul
    /// medial vowels / final consonants, which join the preceding initial.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (value >= 0x1160 && value <= 0x11FF) || (value >= 0xD7B0 && value <= 0xD7FF) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return true
        case .format:
            switch value {
            case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
                return false
            default:
                return true
            }
        default:
            return false
        }
    }

    /// Binary search of `wideRanges`.
    package static func isWide(_ value: UInt32) -> Bool {
        let table = wideRanges
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) >> 1
            if value < table[2 * middle] {
                high = middle - 1
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Two-column scalars as inclusive [first, last] pairs, sorted.
    ///
    /// Built from: East Asian Width W/F as of Unicode 14 (the data glibc 2.36 on
    /// Debian 12 uses, so the app agrees with the terminal) minus combining
    /// marks; glibc's extra wide 3248-324F and 4DC0-4DFF; Emoji_Presentation
    /// (Swift's Unicode data, so newer emoji are 2) minus single regional
    /// indicators, which glibc and tmux draw 1 wide; the CJK ranges that are wide
    /// even where unassigned (3400-4DBF, 4E00-9FFF, F900-FAFF, planes 2 and 3).
    /// Gaps between wide ranges holding only code points unassigned in Unicode 14
    /// are filled, which keeps the table short and makes later CJK additions
    /// (e.g. 2FFC-2FFF, 31E4-31EF, small kana 1B132) wide. Combining marks inside
    /// (302A-302D, 3099-309A, 16FE4) are not here: the binary search answers
    /// before the zero-width check, so they must be absent.
    package static let wideRanges: [UInt32] = [
        0x01100, 0x0115F, 0x0231A, 0x0231B, 0x02329, 0x0232A, 0x023E9, 0x023EC,
        0x023F0, 0x023F0, 0x023F3, 0x023F3, 0x025FD, 0x025FE, 0x02614, 0x02615,
        0x02648, 0x02653, 0x0267F, 0x0267F, 0x02693, 0x02693, 0x026A1, 0x026A1,
        0x026AA, 0x026AB, 0x026BD, 0x026BE, 0x026C4, 0x026C5, 0x026CE, 0x026CE,
        0x026D4, 0x026D4, 0x026EA, 0x026EA, 0x026F2, 0x026F3, 0x026F5, 0x026F5,
        0x026FA, 0x026FA, 0x026FD, 0x026FD, 0x02705, 0x02705, 0x0270A, 0x0270B,
        0x02728, 0x02728, 0x0274C, 0x0274C, 0x0274E, 0x0274E, 0x02753, 0x02755,
        0x02757, 0x02757, 0x02795, 0x02797, 0x027B0, 0x027B0, 0x027BF, 0x027BF,
        0x02B1B, 0x02B1C, 0x02B50, 0x02B50, 0x02B55, 0x02B55, 0x02E80, 0x03029,
        0x0302E, 0x0303E, 0x03041, 0x03096, 0x0309B, 0x0A4C6, 0x0A960, 0x0A97C,
        0x0AC00, 0x0D7A3, 0x0F900, 0x0FAFF, 0x0FE10, 0x0FE19, 0x0FE30, 0x0FE6B,
        0x0FF01, 0x0FF60, 0x0FFE0, 0x0FFE6, 0x16FE0, 0x16FE3, 0x16FF0, 0x18DF2,
        0x1AFF0, 0x1B2FB, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E,
        0x1F191, 0x1F19A, 0x1F200, 0x1F320, 0x1F32D, 0x1F335, 0x1F337, 0x1F37C,
        0x1F37E, 0x1F393, 0x1F3A0, 0x1F3CA, 0x1F3CF, 0x1F3D3, 0x1F3E0, 0x1F3F0,
        0x1F3F4, 0x1F3F4, 0x1F3F8, 0x1F43E, 0x1F440, 0x1F440, 0x1F442, 0x1F4FC,
        0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E, 0x1F550, 0x1F567, 0x1F57A, 0x1F57A,
        0x1F595, 0x1F596, 0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F, 0x1F680, 0x1F6C5,
        0x1F6CC, 0x1F6CC, 0x1F6D0, 0x1F6D2, 0x1F6D5, 0x1F6DF, 0x1F6EB, 0x1F6EC,
        0x1F6F4, 0x1F6FC, 0x1F7E0, 0x1F7F0, 0x1F90C, 0x1F93A, 0x1F93C, 0x1F945,
        0x1F947, 0x1F9FF, 0x1FA70, 0x1FAFF, 0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    ]
}
