import Foundation
import ChecklistsModel

/// Turns an export document into a `Snapshot`, checking every record and
/// reporting the first problem as "FILE:LINE:COLUMN: what is wrong".
///
/// The lists' items are read one at a time, each turned into its entry as
/// soon as it is parsed: a whole tree of a large export, built and torn
/// down again, left a heap that slowed the database's own work after it.
struct SnapshotReader {
    let bytes: [UInt8]
    let name: String
    /// Where a skimming reading (`readOnTwoCores`) notes each item it
    /// passes over; nil for a full reading.
    var skim: Skim?
    /// Where a repeating item's start is checked to lead its due date by
    /// less than one repeat (`StartDate`): the user's.
    var calendar = Calendar(identifier: .gregorian)

    /// The items a skimming reading passed over, in the file's order: where
    /// each starts and ends, and the index of its list among the lists.
    final class Skim {
        var items: [(start: JSONNode.Position, end: Int, list: Int)] = []
        /// The index of the list being read.
        var list = 0
        /// What stops a skimming reading: a problem only a full reading,
        /// which comes next, can place and word.
        static let gaveUp = JSONProblem(message: "", line: 0, column: 0)
    }

    /// An object's values, each in the place of its key in the keys the
    /// object may have. An item's are looked up by `ItemField`, with no
    /// string compared or hashed: that was a large share of reading a file.
    struct Fields {
        let keys: [String]
        var values: [JSONNode?]

        init(keys: [String]) {
            self.keys = keys
            // Each slot set to nil in place: `Array(repeating:count:)` copied
            // the one value into every slot through the node's copy function.
            values = [JSONNode?](unsafeUninitializedCapacity: keys.count) { slots, count in
                for slot in slots.indices { (slots.baseAddress! + slot).initialize(to: nil) }
                count = keys.count
            }
        }

        subscript(key: String) -> JSONNode? {
            keys.firstIndex(of: key).flatMap { values[$0] }
        }

        subscript(field: ItemField) -> JSONNode? { values[field.rawValue] }
    }

    /// The fields an item may have, in the order an export writes them.
    enum ItemField: Int, CaseIterable {
        case id, text, due, start, checked, remind, reminder, reminders, `repeat`, repeatStart, lastDone, note, position, priority, tags, uid, parent, folded,
             modified, completed, ical
    }

    /// The fields of the file, of a list and of an item, each in the
    /// order an export writes them: a member's key is looked for from
    /// where the one before it was found.
    static let fileKeys = ["format", "version", "lastListId", "lastItemId", "openList", "listOrder", "smartLists", "lists"]
    static let listKeys = ["id", "name", "icon", "sortOrder", "position", "hidesChecked", "hidesNotStarted", "items"]
    static let itemKeys = ItemField.allCases.map { "\($0)" }

    /// Where `key` is in `keys`, looked for from `start` on (and then
    /// from the beginning): in an export, the next key is usually there.
    private static func index(of key: String, in keys: [String], from start: Int) -> Int? {
        for step in 0..<keys.count {
            let index = (start + step) % keys.count
            if keys[index] == key { return index }
        }
        return nil
    }

    /// The snapshot `bytes` holds, or the first problem in the file as
    /// "NAME:LINE:COLUMN: what; nothing was imported". A file of at least
    /// `twoCoresFrom` bytes is read on two cores first (`readOnTwoCores`);
    /// a file that reading gives up on is read again, on one.
    static func read(_ bytes: [UInt8], name: String, twoCoresFrom threshold: Int = 1 << 20,
                     calendar: Calendar = Calendar(identifier: .gregorian)) throws(CommandLineError) -> Snapshot {
        if bytes.count >= threshold, let snapshot = readOnTwoCores(bytes, name: name, calendar: calendar) { return snapshot }
        do {
            var parser = JSONParser(document: bytes)
            let snapshot = try SnapshotReader(bytes: bytes, name: name, calendar: calendar).snapshot(&parser)
            try parser.finishDocument()
            return snapshot
        } catch {
            throw .badInput("\(name):\(error.line):\(error.column): \(error.message); nothing was imported")
        }
    }

    private func fail(_ node: JSONNode, _ message: String) -> JSONProblem {
        fail(at: node.position, message)
    }

    private func fail(at position: JSONNode.Position, _ message: String) -> JSONProblem {
        JSONParser.problem(message, at: position, in: bytes)
    }

    /// Reads the object at the parser's place member by member: `stream`
    /// may take a member's value itself (returning true), any other value
    /// is kept in the fields returned. An unknown key is refused.
    private func members(_ parser: inout JSONParser, depth: Int, _ what: String, keys: [String],
                         stream: (inout JSONParser, String, Fields) throws(JSONProblem) -> Bool) throws(JSONProblem) -> Fields {
        guard parser.nextValueStarts(with: UInt8(ascii: "{")) else {
            throw fail(try parser.parseValue(depth: depth), "\(what) must be a JSON object {...}")
        }
        var fields = Fields(keys: keys)
        var seen = 0 as UInt64, next = 0
        try parser.readObject(depth: depth) { (parser: inout JSONParser, key: String, keyStart: JSONNode.Position) throws(JSONProblem) in
            guard let index = Self.index(of: key, in: keys, from: next) else {
                throw fail(try parser.parseValue(depth: depth + 1), "\(what): unknown field \"\(key)\" (expected \(keys.sorted().joined(separator: ", ")))")
            }
            guard seen & (1 << index) == 0 else { throw fail(at: keyStart, "the key \"\(key)\" appears twice") }
            seen |= 1 << index
            next = index + 1
            if try stream(&parser, key, fields) { return }
            fields.values[index] = try parser.parseValue(depth: depth + 1)
        }
        return fields
    }

    func snapshot(_ parser: inout JSONParser) throws(JSONProblem) -> Snapshot {
        let start = parser.position
        var listIDs = Set<Int64>(), itemIDs = Set<Int64>(), uids = Set<String>()
        // Sized once, for items of a little over 100 bytes (an export's are
        // about 280): grown as they filled, these sets hashed every id and
        // UID again at each doubling. A skimming reading checks them later,
        // in sets of its own.
        if skim == nil {
            itemIDs.reserveCapacity(bytes.count / 128)
            uids.reserveCapacity(bytes.count / 128)
        }
        var lists: [Snapshot.List] = []
        var streamed = false
        // The lists are read as they come once the file has shown itself to
        // be an export this version reads (an export starts with its format
        // and version); before that they are kept, and checked after.
        let fields = try members(&parser, depth: 0, "the file", keys: Self.fileKeys) { (parser: inout JSONParser, key: String, earlier: Fields) throws(JSONProblem) in
            guard key == "lists", try header(earlier, at: start, complete: false) != nil else { return false }
            try eachElement(&parser, depth: 1, "lists") { (parser: inout JSONParser) throws(JSONProblem) in
                try lists.append(list(&parser, listIDs: &listIDs, itemIDs: &itemIDs, uids: &uids))
            }
            streamed = true
            return true
        }
        _ = try header(fields, at: start, complete: true)
        if !streamed {
            let listsNode = try required(fields["lists"], "lists", at: start, "the file")
            for listNode in try array(listsNode, "lists") {
                var parser = JSONParser(document: bytes, at: listNode.position)
                try lists.append(list(&parser, listIDs: &listIDs, itemIDs: &itemIDs, uids: &uids))
            }
        }
        var openID: Int64?
        if let node = fields["openList"], !isNull(node) {
            let id = try integer(node, "openList")
            guard listIDs.contains(id) else { throw fail(node, "openList \(id) is not the id of a list in this file") }
            openID = id
        }
        // Absent, as in the files of older versions: by name, and no smart lists.
        let listOrder = try choice(fields["listOrder"], "listOrder", default: ListOrder.byName)
        return Snapshot(
            lists: lists, openChecklistID: openID,
            lastChecklistID: try fields["lastListId"].map { node throws(JSONProblem) in try integer(node, "lastListId", minimum: 0, maximum: Self.largestID) } ?? 0,
            lastItemID: try fields["lastItemId"].map { node throws(JSONProblem) in try integer(node, "lastItemId", minimum: 0, maximum: Self.largestID) } ?? 0,
            listsByHand: listOrder == .byHand,
            smartLists: try fields["smartLists"].map { node throws(JSONProblem) in try smartLists(node) } ?? [])
    }

    /// The smart lists: each an object with an id, a name no other has
    /// (ignoring case) and a filter that reads, as the app keeps them.
    private func smartLists(_ node: JSONNode) throws(JSONProblem) -> [SmartList] {
        var found: [SmartList] = []
        var ids = Set<Int64>(), names: [String: String] = [:]
        for element in try array(node, "smartLists") {
            guard case let .object(members) = element.value else { throw fail(element, "smartLists: each smart list must be an object {...}") }
            var id: Int64?, name: String?, filter: String?
            for (key, value) in members {
                switch key {
                case "id": id = try integer(value, "a smart list's id", minimum: 1, maximum: Self.largestID)
                case "name":
                    let text = try string(value, "a smart list's name")
                    if let problem = TextRules.problem(with: text, what: "name") { throw fail(value, "a smart list: \(problem)") }
                    if let taken = names.updateValue(text, forKey: TextRules.trimmed(text).lowercased()) {
                        throw fail(value, "another smart list is already called \"\(taken)\" (names are told apart without case)")
                    }
                    name = text
                case "filter":
                    let text = try string(value, "a smart list's filter")
                    do {
                        _ = try ItemFilter.parse(text)
                    } catch {
                        throw fail(value, "a smart list's filter: \(error.description)")
                    }
                    filter = text
                default:
                    throw fail(value, "a smart list has \"id\", \"name\" and \"filter\"; not \"\(key)\"")
                }
            }
            guard let id, let name, let filter else { throw fail(element, "a smart list needs \"id\", \"name\" and \"filter\"") }
            guard ids.insert(id).inserted else { throw fail(element, "smart list id \(id) appears twice") }
            found.append(SmartList(id: id, name: name, filter: filter))
        }
        return found
    }

    /// Checks the file's format and version: nil while they have not been
    /// read yet (unless `complete`, when their absence is the problem).
    private func header(_ fields: Fields, at start: JSONNode.Position, complete: Bool) throws(JSONProblem) -> Int64? {
        guard let formatNode = fields["format"], case .string(let format) = formatNode.value, format == ExportImportCommands.format else {
            guard complete else { return nil }
            throw fields["format"].map { fail($0, Self.notAnExport) } ?? fail(at: start, Self.notAnExport)
        }
        guard let versionNode = fields["version"] else {
            guard complete else { return nil }
            throw fail(at: start, "the file: the field \"version\" is missing")
        }
        let version = try integer(versionNode, "version")
        if version > ExportImportCommands.version {
            throw fail(versionNode, "written by a newer version of Checklists (format version \(version)); install it to import this file")
        }
        if version < 1 { throw fail(versionNode, "there is no format version \(version)") }
        return version
    }

    private static let notAnExport = "not a Checklists export (\"format\": \"checklists\" is missing)"

    /// Reads the array at the parser's place element by element.
    private func eachElement(_ parser: inout JSONParser, depth: Int, _ what: String,
                             _ element: (inout JSONParser) throws(JSONProblem) -> Void) throws(JSONProblem) {
        guard parser.nextValueStarts(with: UInt8(ascii: "[")) else {
            throw fail(try parser.parseValue(depth: depth), "\(what) must be a JSON array [...]")
        }
        try parser.readArray(depth: depth, element)
    }

    private func list(_ parser: inout JSONParser, listIDs: inout Set<Int64>, itemIDs: inout Set<Int64>,
                      uids: inout Set<String>) throws(JSONProblem) -> Snapshot.List {
        let start = parser.position
        var entries: [Snapshot.Entry] = []
        var checked: (id: Int64, checklist: Checklist, position: Int64?)?
        // The list's own fields are checked when its items begin (an export
        // writes them first) and again at its end, in case they follow.
        let fields = try members(&parser, depth: 2, "a list", keys: Self.listKeys) { (parser: inout JSONParser, key: String, earlier: Fields) throws(JSONProblem) in
            guard key == "items" else { return false }
            if earlier["id"] != nil, earlier["name"] != nil { checked = try listFields(earlier, at: start) }
            let what = checked.map { "list \($0.id): items" } ?? "a list: items"
            try eachElement(&parser, depth: 3, what) { (parser: inout JSONParser) throws(JSONProblem) in
                let itemStart = parser.position
                if let skim {
                    guard parser.skipObject() else { throw Skim.gaveUp }
                    skim.items.append((itemStart, parser.position.offset, skim.list))
                    return
                }
                let entry = try item(&parser, checklistID: checked?.id ?? 0)
                guard itemIDs.insert(entry.item.id).inserted else { throw fail(at: itemStart, "item id \(entry.item.id) appears twice") }
                guard entry.uid.isEmpty || uids.insert(entry.uid).inserted else { throw fail(at: itemStart, "uid \(entry.uid) appears twice") }
                entries.append(entry)
            }
            return true
        }
        let (id, checklist, position): (Int64, Checklist, Int64?)
        if let checked { (id, checklist, position) = checked } else { (id, checklist, position) = try listFields(fields, at: start) }
        guard listIDs.insert(id).inserted else { throw fail(at: start, "list id \(id) appears twice") }
        skim?.list += 1
        if entries.first?.item.checklistID != id {
            // Items that came before their list's id.
            for index in entries.indices { entries[index].item.checklistID = id }
        }
        return Snapshot.List(checklist: checklist, items: entries, position: position)
    }

    /// A list's id, its own fields and its place set by hand, checked.
    private func listFields(_ fields: Fields, at start: JSONNode.Position) throws(JSONProblem) -> (id: Int64, checklist: Checklist, position: Int64?) {
        let id = try integer(required(fields["id"], "id", at: start, "a list"), "the list's id", minimum: 1, maximum: Self.largestID)
        let what = "list \(id)"
        let nameNode = try required(fields["name"], "name", at: start, what)
        let name = try string(nameNode, "\(what): name")
        if let problem = TextRules.problem(with: name, what: "name") { throw fail(nameNode, "\(what): \(problem)") }
        let icon = try choice(fields["icon"], "\(what): icon", default: ChecklistIcon.none)
        let sortOrder = try choice(fields["sortOrder"], "\(what): sortOrder", default: ItemSortOrder.dueDate)
        let flag = { (key: String) throws(JSONProblem) -> Bool in
            try fields[key].map { node throws(JSONProblem) in try bool(node, "\(what): \(key)") } ?? false
        }
        let position = try fields["position"].map { node throws(JSONProblem) in try integer(node, "\(what): position") }
        return (id, Checklist(id: id, name: name, icon: icon, sortOrder: sortOrder, hidesChecked: try flag("hidesChecked"),
                              hidesNotStarted: try flag("hidesNotStarted")), position)
    }

    /// The item at the parser's place, read straight into its fields (no
    /// tree of the item is built).
    func item(_ parser: inout JSONParser, checklistID: Int64) throws(JSONProblem) -> Snapshot.Entry {
        let start = parser.position
        let fields = try members(&parser, depth: 4, "an item", keys: Self.itemKeys) { (_: inout JSONParser, _: String, _: Fields) throws(JSONProblem) in false }
        let id = try integer(required(fields[.id], "id", at: start, "an item"), "the item's id", minimum: 1, maximum: Self.largestID)
        let what = "item \(id)"
        let textNode = try required(fields[.text], "text", at: start, what)
        let text = try string(textNode, "\(what): text")
        if let problem = TextRules.problem(with: text, what: "text") { throw fail(textNode, "\(what): \(problem)") }
        // A missing or null `due`: the item has no due date.
        var due: Date?
        if let dueNode = fields[.due], !isNull(dueNode) {
            let date = try date(dueNode, "\(what): due")
            if Int64(date.timeIntervalSince1970) % 60 != 0 { throw fail(dueNode, "\(what): due dates are whole minutes (seconds must be 00)") }
            due = date
        }
        let checked = try fields[.checked].map { node throws(JSONProblem) in try bool(node, "\(what): checked") } ?? false
        let remindNode = fields[.remind]
        let remind = try remindNode.map { node throws(JSONProblem) in try bool(node, "\(what): remind") } ?? false
        if remind && due == nil, let remindNode {
            throw fail(remindNode, "\(what): \"remind\": true needs a due date (Remind Me reminds at the due date)")
        }
        var remindAt: Date?
        if let reminderNode = fields[.reminder], !isNull(reminderNode) {
            remindAt = try date(reminderNode, "\(what): reminder")
            // The reminder rule: only an item with Remind Me on that is not
            // checked off can have a reminder pending.
            if !remind || checked {
                throw fail(reminderNode, "\(what): a pending reminder needs \"remind\": true and \"checked\": false")
            }
        }
        var others: [ReminderTime] = []
        var pending: [ReminderTime: Date] = [:]
        if let remindersNode = fields[.reminders], !isNull(remindersNode) {
            for element in try array(remindersNode, "\(what): reminders") {
                guard case let .object(members) = element.value else { throw fail(element, "\(what): each reminder must be an object {...}") }
                var reminder: ReminderTime?
                var pendingAt: Date?
                for (key, value) in members {
                    switch key {
                    case "before":
                        let text = try string(value, "\(what): a reminder's before")
                        guard let minutes = ReminderTime.parseOffset(text) else {
                            throw fail(value, "\(what): \"before\": \"\(text)\" is not a time before the due date (15m, 1h, 1d, 1d9h)")
                        }
                        if due == nil { throw fail(value, "\(what): a reminder before the due date needs a due date") }
                        reminder = .beforeDue(minutes: minutes)
                    case "at":
                        reminder = .at(try date(value, "\(what): a reminder's at"))
                    case "pending":
                        if !isNull(value) { pendingAt = try date(value, "\(what): a reminder's pending") }
                    default:
                        throw fail(value, "\(what): a reminder has \"before\" or \"at\", and \"pending\"; not \"\(key)\"")
                    }
                }
                guard let reminder else { throw fail(element, "\(what): a reminder needs \"before\" or \"at\"") }
                if let pendingAt {
                    if checked { throw fail(element, "\(what): a pending reminder needs \"checked\": false") }
                    pending[reminder] = pendingAt
                }
                others.append(reminder)
            }
        }
        var recurrence: Recurrence?
        if let repeatNode = fields[.`repeat`], !isNull(repeatNode) {
            let text = try string(repeatNode, "\(what): repeat")
            guard let rule = Recurrence(rrule: text) else {
                throw fail(repeatNode, "\(what): repeat \"\(text)\" is not a rule this version keeps (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, an INTERVAL for days and weeks, or BYDAY=MO,TU,WE,TH,FR)")
            }
            if due == nil { throw fail(repeatNode, "\(what): a repeat needs a due date") }
            recurrence = rule
        }
        let optionalDate = { (field: ItemField) throws(JSONProblem) -> Date? in
            guard let node = fields[field], !isNull(node) else { return nil }
            return try date(node, "\(what): \(field)")
        }
        var startDate: Date?
        if let startNode = fields[.start], !isNull(startNode) {
            let date = try date(startNode, "\(what): start")
            if Int64(date.timeIntervalSince1970) % 60 != 0 { throw fail(startNode, "\(what): starts are whole minutes (seconds must be 00)") }
            if let problem = StartDate.problem(start: date, due: due, recurrence: recurrence, calendar: calendar) {
                let reason = problem.hasSuffix(".") ? problem.dropLast() : Substring(problem)
                throw fail(startNode, "\(what): \(reason.prefix(1).lowercased() + reason.dropFirst())")
            }
            startDate = date
        }
        let item = Item(id: id, checklistID: checklistID, text: text, isChecked: checked, dueDate: due, shouldRemind: remind,
                        recurrence: recurrence, repeatStart: recurrence == nil ? nil : try optionalDate(.repeatStart),
                        lastDoneAt: try optionalDate(.lastDone),
                        // Files of older versions have neither: no note, and the order added.
                        note: try fields[.note].map { node throws(JSONProblem) in try string(node, "\(what): note") } ?? "",
                        position: try fields[.position].map { node throws(JSONProblem) in try integer(node, "\(what): position") } ?? id,
                        priority: try fields[.priority].map { node throws(JSONProblem) in try priority(node, "\(what): priority") } ?? .none,
                        reminders: others, tags: try fields[.tags].map { node throws(JSONProblem) in try tags(node, "\(what): tags") } ?? [],
                        startDate: startDate,
                        isCollapsed: try fields[.folded].map { node throws(JSONProblem) in try bool(node, "\(what): folded") } ?? false)
        if let problem = TextRules.noteProblem(with: item.note), let node = fields[.note] { throw fail(node, "\(what): \(problem)") }
        var uid = ""
        if let uidNode = fields[.uid] {
            uid = try string(uidNode, "\(what): uid")
            guard !uid.isEmpty, !Self.holdsControlCharacter(uid) else {
                throw fail(uidNode, "\(what): uid must be text without control characters")
            }
        }
        // The parent's UID (or one that is not in the file): linked by
        // UID once every item is in, as an iCalendar import links them.
        var parentUID: String?
        if let parentNode = fields[.parent], !isNull(parentNode) {
            let parent = try string(parentNode, "\(what): parent")
            guard !parent.isEmpty, !Self.holdsControlCharacter(parent) else {
                throw fail(parentNode, "\(what): parent must be a uid, text without control characters, or null")
            }
            parentUID = parent
        }
        let ical = try fields[.ical].map { node throws(JSONProblem) in try string(node, "\(what): ical") }
        return Snapshot.Entry(item: item, remindAt: remindAt, uid: uid, calendarObject: ical,
                              modifiedAt: try optionalDate(.modified), completedAt: try optionalDate(.completed), pending: pending,
                              parentUID: parentUID)
    }

    /// Whether `text` holds a control character: Unicode's category Cc,
    /// which is exactly U+0000–U+001F and U+007F–U+009F. Read from the
    /// UTF-8, where the last ones are 0xC2 followed by 0x80–0x9F (0xC2 is
    /// only ever a lead byte): looking up each scalar's category was a
    /// noticeable share of an import.
    static func holdsControlCharacter(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80) { return true }
            previous = byte
        }
        return false
    }

    // MARK: - Typed fields

    /// One of an enum's raw values, or `fallback` when the field is absent.
    private func choice<Value: RawRepresentable & CaseIterable>(
        _ node: JSONNode?, _ what: @autoclosure () -> String, default fallback: Value
    ) throws(JSONProblem) -> Value where Value.RawValue == String {
        guard let node else { return fallback }
        let text = try string(node, what())
        guard let value = Value(rawValue: text) else {
            throw fail(node, "\(what()): unknown value \"\(text)\" (one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }

    /// `node`, the field `key`, or the problem that it is missing.
    private func required(_ node: JSONNode?, _ key: String, at start: JSONNode.Position, _ what: @autoclosure () -> String) throws(JSONProblem) -> JSONNode {
        guard let value = node else { throw fail(at: start, "\(what()): the field \"\(key)\" is missing") }
        return value
    }

    private func array(_ node: JSONNode, _ what: @autoclosure () -> String) throws(JSONProblem) -> [JSONNode] {
        guard case .array(let elements) = node.value else { throw fail(node, "\(what()) must be a JSON array [...]") }
        return elements
    }

    private func string(_ node: JSONNode, _ what: @autoclosure () -> String) throws(JSONProblem) -> String {
        guard case .string(let text) = node.value else { throw fail(node, "\(what()) must be a string") }
        return text
    }

    /// Tags as the export writes them: an array of words, each a tag as
    /// `--tag` takes it.
    private func tags(_ node: JSONNode, _ what: @autoclosure () -> String) throws(JSONProblem) -> [String] {
        var tags: [String] = []
        for element in try array(node, what()) {
            let text = try string(element, what())
            guard let tag = Tags.tag(text), tag == text.drop(while: { $0 == "#" }) else {
                throw fail(element, "\(what()): \"\(text)\" is not a tag (one word without spaces, commas or #)")
            }
            tags.append(tag)
        }
        return Tags.unique(tags)
    }

    /// A priority by name, as the export writes it.
    private func priority(_ node: JSONNode, _ what: @autoclosure () -> String) throws(JSONProblem) -> Priority {
        let text = try string(node, what())
        guard let level = Priority(name: text) else {
            throw fail(node, "\(what()): unknown value \"\(text)\" (one of \(Priority.allCases.map(\.name).joined(separator: ", ")))")
        }
        return level
    }

    private func bool(_ node: JSONNode, _ what: @autoclosure () -> String) throws(JSONProblem) -> Bool {
        guard case .bool(let value) = node.value else { throw fail(node, "\(what()) must be true or false") }
        return value
    }

    private func integer(_ node: JSONNode, _ what: @autoclosure () -> String, minimum: Int64 = Int64.min,
                         maximum: Int64 = Int64.max) throws(JSONProblem) -> Int64 {
        guard case .number(let text) = node.value, let value = Int64(text), value >= minimum, value <= maximum else {
            let range = maximum < Int64.max ? " from \(minimum) to \(maximum)" : minimum > Int64.min ? " of at least \(minimum)" : ""
            throw fail(node, "\(what()) must be a whole number" + range)
        }
        return value
    }

    /// The largest id a file may give: the largest whole number a JSON
    /// number holds exactly in every reader, and far below where SQLite
    /// runs out of ids. An id of 2^63 - 1 was taken, and every later add
    /// failed, saying the disk was full.
    static let largestID: Int64 = (1 << 53) - 1

    private func date(_ node: JSONNode, _ what: @autoclosure () -> String) throws(JSONProblem) -> Date {
        guard case .string(let text) = node.value, let date = Timestamp.parse(text) else {
            throw fail(node, "\(what()) must be a date like \"2026-12-24T18:00:00+01:00\" (years 1970-9999, with its UTC offset)")
        }
        return date
    }

    private func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }
}
