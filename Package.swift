// swift-tools-version: 6.2
import PackageDescription

/// Every target sees only the members of the modules it imports itself, warnings are errors, the
/// debug build is the one `make`, the hook and `swift run` share (below), and the optimised build
/// keeps start-up cheap.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    // Zero warnings is a build rule, not a hope: in the package, so every command builds alike.
    .treatAllWarnings(as: .error),
    // The debug build without debug information (the tests' failures still name file and line),
    // and an index store of the package alone (XCTest's discovery on Linux reads it; indexing
    // Foundation and Glibc cost a sixth of the build's time). Declared here, not as make's flags,
    // so `swift run`, `swift build --build-tests`, `make test` and `make verify` build one binary.
    // The front end's own `-gnone`: SwiftPM puts its `-g` after these flags, and the driver's last
    // `-g` option wins, so a driver `-gnone` alone still emitted DWARF; the front end takes the last
    // of its own, and `-Xfrontend` flags come after the driver's.
    .unsafeFlags(["-Xfrontend", "-gnone", "-index-ignore-system-modules"], .when(configuration: .debug)),
    // In the optimised build, concrete generic types' metadata through accessor functions, not
    // mangled names: each name the runtime demangles checks its generic requirements by scanning
    // the static binary's whole conformance table (~100 K instructions a type), 3 M instructions,
    // 2% of a default run, before any work.
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

let package = Package(
    name: "coursecheck",
    // `Mutex` and `Atomic` (Synchronization) are macOS 15's; Linux ignores this.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "coursecheck", targets: ["coursecheck"]),
        .executable(name: "coursecheck-supervisor", targets: ["coursecheck-supervisor"]),
    ],
    targets: [
        // The course's Invalidation.swift, compiled verbatim. The only canonical copy of the core text.
        .target(
            name: "InvalidationCore",
            swiftSettings: strict
        ),
        // A child's supervisor (SIGKILL of coursecheck ends the child and all it started), on the
        // C library alone: as its own small executable it starts in a fifth of coursecheck's time.
        .target(
            name: "ChildSupervisor",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "coursecheck-supervisor",
            dependencies: ["ChildSupervisor"],
            swiftSettings: strict
        ),
        // SHA-256 for the cache keys, on the CPU's SHA extensions where it has them (the keys'
        // hashing was 5% of a default run). Optimised in the debug build too: the tests hash
        // thousands of keys there, and the unoptimised hashing was a tenth of a slip test's time.
        .target(name: "CSHA256", cSettings: [.unsafeFlags(["-O2"])]),
        // All of coursecheck's logic, with `package` access: its only clients are the executable,
        // the tests and the fuzz targets (built with -package-name coursecheck).
        // `Resources/Invalidation.swift` is a symlink to the core above, embedded as bytes for the
        // byte-for-byte drift check.
        .target(
            name: "CourseCheckKit",
            dependencies: ["InvalidationCore", "ChildSupervisor", "CSHA256"],
            resources: [.embedInCode("Resources/Invalidation.swift")],
            swiftSettings: strict
        ),
        // Thin executable: parse options, call the library, exit.
        .executableTarget(
            name: "coursecheck",
            dependencies: ["CourseCheckKit"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourseCheckKitTests",
            dependencies: ["CourseCheckKit", "InvalidationCore", "coursecheck"],
            exclude: ["Fixtures", "Differential"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
