import CGtk
import Foundation
@testable import GtkKit
import Testing

/// Windows draw with Cairo where OpenGL runs on the processor, if the app
/// asks for it: the tests' display (Xvfb) has only Mesa's llvmpipe. Which
/// graphics devices the machine has is played with folders of the tests' own.
@MainActor
@Suite("Window renderer", .serialized)
struct WindowRendererTests {
    init() throws { try TestToolkit.start() }

    /// The renderer GTK draws a new window with, once it is on screen, the
    /// app having asked (or not) for Cairo on software OpenGL, on a machine
    /// whose DRM devices are `devices` (nil: the machine's own).
    private func rendererOfANewWindow(cairoOnSoftwareOpenGL: Bool, devices: [String]? = nil) throws -> String? {
        WindowRenderer.forgetChoice()
        WindowRenderer.drawsWithCairoOnSoftwareOpenGL = cairoOnSoftwareOpenGL
        defer { WindowRenderer.drawsWithCairoOnSoftwareOpenGL = false }
        let draw = {
            let window = Window()
            window.setDefaultSize(width: 200, height: 100)
            window.present()
            defer { window.destroy() }
            MainLoop.iterate(forAtMost: 5.0) { window.isMapped }
            return window.rendererName
        }
        guard let devices else { return draw() }
        return try Self.onMachine(holding: devices) { draw() }
    }

    /// `body`'s result on a machine whose /dev holds only `devices` (paths in
    /// a new folder standing for /dev: "dri/renderD128", "nvidiactl").
    private static func onMachine<Result>(holding devices: [String], _ body: () throws -> Result) throws -> Result {
        let dev = (NSTemporaryDirectory() as NSString).appendingPathComponent("dev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dev, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: dev) }
        for device in devices {
            let path = (dev as NSString).appendingPathComponent(device)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
        }
        WindowRenderer.graphicsDeviceFolder = (dev as NSString).appendingPathComponent("dri")
        WindowRenderer.nvidiaControlDevice = (dev as NSString).appendingPathComponent("nvidiactl")
        defer {
            WindowRenderer.graphicsDeviceFolder = "/dev/dri"
            WindowRenderer.nvidiaControlDevice = "/dev/nvidiactl"
        }
        return try body()
    }

    @Test("asked for, with a graphics device, a window on llvmpipe draws with Cairo, having found which OpenGL it is")
    func cairoOnLlvmpipe() throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(try rendererOfANewWindow(cairoOnSoftwareOpenGL: true, devices: ["dri/card0", "dri/renderD128"]) == "GskCairoRenderer")
        let openGL = try #require(WindowRenderer.openGLName, "the OpenGL was asked for its name")
        #expect(openGL.contains("llvmpipe"), "Xvfb's OpenGL: \(openGL)")
        #expect(WindowRenderer.drawsWithCairo)
    }

    @Test("asked for, with no graphics device, a window draws with Cairo and no OpenGL is asked", arguments: [
        [], ["dri/by-path/pci-0000:00:02.0-card-link", "dri/controlD64"],
    ])
    func cairoWithoutDevice(devices: [String]) throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(try rendererOfANewWindow(cairoOnSoftwareOpenGL: true, devices: devices) == "GskCairoRenderer")
        #expect(WindowRenderer.openGLName == nil)
        #expect(WindowRenderer.drawsWithCairo)
    }

    @Test("NVIDIA's driver, with no DRM device, counts as a graphics device")
    func nvidiaWithoutDRM() throws {
        #expect(try Self.onMachine(holding: ["nvidiactl"]) { WindowRenderer.machineHasGraphicsDevice })
        #expect(try !Self.onMachine(holding: []) { WindowRenderer.machineHasGraphicsDevice })
    }

    @Test("a DRM folder that is there but cannot be listed counts as a graphics device")
    func unlistableDRMFolder() throws {
        // A file where the folder would be: there, and no listing of it can be read.
        #expect(try Self.onMachine(holding: ["dri"]) { WindowRenderer.machineHasGraphicsDevice })
    }

    @Test("not asked for, GTK draws with OpenGL, as it chooses, and nothing asks the OpenGL its name")
    func glAsGTKChooses() throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(try rendererOfANewWindow(cairoOnSoftwareOpenGL: false) == "GskGLRenderer")
        #expect(WindowRenderer.openGLName == nil)
        #expect(!WindowRenderer.drawsWithCairo)
    }
}
