/// The digester made no dump; what it said.
enum APIListingError: Error {
    case noDump(String)
}
