import CGtk

/// A GSimpleAction without a parameter: a named command that menus, buttons
/// and keyboard accelerators trigger.
@MainActor
final class SimpleAction: Object {
    /// A new action called `name` (used as "app.<name>" or "win.<name>").
    init(name: String) {
        super.init(adopting: cgtk_simple_action_new(name))
    }

    /// A new action called `name` with an on/off state, `isOn` at first: menus
    /// show it as a check box. Activating it does not change the state by
    /// itself; its handler decides.
    init(name: String, isOn: Bool) {
        super.init(adopting: cgtk_simple_action_new_toggle(name, isOn ? 1 : 0))
    }

    /// A new action called `name` that takes a string ("app.<name>::<value>");
    /// with `markedValue`, menus mark the item of that value (a radio mark).
    init(name: String, markedValue: String? = nil, stringHandler: @escaping @MainActor (String) -> Void) {
        super.init(adopting: cgtk_simple_action_new_with_string(name, markedValue))
        boxingHandler(stringHandler) { data, release in
            cgtk_signal_connect_action(objectPointer, "activate", { _, parameter, data in
                guard let text = cgtk_variant_string(parameter) else { return }
                let value = String(cString: text)
                MainActor.assumeIsolated { ClosureBox<@MainActor (String) -> Void>.from(data).closure(value) }
            }, data, release)
        }
    }

    /// Calls `handler` when the action is activated. The C handler of
    /// "activate" is `void (*)(GSimpleAction *, GVariant *parameter, gpointer)`.
    @discardableResult
    func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectBoxed(handler) { data, release in
            cgtk_signal_connect_action(objectPointer, "activate", { _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release)
        }
    }

    /// Activates the action as a menu item or accelerator would.
    func activate() {
        g_action_activate(cgtk_as_action(objectPointer), nil)
    }
}
