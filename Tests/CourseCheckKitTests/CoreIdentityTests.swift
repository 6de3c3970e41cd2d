import CourseCheckKit
import Foundation
import XCTest

@testable import InvalidationCore

/// The core exists once in the repository; these tests prove the compiled and the embedded text are that one file.
final class CoreIdentityTests: XCTestCase {
    let canonical = Binary.packageRoot.appendingPathComponent("Sources/InvalidationCore/Invalidation.swift")

    func testEmbeddedBytesAreTheCompiledFile() throws {
        let onDisk = try Data(contentsOf: canonical)
        XCTAssertEqual(EmbeddedCore.bytes, [UInt8](onDisk))
        XCTAssertTrue(EmbeddedCore.text.hasPrefix("// Invalidation.swift"))
    }

    func testTheResourceIsASymlinkToTheCanonicalFile() throws {
        let resource = Binary.packageRoot.appendingPathComponent("Sources/CourseCheckKit/Resources/Invalidation.swift")
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: resource.path)
        XCTAssertEqual(destination, "../../InvalidationCore/Invalidation.swift")
        XCTAssertEqual(resource.resolvingSymlinksInPath().path, canonical.resolvingSymlinksInPath().path)
    }

    /// The compiled core is the classification rule coursecheck relies on.
    func testTheCompiledCoreClassifiesAsTheCourseTeaches() {
        let tree = ViewTree(
            nodes: [
                ViewNode("Screen", parent: nil, reads: ["filter"]),
                ViewNode("Bar", parent: "Screen", reads: ["filter"]),
                ViewNode("Other", parent: nil, reads: ["filter"]),
            ],
            storage: ["filter": .state(owner: "Screen")])
        let causes = tree.nodes.map { tree.cause(of: $0, key: "filter") }
        XCTAssertEqual(causes, ["yerel", "ebeveyn", "kural-disi"])
        XCTAssertEqual(tree.cause(of: tree.nodes[0], key: "unknown"), "olcum-disi")
    }
}
