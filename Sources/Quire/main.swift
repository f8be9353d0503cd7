import GtkKit
import Glibc

// `main` stays synchronous: GTK owns the main thread, and the GLib loop drains
// DispatchQueue.main and the main actor through the bridge installed here.
MainLoop.bridgeDispatchMainQueue()
let quire = QuireApplication()
exit(quire.run())
