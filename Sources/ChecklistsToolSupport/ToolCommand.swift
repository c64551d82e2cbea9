import Foundation
import ArgumentParser

// MARK: - What the tools' commands share

extension ParsableCommand {
    /// Parses the command line and runs the chosen subcommand. A usage
    /// mistake exits with `usageErrorStatus` (the tools have always exited 2,
    /// like `checklists`) rather than ArgumentParser's 64; `--help` exits 0.
    public static func main(usageErrorStatus: Int32) -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(usageErrorStatus)
            }
            exit(withError: error)
        }
        exit()
    }
}
