import Foundation
import GtkKit
import Scenes

// `main` stays synchronous: GTK owns the main thread, and the GLib loop runs
// DispatchQueue.main and the main actor once bridged.
MainLoop.bridgeDispatchMainQueue()
guard let manifestPath = Bundle.module.path(forResource: "Info", ofType: "plist", inDirectory: "Manifest"),
      let manifest = try? SceneManifest(contentsOf: manifestPath)
else {
    print("ScratchPad: its scene manifest, Info.plist, is missing or unreadable")
    exit(1)
}
let delegate = AppDelegate()
let application = Application(applicationID: "io.github.quire.ScratchPad", manifest: manifest, delegate: delegate)
exit(application.run())
