import CXML

/// libxml2's RelaxNG validation of one XML file, for the tests.
enum RelaxNGCheck {
    /// What is wrong with the XML file at `path` by the RelaxNG schema at
    /// `schemaPath`, one message a mistake; empty if it follows the schema.
    /// A schema or file that cannot be read is one message saying so.
    static func problems(in path: String, schema schemaPath: String) -> [String] {
        let found = Found()
        let context = Unmanaged.passUnretained(found).toOpaque()
        guard let parser = xmlRelaxNGNewParserCtxt(schemaPath) else { return ["no parser for \(schemaPath)"] }
        defer { xmlRelaxNGFreeParserCtxt(parser) }
        xmlRelaxNGSetParserStructuredErrors(parser, { context, error in RelaxNGCheck.note(error, in: context) }, context)
        guard let schema = xmlRelaxNGParse(parser) else { return ["the schema \(schemaPath) could not be read"] + found.messages }
        defer { xmlRelaxNGFree(schema) }
        guard let document = xmlReadFile(path, nil, Int32(XML_PARSE_NONET.rawValue)) else {
            return ["\(path) is not XML that can be read"]
        }
        defer { xmlFreeDoc(document) }
        guard let validator = xmlRelaxNGNewValidCtxt(schema) else { return ["no validator for \(schemaPath)"] }
        defer { xmlRelaxNGFreeValidCtxt(validator) }
        xmlRelaxNGSetValidStructuredErrors(validator, { context, error in RelaxNGCheck.note(error, in: context) }, context)
        let result = withExtendedLifetime(found) { xmlRelaxNGValidateDoc(validator, document) }
        if result != 0 && found.messages.isEmpty { return ["\(path) does not follow \(schemaPath)"] }
        return found.messages
    }

    /// The messages libxml2 gave, kept while it validates.
    private final class Found {
        var messages: [String] = []
    }

    private static func note(_ error: UnsafeMutablePointer<xmlError>?, in context: UnsafeMutableRawPointer?) {
        guard let error, let context, let message = error.pointee.message else { return }
        let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
        found.messages.append("line \(error.pointee.line): \(String(cString: message))".trimmingTrailingNewline)
    }
}

private extension String {
    var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
