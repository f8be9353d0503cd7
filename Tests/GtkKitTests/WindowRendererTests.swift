import CGtk
@testable import GtkKit
import Testing

/// Windows draw with Cairo where OpenGL runs on the processor, if the app
/// asks for it: the tests' display (Xvfb) has only Mesa's llvmpipe.
@MainActor
@Suite("Window renderer", .serialized)
struct WindowRendererTests {
    init() throws { try TestToolkit.start() }

    /// The renderer GTK draws a new window with, once it is on screen, the
    /// app having asked (or not) for Cairo on software OpenGL.
    private func rendererOfANewWindow(cairoOnSoftwareOpenGL: Bool) -> String? {
        WindowRenderer.forgetChoice()
        WindowRenderer.drawsWithCairoOnSoftwareOpenGL = cairoOnSoftwareOpenGL
        defer { WindowRenderer.drawsWithCairoOnSoftwareOpenGL = false }
        let window = Window()
        window.setDefaultSize(width: 200, height: 100)
        window.present()
        defer { window.destroy() }
        MainLoop.iterate(forAtMost: 5.0) { window.isMapped }
        return window.rendererName
    }

    @Test("asked for, a window on llvmpipe draws with Cairo, having found which OpenGL it is")
    func cairoOnLlvmpipe() throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(rendererOfANewWindow(cairoOnSoftwareOpenGL: true) == "GskCairoRenderer")
        let openGL = try #require(WindowRenderer.openGLName, "the OpenGL was asked for its name")
        #expect(openGL.contains("llvmpipe"), "Xvfb's OpenGL: \(openGL)")
        #expect(WindowRenderer.drawsWithCairo)
    }

    @Test("not asked for, GTK draws with OpenGL, as it chooses, and nothing asks the OpenGL its name")
    func glAsGTKChooses() {
        defer { WindowRenderer.forgetChoice() }
        #expect(rendererOfANewWindow(cairoOnSoftwareOpenGL: false) == "GskGLRenderer")
        #expect(WindowRenderer.openGLName == nil)
        #expect(!WindowRenderer.drawsWithCairo)
    }
}
