import Foundation

/// Where config.toml is: `--config PATH`, else `CHECKLISTS_CONFIG`, else
/// `$XDG_CONFIG_HOME/checklists/config.toml`, else
/// `~/.config/checklists/config.toml`.
public struct ConfigLocation: Hashable, Sendable {
    public var path: String
    /// What named it, for messages: "--config", "CHECKLISTS_CONFIG" or "the default".
    public var origin: String
    /// Named by the user (the option or the variable), so it must exist.
    public var isExplicit: Bool { origin != "the default" }

    public init(path: String, origin: String) {
        self.path = path
        self.origin = origin
    }

    public static func resolve(option: String?, environment: [String: String]) -> ConfigLocation {
        if let option, !option.isEmpty { return ConfigLocation(path: option, origin: "--config") }
        if let named = environment["CHECKLISTS_CONFIG"], !named.isEmpty {
            return ConfigLocation(path: named, origin: "CHECKLISTS_CONFIG")
        }
        // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        let configHome: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            configHome = home + "/.config"
        }
        return ConfigLocation(path: configHome + "/checklists/config.toml", origin: "the default")
    }
}
