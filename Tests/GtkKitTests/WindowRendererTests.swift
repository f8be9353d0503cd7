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
        let folder = try devices.map { try Self.deviceFolder(holding: $0) }
        if let folder {
            WindowRenderer.graphicsDeviceFolder = folder
            WindowRenderer.nvidiaControlDevice = (folder as NSString).appendingPathComponent("nvidiactl")
        }
        defer {
            WindowRenderer.drawsWithCairoOnSoftwareOpenGL = false
            WindowRenderer.graphicsDeviceFolder = "/dev/dri"
            WindowRenderer.nvidiaControlDevice = "/dev/nvidiactl"
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
        let window = Window()
        window.setDefaultSize(width: 200, height: 100)
        window.present()
        defer { window.destroy() }
        MainLoop.iterate(forAtMost: 5.0) { window.isMapped }
        return window.rendererName
    }

    /// A new folder standing for /dev/dri, holding empty files named `devices`.
    private static func deviceFolder(holding devices: [String]) throws -> String {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("dri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for device in devices {
            #expect(FileManager.default.createFile(atPath: (folder as NSString).appendingPathComponent(device), contents: nil))
        }
        return folder
    }

    @Test("asked for, with a graphics device, a window on llvmpipe draws with Cairo, having found which OpenGL it is")
    func cairoOnLlvmpipe() throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(try rendererOfANewWindow(cairoOnSoftwareOpenGL: true, devices: ["card0", "renderD128"]) == "GskCairoRenderer")
        let openGL = try #require(WindowRenderer.openGLName, "the OpenGL was asked for its name")
        #expect(openGL.contains("llvmpipe"), "Xvfb's OpenGL: \(openGL)")
        #expect(WindowRenderer.drawsWithCairo)
    }

    @Test("asked for, with no graphics device, a window draws with Cairo and no OpenGL is asked", arguments: [
        [], ["by-path", "controlD64"],
    ])
    func cairoWithoutDevice(devices: [String]) throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(try rendererOfANewWindow(cairoOnSoftwareOpenGL: true, devices: devices) == "GskCairoRenderer")
        #expect(WindowRenderer.openGLName == nil)
        #expect(WindowRenderer.drawsWithCairo)
    }

    @Test("NVIDIA's driver, with no DRM device, counts as a graphics device")
    func nvidiaWithoutDRM() throws {
        let folder = try Self.deviceFolder(holding: ["nvidiactl"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        WindowRenderer.graphicsDeviceFolder = (folder as NSString).appendingPathComponent("dri")
        WindowRenderer.nvidiaControlDevice = (folder as NSString).appendingPathComponent("nvidiactl")
        defer {
            WindowRenderer.graphicsDeviceFolder = "/dev/dri"
            WindowRenderer.nvidiaControlDevice = "/dev/nvidiactl"
        }
        #expect(WindowRenderer.machineHasGraphicsDevice)
        WindowRenderer.nvidiaControlDevice = (folder as NSString).appendingPathComponent("absent")
        #expect(!WindowRenderer.machineHasGraphicsDevice)
    }

    @Test("not asked for, GTK draws with OpenGL, as it chooses, and nothing asks the OpenGL its name")
    func glAsGTKChooses() throws {
        defer { WindowRenderer.forgetChoice() }
        #expect(try rendererOfANewWindow(cairoOnSoftwareOpenGL: false) == "GskGLRenderer")
        #expect(WindowRenderer.openGLName == nil)
        #expect(!WindowRenderer.drawsWithCairo)
    }
}
