// swift-tools-version: 6.1
import PackageDescription

/// Quire: a multi-window note app for the Linux desktop.
///
/// Layers, each depending only on those before it:
/// the C module maps (CGtk, CGtkSource, CSQLite, CSoup, CXML, CSecret, CEnchant, CICU) and
/// CRowText (the list rows' widget class, in C) and CX11Input (input waiting in
/// the X connection, and the client pointer remembered, in C) →
/// GtkKit (Swift over GLib/GTK), Storage (SQLite, data locations), WebDAV
/// (libsoup, libxml2), Keyring (libsecret) and Spelling (Enchant, ICU) → GtkSourceKit (GtkSourceView,
/// for the editor only), Scenes (UIKit's scene lifecycle; knows nothing of
/// notes) and NoteModel (notes, folded by ICU; knows nothing of GTK) → NoteSync (NoteModel
/// with WebDAV) → Quire (the app, which also uses Keyring). docs/architecture.md has the map.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// GDK on X11 asks the X server for the client pointer at every lookup of
/// the default seat, a round trip each; CX11Input answers from the last
/// answer until the device hierarchy changes (clientpointer.c), for the
/// programs that export its `XIGetClientPointer`: the app, and the tests.
let clientPointerLookups: LinkerSetting = .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=XIGetClientPointer"])

/// How the app is linked: by the toolchain's lld with its relative relocations
/// packed (DT_RELR, glibc 2.36). With the Swift runtime and Foundation linked
/// in, the 75,000 relocations the default linker writes out were 1.8 MB read
/// at every launch and kept resident. Nor does the app export its symbols:
/// the static Swift runtime's link arguments export every public symbol of
/// the app's own modules (3,400 names no library looks up), and the loader
/// searches the executable's table first for every symbol any library binds,
/// which kept its 310 KB resident. A release build also lays out first,
/// together, the functions a launch runs (build-aux/quire.order, written by
/// Tools/launch_order.py): the kernel maps code in 64 KiB runs around each
/// page touched, and scattered over 16 MB they kept 10 MiB of it resident.
/// It exports one name, `XIGetClientPointer`, which GTK's calls then reach
/// instead of libXi's (`clientPointerLookups`).
let appLinking: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"]),
    clientPointerLookups,
    .unsafeFlags(
        ["-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/build-aux/quire.order", "-Xlinker", "--no-warn-symbol-ordering"],
        .when(configuration: .release)),
]

/// libsoup and libsecret are opened through GModule and called through the
/// functions it finds (CSoup, CSecret, COnDemand), loaded when sync first
/// needs them, never linked: their module maps name no library of theirs
/// (only GLib's module loader, which GTK loads anyway) and have no pkg-config
/// package (which would link it), so their headers' folders are given here,
/// to every target that sees those modules (GLib's come from CGtk's package).
/// A direct call that slipped past the shim fails to link.
let syncSettings: [SwiftSetting] = strictSettings + [
    .unsafeFlags(["-Xcc", "-I/usr/include/libsoup-3.0", "-Xcc", "-I/usr/include/libsecret-1"]),
]

/// For the code linked into the app alone (not GtkKit, Scenes and Storage, which
/// other packages may use, and so take no unsafe flags): in a release build each
/// function in a section of its own, which the launch order (`appLinking`) moves.
let ownSections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]

let package = Package(
    name: "Quire",
    products: [
        .executable(name: "quire", targets: ["Quire"]),
        // The scene framework, and the thin GTK layer it stands on, for other apps.
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "GtkKit", targets: ["GtkKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // GtkSourceView 5, for the note editor; beside CGtk so that the scene
        // framework does not link it.
        .systemLibrary(
            name: "CGtkSource",
            pkgConfig: "gtksourceview-5",
            providers: [.apt(["libgtksourceview-5-dev"])]
        ),
        // libsoup 3, for sync's HTTP (TLS through glib-networking); loaded on first use.
        .systemLibrary(name: "CSoup", providers: [.apt(["libsoup-3.0-dev"])]),
        // libxml2's SAX parser, for WebDAV's listings (10,000 files are megabytes of XML).
        .systemLibrary(
            name: "CXML",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libsecret, for the sync password (the desktop's Secret Service); loaded on first use.
        .systemLibrary(name: "CSecret", providers: [.apt(["libsecret-1-dev"])]),
        // Enchant 2, for spell checking (the dictionaries GNOME's editors share).
        .systemLibrary(
            name: "CEnchant",
            pkgConfig: "enchant-2",
            providers: [.apt(["libenchant-2-dev"])]
        ),
        // The system's ICU (libxml2 loads it anyway), for text folded without case or
        // accents and languages' names: the app imports FoundationEssentials alone,
        // not Foundation, whose own copy of ICU cost 2 MiB at every launch.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The list rows' text, one GtkWidget subclass in C (G_DEFINE_FINAL_TYPE).
        .target(name: "CRowText", dependencies: ["CGtk"]),
        // A person's input waiting in Xlib's queue, read through Xlib's own
        // header (Xlibint.h), whose macros stay in this C file; and the client
        // pointer, remembered between GDK's lookups (`clientPointerLookups`).
        .target(name: "CX11Input", dependencies: ["CGtk"]),
        .target(name: "GtkKit", dependencies: ["CGtk", "CRowText", "CX11Input"], swiftSettings: strictSettings),
        // Swift over GtkSourceView: a text view whose buffer styles its text by a
        // language definition and a style scheme.
        .target(name: "GtkSourceKit", dependencies: ["GtkKit", "CGtk", "CGtkSource"], swiftSettings: strictSettings + ownSections),
        .target(name: "Storage", dependencies: ["CSQLite"], swiftSettings: strictSettings),
        // Swift over libsoup: a WebDAV folder's files, listed, read and written conditionally.
        .target(name: "WebDAV", dependencies: ["CSoup", "CXML", "CGtk"], swiftSettings: syncSettings + ownSections),
        // Its translations (po/) are compiled and installed by Meson, not bundled.
        .target(name: "Scenes", dependencies: ["GtkKit", "Storage"], exclude: ["po"], swiftSettings: strictSettings),
        .target(name: "NoteModel", dependencies: ["Storage", "CICU"], swiftSettings: strictSettings + ownSections),
        // Spell checking: words found in Markdown text, checked by Enchant off the main thread.
        .target(name: "Spelling", dependencies: ["CEnchant", "CICU"], swiftSettings: strictSettings + ownSections),
        // Passwords in the desktop's keyring.
        .target(name: "Keyring", dependencies: ["CSecret", "CGtk"], swiftSettings: syncSettings + ownSections),
        // Sync of the notes with a WebDAV folder, one Markdown file a note.
        .target(name: "NoteSync", dependencies: ["NoteModel", "Storage", "WebDAV"], swiftSettings: syncSettings + ownSections),
        .executableTarget(
            name: "Quire",
            dependencies: ["GtkKit", "GtkSourceKit", "Scenes", "Storage", "NoteModel", "NoteSync", "WebDAV", "Keyring", "Spelling"],
            swiftSettings: syncSettings + ownSections,
            linkerSettings: appLinking
        ),
        // A tiny GTK program with a synchronous `main`, run by the bridge tests: it
        // proves the GLib loop drains DispatchQueue.main and the main actor the way
        // the app's own `main` does. Not a product; never installed.
        .executableTarget(
            name: "GtkKitProbe",
            dependencies: ["GtkKit"],
            path: "Tools/GtkKitProbe",
            swiftSettings: strictSettings
        ),
        // Helpers the test targets share: temporary folders, child processes, and
        // a private X display and session bus per app under test.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        // A minimal app on the scene framework with recording delegates and
        // scripted scenarios, run by the scene conformance tests. Not a product.
        .executableTarget(name: "SceneHost", dependencies: ["GtkKit", "Scenes"], path: "Tools/SceneHost", swiftSettings: strictSettings),
        // A stand-in settings portal with a switchable colour scheme, run by the
        // dark-style tests. Not a product.
        .executableTarget(
            name: "SettingsPortalStub", dependencies: ["CGtk"], path: "Tools/SettingsPortalStub", swiftSettings: strictSettings),
        // A keyboard on GNOME's compositor, mutter, through its remote desktop
        // interface, run by the tests on mutter. Not a product.
        .executableTarget(name: "GnomeKeyboard", dependencies: ["CGtk"], path: "Tools/GnomeKeyboard", swiftSettings: strictSettings),
        // The benchmark's baseline window in Swift, linked as the app is: what a Swift GTK app
        // holds before any window of Quire's own. Not a product.
        .executableTarget(
            name: "SwiftBaseline", dependencies: ["GtkKit"], path: "Tools/SwiftBaseline", swiftSettings: strictSettings,
            linkerSettings: appLinking),
        // The benchmark suite's helper: seeds notes databases and times searches. Not a product.
        .executableTarget(
            name: "BenchTool", dependencies: ["GtkKit", "NoteModel", "NoteSync", "Storage", "WebDAV"], path: "Tools/BenchTool",
            swiftSettings: syncSettings),
        .testTarget(
            name: "GtkKitTests", dependencies: ["GtkKit", "TestSupport"], swiftSettings: strictSettings,
            linkerSettings: [clientPointerLookups]),
        .testTarget(name: "GtkSourceKitTests", dependencies: ["GtkSourceKit", "TestSupport", "CXML"], swiftSettings: strictSettings),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling"], swiftSettings: strictSettings),
        .testTarget(name: "WebDAVTests", dependencies: ["WebDAV"], swiftSettings: syncSettings),
        .testTarget(name: "NoteModelTests", dependencies: ["NoteModel", "Storage", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "NoteSyncTests", dependencies: ["NoteSync", "NoteModel", "WebDAV", "TestSupport"], swiftSettings: syncSettings),
        .testTarget(
            name: "QuireEndToEndTests",
            dependencies: ["GtkKit", "NoteModel", "Scenes", "Spelling", "TestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
