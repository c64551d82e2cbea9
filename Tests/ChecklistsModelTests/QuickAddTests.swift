import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// The quick-add reader as a table: each line typed, and what it reads as
/// ("=" where it must stay text, exactly as typed). Now is Friday
/// 2026-11-20 10:00:30 in Berlin, as in the date parser's tests.
@Suite("QuickAdd")
struct QuickAddTests {
    private static let reader: QuickAdd = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        calendar.locale = Locale(identifier: "en_US")
        return QuickAdd(calendar: calendar)
    }()
    private static let now = Fixed.instant("2026-11-20T10:00:30+01:00")

    /// A reading as one line: "text | 2026-11-27 09:00 | #home | !high |
    /// every month | remind 60m before"; parts not read are left out.
    private static func describe(_ reading: QuickAdd.Reading) -> String {
        var parts = [reading.text]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = reader.calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        if let due = reading.dueDate { parts.append(formatter.string(from: due)) }
        if !reading.tags.isEmpty { parts.append(Tags.marked(reading.tags)) }
        if let priority = reading.priority { parts.append("!" + priority.name) }
        if let recurrence = reading.recurrence { parts.append(recurrence.name) }
        for reminder in reading.reminders {
            switch reminder {
            case let .beforeDue(minutes): parts.append("remind \(minutes)m before")
            case let .at(date): parts.append("remind at " + formatter.string(from: date))
            }
        }
        return parts.joined(separator: " | ")
    }

    /// Lines that must stay text: nothing is read from them.
    static let staysText = [
        "Call 3M about order 42",
        "Read chapter 5",
        "Buy 2 kg rice",
        "Fix #123 in the parser",
        "Meet Sam at 5",
        "May I ask Jo",
        "Watch Friday Night Lights",
        "Watch The Day After Tomorrow",
        "Swim 400m",
        "Train for 10 days",
        "Do it now",
        "The cat sat",
        "Say good morning",
        "Enjoy the sun",
        "Plan the next week",
        "Read The End of the Day",
        "Ask Jo to remind",
        "Remind Jo about the keys",
        "Buy 100m rope",
        "Version 2.0 release notes",
        "Call mom",
        "Buy milk",
        "Wow!!",
        "Fix bug #42",
        "Issue #7 again",
        "Read 1984",
        "Watch 24",
        "Room 101",
        "Score 3-2 at half time",
        "Pay 30 dollars",
        "Email re: March figures",
        "Book a table for 4",
        "Order 12 eggs",
        "Ask about the weekend",
        "Sunday",
        "tomorrow",
        "#home",
        "!high",
        "every month",
        "Friday",
        "Reply to Jan",
        "Write to June",
        "Visit Augusta",
        "Check the Monday report",
        "Thank Dec team",
        "Buy 3 pens",
        "Rent 2 bikes",
        "Go to bed early",
        "Walk 5 km",
        "Run a 10k",
        "Call the 911 people",
        "Meet at the station",
        "Pick up kids",
        "Learn C# basics",
        "Update #",
        "It costs $5!",
        "Fix !important in CSS",
        "Answer Jo's question!",
        "Read page 12 of 30",
        "Wait 2 hours",
        "Rest 3 days",
        "Sleep 8h",
        "Cook for 45 min",
        "Take 2 weeks off",
        "Do 20 pushups",
        "Paint the wall at 3",
        "Buy tickets at 7",
        "Lunch with the team",
        "Ask Jo in may",
        "Prepare the mon",
        "Repair the wed",
        "Remember the 5th",
        "Call 0800 123 456",
        "Send 5.5 kg",
        "Stand up",
        "Bake a pie",
        "Fix the weekly",
        "Read daily news",
        "Book 2 nights at the hotel",
        "Go out",
        "Print 2 copies",
        "Call Jo at 6",
        "Visit grandma at 4",
        "Fix the daily",
        "Read a monthly",
        "Discuss #1 priority",
        "Buy tickets for 2",
        "Watch Sun Records documentary",
        "Finish sprint 12",
        "Order 6 pack",
        "Sell the car",
        "Tidy room 3",
        "Back up photos",
        "Sort 50 files",
        "Ring Ann at 8",
        "Party dec 24 at 6",
        "Pay rent remind 1h before fri",
    ]

    /// Lines that read as something, with what they read as.
    static let reads: [(String, String)] = [
        ("Pay rent fri 9am #home !high every month", "Pay rent | 2026-11-27 09:00 | #home | !high | every month"),
        ("Buy milk tomorrow", "Buy milk | 2026-11-21 09:00"),
        ("Buy milk tmrw", "Buy milk | 2026-11-21 09:00"),
        ("Buy milk tomorrow 9", "Buy milk | 2026-11-21 09:00"),
        ("Buy milk tomorrow at 17:30", "Buy milk | 2026-11-21 17:30"),
        ("Call Jo fri", "Call Jo | 2026-11-27 09:00"),
        ("Call Jo fri 5pm", "Call Jo | 2026-11-20 17:00"),
        ("Call Jo on friday", "Call Jo | 2026-11-27 09:00"),
        ("Call Jo by mon", "Call Jo | 2026-11-23 09:00"),
        ("Report due dec 24", "Report | 2026-12-24 09:00"),
        ("Gifts Dec 24th", "Gifts | 2026-12-24 09:00"),
        ("Gifts 24th dec", "Gifts | 2026-12-24 09:00"),
        ("Gifts 24 December 18:00", "Gifts | 2026-12-24 18:00"),
        ("Tax return 2027-01-31", "Tax return | 2027-01-31 09:00"),
        ("Tax return 31.01.2027", "Tax return | 2027-01-31 09:00"),
        ("Meet Sam at 5pm", "Meet Sam | 2026-11-20 17:00"),
        ("Meet Sam at 17:00", "Meet Sam | 2026-11-20 17:00"),
        ("Meet Sam 17:00", "Meet Sam | 2026-11-20 17:00"),
        ("Meet Sam at noon", "Meet Sam | 2026-11-20 12:00"),
        ("Party tonight", "Party | 2026-11-20 20:00"),
        ("Call back in 2 hours", "Call back | 2026-11-20 12:00"),
        ("Call back +2h", "Call back | 2026-11-20 12:00"),
        ("Call back in 30 minutes", "Call back | 2026-11-20 10:30"),
        ("Follow up in 2 weeks", "Follow up | 2026-12-04 09:00"),
        ("Follow up in 3 days", "Follow up | 2026-11-23 09:00"),
        ("Follow up in 3 days at 14:00", "Follow up | 2026-11-23 14:00"),
        ("Clean up this weekend", "Clean up | 2026-11-21 09:00"),
        ("Clean up next weekend", "Clean up | 2026-11-28 09:00"),
        ("Walk tomorrow morning", "Walk | 2026-11-21 09:00"),
        ("Walk tomorrow afternoon", "Walk | 2026-11-21 14:00"),
        ("Walk tomorrow evening", "Walk | 2026-11-21 18:00"),
        ("Walk this evening", "Walk | 2026-11-20 18:00"),
        ("Call Ann next tue 9", "Call Ann | 2026-11-24 09:00"),
        ("Call Ann next tue", "Call Ann | 2026-11-24 09:00"),
        ("Invoices end of month", "Invoices | 2026-11-30 17:00"),
        ("Plan next week", "Plan | 2026-11-23 09:00"),
        ("Pay bills next month", "Pay bills | 2026-12-01 09:00"),
        ("Go to the market on sat", "Go to the market | 2026-11-21 09:00"),
        ("Bring the cake sun 10:00", "Bring the cake | 2026-11-22 10:00"),
        ("Buy 2 kg rice tomorrow", "Buy 2 kg rice | 2026-11-21 09:00"),
        ("Read chapter 5 by fri", "Read chapter 5 | 2026-11-27 09:00"),
        ("Call 3M about order 42 mon 10am", "Call 3M about order 42 | 2026-11-23 10:00"),
        ("Buy milk #groceries", "Buy milk | #groceries"),
        ("Buy milk #groceries #Home", "Buy milk | #groceries #Home"),
        ("#work Write report", "Write report | #work"),
        ("Write #work report", "Write report | #work"),
        ("Buy milk #home #HOME", "Buy milk | #home"),
        ("Fix #123 in the parser #work", "Fix #123 in the parser | #work"),
        ("Call the bank !", "Call the bank | !low"),
        ("Call the bank !!", "Call the bank | !medium"),
        ("Call the bank !!!", "Call the bank | !high"),
        ("Call the bank !low", "Call the bank | !low"),
        ("Call the bank !Medium", "Call the bank | !medium"),
        ("!high Call the bank", "Call the bank | !high"),
        ("Stand-up weekdays", "Stand-up | 2026-11-23 09:00 | weekdays"),
        ("Stand-up weekdays 9:30", "Stand-up | 2026-11-23 09:30 | weekdays"),
        ("Water plants every day", "Water plants | 2026-11-21 09:00 | every day"),
        ("Water plants daily", "Water plants | 2026-11-21 09:00 | every day"),
        ("Water plants every 3 days", "Water plants | 2026-11-21 09:00 | every 3 days"),
        ("Gym every monday", "Gym | 2026-11-23 09:00 | every week"),
        ("Gym every monday 7am", "Gym | 2026-11-23 07:00 | every week"),
        ("Gym every mon at 18:00", "Gym | 2026-11-23 18:00 | every week"),
        ("Bins every 2 weeks", "Bins | 2026-11-21 09:00 | every 2 weeks"),
        ("Bins every other week", "Bins | 2026-11-21 09:00 | every 2 weeks"),
        ("Bins every other day", "Bins | 2026-11-21 09:00 | every 2 days"),
        ("Bins weekly thu", "Bins | 2026-11-26 09:00 | every week"),
        ("Rent every month", "Rent | 2026-11-21 09:00 | every month"),
        ("Rent monthly dec 1", "Rent | 2026-12-01 09:00 | every month"),
        ("Birthday dec 24 every year", "Birthday | 2026-12-24 09:00 | every year"),
        ("Birthday dec 24 yearly", "Birthday | 2026-12-24 09:00 | every year"),
        ("Pay rent fri remind 1h before", "Pay rent | 2026-11-27 09:00 | remind 60m before"),
        ("Pay rent fri remind me 2 days before", "Pay rent | 2026-11-27 09:00 | remind 2880m before"),
        ("Pay rent fri remind", "Pay rent | 2026-11-27 09:00 | remind 0m before"),
        ("Pay rent fri remind me", "Pay rent | 2026-11-27 09:00 | remind 0m before"),
        ("Pay rent fri remind at 8:30", "Pay rent | 2026-11-27 09:00 | remind at 2026-11-27 08:30"),
        ("Pay rent fri 9am remind at thu 18:00", "Pay rent | 2026-11-27 09:00 | remind at 2026-11-26 18:00"),
        ("Pay rent remind 1h before on fri", "Pay rent | 2026-11-27 09:00 | remind 60m before"),
        ("Call Jo remind at 16:00", "Call Jo | remind at 2026-11-20 16:00"),
        ("Pay rent fri 9am #home !high every month remind 1d before",
         "Pay rent | 2026-11-27 09:00 | #home | !high | every month | remind 1440m before"),
        ("  Buy milk   tomorrow  ", "Buy milk | 2026-11-21 09:00"),
        ("Buy milk TOMORROW", "Buy milk | 2026-11-21 09:00"),
        ("Submit form 12/24", "Submit form | 2026-12-24 09:00"),
        ("Submit form 24.12.", "Submit form | 2026-12-24 09:00"),
        ("Ship it eod", "Ship it | 2026-11-20 17:00"),
        ("Ship it today", "Ship it | 2026-11-20 09:00"),
        ("Ship it midnight", "Ship it | 2026-11-21 00:00"),
        ("Call the 911 people tomorrow", "Call the 911 people | 2026-11-21 09:00"),
        ("Watch Friday Night Lights on sat", "Watch Friday Night Lights | 2026-11-21 09:00"),
        ("May I ask Jo tomorrow", "May I ask Jo | 2026-11-21 09:00"),
        ("Meet Sam at 5 tomorrow", "Meet Sam at 5 | 2026-11-21 09:00"),
        ("The cat sat on sat", "The cat sat | 2026-11-21 09:00"),
        ("Say good morning tomorrow morning", "Say good morning | 2026-11-21 09:00"),
    ]

    @Test func linesThatStayText() {
        for line in Self.staysText {
            let reading = Self.reader.read(line, now: Self.now)
            expectEqual(reading, QuickAdd.Reading(text: line), "\(line) read as \(Self.describe(reading))")
        }
    }

    @Test func linesThatRead() {
        for (line, expected) in Self.reads {
            expectEqual(Self.describe(Self.reader.read(line, now: Self.now)), expected, "\(line)")
        }
    }

    @Test func theTableIsLargeAndHalfOfItStaysText() {
        // The brief the reader was built to: at least 150 lines, half text.
        #expect(Self.staysText.count + Self.reads.count >= 150)
        #expect(Self.staysText.count * 2 >= Self.staysText.count + Self.reads.count)
    }

    @Test func tokenReadersAreSmallAndStrict() {
        expectEqual(QuickAdd.tag(inWord: "#home"), "home")
        expectEqual(QuickAdd.tag(inWord: "#Home-Office"), "Home-Office")
        #expect(QuickAdd.tag(inWord: "#123") == nil)
        #expect(QuickAdd.tag(inWord: "#") == nil)
        #expect(QuickAdd.tag(inWord: "home") == nil)
        #expect(QuickAdd.tag(inWord: "#a,b") == nil)
        expectEqual(QuickAdd.priority(inWord: "!"), .low)
        expectEqual(QuickAdd.priority(inWord: "!!"), .medium)
        expectEqual(QuickAdd.priority(inWord: "!!!"), .high)
        expectEqual(QuickAdd.priority(inWord: "!HIGH"), .high)
        #expect(QuickAdd.priority(inWord: "!!!!") == nil)
        #expect(QuickAdd.priority(inWord: "!urgent") == nil)
    }
}
