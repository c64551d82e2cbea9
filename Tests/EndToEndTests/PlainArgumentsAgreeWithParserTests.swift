import Foundation
import Testing
import TestSupport
import ArgumentParser
import ChecklistsCommandLine
@testable import checklists

/// The fast path (`PlainArguments`) and the argument parser declare the same
/// options and read the same command lines alike: the fast path takes only
/// what the parser's subcommand declares, and every line it takes means what
/// the parser makes of it; every other line is left to the parser.
@Suite("The fast path's command lines and the argument parser's agree")
struct PlainArgumentsAgreeWithParserTests {
    /// One argument a subcommand declares, as the parser's help dump says.
    struct Declared: Equatable {
        let name: String
        /// "option", "flag" or "positional".
        let kind: String
        let isRepeating: Bool
    }

    /// Each subcommand's declared arguments, read from the parser's own
    /// description of the command tree (`--experimental-dump-help`).
    static let declared: [String: [Declared]] = {
        let dump = RootCommand._dumpHelp()
        let tree = try! JSONSerialization.jsonObject(with: Data(dump.utf8)) as! [String: Any]
        let root = tree["command"] as! [String: Any]
        var result: [String: [Declared]] = [:]
        for subcommand in root["subcommands"] as? [[String: Any]] ?? [] {
            let name = subcommand["commandName"] as! String
            result[name] = (subcommand["arguments"] as? [[String: Any]] ?? []).compactMap { argument in
                let kind = argument["kind"] as! String
                let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                let long = names.first.map { "--" + ($0["name"] as! String) }
                guard let label = long ?? (kind == "positional" ? argument["valueName"] as? String : nil) else { return nil }
                return Declared(name: label, kind: kind, isRepeating: argument["isRepeating"] as? Bool ?? false)
            }
        }
        return result
    }()

    @Test("every option and flag the fast path takes is declared by the parser's subcommand, the same name, taking a value or not")
    func optionsAreDeclaredOnce() throws {
        for shape in PlainArguments.shapes {
            let arguments = try #require(Self.declared[shape.subcommand], "the parser has no subcommand \(shape.subcommand)")
            func declared(_ name: String) -> Declared? { arguments.first { $0.name == name } }
            for option in shape.options.union(["--db"]) {
                let argument = try #require(declared(option), "\(shape.subcommand) \(option) is not the parser's")
                expectEqual(argument.kind, "option", "\(shape.subcommand) \(option) takes a value in the fast path only")
                #expect(!argument.isRepeating, "\(shape.subcommand) \(option) may be repeated for the parser, once in the fast path")
            }
            for flag in shape.flags {
                let argument = try #require(declared(flag), "\(shape.subcommand) \(flag) is not the parser's")
                expectEqual(argument.kind, "flag", "\(shape.subcommand) \(flag) is a flag in the fast path only")
            }
            expectEqual(arguments.filter { $0.kind == "positional" }.count, shape.positionals,
                    "\(shape.subcommand) takes \(shape.positionals) positional argument(s) in the fast path")
        }
    }

    @Test("a line with an option the fast path does not know is left to the parser")
    func unknownOptionsGoToTheParser() throws {
        for shape in PlainArguments.shapes {
            let positionals = Array(repeating: "7", count: shape.positionals)
            for argument in try #require(Self.declared[shape.subcommand]) where argument.kind != "positional" {
                let name = argument.name
                guard name != "--db", !shape.options.contains(name), !shape.flags.contains(name) else { continue }
                let line = [shape.subcommand] + positionals + (argument.kind == "option" ? [name, "x"] : [name])
                #expect(PlainArguments.command(line) == nil, "\(line) was read by the fast path")
            }
        }
    }

    /// Sample values for each option: the parser's and the fast path's
    /// refusals included (a filter `--due` does not know, a value that
    /// looks like an option).
    static let samples: [String: [String]] = [
        "--list": ["Groceries", "two words"],
        "--due": ["today", "overdue", "tomorrow 9"],
        "--match": ["milk"],
        "--repeat": ["weekly"],
        "--note": ["a note"],
        "--db": ["/tmp/x.sqlite"],
    ]

    /// Command lines of `shape`: every subset of its options and flags,
    /// each in two of the variations (the declared order or reversed, each
    /// option's sample values, the positional first or last, and `--db`
    /// absent, before the subcommand, among its options, or both), taken
    /// in turn so that every variation meets every subset size.
    static func lines(_ shape: PlainArguments.Shape) -> [[String]] {
        let names = shape.options.sorted() + shape.flags.sorted()
        let positionalSets: [[String]] = shape.positionals == 0 ? [[]] : [["42"], ["milk"], ["-3"]]
        var lines: [[String]] = []
        for mask in 0..<(1 << names.count) {
            let chosen = names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] }
            for variant in [mask, mask + 7] {
                let order = variant % 2 == 0 ? chosen : chosen.reversed()
                var parts: [String] = []
                for name in order {
                    parts.append(name)
                    if let values = samples[name] { parts.append(values[variant % values.count]) }
                }
                let positionals = positionalSets[variant % positionalSets.count]
                let body = variant % 3 == 0 ? positionals + parts : parts + positionals
                switch variant % 4 {
                case 0: lines.append([shape.subcommand] + body)
                case 1: lines.append(["--db", "/tmp/root.sqlite", shape.subcommand] + body)
                case 2: lines.append([shape.subcommand] + body + ["--db", "/tmp/sub.sqlite"])
                default: lines.append(["--db", "/tmp/root.sqlite", shape.subcommand] + body + ["--db", "/tmp/sub.sqlite"])
                }
            }
        }
        // Shapes the fast path leaves alone on purpose.
        lines.append([shape.subcommand, "--db=/tmp/x.sqlite"] + Array(repeating: "5", count: shape.positionals))
        lines.append([shape.subcommand, "--help"])
        lines.append([shape.subcommand, "--"] + Array(repeating: "5", count: shape.positionals))
        if let option = shape.options.sorted().first {
            lines.append([shape.subcommand, option, "a", option, "b"] + Array(repeating: "5", count: shape.positionals))
            lines.append([shape.subcommand, option + "=a"] + Array(repeating: "5", count: shape.positionals))
        }
        if let flag = shape.flags.first {
            lines.append([shape.subcommand, flag, flag] + Array(repeating: "5", count: shape.positionals))
        }
        return lines
    }

    /// What the parser makes of `line`: the command as the fast path would
    /// name it and the database path, or nil when the parser refuses it.
    static func parsed(_ line: [String]) -> (command: PlainCommand, databasePath: String?)? {
        guard let command = try? RootCommand.parseAsRoot(line) else { return nil }
        switch command {
        case let status as Status:
            return (.status, status.database.db ?? status.root.db)
        case let list as ListItems:
            return (.list(list: list.list, due: list.due, all: list.all, match: list.match, json: list.json),
                    list.database.db ?? list.root.db)
        case let add as Add:
            return (.add(text: add.text, list: add.list, due: add.due, remind: add.remind, repeat: add.`repeat`, note: add.note),
                    add.database.db ?? add.root.db)
        case let lists as Lists:
            return (.lists(json: lists.json), lists.database.db ?? lists.root.db)
        case let done as Done:
            return (.setChecked(id: done.item.id, true), done.database.db ?? done.root.db)
        case let undone as Undone:
            return (.setChecked(id: undone.item.id, false), undone.database.db ?? undone.root.db)
        case let delete as Delete:
            return (.delete(id: delete.item.id), delete.database.db ?? delete.root.db)
        default:
            Issue.record("the parser read \(line) as \(type(of: command))")
            return nil
        }
    }

    @Test("every line the fast path reads means what the parser makes of it; the parser refuses none of them")
    func linesMeanTheSame() {
        var readByBoth = 0, leftToParser = 0
        for shape in PlainArguments.shapes {
            for line in Self.lines(shape) {
                guard let fast = PlainArguments.command(line) else {
                    leftToParser += 1
                    continue
                }
                guard let parser = Self.parsed(line) else {
                    Issue.record("the fast path reads \(line), which the parser refuses")
                    continue
                }
                expectEqual(fast.command, parser.command, "\(line)")
                expectEqual(fast.databasePath, parser.databasePath, "\(line)")
                readByBoth += 1
            }
        }
        // Both kinds must occur, or the comparison proves nothing.
        #expect(readByBoth > 50)
        #expect(leftToParser > 20)
    }

    @Test("the fast path leaves to the parser exactly its own refusals, named examples")
    func namedLinesGoToTheParser() {
        let lines: [[String]] = [
            ["list", "--due=today"], ["list", "--due", "tomorrow"], ["list", "--json", "--json"],
            ["add", "--", "-milk"], ["add", "milk", "--unknown"], ["add", "milk", "--list", ""],
            ["done", "abc"], ["done", "1", "2"], ["status", "--help"],
            ["--db", "a", "list", "--db", "b"], ["lists", "extra"], ["stat"],
        ]
        for line in lines {
            #expect(PlainArguments.command(line) == nil, "\(line)")
        }
    }
}
