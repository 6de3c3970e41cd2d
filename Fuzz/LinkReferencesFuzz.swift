// libFuzzer target: link reference definitions (CommonMark §4.7).
//
// Bytes as lossy UTF-8 → the lines of a paragraph → LinkReferenceDefinition.leading (labels,
// angle and plain destinations, titles over several lines) and normalized. Checks the definitions
// never take more lines than the paragraph has.
import CourseCheckKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let (definitions, lineCount) = LinkReferenceDefinition.leading(lines)
    precondition(lineCount <= lines.count, "definitions took \(lineCount) of \(lines.count) lines")
    precondition(definitions.isEmpty == (lineCount == 0), "definitions without lines, or lines without one")
    for (label, _) in definitions {
        precondition(LinkReferenceDefinition.normalized(label) == label, "a label is normalised once")
    }
    return 0
}
