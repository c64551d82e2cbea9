import Foundation
import ChecklistsModel

/// Checks on what the user typed, made before the database is touched where
/// possible, so bad input creates and changes nothing.
public enum Inputs {
    /// Text as given (control characters included, as the app stores them),
    /// refused when it is empty after trimming white space.
    static func text(_ text: String, what: String, option: String? = nil) throws(CommandLineError) -> String {
        if TextRules.isBlank(text) {
            throw .badInput("\(option.map { "\($0): " } ?? "")the \(what) is empty; give some text")
        }
        return text
    }

    /// A note as given (`''` clears it): refused only with a NUL, which
    /// SQLite would cut it at. `\n` in a shell argument is a new line.
    static func note(_ text: String) throws(CommandLineError) -> String {
        if let problem = TextRules.noteProblem(with: text) { throw .badInput("--note: \(problem)") }
        return text
    }

    /// A due date typed the way the picker accepts it, seen from the
    /// context's now, in the user's time zone.
    static func dueDate(_ text: String, in context: CommandLineContext) throws(CommandLineError) -> Date {
        switch DueDateParser(calendar: context.style.calendar).parse(text, now: context.now) {
        case .success(let date): return date
        case .failure(let error): throw .badInput("--due: \(error.description)")
        }
    }

    /// `--start`: a moment typed as `--due` takes it, except that a day
    /// without a time is that day from 00:00 (`DueDateParser.parseStart`).
    static func startDate(_ text: String, in context: CommandLineContext) throws(CommandLineError) -> Date {
        switch DueDateParser(calendar: context.style.calendar).parseStart(text, now: context.now) {
        case .success(let date): return date
        case .failure(let error): throw .badInput("--start: \(error.description)")
        }
    }

    /// A start the item cannot have, said for the command line's options.
    static func requireValidStart(_ draft: ItemDraft, in context: CommandLineContext) throws(CommandLineError) {
        guard let problem = draft.startProblem(calendar: context.style.calendar) else { return }
        // In the command line's words: its options, and no closing period.
        let line = problem.prefix(1).lowercased() + problem.dropFirst().replacingOccurrences(of: "move the start", with: "move --start")
        throw .badInput(line.hasSuffix(".") ? String(line.dropLast()) : line)
    }

    /// `--remind-before`: how long before the due date ("15m", "1h", "1d",
    /// "2w", "1d9h", "2 days before 9:00"), read against the due date.
    static func reminderBefore(_ text: String, dueDate: Date?, in context: CommandLineContext) throws(CommandLineError) -> ReminderTime {
        guard let minutes = ReminderTime.parseBefore(text, dueDate: dueDate, calendar: context.style.calendar) else {
            throw .badInput("--remind-before: \"\(text)\" is not a time before the due date; give a number and a unit (15m, 1h, 1d, 2w, 1d9h) or \"2 days before 9:00\"")
        }
        return .beforeDue(minutes: minutes)
    }

    /// `--remind-at`: a moment typed as `--due` takes it.
    static func reminderAt(_ text: String, in context: CommandLineContext) throws(CommandLineError) -> ReminderTime {
        switch DueDateParser(calendar: context.style.calendar).parse(text, now: context.now) {
        case .success(let date): return .at(Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60))
        case .failure(let error): throw .badInput("--remind-at: \(error.description)")
        }
    }

    /// A reminder before the due date needs one.
    static let remindBeforeWithoutDue = CommandLineError.badInput("--remind-before needs a due date: give --due too")

    /// `--repeat`: "daily", "weekdays", "weekly", "monthly", "yearly",
    /// "every N days", "every N weeks", or the RRULE text.
    static func recurrence(_ text: String) throws(CommandLineError) -> Recurrence {
        guard let rule = Recurrence(phrase: text) else {
            throw .badInput("--repeat: \"\(text)\" is not a repeat; give daily, weekdays, weekly, monthly, yearly, \"every N days\" or \"every N weeks\"")
        }
        return rule
    }

    /// `--tag` values: each one tag (a leading `#` is dropped); one with a
    /// space, a comma or `#` inside, or nothing, is refused.
    static func tags(_ values: [String], option: String = "--tag") throws(CommandLineError) -> [String] {
        var tags: [String] = []
        for value in values {
            guard let tag = Tags.tag(value), tag == TextRules.trimmed(value).drop(while: { $0 == "#" }) else {
                throw .badInput("\(option): \"\(value)\" is not a tag; a tag is one word without spaces, commas or #, e.g. \(option) work")
            }
            tags.append(tag)
        }
        return Tags.unique(tags)
    }

    /// `--priority`: none, low, medium or high (any case), or the
    /// iCalendar number 0-9 a script may carry over from a file.
    static func priority(_ text: String) throws(CommandLineError) -> Priority {
        if let level = Priority(name: TextRules.trimmed(text)) { return level }
        if let number = Int(text), (0...9).contains(number) { return Priority(icalendar: text) }
        if let meant = Spelling.nearest(to: TextRules.trimmed(text).lowercased(), in: Priority.allCases.map(\.name)).first {
            throw .badInput("--priority: \"\(text)\" is not a priority; did you mean \"\(meant)\"?")
        }
        throw .badInput("--priority: \"\(text)\" is not a priority; give none, low, medium or high")
    }

    /// Occurrences are counted from the due date, so a repeat needs one.
    static let repeatWithoutDue = CommandLineError.badInput("--repeat needs a due date: give --due too")

    /// A reminder fires at the due date, so Remind Me needs one.
    static let remindWithoutDue = CommandLineError.badInput("--remind needs a due date: give --due too")

    /// The checklist `name` names: the one with exactly that name, else the
    /// one whose name matches ignoring case and surrounding spaces. Several
    /// matches are refused rather than guessed between (a sync or an older
    /// database can hold two lists of one name); none is "not found",
    /// naming the lists there are.
    public static func checklist(named name: String, in lists: [Checklist]) throws(CommandLineError) -> Checklist {
        let folded = Checklist.nameKey
        let wanted = folded(name)
        var matches = lists.filter { $0.name == name }
        if matches.isEmpty {
            matches = lists.filter { folded($0.name) == wanted }
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            // A name a letter or two off ("Inbx") is offered, as a misspelt
            // command is: among many lists the message below names only ten.
            let byFolded = Dictionary(lists.map { (folded($0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
            if let meant = Spelling.nearest(to: wanted, in: byFolded.keys).first, let listName = byFolded[meant] {
                throw .notFound("no list is named \"\(name)\"; did you mean \"\(listName)\"?")
            }
            let names = NaturalOrder.sorted(lists) { $0.name }.map { "\"\($0.name)\"" }
            let shown = names.count > 10 ? names.prefix(10).joined(separator: ", ") + " and \(names.count - 10) more"
                                         : names.joined(separator: ", ")
            throw .notFound("no list is named \"\(name)\"; " + (names.isEmpty ? "there are no lists (make one with new-list)" : "the lists are \(shown)"))
        }
        let ids = matches.map { String($0.id) }.joined(separator: ", ")
        throw .badInput("\(matches.count) lists are named \"\(name)\" (ids \(ids)); rename one in the app to tell them apart")
    }

    /// The list `add` uses without `--list`: the first one on All Lists
    /// (`lists` in its order, by name or by hand), so where an item lands
    /// does not depend on which list the app happens to have open.
    static func defaultChecklist(in lists: [Checklist]) throws(CommandLineError) -> Checklist {
        guard let first = lists.first else {
            throw .notFound("there are no lists; make one with: checklists new-list NAME")
        }
        return first
    }

    /// An icon by name ("groceries", "No Icon").
    static func icon(_ name: String) throws(CommandLineError) -> ChecklistIcon {
        guard let icon = ChecklistIcon(userInput: name) else {
            throw .badInput("--icon: there is no icon \"\(name)\"; choose one of \(ChecklistIcon.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return icon
    }
}
