import Foundation

/// What an item is in iCalendar terms: the fields a VTODO carries that this
/// app models. Everything else in the VTODO is another app's and is kept.
public struct CalendarFields: Hashable, Sendable {
    public var uid: String
    public var text: String
    /// Whole minutes, years 1970-9999.
    public var dueDate: Date?
    public var isChecked: Bool
    /// The reminders, one per VALARM we can model (`ReminderTime.normalized`).
    public var reminders: [ReminderTime]
    public var recurrence: Recurrence?
    /// DTSTART of a repeating item: where its occurrences are counted from
    /// (DUE when DTSTART is its start).
    public var repeatStart: Date?
    /// The note <-> the VTODO's DESCRIPTION; empty: none.
    public var note: String
    /// <-> PRIORITY, read as a level (1-4 high, 5 medium, 6-9 low).
    public var priority: Priority
    /// <-> CATEGORIES: every such line's comma-separated values, in order.
    public var tags: [String]
    /// <-> DTSTART when it is a start (`StartDate`): before DUE, and for a
    /// repeating to-do less than one repeat before it.
    public var startDate: Date?
    /// <-> the first RELATED-TO that names a parent (RELTYPE=PARENT, or no
    /// RELTYPE, RFC 5545's default): the parent's UID as written, or nil at
    /// the top level. Any other relation is another app's and is kept.
    public var parentUID: String?

    public init(uid: String, text: String, dueDate: Date?, isChecked: Bool = false, shouldRemind: Bool = false,
                recurrence: Recurrence? = nil, repeatStart: Date? = nil, note: String = "", priority: Priority = .none,
                reminders: [ReminderTime] = [], tags: [String] = [], startDate: Date? = nil, parentUID: String? = nil) {
        self.uid = uid
        self.text = text
        self.dueDate = dueDate
        self.isChecked = isChecked
        self.reminders = ReminderTime.with(shouldRemind: shouldRemind, reminders)
        self.recurrence = recurrence
        self.repeatStart = repeatStart
        self.note = note
        self.priority = priority
        self.tags = tags
        self.startDate = startDate
        self.parentUID = parentUID
    }

    /// What DTSTART carries, in `calendar`: the start, when the item can
    /// keep it there (before the due date; for a repeating item less than
    /// one repeat before it), else for a repeating item the series start.
    /// With a start, or a series start less than one repeat before the due
    /// date (a month-end start, Jan 31 for Feb 28), the repeat counts from
    /// the due date: DTSTART there would read back as a start.
    public func dtstart(calendar: Calendar) -> (start: Date?, seriesStart: Date?) {
        guard let due = dueDate else { return (startDate, nil) }
        guard let recurrence else { return (startDate.flatMap { $0 < due ? $0 : nil }, nil) }
        if let start = startDate, StartDate.isLead(start: start, due: due, recurrence: recurrence, calendar: calendar) { return (start, due) }
        let series = repeatStart ?? due
        return (nil, StartDate.isLead(start: series, due: due, recurrence: recurrence, calendar: calendar) ? due : series)
    }

    /// Remind Me: a reminder at the due date among `reminders`.
    public var shouldRemind: Bool {
        get { reminders.contains(.atDue) }
        set { reminders = ReminderTime.normalized(reminders.filter { $0 != .atDue } + (newValue ? [.atDue] : [])) }
    }
}

/// The moments a written VTODO is stamped with when our fields change it.
public struct CalendarStamps: Hashable, Sendable {
    /// DTSTAMP and LAST-MODIFIED.
    public var modifiedAt: Date
    /// COMPLETED of a checked item (else `modifiedAt`).
    public var completedAt: Date?

    public init(modifiedAt: Date, completedAt: Date?) {
        self.modifiedAt = modifiedAt
        self.completedAt = completedAt
    }
}

/// Item <-> VTODO. Reading takes our fields out of an iCalendar object (one
/// VCALENDAR holding one to-do: its master VTODO, any overrides of the same
/// UID, the VTIMEZONEs they use). Writing merges our fields into the object
/// the item came from: a property is rewritten only when the field it
/// carries differs from what the object already says, so an unchanged item
/// is written back exactly as it was read, and whatever we do not model
/// (X- properties, a rule we cannot
/// keep, other alarms, other components) is never touched.
///
/// The mapping (also in the manual page, ICALENDAR FILES):
/// - text <-> SUMMARY (a to-do without one reads as "(untitled)")
/// - note <-> DESCRIPTION of the VTODO (not of its alarms); none when empty
/// - priority <-> PRIORITY: 1-4 high, 5 medium, 6-9 low, 0 or none absent;
///   written 1, 5, 9, and another app's number kept while its level stands
/// - tags <-> CATEGORIES: every line read, its values split at commas; a
///   space or `#` in another app's value reads as `-`; written as one line
///   only when the tags changed here
/// - due <-> DUE: UTC, TZID (with its VTIMEZONE), floating (the user's
///   zone) or a DATE (midnight starting that day); written in UTC, or in
///   the form it had when that reads back the same
/// - checked <-> STATUS:COMPLETED (or CANCELLED, or a COMPLETED time without
///   STATUS) with COMPLETED and PERCENT-COMPLETE:100
/// - repeat <-> RRULE (the rules `Recurrence` keeps) with DTSTART
/// - start <-> DTSTART: without a repeat we model, one before DUE (or
///   without DUE; one equal to DUE, as Apple writes it, is no start and
///   follows DUE); with one, one less than a repeat before DUE (the
///   repeat then counts from DUE); any other DTSTART of a repeat is where
///   it counts from. A DATE reads as midnight starting that day. Written
///   with DUE's value type (a DATE where DUE is one and the start is at
///   midnight; else DUE becomes a DATE-TIME too), in its own form while
///   that reads back the same. Another app's DTSTART after DUE is no
///   start: it stays until we change the to-do, then it is dropped, as
///   RFC 5545 wants DUE not before DTSTART
/// - each reminder <-> a DISPLAY or AUDIO VALARM: a TRIGGER relative to
///   DUE (RELATED=END, or no RELATED in a VTODO without DTSTART) at or
///   before it, or an absolute TRIGGER (one at the due time reads as Remind
///   Me). Written `TRIGGER;RELATED=END:-PT1H` or `TRIGGER;VALUE=DATE-TIME:`
///   in UTC. Any other VALARM (EMAIL, related to a start, after the due
///   date) is not a reminder here: kept as written, never fired. Only the
///   alarms of reminders added or removed here are written or removed.
/// - parent <-> RELATED-TO with RELTYPE=PARENT or without RELTYPE (the
///   first such line; others stay as written). Written
///   `RELATED-TO;RELTYPE=PARENT:<uid>` where the first was, only when the
///   parent changed here; an item put at the top level loses every parent
///   line. CHILD, SIBLING and other types are another app's, kept as written
public struct CalendarMapping: Sendable {
    /// Floating times and DATEs are in this zone; DUE keeps its TZID form.
    public var timeZone: TimeZone
    /// A trigger not after this is not pending.
    public var now: Date

    public static let productID = "-//Checklists//Checklists 1.0//EN"
    /// The text of a to-do without SUMMARY (item text cannot be empty).
    public static let untitled = "(untitled)"

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// The Gregorian calendar in `timeZone`: where repeats and starts fall.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    // MARK: - Reading

    /// Our fields of the object's master VTODO, or nil when it holds none.
    public func fields(of object: ICalComponent) -> CalendarFields? {
        guard let index = Self.masterIndex(object) else { return nil }
        return fields(of: object.components[index], zones: ICalZones(local: timeZone, calendar: object))
    }

    private func fields(of todo: ICalComponent, zones: ICalZones) -> CalendarFields {
        var text = todo.first("SUMMARY")?.text ?? ""
        // SQLite would cut the text at a NUL; item text cannot be blank.
        text = Self.withoutNUL(text)
        if TextRules.isBlank(text) { text = Self.untitled }
        let due = Self.minute(zones.date(todo.first("DUE")))
        let status = todo.first("STATUS")?.value.uppercased()
        let checked = status == "COMPLETED" || status == "CANCELLED" || (status == nil && todo.first("COMPLETED") != nil)
        var fields = CalendarFields(uid: todo.first("UID")?.value ?? "", text: text, dueDate: due, isChecked: checked)
        // As for the text: a NUL would cut the note short in SQLite.
        fields.note = Self.withoutNUL(todo.first("DESCRIPTION")?.text ?? "")
        fields.priority = todo.first("PRIORITY").map { Priority(icalendar: $0.value) } ?? .none
        fields.tags = Self.tags(todo.all("CATEGORIES"))
        let rules = todo.all("RRULE")
        let start = Self.minute(zones.date(todo.first("DTSTART")))
        if let due, rules.count == 1 {
            let calendar = self.calendar
            func rule(from day: Date) -> Recurrence? {
                Recurrence(rrule: rules[0].value, start: calendar.dateComponents([.weekday, .day, .month], from: day))
            }
            // A DTSTART less than one repeat before DUE is each occurrence's
            // start, and the rule is counted from DUE (tasks.org writes the
            // due day's BYDAY with a start on another day); any other DTSTART
            // is where the series is counted from, as earlier versions wrote it.
            let seriesRule = rule(from: start ?? due)
            if let start, let lead = rule(from: due) ?? seriesRule, StartDate.isLead(start: start, due: due, recurrence: lead, calendar: calendar) {
                fields.recurrence = lead
                fields.repeatStart = due
                fields.startDate = start
            } else if let seriesRule {
                fields.recurrence = seriesRule
                fields.repeatStart = start ?? due
            }
        }
        // Without a repeat we model, DTSTART before DUE (or without DUE) is
        // the start. One equal to DUE is not: Apple writes DTSTART as the due
        // time on every dated reminder, and each would stay out of what is
        // due until the moment it is due.
        if fields.recurrence == nil, let start, due.map({ start < $0 }) ?? true { fields.startDate = start }
        fields.reminders = ReminderTime.normalized(reminderAlarms(in: todo, due: due, zones: zones).map(\.reminder))
        fields.parentUID = Self.parentRelations(of: todo).first.map { todo.properties[$0].value }
        return fields
    }

    /// Where the VTODO's parent relations are among its properties: each
    /// RELATED-TO whose RELTYPE is PARENT (in any case) or absent, RFC
    /// 5545's default, with a UID (an empty one names nothing).
    public static func parentRelations(of todo: ICalComponent) -> [Int] {
        todo.properties.indices.filter { index in
            let property = todo.properties[index]
            guard property.name == "RELATED-TO", !property.value.isEmpty else { return false }
            return property.parameter("RELTYPE").map { $0.uppercased() == "PARENT" } ?? true
        }
    }

    /// `text` with each NUL replaced by U+FFFD: SQLite would cut the text there.
    /// The tags of every CATEGORIES line: each value split at its unescaped
    /// commas, unescaped, and made a tag (`Tags.tag`), each once.
    static func tags(_ lines: [ICalProperty]) -> [String] {
        Tags.unique(categories(lines).compactMap { Tags.tag(withoutNUL($0)) })
    }

    /// Every value of the CATEGORIES lines as another app wrote it, unescaped.
    static func categories(_ lines: [ICalProperty]) -> [String] {
        var values: [String] = []
        for line in lines {
            var part = "", escaped = false
            for character in line.value {
                if escaped {
                    part.append("\\"); part.append(character); escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "," {
                    values.append(ICalText.unescaped(part)); part = ""
                } else {
                    part.append(character)
                }
            }
            values.append(ICalText.unescaped(part))
        }
        return values
    }

    /// Each tag as the lines of `todo` spell it ("Work Stuff" for the tag
    /// Work-Stuff, "#urgent" for urgent), else as it is.
    static func spelledAsWritten(_ tags: [String], in todo: ICalComponent) -> [String] {
        var written: [String: String] = [:]
        for value in categories(todo.all("CATEGORIES")) {
            guard let tag = Tags.tag(withoutNUL(value)) else { continue }
            if written[Tags.key(tag)] == nil { written[Tags.key(tag)] = withoutNUL(value) }
        }
        return tags.map { written[Tags.key($0)] ?? $0 }
    }

    private static func withoutNUL(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{0}") else { return text }
        return String(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : Character($0) })
    }

    /// A moment as an item's due date: whole minutes, years 1970-9999.
    private static func minute(_ date: Date?) -> Date? {
        guard let date, date.timeIntervalSince1970 >= 0, date.timeIntervalSince1970 < 253_402_300_800 else { return nil }
        return StoredTime.date(StoredTime.wholeMinutes(date))
    }

    /// The alarms that are reminders here, each with the reminder it is:
    /// DISPLAY or AUDIO, with a TRIGGER relative to DUE at or before it, in
    /// whole minutes, or absolute (years 1970-9999).
    private func reminderAlarms(in todo: ICalComponent, due: Date?, zones: ICalZones) -> [(index: Int, reminder: ReminderTime)] {
        var found: [(index: Int, reminder: ReminderTime)] = []
        for (index, alarm) in todo.components.enumerated() where alarm.name == "VALARM" {
            if let reminder = reminder(of: alarm, in: todo, due: due, zones: zones) { found.append((index, reminder)) }
        }
        return found
    }

    private func reminder(of alarm: ICalComponent, in todo: ICalComponent, due: Date?, zones: ICalZones) -> ReminderTime? {
        let action = alarm.first("ACTION")?.value.uppercased()
        guard action == "DISPLAY" || action == "AUDIO", let trigger = alarm.first("TRIGGER") else { return nil }
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" || ICalTimeValue(trigger) != nil {
            guard let time = Self.minute(zones.date(trigger)) else { return nil }
            return time == due ? .atDue : .at(time)
        }
        guard due != nil, let offset = ICalTimeText.duration(trigger.value), offset <= 0, offset % 60 == 0,
              -offset / 60 <= Int64(ReminderTime.longestOffset) else { return nil }
        // Relative to the start (said so, or by default where there is one):
        // another app's reminder this one cannot place, kept as it is.
        let related = trigger.parameter("RELATED")?.uppercased()
        if related == "START" || (related == nil && todo.first("DTSTART") != nil) { return nil }
        return .beforeDue(minutes: Int(-offset / 60))
    }

    /// The VALARM written for a reminder added here.
    private static func alarm(for reminder: ReminderTime, text: String) -> ICalComponent {
        let trigger = switch reminder {
        case let .beforeDue(minutes):
            ICalProperty(name: "TRIGGER", parameters: [ICalParameter(name: "RELATED", rawValue: "END")], value: duration(beforeMinutes: minutes))
        case let .at(date):
            ICalProperty(name: "TRIGGER", parameters: [ICalParameter(name: "VALUE", rawValue: "DATE-TIME")], value: ICalTimeText.utc(date))
        }
        return ICalComponent(name: "VALARM", properties: [
            ICalProperty(name: "ACTION", value: "DISPLAY"), ICalProperty(name: "DESCRIPTION", text: text), trigger,
        ])
    }

    /// `-P1DT9H`, `-PT15M`; `PT0S` for at the due time.
    static func duration(beforeMinutes minutes: Int) -> String {
        guard minutes > 0 else { return "PT0S" }
        let days = minutes / 1440, hours = minutes % 1440 / 60, rest = minutes % 60
        var text = "-P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || rest > 0 { text += "T" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 ? "\(rest)M" : "") }
        return text
    }

    /// The VTODO the object is about: the first without RECURRENCE-ID (an
    /// override of one occurrence), else the first.
    public static func masterIndex(_ object: ICalComponent) -> Int? {
        object.components.firstIndex { $0.name == "VTODO" && $0.first("RECURRENCE-ID") == nil }
            ?? object.components.firstIndex { $0.name == "VTODO" }
    }

    // MARK: - Writing

    /// `fields` merged into `original` (nil: a new object). Reading the
    /// result gives `fields` back (reminders before a due date need one; a
    /// start as `CalendarFields.dtstart` carries it). A to-do whose fields
    /// say what it already says is returned exactly as it came.
    public func merge(_ fields: CalendarFields, stamps: CalendarStamps, into original: ICalComponent?) -> ICalComponent {
        var object = original ?? ICalComponent(name: "VCALENDAR")
        let zones = ICalZones(local: timeZone, calendar: object)
        let index: Int
        if let master = Self.masterIndex(object) {
            index = master
        } else {
            object.components.append(ICalComponent(name: "VTODO", properties: [
                ICalProperty(name: "UID", value: fields.uid), ICalProperty(name: "STATUS", value: "NEEDS-ACTION"),
            ]))
            index = object.components.count - 1
        }
        var todo = object.components[index]
        let given = todo
        var current = self.fields(of: todo, zones: zones)
        let rule = fields.dueDate == nil ? nil : fields.recurrence
        let (start, series) = fields.dtstart(calendar: calendar)
        let changed = original == nil || Self.masterIndex(original!) == nil || current.uid != fields.uid || current.text != fields.text
            || current.dueDate != fields.dueDate || current.isChecked != fields.isChecked || current.note != fields.note
            || current.priority != fields.priority || current.tags != fields.tags || current.reminders != fields.reminders
            || current.recurrence != rule || current.startDate != start || current.repeatStart != series
            || current.parentUID != fields.parentUID
        guard changed else { return object }

        if current.uid != fields.uid { todo.replace(with: ICalProperty(name: "UID", value: fields.uid)) }
        if current.text != fields.text { todo.replace(with: ICalProperty(name: "SUMMARY", text: fields.text)) }
        let dueChanged = current.dueDate != fields.dueDate
        if dueChanged {
            if let due = fields.dueDate {
                todo.replace(with: time("DUE", due, like: todo.first("DUE"), zones: zones))
            } else {
                todo.remove("DUE")
            }
        }
        if current.isChecked != fields.isChecked {
            if fields.isChecked {
                todo.replace(with: ICalProperty(name: "STATUS", value: "COMPLETED"))
                todo.replace(with: ICalProperty(name: "COMPLETED", value: ICalTimeText.utc(stamps.completedAt ?? stamps.modifiedAt)))
                todo.replace(with: ICalProperty(name: "PERCENT-COMPLETE", value: "100"))
            } else {
                todo.replace(with: ICalProperty(name: "STATUS", value: "NEEDS-ACTION"))
                todo.remove("COMPLETED")
                todo.remove("PERCENT-COMPLETE")
            }
        }
        if current.note != fields.note {
            if fields.note.isEmpty { todo.remove("DESCRIPTION") } else { todo.replace(with: ICalProperty(name: "DESCRIPTION", text: fields.note)) }
        }
        if current.priority != fields.priority {
            // Compared as levels, so another app's PRIORITY:2 stays while
            // the item is still high.
            if let value = fields.priority.icalendarValue { todo.replace(with: ICalProperty(name: "PRIORITY", value: value)) } else { todo.remove("PRIORITY") }
        }
        if current.parentUID != fields.parentUID {
            // The parent goes where the first parent line was, so it reads
            // back first; further parents another app named stay. At the top
            // level none may stay, or the next would read as the parent.
            let relations = Self.parentRelations(of: todo)
            if let parent = fields.parentUID {
                let line = ICalProperty(name: "RELATED-TO", parameters: [ICalParameter(name: "RELTYPE", rawValue: "PARENT")], value: parent)
                if let first = relations.first { todo.properties[first] = line } else { todo.properties.append(line) }
            } else {
                for index in relations.reversed() { todo.properties.remove(at: index) }
            }
        }
        if current.tags != fields.tags {
            // One line for all of them, where the first was; the lines
            // another app wrote stay untouched while their tags are unchanged,
            // and a tag it wrote keeps its spelling there when others change.
            if fields.tags.isEmpty {
                todo.remove("CATEGORIES")
            } else {
                let values = Self.spelledAsWritten(fields.tags, in: todo)
                todo.replace(with: ICalProperty(name: "CATEGORIES", value: values.map(ICalText.escaped).joined(separator: ",")))
            }
        }

        // DTSTART as the other app left it, fitted to the DUE written: one
        // at the due time (Apple's) stays at it; one after it, which is no
        // start, goes, as RFC 5545 wants DUE not before DTSTART; where DUE
        // changed its value type, DTSTART takes DUE's.
        if let startProperty = todo.first("DTSTART"), let before = zones.date(startProperty) {
            let due = Self.minute(zones.date(todo.first("DUE")))
            if dueChanged, rule == nil, start == nil, let due, Self.minute(before) == Self.minute(zones.date(given.first("DUE"))) {
                writeStart(due, in: &todo, zones: zones)
            } else if rule == nil, let due, due < before {
                todo.remove("DTSTART")
            } else if dueChanged, !Self.sameValueType(todo) {
                writeStart(before, in: &todo, zones: zones)
            }
        }

        // The repeat and the start share DTSTART: the start when there is
        // one, else the repeat's series start. Compared with what the VTODO
        // says now, as are the alarms after them (they depend on DUE and on
        // whether there is a DTSTART).
        current = self.fields(of: todo, zones: zones)
        if current.recurrence != rule || current.startDate != start || current.repeatStart != series {
            let hadStart = todo.first("DTSTART") != nil
            // A new rule goes before its DTSTART, as this app always wrote it.
            if let rule, todo.first("RRULE") == nil { todo.replace(with: ICalProperty(name: "RRULE", value: rule.rrule)) }
            if let moment = start ?? series {
                if Self.minute(zones.date(todo.first("DTSTART"))) != moment || !Self.sameValueType(todo) {
                    writeStart(moment, in: &todo, zones: zones)
                }
                if !hadStart { Self.keepRelatedToDue(&todo) }
            } else if current.startDate != nil || current.recurrence != nil {
                // Ours (a start, or the series start of a repeat we read).
                todo.remove("DTSTART")
            }
            if let rule {
                // Another app's rule text stays while it reads as the same rule.
                if self.fields(of: todo, zones: zones).recurrence != rule { todo.replace(with: ICalProperty(name: "RRULE", value: rule.rrule)) }
            } else if self.fields(of: todo, zones: zones).recurrence != nil {
                // Ours; or another app's rule that DUE or DTSTART written here
                // make read as a repeat this item does not have (a weekly
                // BYDAY of the due day, with a start now less than a week
                // before it). Without it, DTSTART is the start or nothing.
                todo.remove("RRULE")
                if self.fields(of: todo, zones: zones).startDate != start {
                    if let start { writeStart(start, in: &todo, zones: zones) } else { todo.remove("DTSTART") }
                }
            }
        }

        current = self.fields(of: todo, zones: zones)
        if current.reminders != fields.reminders {
            // Only the alarms of reminders removed here go, and only those
            // added here are written: the others stay byte for byte.
            let wanted = Set(fields.reminders)
            let alarms = reminderAlarms(in: todo, due: current.dueDate, zones: zones)
            for alarm in alarms.reversed() where !wanted.contains(alarm.reminder) { todo.components.remove(at: alarm.index) }
            let present = Set(alarms.map(\.reminder))
            for reminder in fields.reminders where !present.contains(reminder) {
                let after = todo.components.lastIndex { $0.name == "VALARM" }.map { $0 + 1 } ?? todo.components.count
                todo.components.insert(Self.alarm(for: reminder, text: fields.text), at: after)
            }
        }

        todo.replace(with: ICalProperty(name: "DTSTAMP", value: ICalTimeText.utc(stamps.modifiedAt)))
        if original != nil { todo.replace(with: ICalProperty(name: "LAST-MODIFIED", value: ICalTimeText.utc(stamps.modifiedAt))) }
        object.components[index] = todo
        // Required; added only to an object we change, so one we do not is
        // left exactly as it came.
        if object.first("PRODID") == nil { object.properties.insert(ICalProperty(name: "PRODID", value: Self.productID), at: 0) }
        if object.first("VERSION") == nil { object.properties.insert(ICalProperty(name: "VERSION", value: "2.0"), at: 0) }
        return object
    }

    /// DTSTART set to `moment` with DUE's value type, as RFC 5545 requires:
    /// in its own DATE-TIME form when it has one, else in DUE's. A DATE DUE
    /// and a start with a time of day cannot share one, so DUE becomes a
    /// DATE-TIME. Without DUE, a start at midnight is a DATE.
    private func writeStart(_ moment: Date, in todo: inout ICalComponent, zones: ICalZones) {
        let old = todo.first("DTSTART").flatMap { ICalTimeValue($0) == nil ? nil : $0 }
        let day = ICalProperty(name: "DTSTART", parameters: [ICalParameter(name: "VALUE", rawValue: "DATE")], value: ICalTimeText.day(moment, in: timeZone))
        guard let due = todo.first("DUE"), let dueValue = ICalTimeValue(due) else {
            todo.replace(with: old.map { time("DTSTART", moment, like: $0, zones: zones) } ?? (zones.date(day) == moment ? day : time("DTSTART", moment, like: nil, zones: zones)))
            return
        }
        if dueValue.isDate {
            if zones.date(day) == moment { return todo.replace(with: day) }
            if let dueDate = zones.date(due) { todo.replace(with: time("DUE", dueDate, like: nil, zones: zones)) }
        }
        let like = old.flatMap { ICalTimeValue($0)?.isDate == false ? $0 : nil } ?? todo.first("DUE")
        todo.replace(with: time("DTSTART", moment, like: like, zones: zones))
    }

    /// Whether DTSTART and DUE (where both are there) share a value type.
    private static func sameValueType(_ todo: ICalComponent) -> Bool {
        guard let start = todo.first("DTSTART").flatMap(ICalTimeValue.init), let due = todo.first("DUE").flatMap(ICalTimeValue.init) else { return true }
        return start.isDate == due.isDate
    }

    /// Relative triggers without RELATED count from DTSTART where there is
    /// one (RFC 5545): when we add the first DTSTART, they are said to be
    /// relative to DUE, which is what they meant until then.
    private static func keepRelatedToDue(_ todo: inout ICalComponent) {
        for index in todo.components.indices where todo.components[index].name == "VALARM" {
            guard let trigger = todo.components[index].first("TRIGGER"), trigger.parameter("RELATED") == nil,
                  trigger.parameter("VALUE")?.uppercased() != "DATE-TIME", ICalTimeText.duration(trigger.value) != nil else { continue }
            var related = trigger
            related.parameters.append(ICalParameter(name: "RELATED", rawValue: "END"))
            todo.components[index].replace(with: related)
        }
    }

    /// A DUE or DTSTART for `date`, in the form `old` had (a DATE, a TZID
    /// Foundation knows, floating) when that reads back as `date`; else UTC.
    private func time(_ name: String, _ date: Date, like old: ICalProperty?, zones: ICalZones) -> ICalProperty {
        if let old, let value = ICalTimeValue(old) {
            var candidate: ICalProperty?
            switch value {
            case .date:
                candidate = ICalProperty(name: name, parameters: [ICalParameter(name: "VALUE", rawValue: "DATE")],
                                         value: ICalTimeText.day(date, in: timeZone))
            case let .local(_, tzid?):
                if let zone = TimeZone(identifier: tzid) {
                    candidate = ICalProperty(name: name, parameters: [ICalParameter(name: "TZID", value: tzid)],
                                             value: ICalTimeText.local(date, in: zone))
                }
            case .local(_, nil):
                candidate = ICalProperty(name: name, value: ICalTimeText.local(date, in: timeZone))
            case .utc:
                break
            }
            if let candidate, zones.date(candidate) == date { return candidate }
        }
        return ICalProperty(name: name, value: ICalTimeText.utc(date))
    }

    // MARK: - Files

    /// The to-dos of a file, one object each (all VTODOs of one UID, the
    /// calendar's properties and the VTIMEZONEs they use), and the names of
    /// the components skipped because they are not to-dos (VEVENT, ...).
    /// A VTODO without a UID gets one from `makeUID`.
    public static func objects(in components: [ICalComponent], makeUID: () -> String) -> (objects: [ICalComponent], skipped: [String]) {
        var objects: [ICalComponent] = []
        var skipped: [String] = []
        for calendar in components {
            guard calendar.name == "VCALENDAR" else { skipped.append(calendar.name); continue }
            let zones = calendar.components.filter { $0.name == "VTIMEZONE" }
            var groups: [String: Int] = [:]
            var todos: [[ICalComponent]] = []
            for var component in calendar.components where component.name != "VTIMEZONE" {
                guard component.name == "VTODO" else { skipped.append(component.name); continue }
                let uid: String
                if let value = component.first("UID")?.value, !value.isEmpty {
                    uid = value
                } else {
                    uid = makeUID()
                    component.replace(with: ICalProperty(name: "UID", value: uid))
                }
                if let group = groups[uid] {
                    todos[group].append(component)
                } else {
                    groups[uid] = todos.count
                    todos.append([component])
                }
            }
            for group in todos {
                var used = Set<String>()
                for todo in group { collectZoneIDs(todo, into: &used) }
                let referenced = zones.filter { used.contains($0.first("TZID")?.value ?? "") }
                objects.append(ICalComponent(name: "VCALENDAR", properties: calendar.properties, components: referenced + group))
            }
        }
        return (objects, skipped)
    }

    private static func collectZoneIDs(_ component: ICalComponent, into ids: inout Set<String>) {
        for property in component.properties {
            if let tzid = property.parameter("TZID") { ids.insert(tzid) }
        }
        for inner in component.components { collectZoneIDs(inner, into: &ids) }
    }
}

/// A to-do read from iCalendar, ready to be stored: our fields, the object
/// it came from (kept, so what we do not model is written back), and when
/// it was completed.
public struct CalendarItem: Hashable, Sendable {
    public var fields: CalendarFields
    /// The object as iCalendar text.
    public var object: String
    public var completedAt: Date?

    public init(fields: CalendarFields, object: String, completedAt: Date?) {
        self.fields = fields
        self.object = object
        self.completedAt = completedAt
    }
}

extension CalendarMapping {
    /// The object as an item to store, or nil when it holds no VTODO.
    public func item(from object: ICalComponent) -> CalendarItem? {
        guard let fields = fields(of: object), let master = Self.masterIndex(object) else { return nil }
        let completed = ICalZones(local: timeZone, calendar: object).date(object.components[master].first("COMPLETED"))
        return CalendarItem(fields: fields, object: ICalendarWriter.text(object), completedAt: fields.isChecked ? completed : nil)
    }

    /// A to-do's file name (before `.ics`, as vdir and CalDAV servers
    /// expect): its UID when plain enough for a file name or a URL path;
    /// otherwise a hash of it (the UID inside the file is what counts).
    public static func fileName(uid: String) -> String {
        let plain = !uid.isEmpty && uid.utf8.count <= 200 && !uid.hasPrefix(".")
            && uid.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.@+".unicodeScalars.contains($0)) }
        if plain { return uid }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uid.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "uid-" + String(hash, radix: 16)
    }

    /// When the object's to-do was last changed where it was written
    /// (LAST-MODIFIED, else DTSTAMP): what a sync compares with our own
    /// change time when both sides changed the same field.
    public func lastModified(of object: ICalComponent) -> Date? {
        guard let master = Self.masterIndex(object) else { return nil }
        let todo = object.components[master]
        return ICalZones(local: timeZone, calendar: object).date(todo.first("LAST-MODIFIED") ?? todo.first("DTSTAMP"))
    }

    /// The stored object (nil when there is none or it no longer reads).
    public static func object(_ text: String?) -> ICalComponent? {
        guard let text, let top = try? ICalendarReader.parse(Array(text.utf8)), top.count == 1 else { return nil }
        return top[0]
    }
}
