import Foundation

/// Reads one typed line for what a form would otherwise ask for row by
/// row: "Pay rent fri 9am #home !high every month" is the text "Pay rent",
/// due Friday at 9:00, tagged home, high priority, repeating monthly.
///
/// Ordinary text must stay text, so each part needs a clear mark:
/// - a tag is `#` and a word that starts with a letter (`#home`); `#123`
///   is an issue number, not a tag;
/// - a priority is a word of its own: `!` low, `!!` medium, `!!!` high, or
///   `!low`, `!medium`, `!high`;
/// - a date, a repeat and a reminder are read only at the END of the line
///   (after the tags and priority are taken out), in any order, and a date
///   may follow `on`, `at`, `by` or `due`, which go with it. "May I ask Jo"
///   and "Watch Friday Night Lights" keep their words: nothing after them
///   reads as a date. A duration needs `in` or `+` ("in 2 weeks", "+2h"),
///   so "Swim 400m" and "Train 10 days" stay text; a bare hour needs a
///   clock ("at 5pm", "at 17:00"), so "Meet Sam at 5" stays text; `now`
///   stays text; a phrase right after "the", "a", "after", "before" or
///   "of" stays text ("Watch The Day After Tomorrow");
///   `sat`, `sun`, `wed`, `mon`, `morning`, `afternoon` and `evening`
///   alone are dates only after such a word ("The cat sat"),
///   and a phrase after "every" is the repeat's ("every monday 7am");
/// - a repeat is "every day", "daily", "weekdays", "every 2 weeks", "every
///   monday" (weekly, due on that day), "every other week", "monthly",
///   "every year"; a reminder is "remind" (at the due time), "remind 1h
///   before", "remind me 2 days before", "remind at 8:30" or "remind at
///   fri 9:00". Both need the line to end with them.
///
/// A line that would be left with no text stays as typed. Pure: the
/// calendar and now are given.
public struct QuickAdd: Sendable {
    /// The user's calendar, as `DueDateParser` takes it.
    public let calendar: Calendar

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// What a line says: the text that stays and what was understood.
    public struct Reading: Hashable, Sendable {
        public var text: String
        public var dueDate: Date?
        public var tags: [String] = []
        public var priority: Priority?
        public var recurrence: Recurrence?
        public var reminders: [ReminderTime] = []

        /// Whether anything besides the text was read.
        public var understoodAnything: Bool {
            dueDate != nil || !tags.isEmpty || priority != nil || recurrence != nil || !reminders.isEmpty
        }
    }

    // MARK: - Token readers (the filter syntax reads these words alike)

    /// The tag a word marks (`#home` is "home"), or nil: the word must be
    /// `#` then a letter, then letters, digits, `-` or `_`. Stricter than a
    /// filter's `#tag`, which finds any tag another app wrote: typed text
    /// keeps its "#123".
    public static func tag(inWord word: some StringProtocol) -> String? {
        guard word.first == "#" else { return nil }
        let name = word.dropFirst()
        guard let first = name.first, first.isLetter,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        return String(name)
    }

    /// The priority a word marks (`!`, `!!`, `!!!`, `!low`, `!medium`,
    /// `!high`, any case), or nil.
    /// Read as a filter reads it, less what only a filter means ("or
    /// higher", none), so one word means one level everywhere.
    public static func priority(inWord word: some StringProtocol) -> Priority? {
        guard let read = ItemFilter.priority(in: word.lowercased()), !read.orHigher, read.priority != .none else { return nil }
        return read.priority
    }

    // MARK: - Reading

    /// Words that, right before a date, show it is part of a title.
    private static let blockers: Set<String> = ["the", "a", "after", "before", "of"]
    /// Words that, right before a date, say "this is when": they go with it.
    private static let anchors: Set<String> = ["on", "at", "by", "due"]
    /// Date words that are ordinary words too.
    private static let ambiguous: Set<String> = ["sat", "sun", "wed", "mon", "morning", "afternoon", "evening"]
    /// The longest date phrase tried, in words ("next thursday at 5:30 pm").
    private static let longestDate = 7

    /// The line read; `reading.text` is `line` trimmed when nothing was read.
    public func read(_ line: String, now: Date) -> Reading {
        let trimmed = TextRules.trimmed(line)
        let literal = Reading(text: trimmed)
        var words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        var reading = Reading(text: "")
        var tags: [String] = []
        words.removeAll { word in
            if let tag = Self.tag(inWord: word) {
                tags.append(tag)
                return true
            }
            if let level = Self.priority(inWord: word) {
                reading.priority = level
                return true
            }
            return false
        }
        reading.tags = Tags.unique(tags)

        // The end of the line, peeled phrase by phrase: each kind once.
        var dateWords: [String]?
        var repeatWeekday: String?
        var reminderWords: [String]?
        var progress = true
        while progress, !words.isEmpty {
            progress = false
            if reading.recurrence == nil, let (recurrence, weekday, count) = trailingRepeat(words) {
                reading.recurrence = recurrence
                repeatWeekday = weekday
                words.removeLast(count)
                progress = true
            } else if reminderWords == nil, let count = trailingReminder(words) {
                reminderWords = Array(words.suffix(count - 1))  // without "remind"
                words.removeLast(count)
                progress = true
            } else if dateWords == nil, let count = trailingDate(words, now: now) {
                var phrase = Array(words.suffix(count))
                words.removeLast(count)
                if let last = words.last, Self.anchors.contains(last.lowercased()) {
                    if last.lowercased() == "at" { phrase.insert(last, at: 0) }
                    words.removeLast()
                }
                dateWords = phrase
                progress = true
            }
        }
        guard !words.isEmpty else { return literal }
        let parser = DueDateParser(calendar: calendar)
        if let dateWords {
            let text = dateWords.joined(separator: " ")
            // "every monday 9am": the repeat's day with the time typed.
            let withDay = repeatWeekday.flatMap { try? parser.parse($0 + " " + text, now: now).get() }
            reading.dueDate = withDay ?? (try? parser.parse(text, now: now).get())
            // "weekdays 9:30" on a Friday: Monday at 9:30, not Saturday.
            while reading.recurrence == .weekdays, let due = reading.dueDate, calendar.isDateInWeekend(due) {
                reading.dueDate = calendar.date(byAdding: .day, value: 1, to: due)
            }
        } else if let repeatWeekday {
            reading.dueDate = try? parser.parse(repeatWeekday, now: now).get()
        } else if reading.recurrence != nil {
            // A repeat counts from a due date: the next 9:00 starts it (on
            // a weekday for "weekdays").
            reading.dueDate = try? parser.parse("9:00", now: now).get()
            if reading.recurrence == .weekdays, let due = reading.dueDate, calendar.isDateInWeekend(due) {
                reading.dueDate = try? parser.parse("mon", now: now).get()
            }
        }
        if let reminderWords {
            guard let reminder = reminder(reminderWords, dueDate: reading.dueDate, parser: parser, now: now) else { return literal }
            reading.reminders = [reminder]
        }
        reading.text = words.joined(separator: " ")
        return reading.understoodAnything ? reading : literal
    }

    /// How many words at the end of `words` are a date phrase (the longest
    /// that reads), or nil.
    private func trailingDate(_ words: [String], now: Date) -> Int? {
        let parser = DueDateParser(calendar: calendar)
        for count in stride(from: min(Self.longestDate, words.count), through: 1, by: -1) {
            let phrase = words.suffix(count)
            guard case let .success((expression, _)) = parser.read(phrase.joined(separator: " ")),
                  Self.isClear(expression, first: phrase.first!),
                  (try? parser.parse(phrase.joined(separator: " "), now: now).get()) != nil
            else { continue }
            let before = words.count > count ? words[words.count - count - 1].lowercased() : nil
            // "every monday 7am": the day is the repeat's, the date is "7am".
            if before == "every" { continue }
            if let before, Self.blockers.contains(before) { return nil }
            // "The cat sat", "Good morning": a word that is also a word of
            // its own is a date alone only after "on", "at", "by" or "due".
            if count == 1, Self.ambiguous.contains(phrase.first!.lowercased()), !Self.anchors.contains(before ?? "") { continue }
            if Self.isBareHour(expression, words: phrase) { continue }
            return count
        }
        return nil
    }

    /// Whether a phrase is marked well enough to be a date in a title: a
    /// duration only with `in` or `+`, and `now` never.
    private static func isClear(_ expression: DueDateParser.Phrase, first: String) -> Bool {
        let marked = first.lowercased() == "in" || first.hasPrefix("+")
        switch expression {
        case .relative(let amounts): return !amounts.isEmpty && marked
        case .absolute(day: .some(.later), time: _): return marked
        case .absolute: return true
        }
    }

    /// Whether the phrase holds "at" and an hour without a clock or am/pm
    /// ("at 5", "at 5 tomorrow"): a number in a title is too often not an
    /// hour, and 5 is as likely 17:00 as 05:00.
    private static func isBareHour(_ expression: DueDateParser.Phrase, words: ArraySlice<String>) -> Bool {
        guard case let .absolute(day: _, time: time?) = expression, time.meridiem == nil else { return false }
        return words.contains { $0.lowercased() == "at" } && !words.contains { $0.contains(":") } && words.contains { $0.contains { $0.isNumber } }
    }

    /// A repeat at the end of `words`: the rule, the weekday word of
    /// "every monday", and how many words it took.
    private func trailingRepeat(_ words: [String]) -> (Recurrence, String?, Int)? {
        let lowered = words.suffix(3).map { $0.lowercased() }
        let weekdays = ["monday", "mon", "tuesday", "tue", "tues", "wednesday", "wed", "thursday", "thu", "thurs", "friday", "fri",
                        "saturday", "sat", "sunday", "sun"]
        if lowered.count >= 2, lowered[lowered.count - 2] == "every", weekdays.contains(lowered.last!) {
            return (.weeks(1), lowered.last!, 2)
        }
        if lowered.count >= 3, lowered[lowered.count - 3] == "every", lowered[lowered.count - 2] == "other" {
            switch lowered.last! {
            case "day": return (.days(2), nil, 3)
            case "week": return (.weeks(2), nil, 3)
            default: break
            }
        }
        for count in [3, 2, 1] where lowered.count >= count {
            let phrase = lowered.suffix(count)
            guard count == 1 || phrase.first == "every" else { continue }
            // The RRULE text `Recurrence(phrase:)` also takes is no phrase here.
            guard phrase.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber } }),
                  let recurrence = Recurrence(phrase: phrase.joined(separator: " "))
            else { continue }
            // "Fix the weekly": a word after "the" or "a" is a title's.
            if count == 1, words.count > 1, Self.blockers.contains(words[words.count - 2].lowercased()) { return nil }
            return (recurrence, nil, count)
        }
        return nil
    }

    /// How many words at the end of `words` are a reminder phrase,
    /// "remind" (not after "to": "Ask Jo to remind") and the words after
    /// it: none, "me", "1h before", "at 8:30".
    private func trailingReminder(_ words: [String]) -> Int? {
        guard let index = words.lastIndex(where: { $0.lowercased() == "remind" }), index > 0,
              words[index - 1].lowercased() != "to"
        else { return nil }
        var rest = words[(index + 1)...].map { $0.lowercased() }
        if rest.first == "me" { rest.removeFirst() }
        if rest.isEmpty || (rest.count > 1 && rest.first == "at")
            || (rest.last == "before" && ReminderTime.parseOffset(rest.dropLast().joined()) != nil) {
            return words.count - index
        }
        return nil
    }

    /// The reminder the words after "remind" say, or nil: nothing ("at the
    /// due time"), "1h before", "2 days before 9:00" is not (a title's),
    /// "at 8:30", "at fri 9:00".
    private func reminder(_ typed: [String], dueDate: Date?, parser: DueDateParser, now: Date) -> ReminderTime? {
        var words = typed.map { $0.lowercased() }
        if words.first == "me" { words.removeFirst() }
        if words.isEmpty { return dueDate == nil ? nil : .atDue }
        if words.last == "before" {
            guard dueDate != nil, let minutes = ReminderTime.parseOffset(words.dropLast().joined()) else { return nil }
            return .beforeDue(minutes: minutes)
        }
        guard words.first == "at", words.count > 1 else { return nil }
        var text = words.dropFirst().joined(separator: " ")
        // "remind at 8:30" on an item due Friday is 8:30 that day.
        if let dueDate, let day = DueDateStyle.isoDay(dueDate, calendar: calendar),
           case .success((.absolute(day: nil, time: _?), _)) = parser.read(text) {
            text = day + " " + text
        }
        guard case let .success(date) = parser.parse(text, now: now) else { return nil }
        return .at(date)
    }
}

extension DueDateStyle {
    /// `date`'s day as ISO "2026-12-04" in `calendar`'s zone, for joining to
    /// a typed time.
    static func isoDay(_ date: Date, calendar: Calendar) -> String? {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

extension TextRules {
    /// `text` without the spaces and tabs at its end: a space typed last is
    /// no part of an item's text, and would make two items that read alike
    /// sort and search apart. Leading spaces stay (an indent someone typed
    /// on purpose), and so do other characters, controls included, which
    /// are stored as given.
    public static func trimmingTrailingSpaces(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex, [" ", "\t"].contains(text[text.index(before: end)]) { end = text.index(before: end) }
        return String(text[..<end])
    }
}
