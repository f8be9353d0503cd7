import Foundation

/// The size of a PDF's first page in points, as poppler's `pdfinfo` reads it.
public struct PDFPageSize: Equatable, CustomStringConvertible {
    /// Across the page, in points.
    public let width: Double
    /// Down the page, in points.
    public let height: Double

    public var description: String { "\(width) × \(height) pt" }

    /// The page size of the PDF at `path` (pdfinfo run with `environment`,
    /// its output kept in `outputDirectory`); nil, with what pdfinfo said in
    /// `report`, if it names none.
    public static func of(
        _ path: String, environment: [String: String], outputDirectory: String, report: inout String
    ) throws -> PDFPageSize? {
        let info = try ChildProcess.run("pdfinfo", [path], environment: environment, outputDirectory: outputDirectory)
        report = info.output + info.error
        let line = info.output.split(separator: "\n").first { $0.hasPrefix("Page size:") }
        let numbers = line?.split(separator: " ").compactMap { Double($0) } ?? []
        return numbers.count == 2 ? PDFPageSize(width: numbers[0], height: numbers[1]) : nil
    }
}
