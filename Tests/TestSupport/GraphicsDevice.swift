import Foundation

/// Whether this machine has a device OpenGL could draw on other than the
/// processor (a DRM device, or NVIDIA's own driver): where it has none, Quire
/// keeps GTK from starting OpenGL and draws with Cairo.
public enum GraphicsDevice {
    /// True if /dev/dri holds a card or render node, or NVIDIA's control device exists.
    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: "/dev/nvidiactl")
            || ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains {
                $0.hasPrefix("card") || $0.hasPrefix("renderD")
            }
    }

    /// Mesa's drivers and OpenGL libraries among the lines of a process's /proc maps.
    public static func openGLLibraries(inMaps maps: String) -> [Substring] {
        maps.split(separator: "\n").filter {
            $0.contains("_dri.so") || $0.contains("libGLX_mesa") || $0.contains("libEGL_mesa")
        }
    }
}
