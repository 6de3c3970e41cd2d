import Foundation
import XCTest

@testable import CourseCheckKit

/// A cached binary and its `.sum` are two files: twin trees of one run store one key at once, each
/// its own bytes, while others read it. A reader never finds a pair that does not match (a false
/// "damaged" note, then a rebuild): it finds one writer's whole binary, or nothing.
final class CacheBinaryTests: XCTestCase {
    func testTwinsStoringOneKeyNeverShowAReaderAMismatchedPair() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cache = Cache(directory: scratch.url.appendingPathComponent("cache"))
        var contents: [[UInt8]] = []
        var files: [URL] = []
        for twin in 0..<3 {
            // Binaries of one program built in two directories differ in a few bytes.
            let bytes = Array("#!/bin/sh\necho twin \(twin)\n".utf8) + [UInt8](repeating: UInt8(twin), count: 4096)
            let file = scratch.url.appendingPathComponent("main-\(twin)")
            try Data(bytes).write(to: file)
            contents.append(bytes)
            files.append(file)
        }
        _ = Cache.notes()
        let twins = files
        let found = Locked<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for round in 0..<150 {
                if worker < 3 {
                    cache.store(file: twins[(worker + round) % 3], as: "bin-twin")
                } else if let binary = cache.executable("bin-twin"),
                    case .file(let snapshot) = FileGate.read(binary)
                {
                    found.update { $0.append(snapshot.bytes) }
                }
            }
        }
        XCTAssertEqual(Cache.notes(), [], "a reader found a binary and a sum of two twins")
        XCTAssertFalse(found.get().isEmpty, "no reader found an entry")
        for bytes in found.get() { XCTAssertTrue(contents.contains(bytes), "a reader found bytes no twin stored") }
        // After the writers, the entry is whole.
        let binary = try XCTUnwrap(cache.executable("bin-twin"))
        XCTAssertTrue(contents.contains(try XCTUnwrap(FileGate.read(binary).snapshot?.bytes)))
    }
}
