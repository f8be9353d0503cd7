import CGtk

/// A GWeakRef to a GObject: it does not keep the object alive, and reads as
/// nil once the object is finalised. Used where a handle may outlive its
/// object (signal connections).
final class WeakObjectReference: @unchecked Sendable {
    private let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    init(_ object: UnsafeMutablePointer<GObject>) {
        g_weak_ref_init(reference, object)
    }

    deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    /// A new strong reference to the object (release it with `g_object_unref`), or nil if it is gone.
    func strongReference() -> UnsafeMutablePointer<GObject>? {
        g_weak_ref_get(reference)?.assumingMemoryBound(to: GObject.self)
    }

    /// Runs `body` with the object held alive, or returns nil if it is gone.
    func withObject<Result>(_ body: (UnsafeMutablePointer<GObject>) throws -> Result) rethrows -> Result? {
        guard let object = strongReference() else { return nil }
        defer { g_object_unref(object) }
        return try body(object)
    }
}
