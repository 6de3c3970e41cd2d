/// One engine's part of the summary line:
/// `embedded: 48 trees (cached: 48 results)`, `swiftc: 2 trees, merged (cached: 2 results) [2 × import Observation]`,
/// `cross-check: 48 trees agree`.
package struct EngineSummary: Sendable, Equatable, CustomStringConvertible {
    package var engine: EngineKind?
    package var trees: Int
    package var build: ToolchainEngine.BuildReport?
    /// Why trees left the embedded engine, as `count × reason`.
    package var reasons: [String] = []
    /// For the cross-check entry: how many trees disagreed.
    package var disagreements: Int?
    /// For the cross-check entry: trees swiftc could not run (a compile error), so not compared.
    package var notCompared = 0
    /// For the embedded entry: clean runs read from the cache instead of evaluated.
    package var cachedResults = 0

    package init(engine: EngineKind, trees: Int, build: ToolchainEngine.BuildReport? = nil) {
        self.engine = engine
        self.trees = trees
        self.build = build
    }

    /// For a cross-check asked of a course no second engine runs: why there is nothing to compare.
    package var unavailable: String?

    package init(unavailableCrossCheck reason: String) {
        trees = 0
        unavailable = reason
    }

    package init(crossChecked: Int, disagreements: Int, notCompared: Int = 0) {
        trees = crossChecked
        self.disagreements = disagreements
        self.notCompared = notCompared
    }

    /// `, merged`, `, standalone (1 × declares a type)`, `, 2 merged + 1 standalone (…)`,
    /// `, one by one`, with the merged-build fallback named.
    static func buildText(_ build: ToolchainEngine.BuildReport) -> String {
        var parts: [String] = []
        if build.merged > 0 { parts.append("\(build.merged) merged") }
        if build.standalone > 0 {
            parts.append("\(build.standalone) standalone (\(build.standaloneReasons.joined(separator: ", ")))")
        }
        if build.single > 0 {
            parts.append(
                build.fallback == nil
                    ? "\(build.single) one by one" : "\(build.single) one by one (merged build failed)")
        }
        if parts.count == 1 {
            // One kind of build: no count needed, as in `swiftc: 48 trees, merged`.
            return ", " + parts[0].drop { $0.isNumber }.dropFirst()
        }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: " + ")
    }

    package var description: String {
        if let unavailable { return "cross-check: nothing to compare (\(unavailable))" }
        if let disagreements {
            let skipped =
                notCompared == 0 ? "" : ", \(Plural.count(notCompared, "tree")) not compared (swiftc did not run it)"
            return
                (disagreements == 0
                ? "cross-check: \(Plural.count(trees, "tree")) \(Plural.form(trees, "agrees", "agree"))"
                : "cross-check: \(disagreements) of \(Plural.count(trees, "tree")) \(Plural.form(disagreements, "disagrees", "disagree"))")
                + skipped
        }
        var text = "\(engine?.rawValue ?? "?"): \(Plural.count(trees, "tree"))"
        if let build {
            let ran = trees - build.cachedResults
            if ran > 0 {
                text += Self.buildText(build)
            }
            var cached: [String] = []
            if build.cachedBinaries > 0 { cached.append("binary") }
            if build.cachedResults > 0 { cached.append(Plural.count(build.cachedResults, "result")) }
            if !cached.isEmpty { text += " (cached: \(cached.joined(separator: ", ")))" }
        }
        if cachedResults > 0 { text += " (cached: \(Plural.count(cachedResults, "result")))" }
        if !reasons.isEmpty { text += " [\(reasons.joined(separator: ", "))]" }
        return text
    }
}
