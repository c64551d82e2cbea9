import Foundation
import ChecklistsModel
import ChecklistsToolSupport

/// The iCalendar reader under hostile input: seed files in the shapes real
/// apps write, mutated at random (bytes flipped, cut, repeated, spliced
/// with iCalendar's own words, lines folded anywhere, line ends changed).
/// For every input: reading never crashes; and whatever reads must
///
/// 1. write and read back to the same components;
/// 2. map each to-do to our fields, merge those into it unchanged (it must
///    stay exactly as it was: nothing another app wrote is dropped), and
///    read back to the same fields;
/// 3. take random edits of those fields (what a user does here) and read
///    back to the edited fields, keeping every RELATED-TO that names no
///    parent as it was;
/// 4. every so often, put a family of to-dos naming parents into the
///    storage (`FamilyFuzzer`): no cycle of parents, a parent always in
///    its item's list, the same lists whatever the order of the file.
public struct ICalendarFuzzer {
    public struct Configuration: Sendable {
        public var seed: UInt64
        public var inputs: Int

        public init(seed: UInt64, inputs: Int) {
            self.seed = seed
            self.inputs = inputs
        }
    }

    public struct Report: InputFuzzReport {
        public var seed: UInt64
        public var inputs = 0
        /// Inputs that read as iCalendar (the rest were refused, as they should be).
        public var parsed = 0
        public var todos = 0
        /// Families put into the storage, and their to-dos.
        public var families = 0
        public var familyTodos = 0
        public var seconds = 0.0

        public var summary: String {
            "seed \(seed): \(inputs) inputs, \(parsed) read, \(todos) to-dos round-tripped, "
                + "\(families) families of \(familyTodos) to-dos stored in \(String(format: "%.1f", seconds)) s"
        }
    }

    public typealias Failure = InputFuzzFailure

    let configuration: Configuration
    /// Fixed, so a seed replays exactly.
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Date(timeIntervalSince1970: 1_795_257_000))
    let stamps = CalendarStamps(modifiedAt: Date(timeIntervalSince1970: 1_795_257_000), completedAt: nil)

    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    public func run(progress: (Report) -> Void = { _ in }) -> Result<Report, Failure> {
        var random = SeededRandom(seed: configuration.seed)
        var report = Report(seed: configuration.seed)
        let seeds = Self.corpus.map { Array($0.utf8) }
        let started = Date()
        let families: FamilyFuzzer
        do {
            families = try FamilyFuzzer(mapping: mapping)
        } catch {
            return .failure(Failure(command: "ics-fuzz", seed: configuration.seed, index: 0, message: "no database for families: \(error)", input: []))
        }
        defer { families.remove() }
        for index in 0..<configuration.inputs {
            if index % Self.familyEvery == 0 {
                switch families.check(round: index / Self.familyEvery, random: &random) {
                case let .success(count):
                    report.families += 1
                    report.familyTodos += count
                case let .failure(problem):
                    return .failure(Failure(command: "ics-fuzz", seed: configuration.seed, index: index, message: "a family: " + problem.message,
                                            input: Array(problem.file.utf8)))
                }
            }
            let input = mutate(random.pick(seeds), random: &random)
            var uidNumber = 0
            let outcome = check(input, random: &random) {
                uidNumber += 1
                return "fuzz-\(uidNumber)"
            }
            switch outcome {
            case let .failure(message):
                return .failure(Failure(command: "ics-fuzz", seed: configuration.seed, index: index, message: message, input: input))
            case .refused:
                break
            case let .read(todos):
                report.parsed += 1
                report.todos += todos
            }
            report.inputs += 1
            if report.inputs % 100_000 == 0 {
                report.seconds = Date().timeIntervalSince(started)
                progress(report)
            }
        }
        report.seconds = Date().timeIntervalSince(started)
        return .success(report)
    }

    /// Inputs between two families put into the storage: a put costs
    /// about as much as a few hundred inputs read.
    static let familyEvery = 200

    enum Outcome {
        case refused
        case read(todos: Int)
        case failure(String)
    }

    /// The three properties above for one input.
    func check(_ input: [UInt8], random: inout SeededRandom, makeUID: () -> String) -> Outcome {
        guard let components = try? ICalendarReader.parse(input) else { return .refused }
        let written = components.map(ICalendarWriter.text).joined()
        guard let again = try? ICalendarReader.parse(Array(written.utf8)) else { return .failure("what was read does not read back once written") }
        guard again == components else { return .failure("written and read back, the components differ") }

        let objects = CalendarMapping.objects(in: components, makeUID: makeUID).objects
        var todos = 0
        for object in objects {
            guard let fields = mapping.fields(of: object) else { continue }
            todos += 1
            let unchanged = mapping.merge(fields, stamps: stamps, into: object)
            guard unchanged == object else { return .failure("merging unchanged fields changed the object") }
            if let problem = roundTrip(fields, into: object) { return .failure(problem) }
            let edited = edit(fields, random: &random)
            if let problem = roundTrip(edited, into: object) { return .failure("after an edit: " + problem) }
            let others = { (object: ICalComponent) -> [ICalProperty] in
                CalendarMapping.masterIndex(object).map { index in
                    let todo = object.components[index]
                    let parents = Set(CalendarMapping.parentRelations(of: todo))
                    return todo.properties.indices.filter { todo.properties[$0].name == "RELATED-TO" && !parents.contains($0) }
                        .map { todo.properties[$0] }
                } ?? []
            }
            if others(mapping.merge(edited, stamps: stamps, into: object)) != others(object) {
                return .failure("after an edit: a RELATED-TO naming no parent changed")
            }
            if let problem = roundTrip(edited, into: nil) { return .failure("as a new object: " + problem) }
        }
        return .read(todos: todos)
    }

    private func roundTrip(_ fields: CalendarFields, into object: ICalComponent?) -> String? {
        let merged = mapping.merge(fields, stamps: stamps, into: object)
        let text = ICalendarWriter.text(merged)
        guard let read = try? ICalendarReader.parse(Array(text.utf8)), read.count == 1 else { return "the merged object does not read back" }
        let back = mapping.fields(of: read[0])
        return back == fields ? nil : "fields \(fields) read back as \(back.map { "\($0)" } ?? "nothing")"
    }

    /// Random edits a user could make here, kept to what the storage holds:
    /// whole-minute due dates in range, reminders before the due date and
    /// a repeat only with a due date.
    func edit(_ original: CalendarFields, random: inout SeededRandom) -> CalendarFields {
        var fields = original
        let now = mapping.now
        if random.chance(0.3) { fields.text = random.pick(["Milk", "a, b; c \\ d", "line\nbreak", "é日本語👨‍👩‍👧", String(repeating: "long ", count: 40), "tab\there", "cr\r"]) }
        if random.chance(0.4) {
            fields.dueDate = random.chance(0.2) ? nil : now.addingTimeInterval(Double(random.int(-2000...2000)) * 3600)
            fields.dueDate = fields.dueDate.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 / 60).rounded(.down) * 60) }
            // A day without a time (a DATE where DUE was one, or no DUE).
            if random.chance(0.3) { fields.dueDate = fields.dueDate.map(midnight) }
        }
        if random.chance(0.3) { fields.isChecked.toggle() }
        if random.chance(0.2) { fields.parentUID = random.pick([nil, "p-1", fields.uid, "a,b;c", "7366123045921184315"]) }
        if random.chance(0.3) { fields.shouldRemind.toggle() }
        if random.chance(0.3) { fields.recurrence = random.pick([nil, .days(1), .days(3), .weekdays, .weeks(2), .monthly, .yearly]) }
        if random.chance(0.2) { fields.repeatStart = fields.dueDate?.addingTimeInterval(Double(random.int(-100...0)) * 86_400) }
        if random.chance(0.35) {
            // A start: minutes or days before the due date (or around now
            // without one), a day without a time at times.
            let before = random.chance(0.5) ? Double(random.int(1...600)) * 60 : Double(random.int(1...40)) * 86_400 / 4
            let start = Date(timeIntervalSince1970: (((fields.dueDate ?? now).timeIntervalSince1970 - before) / 60).rounded(.down) * 60)
            fields.startDate = random.chance(0.15) ? nil : random.chance(0.3) ? midnight(start) : start
        }
        if random.chance(0.3) {
            // Several reminders: before the due date, or at a whole minute of their own.
            let minute = Double(Int64(now.timeIntervalSince1970 / 60) + Int64(random.int(-1000...100_000))) * 60
            fields.reminders = ReminderTime.normalized((0..<random.int(0...3)).map { _ in
                random.chance(0.6) ? .beforeDue(minutes: random.pick([0, 5, 15, 60, 1440, 2 * 1440 + 9 * 60])) : .at(Date(timeIntervalSince1970: minute))
            })
        }
        // What the storage would hold.
        // Reminders before a due date need one; one of its own at the due
        // time is the one at the due time.
        fields.reminders = ReminderTime.normalized(fields.reminders.compactMap { reminder in
            if case .beforeDue = reminder, fields.dueDate == nil { return nil }
            if case let .at(date) = reminder, date == fields.dueDate { return .atDue }
            return reminder
        })
        if fields.dueDate == nil { fields.recurrence = nil }
        if fields.recurrence == nil { fields.repeatStart = nil } else { fields.repeatStart = fields.repeatStart ?? fields.dueDate }
        // What iCalendar can carry: a start before the due date, a repeating
        // item's less than one repeat before; the repeat then counts from
        // the due date, as it does from a series start that close.
        let (start, seriesStart) = fields.dtstart(calendar: mapping.calendar)
        fields.startDate = start
        if fields.recurrence != nil { fields.repeatStart = seriesStart }
        return fields
    }

    /// Midnight starting the day of `date` in the mapping's zone.
    private func midnight(_ date: Date) -> Date {
        mapping.calendar.startOfDay(for: date)
    }

    // MARK: - Mutations

    /// iCalendar's own words, so mutations reach deep into the reader.
    static let dictionary: [String] = [
        "\r\n", "\n", "\r\n ", "\r\n\t", ":", ";", ",", "\"", "=", "\\", "\\n", "\\,", "BEGIN:VTODO\r\n", "END:VTODO\r\n",
        "BEGIN:VALARM\r\n", "END:VALARM\r\n", "BEGIN:VCALENDAR\r\n", "END:VCALENDAR\r\n", "BEGIN:VTIMEZONE\r\n", "END:VTIMEZONE\r\n",
        "DUE:20261224T180000Z\r\n", "DUE;VALUE=DATE:20261224\r\n", "DUE;TZID=Europe/Berlin:20261224T180000\r\n", "DUE:20261224T180000\r\n",
        "DUE;TZID=Custom:20260329T023000\r\n", "TRIGGER:-PT15M\r\n", "TRIGGER;RELATED=END:PT0S\r\n",
        "TRIGGER;VALUE=DATE-TIME:20261224T170000Z\r\n", "ACTION:DISPLAY\r\n", "ACTION:EMAIL\r\n", "STATUS:COMPLETED\r\n",
        "STATUS:NEEDS-ACTION\r\n", "COMPLETED:20261120T100000Z\r\n", "RRULE:FREQ=WEEKLY\r\n", "RRULE:FREQ=MONTHLY;BYDAY=-1SU\r\n",
        "DTSTART:20261101T090000Z\r\n", "DTSTART;VALUE=DATE:20261123\r\n", "DTSTART;TZID=Europe/Berlin:20261123T090000\r\n",
        "RRULE:FREQ=WEEKLY;BYDAY=FR\r\n", "TRIGGER;RELATED=START:-PT15M\r\n", "UID:", "SUMMARY:", "RECURRENCE-ID:20261201T090000Z\r\n", "TZID=", "VALUE=DATE",
        "RELATED-TO;RELTYPE=PARENT:fuzz-1\r\n", "RELATED-TO:fuzz-2\r\n", "RELATED-TO;reltype=Parent:7366123045921184315\r\n",
        "RELATED-TO;RELTYPE=SIBLING:fuzz-1\r\n", "RELATED-TO;RELTYPE=CHILD:fuzz-1\r\n", "RELATED-TO;RELTYPE=X-BLOCKS:x\r\n",
        "RELATED-TO;RELTYPE=PARENT:\r\n", "RELTYPE=", "RELATED-TO",
        "\u{FFFD}", "\u{0}", "\u{1B}[31m", "é", "👨‍👩‍👧", "99999999T999999Z", "-P", "PT", "W", "20260230", "+1400", "-9223372036854775808SU",
    ]

    func mutate(_ seed: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = seed
        for _ in 0..<random.int(1...3) {
            let position = bytes.isEmpty ? 0 : random.int(0...bytes.count)
            switch random.int(0...9) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1) << UInt8(random.int(0...7))
            case 2:
                let end = min(bytes.count, position + random.int(1...40))
                bytes.removeSubrange(position..<end)
            case 3:
                let end = min(bytes.count, position + random.int(1...200))
                bytes.insert(contentsOf: Array(bytes[position..<end]), at: position)
            case 4, 5:
                bytes.insert(contentsOf: Array(random.pick(Self.dictionary).utf8), at: position)
            case 6:
                // Fold somewhere, even inside a UTF-8 sequence.
                bytes.insert(contentsOf: random.chance(0.5) ? [0x0D, 0x0A, 0x20] : [0x0A, 0x09], at: position)
            case 7:
                // Bare LF everywhere, or CR LF everywhere.
                bytes = random.chance(0.5) ? bytes.filter { $0 != 0x0D } : Array(String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
            case 8:
                // Invalid UTF-8.
                bytes.insert(contentsOf: random.pick([[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]]), at: position)
            default:
                // Splice a line from another seed.
                let other = Array(random.pick(Self.corpus).utf8)
                let from = random.int(0...max(0, other.count - 1))
                bytes.insert(contentsOf: other[from..<min(other.count, from + random.int(1...80))], at: position)
            }
        }
        return bytes
    }

    // MARK: - Seeds

    /// Which app writes each file of `corpus`, in order.
    public static let corpusApps = ["Apple Reminders", "tasks.org", "Thunderbird", "Nextcloud Tasks", "todoman", "tasks.org weekly",
                                    "tasks.org subtask", "Nextcloud Tasks subtask", "parent with CHILD", "Apple subtask"]

    /// Small files in the shapes Apple Reminders, tasks.org, Thunderbird,
    /// Nextcloud Tasks and todoman write (from their public documentation
    /// and code: Apple's X-APPLE-SORT-ORDER, absolute triggers and DTSTART
    /// equal to DUE, tasks.org's DATE start and due and RELATED=END alarm,
    /// its weekly repeat with BYDAY of the due day and a start days before,
    /// Thunderbird's Windows-named zone defined only by its VTIMEZONE,
    /// Nextcloud's floating times and RELATED-TO, todoman's PRODID and UTC
    /// times; sub-items: tasks.org's RELATED-TO;RELTYPE=PARENT, the
    /// RELATED-TO without RELTYPE of Nextcloud Tasks' earlier versions, and
    /// a parent naming its child with RELTYPE=CHILD beside a SIBLING, as a
    /// Windows client on a Sabre server wrote it, and the RELATED-TO
    /// without RELTYPE that Apple's CalDAV clients write beside their
    /// X-APPLE-SORT-ORDER). The tests check what
    /// each gives; the fuzzer mutates them.
    public static let corpus: [String] = [
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Apple Inc.//iOS 17.0//EN\r
        BEGIN:VTODO\r
        UID:2C3A7F0E-8B1D-4E55-9C2A-0D1E2F3A4B5C\r
        DTSTAMP:20261120T080000Z\r
        SUMMARY:Buy milk\r
        DTSTART;TZID=Europe/Berlin:20261124T090000\r
        DUE;TZID=Europe/Berlin:20261124T090000\r
        X-APPLE-SORT-ORDER:123456\r
        BEGIN:VALARM\r
        UID:8E1F\r
        X-WR-ALARMUID:8E1F\r
        TRIGGER;VALUE=DATE-TIME:20261124T080000Z\r
        ACTION:DISPLAY\r
        DESCRIPTION:Reminder\r
        END:VALARM\r
        END:VTODO\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        DTSTART:19810329T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        DTSTART:19961027T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130804//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261120T101010Z\r
        UID:7366123045921184315\r
        CREATED:20261120T101000Z\r
        LAST-MODIFIED:20261120T101010Z\r
        SUMMARY:Call the dentist\r
        DESCRIPTION:Ask about\\nthe bill\r
        PRIORITY:1\r
        CATEGORIES:health,calls\r
        X-APPLE-SORT-ORDER:-1234\r
        DTSTART;VALUE=DATE:20261123\r
        DUE;VALUE=DATE:20261125\r
        BEGIN:VALARM\r
        TRIGGER;RELATED=END:PT0S\r
        ACTION:DISPLAY\r
        DESCRIPTION:Default Tasks.org description\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
        VERSION:2.0\r
        BEGIN:VTIMEZONE\r
        TZID:W. Europe Standard Time\r
        BEGIN:STANDARD\r
        DTSTART:16010101T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:16010101T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VTODO\r
        CREATED:20261120T090000Z\r
        LAST-MODIFIED:20261120T090500Z\r
        DTSTAMP:20261120T090500Z\r
        UID:d1a2b3c4-5e6f-7a8b-9c0d-e1f2a3b4c5d6\r
        SUMMARY:Renew the passport\r
        STATUS:IN-PROCESS\r
        PERCENT-COMPLETE:40\r
        DTSTART;TZID=W. Europe Standard Time:20261126T080000\r
        DUE;TZID=W. Europe Standard Time:20261126T170000\r
        X-MOZ-GENERATION:3\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER;VALUE=DURATION;RELATED=START:-PT15M\r
        DESCRIPTION:Default Mozilla Description\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.0\r
        BEGIN:VTODO\r
        UID:a7b9c2d4-e1f3-4a5b-8c6d-0e9f1a2b3c4d\r
        CREATED:20261120T120000\r
        LAST-MODIFIED:20261121T083000\r
        DTSTAMP:20261121T083000\r
        SUMMARY:Water the plants\r
        STATUS:COMPLETED\r
        COMPLETED:20261121T083000\r
        PERCENT-COMPLETE:100\r
        DTSTART:20261120T080000\r
        DUE:20261121T080000\r
        RRULE:FREQ=DAILY;COUNT=10\r
        RELATED-TO;RELTYPE=PARENT:f00dfeed-0000-4000-8000-000000000001\r
        X-OC-HIDESUBTASKS:0\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:io.barrera.todoman\r
        BEGIN:VTODO\r
        UID:4fd3f5ac1c8d4a3a9f1b5d0e2c7a6b91@example.com\r
        DTSTAMP:20261121T090000Z\r
        CREATED:20261121T090000Z\r
        SUMMARY:Pay rent\r
        DUE:20261130T090000Z\r
        RRULE:FREQ=MONTHLY\r
        DTSTART:20261030T090000Z\r
        SEQUENCE:1\r
        LOCATION:Bank\r
        END:VTODO\r
        BEGIN:VEVENT\r
        UID:event-1\r
        DTSTART:20261130T090000Z\r
        SUMMARY:Not a to-do\r
        END:VEVENT\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130804//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261120T101010Z\r
        UID:7366123045921184777\r
        CREATED:20261120T101000Z\r
        LAST-MODIFIED:20261120T101010Z\r
        SUMMARY:Timesheet\r
        PRIORITY:5\r
        CATEGORIES:work\r
        RRULE:FREQ=WEEKLY;BYDAY=FR\r
        DTSTART;TZID=Europe/Berlin:20261123T090000\r
        DUE;TZID=Europe/Berlin:20261127T170000\r
        BEGIN:VALARM\r
        TRIGGER;RELATED=END:-PT1H\r
        ACTION:DISPLAY\r
        DESCRIPTION:Default Tasks.org description\r
        END:VALARM\r
        BEGIN:VALARM\r
        TRIGGER;RELATED=START:PT0S\r
        ACTION:DISPLAY\r
        DESCRIPTION:Default Tasks.org description\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:+//IDN tasks.org//android-130804//EN\r
        BEGIN:VTODO\r
        DTSTAMP:20261120T101010Z\r
        UID:2962419142319295270\r
        CREATED:20261120T101000Z\r
        LAST-MODIFIED:20261120T101010Z\r
        SUMMARY:Find the missing albums\r
        PRIORITY:1\r
        STATUS:NEEDS-ACTION\r
        X-APPLE-SORT-ORDER:-1235\r
        RELATED-TO;RELTYPE=PARENT:b42fa285-90ce-4e4a-833c-1fd6779fe952\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.9.5\r
        BEGIN:VTODO\r
        CREATED:20261120T095435\r
        DTSTAMP:20261120T095507\r
        LAST-MODIFIED:20261120T095507\r
        UID:u5n2ifcqt8\r
        SUMMARY:Subtask\r
        RELATED-TO:3o3al1t55r\r
        X-OC-HIDESUBTASKS:0\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Sabre//Sabre VObject 4.1.6//EN\r
        BEGIN:VTODO\r
        SUMMARY:Groceries\r
        DTSTAMP:20261120T095356Z\r
        UID:2fa55d38-006d-4010-aa3a-dc4f392cbccd\r
        LAST-MODIFIED:20261120T095356Z\r
        RELATED-TO;RELTYPE=CHILD:255ce6ca-fbae-4263-89c5-5743f8456b22\r
        RELATED-TO;RELTYPE=SIBLING:0a1b2c3d-0000-4000-8000-000000000002\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Apple Inc.//macOS 14.0//EN\r
        BEGIN:VTODO\r
        UID:6F1B2D3C-4A5E-4F60-8B71-92A3B4C5D6E7\r
        DTSTAMP:20261120T081500Z\r
        CREATED:20261120T081200Z\r
        LAST-MODIFIED:20261120T081500Z\r
        SUMMARY:Passport photos\r
        RELATED-TO:2C3A7F0E-8B1D-4E55-9C2A-0D1E2F3A4B5C\r
        X-APPLE-SORT-ORDER:123457\r
        STATUS:NEEDS-ACTION\r
        END:VTODO\r
        END:VCALENDAR\r

        """,
    ]
}
