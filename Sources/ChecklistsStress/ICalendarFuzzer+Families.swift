import Foundation
import ChecklistsModel
import ChecklistsToolSupport

/// Families of to-dos through the storage: a few to-dos naming parents
/// with RELATED-TO (another of them, a missing one, themselves, each other
/// in cycles of two and three, with RELTYPEs we do not model and parameters
/// in odd case), spread over two lists, put in the file's order into one
/// database and in reverse into another, then put again with relations
/// changed. After every put both must hold:
///
/// - no item is its own ancestor, and a parent is always in its item's list;
/// - each item's relation is the first parent its kept object names
///   (linked or kept unlinked), so a sync would send nothing for it;
/// - the lists are the same whatever the order of the to-dos.
struct FamilyFuzzer {
    let mapping: CalendarMapping
    let forward: ChecklistsDatabase
    let backward: ChecklistsDatabase
    let folder: String

    init(mapping: CalendarMapping) throws {
        self.mapping = mapping
        folder = FuzzConfiguration.scratchFolder(named: "checklists-ics-families")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        forward = try ChecklistsDatabase.open(DatabaseLocation(path: folder + "/forward.sqlite", createsFolder: false))
        backward = try ChecklistsDatabase.open(DatabaseLocation(path: folder + "/backward.sqlite", createsFolder: false))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// One family, put twice: the number of to-dos put when every rule
    /// held, else what broke and the to-dos that broke it.
    func check(round: Int, random: inout SeededRandom) -> Result<Int, FamilyProblem> {
        let count = random.int(2...8)
        let uids = (0..<count).map { "r\(round)-\($0)" }
        let lists = ["A\(round)", "B\(round)"]
        var put = 0
        for pass in 0..<2 {
            var todos = uids.map { uid in (list: random.chance(0.8) ? lists[0] : lists[1], item: todo(uid, among: uids, random: &random)) }
            // A shape that makes a cycle for sure, now and then.
            if count >= 3, random.chance(0.3) {
                let ring = random.int(1...3)
                for index in 0..<ring {
                    todos[index] = (lists[0], todo(uids[index], parent: uids[(index + 1) % ring], random: &random))
                }
            }
            for list in lists {
                let items = todos.filter { $0.list == list }.map(\.item)
                guard !items.isEmpty else { continue }
                do {
                    try forward.apply(.putCalendarItems(listName: list, items), now: mapping.now)
                    try backward.apply(.putCalendarItems(listName: list, items.reversed()), now: mapping.now)
                } catch {
                    return .failure(FamilyProblem(message: "pass \(pass): the put failed: \(error)", file: items.map(\.object).joined()))
                }
                put += items.count
            }
            let file = todos.map { "\($0.list): \($0.item.object)" }.joined()
            do {
                let one = try relations(in: forward, uids: Set(uids))
                let other = try relations(in: backward, uids: Set(uids))
                if let problem = one.problem ?? other.problem { return .failure(FamilyProblem(message: "pass \(pass): \(problem)", file: file)) }
                if one.shown != other.shown {
                    return .failure(FamilyProblem(message: "pass \(pass): the order of the to-dos changed the lists: \(one.shown) against \(other.shown)",
                                                  file: file))
                }
            } catch {
                return .failure(FamilyProblem(message: "pass \(pass): reading back failed: \(error)", file: file))
            }
        }
        for database in [forward, backward] {
            for checklist in (try? database.checklists()) ?? [] where lists.contains(checklist.name) {
                _ = try? database.apply(.deleteChecklist(id: checklist.id), now: mapping.now)
            }
        }
        return .success(put)
    }

    /// A to-do of the family, its relations chosen at random.
    private func todo(_ uid: String, among uids: [String], random: inout SeededRandom) -> CalendarItem {
        let parent: String? = switch random.int(0...5) {
        case 0, 1: nil
        case 2: "gone-" + String(random.int(0...3))
        case 3: uid
        default: random.pick(uids)
        }
        return todo(uid, parent: parent, random: &random)
    }

    private func todo(_ uid: String, parent: String?, random: inout SeededRandom) -> CalendarItem {
        var lines: [String] = []
        // Relations we do not model, before and after ours.
        if random.chance(0.3) { lines.append(random.pick(Self.otherRelations) + "sib-" + String(random.int(0...3))) }
        if let parent { lines.append(random.pick(Self.parentRelations) + parent) }
        if random.chance(0.2) { lines.append(random.pick(Self.parentRelations) + "second-" + String(random.int(0...3))) }
        if random.chance(0.3) { lines.append(random.pick(Self.otherRelations) + random.pick(["x", uid])) }
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Fuzz//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
                     "SUMMARY:\(uid)"] + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        // Our own text: it always reads.
        let object = (try? ICalendarReader.parse(Array(text.utf8)))?.first
        return object.flatMap(mapping.item(from:)) ?? CalendarItem(fields: CalendarFields(uid: uid, text: uid, dueDate: nil), object: text,
                                                                     completedAt: nil)
    }

    static let parentRelations = ["RELATED-TO;RELTYPE=PARENT:", "RELATED-TO:", "related-to;reltype=parent:", "RELATED-TO;RelType=Parent:",
                                  "RELATED-TO;X-FOO=1;RELTYPE=PARENT:", "RELATED-TO;RELTYPE=\"PARENT\":"]
    static let otherRelations = ["RELATED-TO;RELTYPE=SIBLING:", "RELATED-TO;RELTYPE=CHILD:", "RELATED-TO;RELTYPE=X-BLOCKS:",
                                 "RELATED-TO;reltype=child:", "RELATED-TO;RELTYPE=DEPENDS-ON:"]

    /// Each item of the family by UID as "=parent", "?unlinked" or "-",
    /// and the first rule it breaks, if any.
    private func relations(in database: ChecklistsDatabase, uids: Set<String>) throws -> (shown: [String: String], problem: String?) {
        let snapshot = try database.snapshot()
        var byID: [Int64: Snapshot.Entry] = [:]
        for entry in snapshot.lists.flatMap(\.items) { byID[entry.item.id] = entry }
        var shown: [String: String] = [:]
        for entry in byID.values where uids.contains(entry.uid) {
            let item = entry.item
            if let parentID = item.parentID {
                guard let parent = byID[parentID] else { return (shown, "\(entry.uid)'s parent \(parentID) does not exist") }
                guard parent.item.checklistID == item.checklistID else { return (shown, "\(entry.uid)'s parent \(parent.uid) is in another list") }
                if item.unlinkedParentUID != nil { return (shown, "\(entry.uid) is linked and unlinked at once") }
                var seen: Set<Int64> = [item.id]
                var next = parent.item.parentID
                while let current = next {
                    guard seen.insert(current).inserted else { return (shown, "\(entry.uid) is in a cycle of parents") }
                    next = byID[current]?.item.parentID
                }
                shown[entry.uid] = "=" + parent.uid
            } else {
                shown[entry.uid] = item.unlinkedParentUID.map { "?" + $0 } ?? "-"
            }
            let kept = CalendarMapping.object(entry.calendarObject).flatMap(mapping.fields(of:))
            if kept?.parentUID != entry.parentUID {
                return (shown, "\(entry.uid) names \(entry.parentUID ?? "none") but its object names \(kept?.parentUID ?? "none")")
            }
            if entry.item.parentID == nil, let unlinked = entry.item.unlinkedParentUID,
               let parent = byID.values.first(where: { $0.uid == unlinked && $0.item.checklistID == item.checklistID }) {
                // Waiting for a parent that is there: only a cycle allows it.
                var next: Int64? = parent.item.id
                var seen: Set<Int64> = []
                var cycle = false
                while let current = next, seen.insert(current).inserted {
                    if current == item.id { cycle = true; break }
                    next = byID[current]?.item.parentID
                }
                if !cycle { return (shown, "\(entry.uid) is left unlinked though its parent \(unlinked) is in its list") }
            }
        }
        return (shown, nil)
    }
}

/// A family that broke a rule, and the to-dos put, each after its list.
struct FamilyProblem: Error {
    var message: String
    var file: String
}
