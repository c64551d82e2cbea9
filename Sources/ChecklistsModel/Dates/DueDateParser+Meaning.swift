import Foundation

extension DueDateParser {
    // MARK: - Meaning

    /// Checks an expression against the calendar and turns it into an instant.
    struct Resolver {
        let timeZone: TimeZone
        let now: Date
        let text: String
        /// What a day typed without a time means (`defaultTime` for a due date).
        var dayWithoutTime = Resolver.defaultTime

        /// The wall-clock day of `now`, the reference for "today", weekdays and
        /// bare times.
        private var today: DateFields {
            DateFields(localSeconds: WallClockMath.localSeconds(of: now, in: timeZone))
        }

        /// A day without a time means the start of a working day.
        static let defaultTime = (hour: 9, minute: 0)

        /// `end of month` without a time means the end of a working day.
        private static let endOfWorkingDay = (hour: 17, minute: 0)

        func resolve(_ expression: Phrase) throws -> Date {
            switch expression {
            case .relative(let amounts):
                return try resolveRelative(amounts)
            case .absolute(let day, let time):
                return try resolveAbsolute(day: day, time: time)
            }
        }

        // MARK: Absolute

        private func resolveAbsolute(day: DaySpec?, time: TimeSpec?) throws -> Date {
            // Errors are reported in reading order: the date before the time.
            let date = try day.flatMap(calendarDate)
            let daysLater = try day.flatMap(wholeDaysLater)
            let (hour, minute) = try time.map(validate)
                ?? (day == .endOfMonth ? Self.endOfWorkingDay : dayWithoutTime)
            if let date {
                return try instant(DateFields(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))
            }
            let today = self.today
            switch day {
            case nil:
                // A bare time is the next time the clock shows it.
                return try nextOf(dayOffset: 0, hour: hour, minute: minute, otherwise: 1)
            case .today:
                return try instant(dayOffset: 0, hour: hour, minute: minute)
            case .tomorrow:
                return try instant(dayOffset: 1, hour: hour, minute: minute)
            case .weekday(let weekday, let next):
                let todayWeekday = GregorianDayMath.weekday(dayNumber: today.dayNumber)
                let daysAhead = GregorianDayMath.floorMod(weekday - todayWeekday, 7)
                if daysAhead == 0 {
                    // "fri" typed on a Friday morning most likely means today at
                    // 9:00; once that is past, or with "next", it means next week.
                    return next
                        ? try instant(dayOffset: 7, hour: hour, minute: minute)
                        : try nextOf(dayOffset: 0, hour: hour, minute: minute, otherwise: 7)
                }
                return try instant(dayOffset: daysAhead, hour: hour, minute: minute)
            case .nextWeek:
                // Monday: weekday 2. On a Monday, the Monday a week ahead.
                let todayWeekday = GregorianDayMath.weekday(dayNumber: today.dayNumber)
                let daysAhead = GregorianDayMath.floorMod(2 - todayWeekday, 7)
                return try instant(dayOffset: daysAhead == 0 ? 7 : daysAhead, hour: hour, minute: minute)
            case .nextMonth:
                let (year, month) = Self.month(after: today.year, today.month)
                let offset = GregorianDayMath.dayNumber(year: year, month: month, day: 1) - today.dayNumber
                return try instant(dayOffset: offset, hour: hour, minute: minute)
            case .endOfMonth:
                let (nextYear, nextMonth) = Self.month(after: today.year, today.month)
                return try nextOf(dayOffset: lastDay(today.year, today.month) - today.dayNumber,
                                  hour: hour, minute: minute,
                                  otherwise: lastDay(nextYear, nextMonth) - today.dayNumber)
            case .weekend(let next):
                // Saturday 7, Sunday 1: on a Sunday this weekend is today.
                let todayWeekday = GregorianDayMath.weekday(dayNumber: today.dayNumber)
                let toSaturday = todayWeekday == 1 ? -1 : 7 - todayWeekday
                let offset = next ? toSaturday + 7 : max(0, toSaturday)
                return try instant(dayOffset: offset, hour: hour, minute: minute)
            case .later:
                return try instant(dayOffset: daysLater ?? 0, hour: hour, minute: minute)
            case .date, .yearless:
                throw DueDateParseError.unreadable(text)  // unreachable: resolved by calendarDate
            }
        }

        /// `hour:minute` on the day `dayOffset` days after today if that is
        /// still ahead of now, else on the day `otherwise` days after today.
        private func nextOf(dayOffset: Int, hour: Int, minute: Int, otherwise: Int) throws -> Date {
            let first = try instant(dayOffset: dayOffset, hour: hour, minute: minute)
            return first > now ? first : try instant(dayOffset: otherwise, hour: hour, minute: minute)
        }

        /// Day number of the last day of `month` in `year`.
        private func lastDay(_ year: Int, _ month: Int) -> Int {
            GregorianDayMath.dayNumber(year: year, month: month, day: GregorianDayMath.daysInMonth(month, year: year))
        }

        private static func month(after year: Int, _ month: Int) -> (year: Int, month: Int) {
            month == 12 ? (year + 1, 1) : (year, month + 1)
        }

        /// The checked calendar date a typed date names, or nil for a day that
        /// is counted from today instead.
        private func calendarDate(_ day: DaySpec) throws -> (year: Int, month: Int, day: Int)? {
            switch day {
            case .date(let year, let month, let day):
                // A number too long for an Int is no date at all.
                guard let year, let month, let day else { throw DueDateParseError.unreadable(text) }
                try validateDate(year: year, month: month, day: day)
                return (year, month, day)
            case .yearless(let month, let day):
                return try nextOccurrence(month: month, day: day)
            default:
                return nil
            }
        }

        /// The days a `+3d 9:00` moves, checked like any duration; nil for
        /// every other kind of day.
        private func wholeDaysLater(_ day: DaySpec) throws -> Int? {
            guard case .later(let amounts) = day else { return nil }
            let days = try totalDuration(amounts).days
            guard GregorianDayMath.supportedDayNumbers.contains(today.dayNumber + days) else {
                throw DueDateParseError.tooFarAway(text)
            }
            return days
        }

        /// The next `day`.`month` on or after today. 29 February waits for the
        /// next leap year rather than being refused most years.
        private func nextOccurrence(month: Int?, day: Int?) throws -> (year: Int, month: Int, day: Int) {
            guard let month, let day else { throw DueDateParseError.unreadable(text) }
            guard (1...12).contains(month) else { throw DueDateParseError.invalidMonth(month) }
            let today = self.today
            var year = (month, day) < (today.month, today.day) ? today.year + 1 : today.year
            if month == 2, day == 29 {
                while !GregorianDayMath.isLeapYear(year), year <= DateFields.supportedYears.upperBound {
                    year += 1
                }
            }
            try validateDate(year: year, month: month, day: day)
            return (year, month, day)
        }

        /// Throws the error for the first date field that is out of range.
        private func validateDate(year: Int, month: Int, day: Int) throws {
            guard DateFields.supportedYears.contains(year) else { throw DueDateParseError.yearOutOfRange(year) }
            guard (1...12).contains(month) else { throw DueDateParseError.invalidMonth(month) }
            guard (1...GregorianDayMath.daysInMonth(month, year: year)).contains(day) else {
                throw DueDateParseError.invalidDay(day: day, month: month, year: year)
            }
        }

        /// The 24-hour wall time a typed time names, or the error for the first
        /// field out of range.
        private func validate(_ time: TimeSpec) throws -> (hour: Int, minute: Int) {
            var hour = time.hour
            if let meridiem = time.meridiem {
                guard (1...12).contains(hour) else { throw DueDateParseError.invalidTwelveHourClockHour(hour) }
                // 12am is midnight and 12pm is noon.
                hour = hour % 12 + (meridiem == .pm ? 12 : 0)
            } else {
                guard (0...23).contains(hour) else { throw DueDateParseError.invalidHour(hour) }
            }
            guard (0...59).contains(time.minute) else { throw DueDateParseError.invalidMinute(time.minute) }
            guard time.second == 0 else { throw DueDateParseError.secondsNotSupported }
            return (hour, time.minute)
        }

        /// `hour:minute` on the day `dayOffset` days after today.
        private func instant(dayOffset: Int, hour: Int, minute: Int) throws -> Date {
            let (year, month, day) = GregorianDayMath.civilDate(dayNumber: today.dayNumber + dayOffset)
            guard DateFields.supportedYears.contains(year) else { throw DueDateParseError.yearOutOfRange(year) }
            return try instant(DateFields(year: year, month: month, day: day, hour: hour, minute: minute))
        }

        private func instant(_ fields: DateFields) throws -> Date {
            guard let date = fields.date(in: timeZone, preferredOffset: nil) else {
                throw DueDateParseError.unreadable(text)  // unreachable: fields were validated
            }
            return date
        }

        // MARK: Relative

        /// Days and weeks move the calendar day and keep the wall time ("+1d" at
        /// 10:00 is 10:00 tomorrow even across a DST change); hours and minutes
        /// are elapsed time. Both count from the start of the current minute, so
        /// the result is a whole minute and "+2h" at 07:39:30 is 09:39.
        private func resolveRelative(_ amounts: [RelativeAmount]) throws -> Date {
            let tooFar = DueDateParseError.tooFarAway(text)
            let (days, minutes) = try totalDuration(amounts)
            let startOfMinute = WallClockMath.truncatedToMinute(now, in: timeZone)
            var result = startOfMinute
            if days > 0 {
                var fields = DateFields(localSeconds: WallClockMath.localSeconds(of: startOfMinute, in: timeZone))
                let dayNumber = fields.dayNumber + days
                guard GregorianDayMath.supportedDayNumbers.contains(dayNumber) else { throw tooFar }
                (fields.year, fields.month, fields.day) = GregorianDayMath.civilDate(dayNumber: dayNumber)
                let offset = timeZone.secondsFromGMT(for: startOfMinute)
                guard let shifted = fields.date(in: timeZone, preferredOffset: offset) else { throw tooFar }
                result = shifted
            }
            result = result.addingTimeInterval(TimeInterval(minutes) * 60)
            let year = DateFields(localSeconds: WallClockMath.localSeconds(of: result, in: timeZone)).year
            guard DateFields.supportedYears.contains(year) else { throw tooFar }
            return result
        }

        /// The days (days and weeks) and minutes (hours and minutes) typed,
        /// or `durationTooLong` if they add up to more than
        /// `DueDateParser.longestDuration` or overflow on the way.
        private func totalDuration(_ amounts: [RelativeAmount]) throws -> (days: Int, minutes: Int) {
            let tooLong = DueDateParseError.durationTooLong(text)
            var days = 0
            var minutes = 0
            for amount in amounts {
                guard let count = amount.count else { throw tooLong }
                let (factor, isDays) = switch amount.unit {
                case .minute: (1, false)
                case .hour: (60, false)
                case .day: (1, true)
                case .week: (7, true)
                }
                let (scaled, multiplyOverflow) = count.multipliedReportingOverflow(by: factor)
                let (sum, addOverflow) = (isDays ? days : minutes).addingReportingOverflow(scaled)
                guard !multiplyOverflow, !addOverflow else { throw tooLong }
                if isDays { days = sum } else { minutes = sum }
            }
            // Checked before any date arithmetic, which it keeps far from overflow.
            let longestDays = DueDateParser.longestDuration.days
            guard days <= longestDays, minutes <= (longestDays - days) * 24 * 60 else { throw tooLong }
            return (days, minutes)
        }
    }
}
