import Foundation
import Testing
import TestSupport

/// scripts/install as a user runs it, into a temporary PREFIX: the installed
/// binary runs, and runs itself as the sync helper, `man -l` renders the installed page, bash completes a
/// subcommand from the installed completion, and --uninstall leaves the
/// prefix exactly as it was (a file of the user's in a shared folder stays).
@Suite("scripts/install into a temporary prefix")
struct InstallTests {
    let folder = TemporaryFolder()
    var prefix: String { folder.file("prefix") }

    private func run(_ arguments: [String], _ extra: [String: String] = [:]) -> (status: Int32, output: String) {
        var environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8",
                           "PREFIX": prefix, "BINARY": PackagePaths.binary, "TERM": "dumb"]
        environment.merge(extra) { $1 }
        return runCommand(arguments, environment: environment)
    }

    /// Every path under the prefix, folders marked with a trailing slash.
    private func tree() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: prefix)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: prefix + "/" + path, isDirectory: &isFolder)
            paths.append(isFolder.boolValue ? path + "/" : path)
        }
        return paths.sorted()
    }

    @Test("install, run, man -l, bash completion, install again, uninstall back to the prefix as it was")
    func roundTrip() throws {
        defer { folder.remove() }
        // A prefix that already has a bin/ and a share/man/ of the user's.
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: prefix + "/bin/mine", atomically: true, encoding: .utf8)
        let before = tree()

        let installed = run([PackagePaths.root + "/scripts/install"])
        expectEqual(installed.status, 0, "\(installed.output)")
        #expect(installed.output.contains("installed \(prefix)/bin/checklists\n"))
        #expect(installed.output.contains("installed \(prefix)/share/man/man1/checklists.1\n"))
        #expect(installed.output.contains("installed \(prefix)/share/bash-completion/completions/checklists\n"))
        #expect(installed.output.contains("installed \(prefix)/share/zsh/site-functions/_checklists\n"))
        #expect(installed.output.contains("installed \(prefix)/share/fish/vendor_completions.d/checklists.fish\n"))
        #expect(installed.output.contains("Done: checklists "))
        // The notifier's user unit starts the binary installed beside it.
        let unit = try String(contentsOfFile: prefix + "/share/systemd/user/checklists-notify.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=\(prefix)/bin/checklists notify\n"), "\(unit)")

        let version = run([prefix + "/bin/checklists", "--version"])
        expectEqual(version.status, 0)
        #expect(version.output.hasPrefix("checklists "))

        // The installed binary is its own sync helper: `sync` starts it again,
        // which loads libcurl and reports the refused connection (nothing
        // listens on this machine's discard port).
        let sync = run([prefix + "/bin/checklists", "sync", "--url", "http://127.0.0.1:9/"],
                       ["CHECKLISTS_DB": folder.file("sync.sqlite"), "CHECKLISTS_CONFIG": "/dev/null"])
        expectEqual(sync.status, 4, "\(sync.output)")
        #expect(sync.output.contains("cannot reach the sync server 127.0.0.1"), "\(sync.output)")

        let page = run(["man", "-l", prefix + "/share/man/man1/checklists.1"], ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        expectEqual(page.status, 0, "\(page.output)")
        #expect(page.output.contains("NAME"))
        #expect(page.output.contains("checklists"))

        // An interactive bash that loads the installed completion and asks
        // what `checklists l<Tab>` completes to.
        let script = """
            source '\(prefix)/share/bash-completion/completions/checklists'
            COMP_WORDS=(checklists l); COMP_CWORD=1; COMP_LINE='checklists l'; COMP_POINT=${#COMP_LINE}
            $(complete -p checklists | sed -E 's/.* -F ([^ ]+) .*/\\1/') checklists l checklists
            printf '%s\\n' "${COMPREPLY[@]}" | sort
            """
        let completed = run(["bash", "--norc", "-i", "-c", script])
        let completions: [String] = completed.output.split(separator: "\n").map(String.init).filter { !$0.contains("bash:") }
        expectEqual(completions, ["list", "lists"], "\(completed.output)")

        // Again: an update, same files, nothing doubled in the manifest.
        let again = run([PackagePaths.root + "/scripts/install"])
        expectEqual(again.status, 0, "\(again.output)")
        let manifest = try String(contentsOfFile: prefix + "/share/checklists/installed-files", encoding: .utf8)
        let manifestLines: [Substring] = manifest.split(separator: "\n")
        expectEqual(Set(manifestLines).count, manifestLines.count)

        let removed = run([PackagePaths.root + "/scripts/install", "--uninstall"])
        expectEqual(removed.status, 0, "\(removed.output)")
        #expect(removed.output.contains("removed \(prefix)/bin/checklists\n"))
        expectEqual(tree(), before)

        let nothing = run([PackagePaths.root + "/scripts/install", "--uninstall"])
        expectEqual(nothing.status, 1)
        #expect(nothing.output.hasPrefix("Nothing to remove: "))
    }
}
