/// Mesa's OpenGL, as a process's /proc maps show it loaded.
public enum OpenGLLibraries {
    /// Mesa's drivers and OpenGL libraries among the lines of a process's /proc maps.
    public static func mapped(in maps: String) -> [Substring] {
        maps.split(separator: "\n").filter {
            $0.contains("_dri.so") || $0.contains("libGLX_mesa") || $0.contains("libEGL_mesa")
        }
    }
}
