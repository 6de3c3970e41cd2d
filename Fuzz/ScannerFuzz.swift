// libFuzzer target: the markdown scanner.
//
// Bytes → SourceFile.decode (BOM, NUL and UTF-8 checks, line splitting) → MarkdownScanner.scan
// (fence recognition) → Classifier.classify (block roles, tree/expected pairing). Any trap,
// sanitizer report or hang is a finding; diagnostics are ordinary results.
//
// Built by scripts/fuzz with `swiftc -sanitize=fuzzer,address -parse-as-library`.
import CourseCheckKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch SourceFile.decode(bytes, path: "fuzz.md") {
    case .failure(let diagnostic):
        // The located error message is built from the input; make sure it is formed.
        _ = String(describing: diagnostic)
    case .success(let file):
        let scanned = MarkdownScanner.scan(file)
        let (lesson, diagnostics) = Classifier.classify(file, blocks: scanned.blocks)
        precondition(lesson.blocks.count == scanned.blocks.count, "classifier lost or invented a block")
        _ = diagnostics.count + scanned.diagnostics.count + lesson.trees.count
    }
    return 0
}
