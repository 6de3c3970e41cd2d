// libFuzzer target: reading the compiler parser's JSON (SwiftStructure.read).
//
// The input is both the JSON and the source it describes: any bytes give a structure or nil,
// never a trap, and every item's line lies within the source.
import CourseCheckKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let structure = SwiftStructure.read(json: bytes, source: bytes) else { return 0 }
    let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    for item in structure.items {
        precondition(item.line >= 1 && item.line <= lines && item.column >= 1, "item outside its source")
    }
    _ = structure.moduleScopeNames.count
    return 0
}
