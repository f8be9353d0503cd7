/// A place for a handler to find its own connection, so it can disconnect itself.
@MainActor
final class ConnectionHolder {
    var value: SignalConnection?
}
