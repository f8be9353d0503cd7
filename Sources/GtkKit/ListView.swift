import CGtk

/// A GtkListView: a scrolling list that creates row widgets only for visible
/// rows and reuses them. `makeRow` builds a row's widget once; `bindRow` fills
/// it with the string of the item it now shows, and returns what a screen
/// reader announces for the row.
@MainActor
public final class ListView<Row: AnyObject>: Widget {
    private let factory: Object
    private var rows: [UnsafeMutableRawPointer: Row] = [:]

    /// A list of `selection`'s model (a `SingleSelection` or a
    /// `MultiSelection`); `makeRow` returns a row object and its widget.
    public init(
        selection: Object,
        makeRow: @escaping @MainActor () -> (Row, Widget),
        bindRow: @escaping @MainActor (Row, String) -> String
    ) {
        factory = Object(adopting: cgtk_signal_list_item_factory_new())
        super.init(retaining: cgtk_list_view_new(selection.objectPointer, factory.objectPointer))
        // The factory outlives this wrapper while GTK still holds the list: weak.
        connectFactory("setup") { [weak self] item in
            guard let self else { return }
            let (row, widget) = makeRow()
            cgtk_list_item_set_child(item, widget.widgetPointer)
            rows[item] = row
        }
        connectFactory("bind") { [weak self] item in
            guard let self, let row = rows[item], let text = cgtk_list_item_string(item) else { return }
            cgtk_list_item_set_accessible_label(item, bindRow(row, String(cString: text)))
        }
        connectFactory("teardown") { [weak self] item in
            self?.rows[item] = nil
        }
    }

    /// The rows made so far that GTK still keeps, bound to an item or not.
    public var madeRows: [Row] { Array(rows.values) }

    /// Moves the keyboard focus into the list: onto the row `isWanted` picks if
    /// one is bound (so the arrow keys go on from it), else where the list last
    /// had it.
    public func focusList(onRow isWanted: (Row) -> Bool) {
        // A row's widget sits in GTK's own row widget, which takes the focus; the
        // list then moves its keyboard cursor there.
        for (item, row) in rows where isWanted(row) && cgtk_list_item_string(item) != nil {
            if let child = cgtk_list_item_get_child(item), let itemWidget = gtk_widget_get_parent(cgtk_as_widget(child)),
               gtk_widget_grab_focus(itemWidget) != 0 {
                return
            }
        }
        grabFocus()
    }

    /// Scrolls as little as needed to show the row at `position`; does
    /// nothing if there is no such row. GTK keeps a row that shows in its
    /// place as rows come in above it, so a list meant to stay at its top
    /// (one that started empty, say) is scrolled to its first row after
    /// each change.
    public func scroll(toRow position: Int) {
        guard position >= 0, let row = UInt32(exactly: position) else { return }
        gtk_widget_activate_action_variant(widgetPointer, "list.scroll-to-item", g_variant_new_uint32(row))
    }

    /// Calls `handler(position)` when a row is activated: Return on it, or a double click.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (UInt32) -> Void) -> SignalConnection {
        connectWithUInt32("activate", handler)
    }

    private func connectFactory(_ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void) {
        boxingHandler(handler) { data, release in
            cgtk_signal_connect_list_item(factory.objectPointer, signal, { _, item, data in
                guard let item else { return }
                MainActor.assumeIsolated { ClosureBox<@MainActor (UnsafeMutableRawPointer) -> Void>.from(data).closure(item) }
            }, data, release)
        }
    }
}
