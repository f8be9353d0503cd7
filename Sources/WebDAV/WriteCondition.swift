/// What a write expects to find on the server, so that it never overwrites
/// or removes a version it has not seen.
public enum WriteCondition: Sendable, Equatable {
    /// There is no file of that name yet (`If-None-Match: *`).
    case absent
    /// The file is still the version with this entity tag (`If-Match`).
    case unchanged(etag: String)
}
