// libFuzzer target: the tree language (lexer, parser and evaluator, including the calls into the
// verbatim core through InvalidationCore).
//
// Bytes → lossy UTF-8 text → LineScanner.lines(of:) → Interpreter.run(lines, limits:) with a small
// step budget and output cap, so every input finishes quickly. Parse and runtime errors are
// ordinary results (`Outcome.failure`); any trap, sanitizer report or hang is a finding.
//
// Built by scripts/fuzz with `swiftc -sanitize=fuzzer,address -parse-as-library -package-name
// coursecheck` (Interpreter.run is `package`).
import CourseCheckKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = LineScanner.lines(of: text)
    var limits = Interpreter.Limits()
    limits.steps = 100_000
    limits.outputBytes = 64 * 1024
    let outcome = Interpreter.run(lines, limits: limits)
    _ = outcome.output.utf8.count + outcome.lints.count
    if let failure = outcome.failure {
        _ = String(describing: failure)
    }
    return 0
}
