/// A Swift closure in a class box, so it can travel through C as a `gpointer`.
///
/// The box is handed to GLib retained (`Unmanaged.passRetained`) and released
/// exactly once by the matching destroy notify; `kind` says which live count
/// it belongs to (a permanent fixture, never released, belongs to none).
@MainActor
package final class ClosureBox<Closure> {
    package enum Kind { case signalHandler, sourceClosure, permanent }

    package let closure: Closure
    private let kind: Kind

    package init(_ closure: Closure, kind: Kind) {
        self.closure = closure
        self.kind = kind
        switch kind {
        case .signalHandler: LiveCounts.made(self, kind: .signalHandler)
        case .sourceClosure: LiveCounts.made(self, kind: .sourceClosure)
        case .permanent: break
        }
    }

    isolated deinit {
        switch kind {
        case .signalHandler: LiveCounts.signalHandlers -= 1
        case .sourceClosure: LiveCounts.sourceClosures -= 1
        case .permanent: break
        }
    }

    /// A retained opaque pointer for C; balance with `release(_:)`.
    package func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The box behind a pointer made by `retainedPointer()`, without changing
    /// its count. GLib hands back exactly the pointer it was given, never NULL.
    package static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Closure> {
        guard let pointer else { preconditionFailure("GLib called back without the closure it was given") }
        return Unmanaged<ClosureBox<Closure>>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Balances `retainedPointer()`.
    package static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { preconditionFailure("GLib released a closure it was not given") }
        Unmanaged<ClosureBox<Closure>>.fromOpaque(pointer).release()
    }
}
