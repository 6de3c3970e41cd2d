import Foundation
import XCTest

@testable import CourseCheckKit

/// The pack (`Pack`) is a copy of the entries a run used, in one file. Over random sequences of
/// runs (each a new pack on one cache, reading and storing random keys) with random damage between
/// them (the pack or an entry truncated, garbled, removed, or a directory in its place), a read
/// gives what was stored for its key or nothing, never other bytes; damage is said, and only
/// damage; and a run repeated with nothing changed writes no pack.
final class CachePackTests: XCTestCase {
    /// Content-addressed, as every key is: a key's content is the same whoever stores it.
    private static func content(_ key: Int) -> Data {
        Data("result of \(key)\n".utf8) + Data(repeating: UInt8(key % 251), count: key % 7 * 40)
    }

    func testRandomRunsAndDamageNeverReadOtherBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for seed in PropertySeeds.seeds(defaultCases: 4) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let directory = scratch.url.appendingPathComponent("cache-\(seed)")
            let packPath = directory.appendingPathComponent(Pack.name).path
            _ = Cache.notes()
            var lastSet: Set<Int>? = nil
            var damagedBefore = false
            var everDamaged = false
            for step in 0..<12 {
                let context = "step \(step), seed \(seed)"
                // The same work again, or other work.
                let repeatRun = lastSet != nil && random.next() % 3 == 0
                let keys =
                    repeatRun
                    ? lastSet! : Set((0..<Int(random.next() % 8 + 1)).map { _ in Int(random.next() % 12) })
                let before = Self.identity(packPath)
                var cache = Cache(directory: directory)
                let pack = Pack(directory: directory)
                cache.pack = pack
                for key in keys.sorted() {
                    let name = "emb-\(key)"
                    if let bytes = cache.bytes(name) {
                        XCTAssertEqual(Data(bytes), Self.content(key), "\(name) read other bytes, \(context)")
                    } else {
                        cache.store(data: Self.content(key), as: name)
                    }
                }
                pack.write()
                let notes = Cache.notes()
                if everDamaged {
                    XCTAssertLessThanOrEqual(notes.count, 1, "\(notes), \(context)")
                } else {
                    XCTAssertEqual(notes, [], "a note without damage, \(context)")
                }
                let after = Self.identity(packPath)
                if repeatRun && !damagedBefore {
                    XCTAssertEqual(after, before, "the same work rewrote the pack, \(context)")
                }
                // The pack holds this run's work: exactly, when the run wrote it.
                let bytes = try XCTUnwrap(FileGate.read(path: packPath, followingLinks: false).snapshot?.bytes, context)
                let held = Set(try XCTUnwrap(Pack.entries(of: bytes), context).keys)
                let used = Set(keys.map { "emb-\($0)" })
                if after != before {
                    XCTAssertEqual(held, used, context)
                } else {
                    XCTAssertTrue(used.isSubset(of: held), context)
                }
                lastSet = keys
                damagedBefore = try Self.damage(directory, &random)
                everDamaged = everDamaged || damagedBefore
            }
        }
    }

    func testARepeatedCheckWritesNoPackAndReadsOneFile() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons", "goldens"])
        let arguments = ["--cache-dir", "cache", "lessons/05-izgara-ve-geometri.md"]
        XCTAssertEqual(InProcess.run(arguments, in: scratch.url).status, .clean)
        let pack = scratch.url.appendingPathComponent("cache/\(Pack.name)").path
        let written = try XCTUnwrap(Self.identity(pack), "a check wrote no pack")
        let again = InProcess.run(arguments, in: scratch.url)
        XCTAssertEqual(again.status, .clean, again.stderr)
        XCTAssertTrue(again.stdout.contains("embedded: 2 trees (cached: 2 results)"), again.stdout)
        XCTAssertEqual(Self.identity(pack), written, "the same check wrote the pack again")
        // Every entry it holds is one the check used, each as its own file holds it.
        let entries = try XCTUnwrap(
            Pack.entries(of: try XCTUnwrap(FileGate.read(path: pack, followingLinks: false).snapshot?.bytes)))
        XCTAssertFalse(entries.isEmpty)
        for (key, entry) in entries {
            let own = FileGate.read(
                path: scratch.url.appendingPathComponent("cache/\(key).v3").path, followingLinks: false)
            XCTAssertEqual(own.snapshot?.bytes[...], entry, key)
        }
    }

    /// The pack's inode and modification time, or nil when there is none.
    private static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// Damages the cache at random, or leaves it; true when something was damaged.
    private static func damage(_ directory: URL, _ random: inout BlockStructurePropertyTests.Generator) throws -> Bool {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()) ?? []
        guard !files.isEmpty, random.next() % 2 == 0 else { return false }
        let victim = directory.appendingPathComponent(
            random.next() % 2 == 0 && files.contains(Pack.name)
                ? Pack.name : files[Int(random.next() % UInt64(files.count))])
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: victim.path, isDirectory: &isDirectory), isDirectory.boolValue {
            try FileManager.default.removeItem(at: victim)
            return true
        }
        var bytes = (try? Data(contentsOf: victim)) ?? Data()
        switch random.next() % 5 {
        case 0: bytes = bytes.prefix(Int(random.next() % UInt64(max(bytes.count, 1))))
        case 1:
            if !bytes.isEmpty { bytes[Int(random.next() % UInt64(bytes.count))] ^= 0x20 }
        case 2: bytes = Data("coursecheck-pack 1\ncoursecheck-cache 2 emb-1 99999 0\n".utf8)
        case 3:
            try FileManager.default.removeItem(at: victim)
            try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
            return true
        default:
            try FileManager.default.removeItem(at: victim)
            return true
        }
        try bytes.write(to: victim)
        return true
    }
}
