import Foundation

/// The approved outputs: `goldens/<lesson-stem>/<tree-slug>.out`, each holding exactly one tree's
/// stdout, plus `goldens/TOOLCHAIN` with the compiler that produced them.
public struct GoldenStore: Sendable {
    /// Where the store lives on disk, and how to show it in messages.
    public var root: URL
    public var displayRoot: String

    public static let toolchainFile = "TOOLCHAIN"

    public init(root: URL, displayRoot: String) {
        self.root = root
        self.displayRoot = displayRoot
    }

    /// The default store of a lesson file: `goldens/` beside the lesson's directory.
    public static func beside(lessonEntry entry: CourseLoader.Entry) -> GoldenStore {
        let lessonsDirectory = entry.url.deletingLastPathComponent()
        let root = lessonsDirectory.deletingLastPathComponent().appendingPathComponent("goldens", isDirectory: true)
        let displayLessons = (entry.displayPath as NSString).deletingLastPathComponent
        let parent = (displayLessons as NSString).deletingLastPathComponent
        let display = displayLessons.isEmpty ? "../goldens" : (parent.isEmpty ? "goldens" : parent + "/goldens")
        return GoldenStore(root: root, displayRoot: display)
    }

    /// One tree's golden: where it is and what it holds (nil when missing).
    public struct Entry: Sendable, Equatable {
        public var url: URL
        public var displayPath: String
        public var contents: [UInt8]?
    }

    /// The stem of a lesson file: `09-yerel-durum` for `lessons/09-yerel-durum.md`.
    public static func stem(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    public var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The goldens of a lesson's trees, in tree order.
    public func entries(lesson: Lesson, names: [String]? = nil) -> [Entry] {
        let stem = Self.stem(of: lesson.path)
        return (names ?? GoldenName.names(for: lesson.trees)).map { name in
            let url = root.appendingPathComponent(stem).appendingPathComponent(name)
            return Entry(
                url: url, displayPath: "\(displayRoot)/\(stem)/\(name)",
                contents: FileManager.default.contents(atPath: url.path).map { [UInt8]($0) })
        }
    }

    /// Golden files in a lesson's folder that no tree names.
    public func orphans(lesson: Lesson, names: [String]? = nil) -> [Entry] {
        let stem = Self.stem(of: lesson.path)
        let wanted = Set(names ?? GoldenName.names(for: lesson.trees))
        return files(in: stem).filter { !wanted.contains($0) }.map { name in
            let url = root.appendingPathComponent(stem).appendingPathComponent(name)
            return Entry(url: url, displayPath: "\(displayRoot)/\(stem)/\(name)", contents: nil)
        }
    }

    /// Lesson folders in the store whose lesson is not among `stems` (checked only for whole directories).
    public func orphanFolders(keeping stems: Set<String>) -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().filter { name in
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                && !stems.contains(name)
        }.flatMap { stem in
            files(in: stem).map { name in
                Entry(url: root.appendingPathComponent(stem).appendingPathComponent(name),
                      displayPath: "\(displayRoot)/\(stem)/\(name)", contents: nil)
            }
        }
    }

    private func files(in stem: String) -> [String] {
        let directory = root.appendingPathComponent(stem)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    public var toolchainURL: URL { root.appendingPathComponent(Self.toolchainFile) }
    public var toolchainDisplayPath: String { "\(displayRoot)/\(Self.toolchainFile)" }

    /// The toolchain line recorded with the goldens, if any.
    public var recordedToolchain: String? {
        guard let data = FileManager.default.contents(atPath: toolchainURL.path) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
