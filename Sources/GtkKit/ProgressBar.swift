import CGtk

/// A GtkProgressBar: how far a long task has got.
@MainActor
public final class ProgressBar: Widget {
    /// An empty bar.
    public init() {
        super.init(retaining: gtk_progress_bar_new())
    }

    private var bar: OpaquePointer { cgtk_as_progress_bar(objectPointer) }

    /// How much is done, from 0 to 1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        set { gtk_progress_bar_set_fraction(bar, newValue) }
    }
}
