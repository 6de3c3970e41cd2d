// libFuzzer target: the YAML front matter reader.
//
// Bytes as lossy UTF-8 → `---` + the input's lines + `---` → FrontMatter.parse (keys, quoted and
// plain scalars, block scalars, lists, comments, unreadable lines). Any trap, sanitizer report or
// hang is a finding; unreadable lines are ordinary results.
import CourseCheckKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = LineScanner.lines(of: "---\n" + text + "\n---\n")
    if let frontMatter = FrontMatter.parse(lines) {
        for (key, entry) in frontMatter.entries {
            precondition(entry.line >= 2 && entry.line < frontMatter.closingLine, "\(key) placed outside the block")
        }
        _ = frontMatter.unreadable.count
    }
    // Unclosed, too: the input alone after an opening line.
    _ = FrontMatter.parse(LineScanner.lines(of: "---\n" + text))
    return 0
}
