/// Where an application keeps its files, following the XDG Base Directory
/// specification: user data under `$XDG_DATA_HOME/<app-id>` (default
/// `~/.local/share/<app-id>`), state such as open windows under
/// `$XDG_STATE_HOME/<app-id>` (default `~/.local/state/<app-id>`), and
/// preferences under `$XDG_CONFIG_HOME/<app-id>` (default `~/.config/<app-id>`).
public struct AppDirectories: Sendable, Equatable {
    /// The folder for documents the user made (notes).
    public let dataDirectory: String
    /// The folder for state worth keeping between runs but not precious (windows).
    public let stateDirectory: String
    /// The folder for the person's preferences.
    public let configDirectory: String

    /// Resolves the folders for `applicationID` from the process's environment.
    /// Relative or empty `XDG_*` values are ignored, as the specification says.
    public init(applicationID: String) {
        self.init(applicationID: applicationID, variable: ProcessEnvironment.value)
    }

    /// Resolves the folders for `applicationID` from `environment` instead.
    public init(applicationID: String, environment: [String: String]) {
        self.init(applicationID: applicationID) { environment[$0] }
    }

    /// Resolves the folders from what `variable` gives for each name.
    private init(applicationID: String, variable: (String) -> String?) {
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? FilePaths.homeDirectory()
        func base(_ name: String, default relative: String) -> String {
            if let value = variable(name), value.hasPrefix("/") { return value }
            return FilePaths.join(home, relative)
        }
        dataDirectory = FilePaths.join(base("XDG_DATA_HOME", default: ".local/share"), applicationID)
        stateDirectory = FilePaths.join(base("XDG_STATE_HOME", default: ".local/state"), applicationID)
        configDirectory = FilePaths.join(base("XDG_CONFIG_HOME", default: ".config"), applicationID)
    }

    /// The path of `fileName` in the data folder.
    public func dataFile(_ fileName: String) -> String {
        FilePaths.join(dataDirectory, fileName)
    }

    /// The path of `fileName` in the preferences folder.
    public func configFile(_ fileName: String) -> String {
        FilePaths.join(configDirectory, fileName)
    }

    /// The path of `fileName` in the state folder.
    public func stateFile(_ fileName: String) -> String {
        FilePaths.join(stateDirectory, fileName)
    }
}
