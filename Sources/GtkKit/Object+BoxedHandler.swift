package import CGtk

/// The one shape every signal connection shares: the Swift closure in a
/// retained `ClosureBox` (counted in `LiveCounts`), a C trampoline of the
/// signal's own signature that calls it on the main actor, and GLib's destroy
/// notify releasing the box when the handler is disconnected or the object
/// disposed.
extension Object {
    /// Boxes `handler` and lets `connect` connect it to a signal of this
    /// object: `connect` calls the cgtk connector of the signal's C signature
    /// with its trampoline, the box (`data`) and `release` (the destroy
    /// notify), and returns the handler id.
    @discardableResult
    func connectBoxed<Closure>(
        _ handler: Closure, _ connect: (_ data: UnsafeMutableRawPointer, _ release: GClosureNotify) -> gulong
    ) -> SignalConnection {
        SignalConnection(instance: objectPointer, handlerID: boxingHandler(handler, connect))
    }
}

/// Boxes `handler` for a connection `connect` makes (to a signal of an event
/// controller or factory, which keeps it as long as it lives): `connect` gets
/// the box (`data`) and the destroy notify releasing it; its result is returned.
@MainActor
@discardableResult
package func boxingHandler<Closure, Result>(
    _ handler: Closure, _ connect: (_ data: UnsafeMutableRawPointer, _ release: GClosureNotify) -> Result
) -> Result {
    connect(ClosureBox(handler, kind: .signalHandler).retainedPointer(), releaseBoxedHandler)
}

/// GLib's destroy notify for a boxed signal handler: releases the box,
/// whatever closure it holds (a release needs no type).
let releaseBoxedHandler: GClosureNotify = { data, _ in
    let address = Int(bitPattern: data)  // an address crosses to the main actor; a pointer may not
    MainActor.assumeIsolated { releaseBox(UnsafeMutableRawPointer(bitPattern: address)) }
}

/// Balances `ClosureBox.retainedPointer()` for a box of any closure.
@MainActor
private func releaseBox(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { preconditionFailure("GLib released a closure it was not given") }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
