import Foundation

/// Executables that `swift build` put beside the running test binary.
public enum BuiltProducts {
    /// The path of the built executable `name` (for example "quire"). The
    /// environment variable `QUIRE_BUILT_PRODUCTS` overrides the folder.
    public static func executable(_ name: String) -> String {
        let folder = ProcessInfo.processInfo.environment["QUIRE_BUILT_PRODUCTS"]
            ?? ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                .map { ($0 as NSString).deletingLastPathComponent } ?? ".build/debug")
        return (folder as NSString).appendingPathComponent(name)
    }

    /// The package's source folder (where Package.swift is), for tests that
    /// read the app's resources.
    public static let sourceRoot: String = {
        var folder = "\(#filePath)" as NSString  // Tests/TestSupport/BuiltProducts.swift
        for _ in 0..<3 { folder = folder.deletingLastPathComponent as NSString }
        return folder as String
    }()
}
