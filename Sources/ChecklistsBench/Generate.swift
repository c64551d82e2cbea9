import Foundation
import ArgumentParser
import ChecklistsModel
import ChecklistsToolSupport

/// The two shapes measured: one list holding everything (opened at start,
/// so the first frame reads a page of a huge list), or lists of 100 items
/// (All Lists at start, so the first frame reads every list's summary).
enum Shape: String, ExpressibleByArgument, CaseIterable {
    case oneList = "one-list"
    case manyLists = "many-lists"
}

/// Items per list in the many-lists shape: 100,000 items make 1,000 lists.
let itemsPerList = 100

/// Themes for list names and icons in the many-lists shape; the numbers after
/// them make names that only natural order sorts right ("Work 2" < "Work 10").
let listThemes: [(String, ChecklistIcon)] = [
    ("Groceries", .groceries), ("Work", .folder), ("Home", .chores), ("Trips", .trips), ("Birthdays", .birthdays),
    ("Reading", .inbox), ("Appointments", .appointments), ("Party", .drinks), ("Photos", .photos), ("Misc", .none),
]

/// Names for the lists of `--lists`, in the scripts of the multilingual texts.
let mixedListNames: [(String, ChecklistIcon)] = [
    ("Inbox", .inbox), ("买菜 Groceries", .groceries), ("仕事", .folder), ("집안일", .chores), ("Voyages ✈️", .trips),
    ("Family 👨‍👩‍👧", .birthdays), ("Termine", .appointments), ("قائمة", .none),
]

/// Tags for `--tags-share`, in the scripts of the multilingual texts.
let benchTags = ["work", "home", "errands", "urgent", "家", "仕事", "장보기", "café", "Reisen", "🎁"]

/// `generate`: a benchmark database of N items in one of the two shapes.
///
/// With the defaults every item is dated (a year either side of now), with
/// no note and no repeat, as the English data set has always been. The
/// multilingual data set (scripts/bench) is made with
/// `--texts Resources/bench/item-texts-multilingual.txt --dated-share 0.3
/// --today-share 0.005 --notes-share 0.1 --repeat-share 0.1
/// --priority-share 0.2 --tags-share 0.2 --lists 6`:
/// texts in English, Chinese, Japanese, Korean, mixed ("买牛奶 buy milk"),
/// emoji with ZWJ sequences, skin tones and flags, accented and combining
/// letters ("e\u{301}"), a few Arabic and Hebrew, some lines of 200 to 400
/// characters, and one in ten items two texts joined; 30% of items dated
/// (one in 200 of those today, the rest a year either side: past and
/// future), 30% of future ones reminding, 10% of dated ones repeating; one
/// in ten with a note of one to four lines; one in five with a priority
/// (low, medium and high alike) and one in five with one or two tags (in the
/// texts' scripts); six lists, items dealt round-robin, the first open.
/// The same seed makes the same database.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Build a benchmark database through the app's own changes.")

    @Option(help: "How many items.") var items: Int
    @Option(help: "one-list (opened at start) or many-lists (lists of 100, All Lists at start).") var shape: Shape
    @Option(help: ArgumentHelp("The new database file.", valueName: "path")) var out: String
    @Option(name: .customLong("texts"), help: ArgumentHelp("Item texts, one a line.", valueName: "file"))
    var textsPath = "Resources/bench/item-texts.txt"
    @Option(help: "The random generator's seed: the same seed makes the same database.")
    var seed: UInt64 = 20_260_521
    @Option(help: "Share of items with a due date (0...1); the others have none.") var datedShare = 1.0
    @Option(help: "Share of dated items due today (0...1); the others a year either side of now.") var todayShare = 0.0
    @Option(help: "Share of items with a note of one to four lines (0...1).") var notesShare = 0.0
    @Option(help: "Share of dated items that repeat (0...1).") var repeatShare = 0.0
    @Option(help: "Share of items with a priority (0...1): low, medium and high alike.") var priorityShare = 0.0
    @Option(help: "Share of items with one or two tags (0...1).") var tagsShare = 0.0
    @Option(help: "one-list shape only: this many lists (named in several scripts), items dealt round-robin, the first open.")
    var lists: Int?
    @Option(help: "Share of items made sub-items (0...1): of the item at the top level made last in their list, or (one in three) of its last sub-item.")
    var subItemsShare = 0.0

    func run() {
        let count = items
        guard count >= 1 else { fail("--items must be at least 1") }
        var random = SeededRandom(seed: seed)

        guard let textFile = try? String(contentsOfFile: textsPath, encoding: .utf8) else { fail("cannot read \(textsPath)") }
        let texts = textFile.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !TextRules.isBlank($0) }
        guard !texts.isEmpty else { fail("\(textsPath) holds no texts") }

        let folder = (out as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stopwatch = Stopwatch()
        for (name, share) in [("dated-share", datedShare), ("today-share", todayShare), ("notes-share", notesShare),
                              ("repeat-share", repeatShare), ("priority-share", priorityShare), ("tags-share", tagsShare),
                              ("sub-items-share", subItemsShare)] where !(0...1).contains(share) {
            fail("--\(name) must be between 0 and 1")
        }
        if let lists, lists < 1 || lists > mixedListNames.count { fail("--lists must be 1 to \(mixedListNames.count)") }
        if lists != nil && shape != .oneList { fail("--lists is for the one-list shape") }
        let listCount = shape == .oneList ? (lists ?? 1) : Swift.max(1, (count + itemsPerList - 1) / itemsPerList)
        do {
            // The database closes (and checkpoints its WAL into the main file)
            // when this scope ends, so the cached file is complete on its own.
            let database = try ChecklistsDatabase.open(DatabaseLocation(path: out, createsFolder: false))
            let existing = try database.checklistSummaries()
            // A new database holds the one empty list the app creates on first
            // start; anything else means --out named someone's real data.
            guard existing.count == 1, existing[0].itemCount == 0 else { fail("\(out) is not a new database; refusing to add to it") }

            // Reuse the app's first list rather than leave an empty extra one.
            var listIDs = [existing[0].id]
            func name(_ index: Int) -> (String, ChecklistIcon) {
                if lists != nil { return mixedListNames[index] }
                if shape == .oneList { return ("Everything", .inbox) }
                let theme = listThemes[index % listThemes.count]
                return ("\(theme.0) \(index / listThemes.count + 1)", theme.1)
            }
            // One moment for the whole file: due dates are drawn around it, and
            // the reminder rule decides against it which reminders are pending.
            let now = Date()
            let first = name(0)
            try database.apply(.updateChecklist(id: listIDs[0], name: first.0, icon: first.1), now: now)
            if listCount > 1 {
                let outcomes = try database.applyAll((1..<listCount).map { index in
                    let (listName, icon) = name(index)
                    return Change.addChecklist(name: listName, icon: icon)
                }, now: now)
                for case let .checklist(id) in outcomes { listIDs.append(id) }
            }

            // Due dates a year either side of now, so lists mix overdue and coming
            // items; past items are more often checked, as in real use.
            let nowSeconds = now.timeIntervalSince1970
            let year: Double = 365 * 24 * 3600
            let startOfToday = Calendar.current.startOfDay(for: now).timeIntervalSince1970
            // A draw in 0..<1 with a millionth's resolution.
            func share(_ random: inout SeededRandom) -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
            // Draws are only taken for options away from their defaults, so the
            // English data set stays the database it was.
            func note(_ random: inout SeededRandom) -> String {
                (0...Int(random.next() % 4)).map { _ in texts[Int(random.next() % UInt64(texts.count))] }.joined(separator: "\n")
            }
            let batchSize = 10_000
            var made = 0
            // Per list: the item at the top level made last, and its last sub-item.
            var families = [(lastTop: Int64?, lastSubItem: Int64?)](repeating: (nil, nil), count: listIDs.count)
            while made < count {
                let batch = Swift.min(batchSize, count - made)
                var changes: [Change] = []
                var checks: [Bool] = []
                changes.reserveCapacity(batch)
                checks.reserveCapacity(batch)
                for offset in 0..<batch {
                    let index = made + offset
                    // Round-robin over the lists: in a real file the items of one
                    // list are scattered through the table, not stored together.
                    let listID = listIDs[index % listIDs.count]
                    var text = texts[Int(random.next() % UInt64(texts.count))]
                    if random.next() % 10 == 0 { text += " " + texts[Int(random.next() % UInt64(texts.count))] }
                    let isDated = datedShare >= 1 || share(&random) < datedShare
                    var due = nowSeconds + (Double(random.next() % 2_000_001) / 1_000_000 - 1) * year
                    if todayShare > 0 && share(&random) < todayShare {
                        // Whole minutes, as people set them, anywhere in today.
                        due = startOfToday + Double(random.next() % (24 * 60)) * 60
                    }
                    let isPast = due < nowSeconds
                    let roll = random.next() % 100
                    let remind = isDated && (isPast ? roll < 5 : roll < 30)
                    checks.append(random.next() % 100 < (isPast && isDated ? 50 : 10))
                    var recurrence: Recurrence?
                    if isDated && repeatShare > 0 && share(&random) < repeatShare {
                        recurrence = Recurrence.choices[1 + Int(random.next() % UInt64(Recurrence.choices.count - 1))]
                    }
                    let itemNote = notesShare > 0 && share(&random) < notesShare ? note(&random) : ""
                    var priority = Priority.none
                    if priorityShare > 0 && share(&random) < priorityShare {
                        priority = [Priority.low, .medium, .high][Int(random.next() % 3)]
                    }
                    var tags: [String] = []
                    if tagsShare > 0 && share(&random) < tagsShare {
                        tags = Tags.unique((0...Int(random.next() % 2)).map { _ in benchTags[Int(random.next() % UInt64(benchTags.count))] })
                    }
                    changes.append(.addItem(checklistID: listID,
                                            ItemDraft(text: text, dueDate: isDated ? Date(timeIntervalSince1970: due) : nil,
                                                      shouldRemind: remind, recurrence: recurrence, note: itemNote,
                                                      priority: priority, tags: tags)))
                }
                let outcomes = try database.applyAll(changes, now: now)
                var checking: [Change] = []
                for (outcome, check) in zip(outcomes, checks) where check {
                    if case let .item(id) = outcome { checking.append(.setChecked(itemID: id, true)) }
                }
                if !checking.isEmpty { try database.applyAll(checking, now: now) }
                if subItemsShare > 0 {
                    var parenting: [Change] = []
                    for (offset, outcome) in outcomes.enumerated() {
                        guard case let .item(id) = outcome else { continue }
                        let list = (made + offset) % listIDs.count
                        if share(&random) < subItemsShare, let parent = families[list].lastTop {
                            // Two levels at most, as people break a task into steps.
                            let under = random.next() % 3 == 0 ? families[list].lastSubItem ?? parent : parent
                            parenting.append(.setParent(itemID: id, parentID: under))
                            if under == parent { families[list].lastSubItem = id }
                        } else {
                            families[list] = (id, nil)
                        }
                    }
                    try database.applyAll(parenting, now: now)
                }
                made += batch
            }
            try database.apply(.setOpenChecklist(id: shape == .oneList ? listIDs[0] : nil), now: now)
        } catch {
            fail("generating \(out): \(error)")
        }
        let seconds = stopwatch.seconds
        // The script shows this line and keeps the facts beside the file.
        // Round-robin: the first (open) list holds every listCount-th item.
        let rows = shape == .oneList ? (count + listCount - 1) / listCount : listCount
        let meta = "items\t\(count)\nlists\t\(listCount)\nshape\t\(shape.rawValue)\nrows\t\(rows)\n"
        try? meta.write(toFile: folder + "/meta.tsv", atomically: true, encoding: .utf8)
        print("generated \(grouped(count)) items in \(grouped(listCount)) list(s) (\(shape.rawValue)) in \(String(format: "%.1f", seconds)) s")
    }
}

