import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// Without a graphics driver (the tests' Xvfb has only Mesa's llvmpipe),
/// Quire's windows draw with GTK's Cairo renderer, and with no graphics
/// device at all GTK starts no OpenGL; GSK_RENDERER, the person's own
/// choice, still wins.
@Suite("Renderer, end to end", .serialized)
struct RendererTests {
    @Test("on llvmpipe Quire draws with Cairo, and what is typed shows; with no graphics device it loads no OpenGL")
    func cairoOnSoftwareOpenGL() throws {
        let session = try QuireSession()
        try session.launch(environment: ["GTKKIT_RENDERER_TRACE": "1"])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Drawn by Cairo", into: window)
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Quire$") == ["Drawn by Cairo — Quire"] })
        let lines = session.messages.split(separator: "\n").filter { $0.hasPrefix("renderer: ") }
        // GtkKit's own rule: with a device, OpenGL is asked which it is (Xvfb's is llvmpipe all the same).
        if WindowRenderer.hasGraphicsDevice() {
            #expect(lines.count == 1 && lines[0].hasPrefix("renderer: cairo (OpenGL: llvmpipe"), "\(session.messages.suffix(800))")
        } else {
            #expect(lines == ["renderer: cairo (no graphics device)"], "\(session.messages.suffix(800))")
            // Mesa's drivers (llvmpipe's among them) and its OpenGL libraries never loaded.
            let openGL = OpenGLLibraries.mapped(in: try session.mappedFiles())
            #expect(openGL.isEmpty, "\(openGL.prefix(3))")
        }
        session.keepScreenshot(named: "renderer-cairo")
        #expect(try session.stop(with: SIGTERM) == 0)
    }

    @Test("GSK_RENDERER is left to GTK")
    func environmentWins() throws {
        let session = try QuireSession()
        try session.launch(environment: ["GTKKIT_RENDERER_TRACE": "1", "GSK_RENDERER": "gl"])
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        #expect(session.messages.contains("renderer: GSK_RENDERER=gl\n"), "\(session.messages.suffix(800))")
        #expect(try session.stop(with: SIGTERM) == 0)
    }
}
