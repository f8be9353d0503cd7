import Glibc
import GtkKit

// The benchmark's baseline window (Benchmarks/baseline.c: a header bar over a
// text view in a scrolled window, at Quire's default size) written in Swift
// through GtkKit and linked as Quire is (the Swift runtime and FoundationEssentials
// linked in): beside the C baseline, what a Swift GTK app holds and takes
// before any window of Quire's own. Drawn as Quire draws (Cairo on software
// OpenGL). The benchmark reads its memory and the time its window mapped;
// it runs until stopped. Not a product; never installed.

WindowRenderer.drawWithCairoOnSoftwareOpenGL()
MainLoop.bridgeDispatchMainQueue()
let application = DesktopApplication(id: "io.github.quire.SwiftBaseline")
var windows: [Window] = []
application.onActivate {
    application.hold()
    let window = Window(application: application)
    window.setDefaultSize(width: 720, height: 540)
    window.setTitlebar(HeaderBar())
    let scroller = ScrolledWindow()
    scroller.setChild(TextView())
    window.setChild(scroller)
    window.present()
    windows.append(window)
}
exit(application.run())
