import Foundation
import XCTest

@testable import CourseCheckKit

/// A small warm-up tree put before lesson 1's main tree moves "the first tree", from which the
/// trigger bullet's distribution is read. The bullet is true of the main tree, so the one finding
/// names the tree that counts it and says to move it, never to change the numbers.
final class DistributionWarmUpTreeTests: XCTestCase {
    private static let lesson = "01-bildirimsel-sozdizim.md"
    private static let mainTree = "```swift\n// main.swift — alti degisiklik, dort tetik\n"
    private static let warmUp = """
        ```swift
        // main.swift — kucuk bir on ornek
        let storage: [String: Storage] = [
            "tapCount": .state(owner: "CounterCard"),
        ]

        let screen = ViewTree(nodes: [
            ViewNode("DashboardView", parent: nil, reads: []),
            ViewNode("CounterCard", parent: "DashboardView", reads: ["tapCount"]),
            ViewNode("StatusLabel", parent: "DashboardView", reads: []),
        ], storage: storage)

        let recomputes = [
            screen.change("dokunuldu", key: "tapCount"),
        ].flatMap { $0 }

        countCauses(recomputes)
        ```

        ```
        dokunuldu: tapCount degisti | yeniden CounterCard yerel | atlanan DashboardView,StatusLabel
        yerel: 1
        ebeveyn: 0
        gozlem: 0
        ortam: 0
        ```


        """
    private static let warmUpOutput = """
        dokunuldu: tapCount degisti | yeniden CounterCard yerel | atlanan DashboardView,StatusLabel
        yerel: 1
        ebeveyn: 0
        gozlem: 0
        ortam: 0

        """

    /// The warm-up tree (with its approved golden) before the main tree: one finding at the
    /// bullet, naming the main tree's line and the move; the tree moved after the main tree's
    /// expected block, none.
    func testAWarmUpTreeBeforeTheMainTreeIsOneFindingThatSaysToMoveIt() throws {
        let copy = try CourseCopy.make(for: self)
        let url = copy.url.appendingPathComponent("lessons/\(Self.lesson)")
        let clean = try String(contentsOf: url, encoding: .utf8)
        let golden = copy.url.appendingPathComponent("goldens/01-bildirimsel-sozdizim/kucuk-bir-on-ornek.out")
        try Data(Self.warmUpOutput.utf8).write(to: golden)
        try clean.replacingFirst(Self.mainTree, with: Self.warmUp + Self.mainTree)
            .write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            courseFindings(in: copy.url),
            [
                "lessons/\(Self.lesson):326:24: error: declares the distribution 2/2/2/2, but the first tree counts "
                    + "1/0/0/0; the tree at line 122 counts 2/2/2/2, and the distribution is read from the lesson's "
                    + "first tree: move the tree at line 122 before the one at line 95 [declared-trigger]"
            ])
        // Followed: the main tree and its expected block first, the warm-up after them.
        var lines = clean.components(separatedBy: "\n")
        let expectedEnd = try XCTUnwrap(
            lines.indices.first { $0 > 95 && lines[$0] == "```" && lines[$0 - 1] == "ortam: 2" })
        lines.insert(contentsOf: ("\n" + Self.warmUp.dropLast(2)).components(separatedBy: "\n"), at: expectedEnd + 1)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(courseFindings(in: copy.url), [])
    }

    /// The control: a warm-up tree whose lesson has no later tree counting the declared
    /// distribution keeps the plain message.
    func testADistributionNoTreeCountsKeepsThePlainMessage() throws {
        let found = try findings(after: [
            (Self.lesson, "**dördünün de dağılımı (2/2/2/2)**", "**dördünün de dağılımı (2/3/2/2)**")
        ])
        XCTAssertEqual(
            found,
            [
                "lessons/\(Self.lesson):299:24: error: declares the distribution 2/3/2/2, but the first tree counts "
                    + "2/2/2/2 [declared-trigger]"
            ])
    }
}
