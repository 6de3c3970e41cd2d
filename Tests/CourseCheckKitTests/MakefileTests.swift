import Foundation
import XCTest

/// `make help` is read from the Makefile's own `## target:` lines, so a target without one is a
/// target a newcomer cannot find, and a help line whose target is gone sends them nowhere.
final class MakefileTests: XCTestCase {
    func testEveryTargetHasItsHelpAndEveryHelpItsTarget() throws {
        let text = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let phony = Set(
            try XCTUnwrap(lines.first { $0.hasPrefix(".PHONY:") }).dropFirst(".PHONY:".count)
                .split(separator: " ").map(String.init))
        // A rule: a name at the start of a line, a colon, and not a variable's `:=`.
        let rules = Set(
            lines.compactMap { line -> String? in
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("#"), !line.hasPrefix("."),
                    !line.hasPrefix("\t"), line[line.index(after: colon)...].first != "="
                else { return nil }
                let name = line[..<colon]
                return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? String(name) : nil
            })
        let helped = Set(
            lines.compactMap { line -> String? in
                guard line.hasPrefix("## "), let colon = line.firstIndex(of: ":") else { return nil }
                let name = line[line.index(line.startIndex, offsetBy: 3)..<colon]
                return name.contains(" ") ? nil : String(name)
            })
        XCTAssertEqual(rules, phony, "every target is .PHONY (none names a file), and every .PHONY one is defined")
        XCTAssertEqual(helped, rules, "every target has a '## target: …' line above it, and only targets do")
        // Each help block sits right above its own rule.
        for (index, line) in lines.enumerated() where line.hasPrefix("## ") && line.contains(":") {
            let name = String(line.dropFirst(3).prefix { $0 != ":" })
            guard helped.contains(name) else { continue }
            let rule = lines[(index + 1)...].first { !$0.hasPrefix("#") }
            XCTAssertTrue(rule?.hasPrefix("\(name):") == true, "'## \(name):' is not above the rule '\(name):'")
        }
    }
}
