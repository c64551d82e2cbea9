import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a config file may be believed: it can name commands to run
/// (`[sync] password_command`, `[notify] command`), so a file another user
/// could have written is refused, as ssh refuses such a config. The rule
/// is OpenSSH's `secure_permissions`: the file, after its links are
/// resolved, belongs to us or root and is not group- or world-writable; so
/// is every folder from its own up to `/`, except that a sticky folder
/// (`/tmp`) may be writable by all, since others cannot replace what is ours
/// in it.
enum ConfigTrust {
    /// The largest config file read: 1 MiB.
    static let largestFile = 1 << 20

    /// Opens the file named `path` for reading, refusing it before a byte
    /// is read when another user could have changed it. The check is made
    /// on the descriptor that is then read, so the file checked is the file
    /// read.
    static func openTrusted(_ path: String, effectiveUser: uid_t = geteuid()) throws(ConfigError) -> FileHandle {
        guard let resolved = realpath(path, nil) else {
            throw ConfigError(file: path, problem: "cannot find it (\(String(cString: strerror(errno))))")
        }
        let real = String(cString: resolved)
        free(resolved)
        // realpath resolved every link: one appearing since is refused, not
        // followed. Without blocking, so a FIFO is refused below rather than
        // waiting for a writer that never comes.
        let descriptor = open(real, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ConfigError(file: path, problem: "cannot open it for reading (\(String(cString: strerror(errno))))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ConfigError(file: path, problem: "cannot open it for reading (\(String(cString: strerror(errno))))")
        }
        // `--config /dev/null` means "no settings": it is everyone's to write, and reads as nothing.
        if isNullDevice(info) { return handle }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw ConfigError(file: path, problem: "\(kind); name a settings file (or /dev/null for none)")
        }
        // Read whole into memory, so a file named by mistake (a disk image)
        // is refused rather than read; settings are a few hundred bytes.
        guard info.st_size <= largestFile else {
            throw ConfigError(file: path, problem: "\(info.st_size) bytes, more than a settings file's \(largestFile); name the settings file")
        }
        if let problem = problem(file: path, real: real, info: info, effectiveUser: effectiveUser) {
            throw ConfigError(file: path, problem: problem)
        }
        return handle
    }

    /// What makes the file (already opened, `info` its fstat) untrustworthy,
    /// as the rest of a one-line message after the file's name; nil when
    /// nothing does.
    static func problem(file path: String, real: String, info: stat, effectiveUser: uid_t) -> String? {
        let consequence = "and it can name commands to run"
        if !isOurs(info.st_uid, effectiveUser) {
            return "another user (uid \(info.st_uid)) owns it, \(consequence); run chown \(userName(effectiveUser)) \(path)"
        }
        if info.st_mode & 0o022 != 0 {
            return "other users can change it (group/world-writable), \(consequence); run chmod go-w \(path)"
        }
        var folder = (real as NSString).deletingLastPathComponent
        while true {
            var folderInfo = stat()
            guard lstat(folder, &folderInfo) == 0 else {
                return "cannot check its folder \(folder) (\(String(cString: strerror(errno)))), \(consequence); make the folder readable"
            }
            if !isOurs(folderInfo.st_uid, effectiveUser) {
                return "its folder \(folder) belongs to another user (uid \(folderInfo.st_uid)), \(consequence); move it to a folder of yours"
            }
            if folderInfo.st_mode & 0o022 != 0 && folderInfo.st_mode & S_ISVTX == 0 {
                return "other users can change its folder \(folder) (group/world-writable), \(consequence); run chmod go-w \(folder)"
            }
            if folder == "/" { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Ours when we own it, or root does (root could change anything of ours anyway).
    private static func isOurs(_ owner: uid_t, _ effectiveUser: uid_t) -> Bool {
        owner == effectiveUser || owner == 0
    }

    private static func isNullDevice(_ info: stat) -> Bool {
        var null = stat()
        return info.st_mode & S_IFMT == S_IFCHR && stat("/dev/null", &null) == 0 && info.st_rdev == null.st_rdev
    }

    /// The user's login name for the chown advice, else the number.
    private static func userName(_ user: uid_t) -> String {
        guard let entry = getpwuid(user), let name = entry.pointee.pw_name else { return "\(user)" }
        return String(cString: name)
    }
}
