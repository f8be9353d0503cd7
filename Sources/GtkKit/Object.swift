package import CGtk

/// A Swift owner of exactly one strong reference to a GObject.
///
/// Every wrapper takes its own reference when it is created and drops it in
/// `deinit`, so a GObject outlives every Swift wrapper that points at it and
/// is unreferenced exactly once per wrapper. Floating references (fresh GTK
/// widgets) are sunk, so the wrapper, not the first container, owns them.
@MainActor
public class Object {
    /// The wrapped object. Valid for the wrapper's whole life.
    package let objectPointer: UnsafeMutablePointer<GObject>

    /// Wraps an object whose reference the caller passes on (a `transfer full`
    /// return value that is not floating, such as a new GSimpleAction).
    init(adopting pointer: UnsafeMutableRawPointer) {
        objectPointer = cgtk_as_object(pointer)
        LiveCounts.made(self, kind: .objectWrapper)
    }

    /// Wraps an object the caller does not own a reference to (`transfer none`)
    /// or that is floating (a new widget): sinks or adds one reference.
    init(retaining pointer: UnsafeMutableRawPointer) {
        objectPointer = cgtk_as_object(pointer)
        g_object_ref_sink(objectPointer)
        LiveCounts.made(self, kind: .objectWrapper)
    }

    isolated deinit {
        LiveCounts.objectWrappers -= 1
        g_object_unref(objectPointer)
    }

    /// The GType name, for messages and tests ("GtkTextView").
    public var typeName: String { String(cString: cgtk_object_type_name(objectPointer)) }

    /// Calls `body` once, when the GObject is finalised (its last reference
    /// dropped), not merely disposed. Object data is cleared only at finalisation,
    /// so the body rides on a data entry's destroy notify under a key of its own.
    public func whenFinalized(_ body: @escaping @MainActor () -> Void) {
        typealias Box = ClosureBox<@MainActor () -> Void>
        let box = Box(body, kind: .sourceClosure)
        let pointer = box.retainedPointer()
        g_object_set_data_full(objectPointer, "gtkkit-finalize-\(UInt(bitPattern: pointer))", pointer) { data in
            MainActor.assumeIsolated {
                guard let data else { return }
                Box.from(data).closure()
                Box.release(data)
            }
        }
    }
}
