import Foundation
import Synchronization
import ChecklistsSync
import ChecklistsToolSupport

/// The WebDAV reply reader under hostile input: every reply a sync reads
/// goes through `DAVMultistatus.parse`, and the server may be anyone's.
/// Inputs are real replies mutated at random (cut, bytes flipped or
/// repeated, invalid UTF-8, NUL and control bytes, XML's own words
/// spliced in), nested thousands deep, with huge attributes and texts,
/// namespaces mixed and elements repeated, other encodings, random bytes,
/// and entity declarations: billion laughs, one large entity referenced
/// thousands of times, external entities and DTDs naming a file.
/// For every input:
///
/// 1. parsing never crashes, and returns a reply or nil;
/// 2. no text of a reply holds a file's content (the fuzzer's own secret
///    file, or /etc/passwd): an external entity was never read;
/// 3. one input takes at most `secondsPerInput` of CPU time (an entity
///    expanded into megabytes takes seconds);
/// 4. resident memory, read every `memoryCheckEvery` inputs, stays within
///    `memoryGrowthLimit` of what it was after the first check (a reader
///    that leaks per reply, or an expansion kept alive, grows it).
///    libxml2's push parser, freed after each reply, leaves nothing behind:
///    600,000 inputs grew resident memory by 0.6 MiB, where FoundationXML's
///    XMLParser, the reader before, leaked 79 MiB.
/// The input being parsed, for the crash handler: a trap inside libxml2
/// or the reader ends the process, and the handler writes which input of
/// which seed it was, and its bytes.
let davFuzzCurrentInput = Atomic<Int>(-1)
let davFuzzCurrentSeed = Atomic<UInt64>(0)
let davFuzzInputLength = Atomic<Int>(0)
nonisolated(unsafe) let davFuzzInputBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: DAVXMLFuzzer.maximumSize, alignment: 1)

public struct DAVXMLFuzzer {
    public struct Configuration: Sendable {
        public var seed: UInt64
        public var inputs: Int
        /// CPU time of this thread, so other processes on the machine do not count.
        public var secondsPerInput = 0.25
        public var memoryCheckEvery = 10_000
        public var memoryGrowthLimit = 256 << 20
        /// Keep each input where the crash handler can write it out: for
        /// the command, which runs one fuzzer per process.
        public var reportsCrashes = false

        public init(seed: UInt64, inputs: Int) {
            self.seed = seed
            self.inputs = inputs
        }
    }

    public struct Report: InputFuzzReport {
        public var seed: UInt64
        public var inputs = 0
        /// Inputs that read as a reply (the rest were refused, as most should be).
        public var parsed = 0
        public var seconds = 0.0
        /// CPU time of the run: its rate on a machine others share.
        public var cpuSeconds = 0.0
        public var slowestSeconds = 0.0
        public var largestResident = 0

        public var summary: String {
            "seed \(seed): \(inputs) inputs, \(parsed) read as a reply, slowest \(String(format: "%.1f", slowestSeconds * 1000)) ms, "
                + "at most \(largestResident >> 20) MiB resident, in \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", cpuSeconds)) s of CPU)"
        }
    }

    /// Larger inputs cost time and find nothing more: the reader's
    /// behaviour does not change past a few pages.
    static let maximumSize = 24 << 10
    /// A file the hostile inputs name in external entities; its content
    /// must never turn up in a reply. Fixed, so a seed replays exactly.
    static let secretPath = "/tmp/checklists-dav-fuzz-secret.txt"
    static let secret = "checklists-dav-fuzz-secret-5e1f0c"

    let configuration: Configuration
    /// What must never be read: our secret, and the first line of /etc/passwd.
    let forbidden: [String]

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        if (try? String(contentsOfFile: Self.secretPath, encoding: .utf8)) != Self.secret {
            try? Data(Self.secret.utf8).write(to: URL(fileURLWithPath: Self.secretPath), options: .atomic)
        }
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8))?.split(separator: "\n").first.map(String.init)
        forbidden = [Self.secret] + (passwd.map { [$0] } ?? [])
    }

    public func run(progress: (Report) -> Void = { _ in }) -> Result<Report, InputFuzzFailure> {
        var random = SeededRandom(seed: configuration.seed)
        var report = Report(seed: configuration.seed)
        for (index, reply) in Self.corpus.enumerated() where DAVMultistatus.parse(Data(reply.utf8)) == nil {
            return .failure(failure(-1, message: "seed reply \(index) does not read", input: Array(reply.utf8)))
        }
        var baseline: Int?
        let started = Date()
        let startedCPU = Self.cpuSeconds()
        for index in 0..<configuration.inputs {
            let input = self.input(random: &random)
            if configuration.reportsCrashes { Self.keepForCrashReport(input, index: index, seed: configuration.seed) }
            var before = Self.cpuSeconds()
            let parsed = DAVMultistatus.parse(Data(input))
            var took = Self.cpuSeconds() - before
            // On a virtual machine a pause of the whole machine counts as
            // this thread's CPU time (one reply of 0.5 ms once read as
            // 0.57 s): a reply is slow only if it is slow twice more.
            for _ in 0..<2 where took > configuration.secondsPerInput {
                before = Self.cpuSeconds()
                _ = DAVMultistatus.parse(Data(input))
                took = min(took, Self.cpuSeconds() - before)
            }
            report.slowestSeconds = max(report.slowestSeconds, took)
            if took > configuration.secondsPerInput {
                return .failure(failure(index,
                                        message: "took \(String(format: "%.2f", took)) s of CPU (at most \(configuration.secondsPerInput))", input: input))
            }
            if let parsed {
                report.parsed += 1
                if let leaked = Self.texts(of: parsed).first(where: { text in forbidden.contains { text.contains($0) } }) {
                    return .failure(failure(index,
                                            message: "a file's content was read into the reply: \(leaked.prefix(200).debugDescription)", input: input))
                }
            }
            report.inputs += 1
            if report.inputs % configuration.memoryCheckEvery == 0, let resident = Self.residentBytes() {
                report.largestResident = max(report.largestResident, resident)
                let first = baseline ?? resident
                baseline = first
                if resident > first + configuration.memoryGrowthLimit {
                    return .failure(failure(index,
                                            message: "resident memory grew from \(first >> 20) to \(resident >> 20) MiB "
                                                + "(at most \(configuration.memoryGrowthLimit >> 20) MiB more)", input: input))
                }
            }
            if report.inputs % 100_000 == 0 {
                report.seconds = Date().timeIntervalSince(started)
                progress(report)
            }
        }
        report.seconds = Date().timeIntervalSince(started)
        report.cpuSeconds = Self.cpuSeconds() - startedCPU
        return .success(report)
    }

    private static func keepForCrashReport(_ input: [UInt8], index: Int, seed: UInt64) {
        davFuzzCurrentSeed.store(seed, ordering: .relaxed)
        davFuzzCurrentInput.store(index, ordering: .relaxed)
        input.withUnsafeBytes { davFuzzInputBuffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(maximumSize))) }
        davFuzzInputLength.store(min(input.count, maximumSize), ordering: .relaxed)
    }

    private func failure(_ index: Int, message: String, input: [UInt8]) -> InputFuzzFailure {
        InputFuzzFailure(command: "dav-fuzz", seed: configuration.seed, index: index, message: message, input: input)
    }

    /// Every text a reply carries, where a read entity would land.
    static func texts(of reply: DAVMultistatus) -> [String] {
        var texts = reply.errorConditions + [reply.syncToken ?? ""]
        for response in reply.responses {
            texts.append(response.href)
            for (name, property) in response.properties {
                texts += [name, property.text] + property.hrefs + property.children + property.components
            }
        }
        return texts
    }

    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Resident memory from /proc/self/statm (its second field, in pages);
    /// nil where there is no /proc.
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    // MARK: - Inputs

    func input(random: inout SeededRandom) -> [UInt8] {
        let bytes: [UInt8]
        switch random.int(0...99) {
        case 0..<38: bytes = mutate(Array(random.pick(Self.corpus).utf8), random: &random)
        case 38..<48: bytes = truncated(Array(random.pick(Self.corpus).utf8), random: &random)
        case 48..<60: bytes = Array(entities(random: &random).utf8)
        case 60..<68: bytes = Array(deeplyNested(random: &random).utf8)
        case 68..<73: bytes = Array(huge(random: &random).utf8)
        case 73..<83: bytes = Array(mixedNamespaces(random: &random).utf8)
        case 83..<88: bytes = Array(repeated(random: &random).utf8)
        case 88..<94: bytes = encoded(random: &random)
        default: bytes = (0..<random.int(0...300)).map { _ in
            random.chance(0.5) ? random.pick(Array("<>/&;:=\"' dD!?[]x".utf8)) : UInt8(truncatingIfNeeded: random.next())
        }
        }
        return bytes.count > Self.maximumSize ? Array(bytes.prefix(Self.maximumSize)) : bytes
    }

    /// XML's own words and WebDAV's, so mutations reach deep into the reader.
    static let dictionary: [String] = [
        "<", ">", "</", "/>", "&", "&amp;", "&lt;", "&#0;", "&#x10FFFF;", "&#xD800;", "&#1114112;", "&#65;", "&x;", "<![CDATA[", "]]>",
        "<!--", "-->", "<?xml version=\"1.0\"?>", "<?pi data?>", " xmlns=\"DAV:\"", " xmlns:d=\"DAV:\"", " xmlns:d=\"urn:not-dav\"",
        " xmlns=\"\"", " d:a=\"1\" d:a=\"2\"", "<d:response>", "</d:response>", "<d:href>", "</d:href>", "<d:propstat>", "</d:propstat>",
        "<d:prop>", "</d:prop>", "<d:status>HTTP/1.1 200 OK</d:status>", "HTTP/1.1 404 Not Found", "HTTP/1.1 99999999999999999999 X",
        "HTTP/1.1", "<d:sync-token>", "</d:sync-token>", "<d:error>", "<d:valid-sync-token/>", "<d:getetag>\"e\"</d:getetag>",
        "<C:calendar-data>", "</C:calendar-data>", "<C:comp name=\"VTODO\"/>", "\"", "'", "=", "\u{0}", "\u{1}", "\u{8}", "\u{B}",
        "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{FEFF}", "\u{FFFD}", "\u{2028}", "é", "👨‍👩‍👧", "\r\n", "\r", "\t",
    ]

    func mutate(_ seed: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = seed
        for _ in 0..<random.int(1...4) {
            let position = bytes.isEmpty ? 0 : random.int(0...bytes.count)
            switch random.int(0...9) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1) << UInt8(random.int(0...7))
            case 2:
                bytes.removeSubrange(position..<min(bytes.count, position + random.int(1...40)))
            case 3:
                bytes.insert(contentsOf: Array(bytes[position..<min(bytes.count, position + random.int(1...200))]), at: position)
            case 4, 5, 6:
                bytes.insert(contentsOf: Array(random.pick(Self.dictionary).utf8), at: position)
            case 7:
                // Invalid UTF-8: a stray continuation, a cut sequence, a surrogate, an overlong form, a 5-byte form.
                bytes.insert(contentsOf: random.pick([[0x80], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xBC],
                                                     [0xF8, 0x88, 0x80, 0x80, 0x80]]), at: position)
            case 8:
                // Control bytes, NUL among them.
                bytes.insert(contentsOf: (0..<random.int(1...4)).map { _ in UInt8(random.int(0...31)) }, at: position)
            default:
                // Splice a piece of another reply.
                let other = Array(random.pick(Self.corpus).utf8)
                let from = random.int(0...max(0, other.count - 1))
                bytes.insert(contentsOf: other[from..<min(other.count, from + random.int(1...120))], at: position)
            }
        }
        return bytes
    }

    /// A reply cut anywhere: a connection dropped mid-body.
    func truncated(_ seed: [UInt8], random: inout SeededRandom) -> [UInt8] {
        Array(seed.prefix(random.int(0...seed.count)))
    }

    /// A reply whose token, ETag and href are entity references, under a
    /// DTD that declares them: internal, exponential (billion laughs),
    /// quadratic (one large entity many times), external (a file), a
    /// parameter entity, an external DTD.
    func entities(random: inout SeededRandom) -> String {
        let file = random.pick(["file://" + Self.secretPath, Self.secretPath, "file:///etc/passwd", "/etc/passwd", "http://127.0.0.1:9/dtd"])
        var declarations = ""
        var reference = "&x;"
        switch random.int(0...6) {
        case 0:
            declarations = "<!ENTITY x \"text &amp; more\">"
        case 1:
            let width = random.int(2...12)
            declarations = "<!ENTITY l0 \"lol\">"
            let levels = random.int(3...10)
            for level in 1...levels {
                declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: width) + "\">"
            }
            reference = "&l\(levels);"
        case 2:
            // Up to 48 MB expanded from 24 KB: a second or more of CPU.
            let filler = random.pick(["a", "ab", "<!-- -->"])
            declarations = "<!ENTITY x \"" + String(repeating: filler, count: random.int(1_000...12_000) / filler.count) + "\">"
            reference = String(repeating: "&x;", count: random.int(100...4_000))
        case 3:
            declarations = "<!ENTITY x SYSTEM \"\(file)\">"
        case 4:
            declarations = "<!ENTITY % p SYSTEM \"\(file)\"> %p;"
        case 5:
            declarations = "<!ENTITY % p \"<!ENTITY x SYSTEM '\(file)'>\"> %p;"
        default:
            declarations = "<!ENTITY x \"&#x26;#x3C;d:href>\">"
        }
        let doctype = random.chance(0.15) ? "<!DOCTYPE d:multistatus SYSTEM \"\(file)\">" : "<!DOCTYPE d:multistatus [\(declarations)]>"
        var slots = [reference, "", ""]
        if random.chance(0.5) { slots.swapAt(0, random.int(1...2)) }
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\(doctype)<d:multistatus xmlns:d=\"DAV:\"><d:sync-token>\(slots[0])</d:sync-token>"
            + "<d:response><d:href>/c/\(slots[1]).ics</d:href><d:propstat><d:prop><d:getetag>\(slots[2])</d:getetag></d:prop>"
            + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
    }

    /// Elements nested thousands deep inside a property, closed or not.
    func deeplyNested(random: inout SeededRandom) -> String {
        let name = random.pick(["d:prop", "d:response", "d:propstat", "d:href", "x", "d:multistatus"])
        // Past 256, where libxml2's pull parser stops (the push parser the
        // reader uses reads on): a little past that is enough.
        let depth = random.int(10...600)
        let closed = random.chance(0.7)
        return "<d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>/c/a.ics</d:href><d:propstat><d:prop><d:getetag>"
            + String(repeating: "<\(name)>", count: depth) + "deep" + (closed ? String(repeating: "</\(name)>", count: depth) : "")
            + "</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
    }

    /// A huge attribute, many attributes, a huge text or element name.
    func huge(random: inout SeededRandom) -> String {
        let size = random.int(1_000...16_000)
        let filler = String(repeating: random.pick(["a", "é", "&amp;", " "]), count: size / 5)
        var href = "/c/a.ics"
        var attributes = ""
        var name = "d:getetag"
        switch random.int(0...3) {
        case 0: attributes = " a=\"\(filler)\""
        case 1: attributes = (0..<random.int(10...800)).map { " a\($0)=\"\($0)\"" }.joined()
        case 2: href = filler
        default: name = "d:" + String(repeating: "n", count: size / 2)
        }
        return "<d:multistatus xmlns:d=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><d:response\(attributes)><d:href>\(href)</d:href>"
            + "<d:propstat><d:prop><\(name)>\"e\"</\(name)><C:comp name=\"\(filler.prefix(1_000))\"/></d:prop>"
            + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
    }

    /// DAV's names in other namespaces and others' names in DAV's, prefixes
    /// rebound mid-document, undeclared prefixes, an XInclude of a file.
    func mixedNamespaces(random: inout SeededRandom) -> String {
        let roots = ["<multistatus xmlns=\"DAV:\">", "<x:multistatus xmlns:x=\"DAV:\">", "<d:multistatus xmlns:d=\"urn:not-dav\">",
                     "<d:multistatus xmlns:d=\"DAV:\" xmlns=\"urn:other\">", "<d:multistatus>", "<d:multistatus xmlns:d=\"DAV:\" xmlns:d=\"DAV:\">"]
        let root = random.pick(roots)
        let closing = root.hasPrefix("<multistatus") ? "</multistatus>" : root.hasPrefix("<x:") ? "</x:multistatus>" : "</d:multistatus>"
        let pieces = [
            "<d:response xmlns:d=\"urn:not-dav\"><d:href>/c/b.ics</d:href></d:response>",
            "<response xmlns=\"DAV:\"><href>/c/a.ics</href><propstat><prop><getetag>\"1\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>",
            "<d:response xmlns:d=\"DAV:\"><href xmlns=\"\">/c/c.ics</href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>",
            "<y:response xmlns:y=\"DAV:\"><y:href>/c/d.ics</y:href><y:propstat><y:prop><C:calendar-data xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
                + "BEGIN:VCALENDAR</C:calendar-data></y:prop><y:status>HTTP/1.1 200 OK</y:status></y:propstat></y:response>",
            "<q:href>/undeclared</q:href>",
            "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file://\(Self.secretPath)\" parse=\"text\"/>",
            "<d:sync-token xmlns:d=\"DAV:\">t1</d:sync-token><sync-token xmlns=\"urn:other\">t2</sync-token>",
            "<error xmlns=\"DAV:\"><valid-sync-token/></error>",
            "<d:response xmlns:d=\"DAV:\" xml:lang=\"en\" xmlns:xml=\"urn:wrong\"><d:href>/c/e.ics</d:href></d:response>",
        ]
        return root + (0..<random.int(1...8)).map { _ in random.pick(pieces) }.joined() + closing
    }

    /// Elements that come once, many times over: responses, hrefs,
    /// statuses, propstats, tokens.
    func repeated(random: inout SeededRandom) -> String {
        let piece = random.pick([
            "<d:response><d:href>/c/a.ics</d:href><d:propstat><d:prop><d:getetag>\"1\"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>",
            "<d:sync-token>t</d:sync-token>", "<d:href>/c/a.ics</d:href>", "<d:status>HTTP/1.1 200 OK</d:status>",
            "<d:propstat><d:prop><d:getetag>\"2\"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>",
        ])
        let inner = String(repeating: piece, count: random.int(2...60))
        return "<d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>/c/x.ics</d:href>"
            + (piece.hasPrefix("<d:response") || piece.hasPrefix("<d:sync") ? "</d:response>\(inner)" : "\(inner)</d:response>") + "</d:multistatus>"
    }

    /// A reply, or an entity attack, in an encoding where a search for
    /// ASCII bytes does not see its markup: UTF-16 (BOM or not), UTF-7 and
    /// EBCDIC named in the declaration, or a declaration that lies.
    func encoded(random: inout SeededRandom) -> [UInt8] {
        let document = random.chance(0.5) ? entities(random: &random) : random.pick(Self.corpus)
        let body = document.hasPrefix("<?xml") ? String(document[document.range(of: "?>")!.upperBound...]) : document
        switch random.int(0...4) {
        case 0:
            return [0xFF, 0xFE] + Array(("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + body).data(using: .utf16LittleEndian)!)
        case 1:
            return Array(("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + body).data(using: .utf16BigEndian)!)
        case 2:
            var utf7 = ""
            for character in body.unicodeScalars {
                switch character {
                case "<": utf7 += "+ADw-"
                case ">": utf7 += "+AD4-"
                case "&": utf7 += "+ACY-"
                case "\"": utf7 += "+ACI-"
                case "[": utf7 += "+AFs-"
                case "]": utf7 += "+AF0-"
                case "+": utf7 += "+-"
                default: utf7.unicodeScalars.append(character.isASCII ? character : "?")
                }
            }
            return Array(("<?xml version=\"1.0\" encoding=\"UTF-7\"?>" + utf7).utf8)
        case 3:
            // EBCDIC's "<?xm", then the rest as it is.
            return [0x4C, 0x6F, 0xA7, 0x94] + Array(body.utf8)
        default:
            return Array((random.pick(["<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>",
                                       "<?xml version=\"1.0\" encoding=\"no-such-encoding\"?>", "<?xml version=\"9.9\"?>"]) + body).utf8)
        }
    }

    // MARK: - Seeds

    /// Replies in the shapes servers write: Radicale's discovery, listing,
    /// sync-collection and multiget (default namespace, `C:` for CalDAV),
    /// Nextcloud's (`d:`, `cal:`, `cs:` prefixes, CDATA calendar data),
    /// an error body, and a multistatus with a 404 response.
    public static let corpus: [String] = [
        """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:"><response><href>/</href><propstat><prop><current-user-principal><href>/alice/</href>\
        </current-user-principal></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
        """,
        """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/"><response><href>/alice/</href>\
        <propstat><prop><resourcetype><principal /><collection /></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat><propstat>\
        <prop><displayname /><C:supported-calendar-component-set /></prop><status>HTTP/1.1 404 Not Found</status></propstat>\
        </response><response><href>/alice/list1/</href><propstat><prop><resourcetype><C:calendar /><collection /></resourcetype>\
        <displayname>Groceries &amp; more</displayname><C:supported-calendar-component-set><C:comp name="VTODO" />\
        </C:supported-calendar-component-set><CS:getctag>"1be3-42"</CS:getctag></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
        """,
        """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:"><sync-token>http://radicale.org/ns/sync/274c</sync-token><response><href>/alice/l/a1.ics</href>\
        <propstat><prop><getetag>"1be3"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>\
        <response><href>/alice/l/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>
        """,
        """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/l/a1.ics</href><propstat><prop>\
        <getetag>"1be3"</getetag><C:calendar-data>BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VTODO\r
        UID:a1\r
        SUMMARY:Milk &lt;2 litres&gt;\r
        END:VTODO\r
        END:VCALENDAR\r
        </C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
        """,
        """
        <?xml version="1.0"?>
        <d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
         <d:response>
          <d:href>/remote.php/dav/calendars/alice/personal/b2.ics</d:href>
          <d:propstat>
           <d:prop>
            <d:getetag>&quot;9f1c&quot;</d:getetag>
            <cal:calendar-data><![CDATA[BEGIN:VCALENDAR
        BEGIN:VTODO
        UID:b2
        SUMMARY:Call <the> dentist & co
        END:VTODO
        END:VCALENDAR
        ]]></cal:calendar-data>
           </d:prop>
           <d:status>HTTP/1.1 200 OK</d:status>
          </d:propstat>
         </d:response>
         <d:sync-token>http://sabre.io/ns/sync/58</d:sync-token>
        </d:multistatus>
        """,
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><d:valid-sync-token/><s:message>Invalid sync token</s:message></d:error>
        """,
    ]
}
