/// How many trees one engine ran and how, for the summary line:
/// `swiftc: 50 trees, merged` or `swiftc: 50 trees, 49 merged + 1 alone, 12 cached`.
public struct EngineSummary: Sendable, Equatable, CustomStringConvertible {
    public var engine: EngineKind
    public var build: ToolchainEngine.BuildReport
    public var trees: Int

    public var description: String {
        var text = "\(engine.rawValue): \(SummaryLine.count(trees, "tree"))"
        let ran = trees - build.cachedResults
        if ran > 0 {
            if build.single == 0 {
                text += ", merged"
            } else if build.merged == 0 {
                text += build.fallbackReason == nil ? ", one by one" : ", one by one (merged build failed)"
            } else {
                text += ", \(build.merged) merged + \(build.single) one by one (merged build failed)"
            }
        }
        var cached: [String] = []
        if build.cachedBinaries > 0 { cached.append("binary") }
        if build.cachedResults > 0 { cached.append(SummaryLine.count(build.cachedResults, "result")) }
        if !cached.isEmpty { text += " (cached: \(cached.joined(separator: ", ")))" }
        return text
    }
}
