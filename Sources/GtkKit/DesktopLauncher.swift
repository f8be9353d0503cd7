import CGtk

/// Opens addresses with the desktop's handler for their scheme: a web link in
/// the browser, `mailto:` in the mail app.
@MainActor
public enum DesktopLauncher {
    /// Opens `uri` without waiting for the handler; a failure is logged.
    public static func open(_ uri: String) {
        cgtk_open_uri(uri)
    }

    /// Opens `uri` without waiting for the handler, then calls `finished`
    /// with nil, or with why it could not be opened (no handler for it).
    public static func open(_ uri: String, then finished: @escaping @MainActor (String?) -> Void) {
        typealias Box = ClosureBox<@MainActor (String?) -> Void>
        cgtk_open_uri_then(uri, { failure, data in
            let reason = failure.map { String(cString: $0) }
            MainActor.assumeIsolated {
                Box.from(data).closure(reason)
                Box.release(data)
            }
        }, Box(finished, kind: .sourceClosure).retainedPointer())
    }
}
