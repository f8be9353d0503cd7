/// What went wrong sending a key to mutter, as its D-Bus error said it.
struct GnomeKeyboardError: Error {
    let message: String
}
