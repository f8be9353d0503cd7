// swift-tools-version: 6.1
import PackageDescription

/// An app on the Scenes framework, in a package of its own, as any app would
/// use it: a dependency on Quire's repository (here by path) and its
/// `Scenes` and `GtkKit` products.
let package = Package(
    name: "ScratchPad",
    dependencies: [.package(name: "Quire", path: "../..")],
    targets: [
        .executableTarget(
            name: "ScratchPad",
            dependencies: [.product(name: "Scenes", package: "Quire"), .product(name: "GtkKit", package: "Quire")],
            resources: [.copy("Manifest")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
