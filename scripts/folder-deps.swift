// The folder-to-folder type references of Sources/CourseCheckKit: a type declared at the top level
// of a file in one folder and named in a file of another is an edge between the two folders.
//
// The stage folders run in pipeline order, and a folder may name types of the folders before it
// (and of Base, the shared types) only. The script lists every edge and fails on one that runs
// against the order, which is also how a cycle between stage folders shows. `make lint` runs it:
//   swift scripts/folder-deps.swift            # check
//   swift scripts/folder-deps.swift --list     # also print every edge with the types behind it
import Foundation

/// Base first, then Platform (the operating system's calls), then the stages in pipeline order,
/// then what sits on top of them.
let order = [
    "Base", "Platform", "Write", "Core", "Scan", "Classify", "TreeLanguage", "Evaluate", "Compare", "Golden", "Claims",
    "Course", "Report", "Import", "Command", "Live", "Entry",
]
let root = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/CourseCheckKit")
let listing = CommandLine.arguments.contains("--list")

/// The text without comments and string literals, whose words are not references.
func code(_ text: String) -> String {
    var result = ""
    var index = text.startIndex
    func starts(_ prefix: String) -> Bool { text[index...].hasPrefix(prefix) }
    func skip(past terminator: String) {
        if let end = text.range(of: terminator, range: index..<text.endIndex) {
            index = end.upperBound
        } else {
            index = text.endIndex
        }
    }
    while index < text.endIndex {
        if starts("//") {
            skip(past: "\n")
            result += "\n"
        } else if starts("/*") {
            index = text.index(index, offsetBy: 2)
            skip(past: "*/")
        } else if starts("#\"\"\"") {
            index = text.index(index, offsetBy: 4)
            skip(past: "\"\"\"#")
            result += "\"\""
        } else if starts("\"\"\"") {
            index = text.index(index, offsetBy: 3)
            skip(past: "\"\"\"")
            result += "\"\""
        } else if starts("#\"") {
            index = text.index(index, offsetBy: 2)
            skip(past: "\"#")
            result += "\"\""
        } else if starts("\"") {
            index = text.index(after: index)
            while index < text.endIndex, text[index] != "\"", text[index] != "\n" {
                if text[index] == "\\" { index = text.index(after: index) }
                if index < text.endIndex { index = text.index(after: index) }
            }
            if index < text.endIndex { index = text.index(after: index) }
            result += "\"\""
        } else {
            result.append(text[index])
            index = text.index(after: index)
        }
    }
    return result
}

func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
    let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap {
        Range($0.range(at: group), in: text).map { String(text[$0]) }
    }
}

var files: [(folder: String, name: String, code: String)] = []
let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
for case let url as URL in enumerator where url.pathExtension == "swift" {
    let folder = url.path.dropFirst(root.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
    guard folder != "Resources", !folder.hasSuffix(".swift") else { continue }
    guard order.contains(folder) else {
        print("folder-deps: \(folder)/ is not in the pipeline order; add it to scripts/folder-deps.swift")
        exit(1)
    }
    let text = try String(contentsOf: url, encoding: .utf8)
    files.append((folder, url.lastPathComponent, code(text)))
}
files.sort { ($0.folder, $0.name) < ($1.folder, $1.name) }

// Top-level declarations only: a nested type is named through its outer type.
let declaration =
    #"^(?:(?:package|public|internal|private|fileprivate|final|indirect|nonisolated)\s+)*"#
    + #"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#
var owners: [String: Set<String>] = [:]
for file in files {
    for name in matches(declaration, in: file.code) { owners[name, default: []].insert(file.folder) }
}

var edges: [String: [String: Set<String>]] = [:]
for file in files {
    // A generic parameter (`<Value: Sendable>`) shadows a type of the same name.
    let generics = Set(
        matches(#"(?:func|struct|class|enum|init|typealias)\s*\w*\s*<([^<>]*)>"#, in: file.code).flatMap {
            $0.split(separator: ",").compactMap {
                $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces)
            }
        })
    for word in Set(matches(#"\b([A-Z]\w*)\b"#, in: file.code)) where !generics.contains(word) {
        for owner in owners[word] ?? [] where owner != file.folder {
            edges[file.folder, default: [:]][owner, default: []].insert("\(word) (\(file.name))")
        }
    }
}

var against: [String] = []
for from in order {
    for (to, uses) in (edges[from] ?? [:]).sorted(by: { $0.key < $1.key }) {
        let forward = to == "Base" || order.firstIndex(of: to)! < order.firstIndex(of: from)!
        if listing || !forward {
            print("\(forward ? "  " : "! ")\(from) -> \(to): \(uses.sorted().joined(separator: ", "))")
        }
        if !forward { against.append("\(from) -> \(to)") }
    }
}
if against.isEmpty {
    let count = edges.values.reduce(0) { $0 + $1.count }
    print(
        "folder-deps: \(count) folder-to-folder references, all in pipeline order (\(order.joined(separator: " → ")))")
} else {
    print("folder-deps: \(against.count) against the pipeline order (\(order.joined(separator: " → "))):")
    print("  " + against.joined(separator: "\n  "))
    exit(1)
}
