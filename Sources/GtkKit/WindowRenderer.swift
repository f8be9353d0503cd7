import CGtk
import CGtk.Rendering
import Foundation

/// How windows are drawn: with OpenGL, as GTK prefers, or with GTK's Cairo
/// renderer where OpenGL itself would run on the processor.
///
/// Without a graphics driver (a virtual machine, a remote desktop, a server
/// without a GPU) Mesa's llvmpipe draws OpenGL on the processor, and GTK 4.8's
/// OpenGL renderer then draws each whole window again for every frame and
/// gives each window buffers of its own. Cairo draws only what changed.
/// Measured under Xvfb (llvmpipe) with Quire: typing 1,000 characters into
/// a 1 MB note took 10.7 s of processor time with OpenGL and 1.1 s with
/// Cairo, and ten windows held 283 MiB against 118.
///
/// An app asks for it once, before its first window
/// (`drawsWithCairoOnSoftwareOpenGL`); the choice is made when the first
/// window is created. `GSK_RENDERER` in the environment (the person's own
/// choice) always wins.
@MainActor
public enum WindowRenderer {
    /// Whether windows are drawn with Cairo where OpenGL runs on the processor.
    /// Set it before the first window; off by default, as in GTK.
    public static var drawsWithCairoOnSoftwareOpenGL = false

    /// The OpenGL implementation found when the choice was made (such as
    /// "llvmpipe (LLVM 15.0.6, 256 bits)"), or nil if none was asked for.
    public private(set) static var openGLName: String?

    /// Whether windows are drawn with Cairo because OpenGL runs on the processor.
    public private(set) static var drawsWithCairo = false

    private static var isChosen = false

    /// With `GTKKIT_RENDERER_TRACE=1`, one line on standard error when the
    /// choice is made: `renderer: cairo (OpenGL: <name>)`, `renderer: as GTK
    /// chooses (OpenGL: <name>)` or `renderer: GSK_RENDERER=<value>`.
    private static let tracesChoice = ProcessInfo.processInfo.environment["GTKKIT_RENDERER_TRACE"] == "1"

    /// Names of OpenGL implementations that run on the processor (Mesa's).
    private static let softwareOpenGL = ["llvmpipe", "softpipe", "Software Rasterizer"]

    /// Makes the choice, once, before the first window (every `Window`
    /// initialiser calls it; GTK must have been initialised).
    static func chooseBeforeFirstWindow() {
        guard !isChosen else { return }
        isChosen = true
        guard drawsWithCairoOnSoftwareOpenGL else { return }
        if let asked = ProcessInfo.processInfo.environment["GSK_RENDERER"] {
            return trace("GSK_RENDERER=\(asked)")
        }
        guard let display = gdk_display_get_default() else { return }
        if let name = cgtk_display_opengl_renderer(display) {
            openGLName = String(cString: name)
            g_free(name)
        }
        drawsWithCairo = openGLName.map { name in softwareOpenGL.contains { name.contains($0) } } ?? false
        if drawsWithCairo { cgtk_display_set_renderer(display, "cairo") }
        trace("\(drawsWithCairo ? "cairo" : "as GTK chooses") (OpenGL: \(openGLName ?? "none"))")
    }

    private static func trace(_ choice: String) {
        guard tracesChoice else { return }
        FileHandle.standardError.write(Data("renderer: \(choice)\n".utf8))
    }

    /// Forgets the choice: the next window makes it again, and until then GTK
    /// chooses for windows realized (tests).
    static func forgetChoice() {
        if let display = gdk_display_get_default() { cgtk_display_set_renderer(display, nil) }
        isChosen = false
        drawsWithCairo = false
        openGLName = nil
    }
}
