import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// An app asking for Cairo on software OpenGL first thing in `main`, on a
/// machine with no graphics device, keeps GTK from starting OpenGL, and the
/// programs it starts later do not inherit how: run in a real GtkApplication
/// (GtkKitProbe), as the test process has GTK started already.
@Suite("OpenGL kept from starting", .serialized)
struct OpenGLStartTests {
    private func runProbe(_ extra: [String: String]) throws -> String {
        let desktop = try PrivateDesktop()
        let result = try ChildProcess.run(
            BuiltProducts.executable("GtkKitProbe"), [],
            environment: desktop.environment(extra.merging(["PROBE_RENDERER": "1", "G_DEBUG": "fatal-criticals"]) { $1 }),
            outputDirectory: desktop.directory.path, seconds: 20)
        #expect(result.status == 0, "probe failed: \(result.output) \(result.error)")
        return result.output
    }

    @Test("with no graphics device, GTK starts without OpenGL, and GDK_DEBUG is gone once it has")
    func withoutDevice() throws {
        let output = try runProbe([:])
        #expect(output.contains("GDK_DEBUG unset\n"), "\(output)")
        #expect(output.contains("mapped /"), "the probe lists what it mapped: \(output)")
        if !WindowRenderer.hasGraphicsDevice() {
            #expect(OpenGLLibraries.mapped(in: output).isEmpty, "\(output)")
        }
    }

    @Test("GDK_DEBUG the person set is left as it is, and GTK starts OpenGL as it would")
    func personsDebugFlagsKept() throws {
        let output = try runProbe(["GDK_DEBUG": "default-settings"])
        #expect(output.contains("GDK_DEBUG default-settings\n"), "\(output)")
        #expect(!OpenGLLibraries.mapped(in: output).isEmpty, "\(output)")
    }
}
