import CGtk
import CGtk.Rendering
import FoundationEssentials
import Glibc

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
/// An app asks for it first thing in `main` (`drawWithCairoOnSoftwareOpenGL()`);
/// the choice is made when the first window is created. A machine with no
/// graphics device at all (no DRM device, no NVIDIA driver) can only run
/// OpenGL on the processor: there GTK is kept from starting OpenGL at all,
/// which GTK 4.8 does as it opens the display whatever the renderer (measured
/// under Xvfb: 50 ms of a launch and 58 MiB, Mesa's llvmpipe and LLVM), and
/// Cairo draws. Elsewhere OpenGL is asked its name. `GSK_RENDERER` in the
/// environment (the person's own choice) always wins, and `GDK_DEBUG`, set,
/// is left as it is.
@MainActor
public enum WindowRenderer {
    /// Whether windows are drawn with Cairo where OpenGL runs on the processor
    /// (`drawWithCairoOnSoftwareOpenGL()`); off by default, as in GTK.
    public internal(set) static var drawsWithCairoOnSoftwareOpenGL = false

    /// `GDK_DEBUG=gl-disable`, which keeps GTK from starting OpenGL, until it has started.
    private static var openGLKeptFromStarting: StartupVariable?

    /// Has windows drawn with Cairo where OpenGL runs on the processor. Call
    /// it first in `main`, before GTK starts and before any thread does (on a
    /// machine with no graphics device it sets `GDK_DEBUG=gl-disable` in the
    /// environment until GTK has started, and then takes it out, so that
    /// programs the app starts do not inherit it).
    public static func drawWithCairoOnSoftwareOpenGL() {
        drawsWithCairoOnSoftwareOpenGL = true
        // getenv, not ProcessInfo's environment, which copies all of it at every read.
        guard getenv("GSK_RENDERER") == nil, !machineHasGraphicsDevice else { return }
        openGLKeptFromStarting = StartupVariable.set("GDK_DEBUG", to: "gl-disable")
    }

    /// GTK has started (the application's startup): the environment as it was.
    static func toolkitStarted() {
        openGLKeptFromStarting?.remove()
        openGLKeptFromStarting = nil
    }

    /// The OpenGL implementation found when the choice was made (such as
    /// "llvmpipe (LLVM 15.0.6, 256 bits)"), or nil if none was asked for (or
    /// the machine has no graphics device to ask about).
    public private(set) static var openGLName: String?

    /// Whether windows are drawn with Cairo because OpenGL runs on the processor.
    public private(set) static var drawsWithCairo = false

    private static var isChosen = false

    /// With `GTKKIT_RENDERER_TRACE=1`, one line on standard error when the
    /// choice is made: `renderer: cairo (OpenGL: <name>)`, `renderer: cairo
    /// (no graphics device)`, `renderer: as GTK chooses (OpenGL: <name>)` or
    /// `renderer: GSK_RENDERER=<value>`.
    private static let tracesChoice = EnvironmentVariable.value("GTKKIT_RENDERER_TRACE") == "1"

    /// Names of OpenGL implementations that run on the processor (Mesa's).
    private static let softwareOpenGL = ["llvmpipe", "softpipe", "Software Rasterizer"]

    /// Where a graphics processor shows itself to OpenGL: the kernel's DRM
    /// devices, through which every Mesa driver for one draws, and the
    /// control device of NVIDIA's own driver, which draws without them.
    /// Tests point them elsewhere.
    static var graphicsDeviceFolder = "/dev/dri"
    static var nvidiaControlDevice = "/dev/nvidiactl"

    /// Whether OpenGL could draw on something other than the processor here.
    static var machineHasGraphicsDevice: Bool {
        hasGraphicsDevice(drmFolder: graphicsDeviceFolder, nvidiaControlDevice: nvidiaControlDevice)
    }

    /// Whether a machine whose DRM devices are in `drmFolder` and NVIDIA's
    /// control device at `nvidiaControlDevice` has a graphics device (a DRM
    /// folder that is there but cannot be listed counts as one).
    nonisolated static func hasGraphicsDevice(
        drmFolder: String = "/dev/dri", nvidiaControlDevice: String = "/dev/nvidiactl"
    ) -> Bool {
        if access(nvidiaControlDevice, F_OK) == 0 { return true }
        guard access(drmFolder, F_OK) == 0 else { return false }
        guard let devices = try? FileManager.default.contentsOfDirectory(atPath: drmFolder) else { return true }
        return devices.contains { $0.hasPrefix("card") || $0.hasPrefix("renderD") }
    }

    /// Makes the choice, once, before the first window (every `Window`
    /// initialiser calls it; GTK must have been initialised).
    static func chooseBeforeFirstWindow() {
        guard !isChosen else { return }
        isChosen = true
        guard drawsWithCairoOnSoftwareOpenGL else { return }
        if let asked = EnvironmentVariable.value("GSK_RENDERER") {
            return trace("GSK_RENDERER=\(asked)")
        }
        guard let display = gdk_display_get_default() else { return }
        guard machineHasGraphicsDevice else {
            drawsWithCairo = true
            cgtk_display_set_renderer(display, "cairo")
            return trace("cairo (no graphics device)")
        }
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
        _ = "renderer: \(choice)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
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
