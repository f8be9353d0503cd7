/// One item of the Window menu: a window's title and the action that shows it.
struct WindowMenuItem: Equatable {
    let label: String
    let action: String
}
