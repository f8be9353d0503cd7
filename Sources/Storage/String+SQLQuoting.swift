extension String {
    /// The text as SQL writes a name, and FTS5 a term: inside double quotes,
    /// each double quote in it doubled.
    ///
    /// Written over the text's scalars: the standard library's
    /// `replacing(_:with:)` runs the string-processing library's searchers,
    /// whose code a launch otherwise never touches, and a first launch quotes
    /// its saved-windows tables' names.
    public var doubleQuotedForSQL: String {
        var quoted = "\""
        for scalar in unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
        }
        quoted.unicodeScalars.append("\"")
        return quoted
    }
}
