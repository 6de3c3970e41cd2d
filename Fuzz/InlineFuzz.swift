// libFuzzer target: the CommonMark inline parser with the GFM extensions.
//
// Bytes as lossy UTF-8, parsed twice: whole, as one block's text (CommonMark alone, then GFM with
// a definition and a footnote), and through BlockParser, each paragraph and heading with the
// document's link reference definitions. Every result is rendered as HTML and plain text. Checks
// that ranges stay inside their parent's and follow each other, and nesting stays bounded.
import CourseCheckKit

func check(_ nodes: [InlineNode], within bounds: Range<Int>, depth: Int) {
    precondition(depth <= InlineParser.maximumNesting + 1, "nesting past the limit")
    var previousEnd = bounds.lowerBound
    for node in nodes {
        precondition(node.range.lowerBound >= previousEnd, "a node starts before its sibling ends")
        precondition(node.range.upperBound <= bounds.upperBound, "a node ends past its parent")
        previousEnd = node.range.upperBound
        check(node.children, within: node.range, depth: depth + 1)
    }
}

func exercise(_ text: String, definitions: [String: LinkDefinition], options: InlineParser.Options) {
    let nodes = InlineParser.parse(text, definitions: definitions, footnotes: ["1", "a"], options: options)
    check(nodes, within: 0..<text.utf8.count, depth: 1)
    _ = InlineRenderer.html(nodes)
    _ = InlineRenderer.plainText(nodes)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    exercise(text, definitions: [:], options: .commonMark)
    exercise(text, definitions: ["foo": LinkDefinition(destination: "/url", title: "t")], options: .gfm)
    let document = BlockParser.parse(LineScanner.lines(of: text))
    document.walk { node, _ in
        switch node.kind {
        case .paragraph, .heading:
            let block = node.content.map(\.text).joined(separator: "\n")
            exercise(block, definitions: document.linkReferences, options: .gfm)
        default:
            break
        }
    }
    return 0
}
