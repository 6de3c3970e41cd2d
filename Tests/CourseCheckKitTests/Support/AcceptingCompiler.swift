import Foundation

@testable import CourseCheckKit

/// A `swiftc` whose check accepts every tree, for tests of the interpreter's own limits on input
/// the real compiler would take minutes over (30,000 nested interpolations): it answers `-###`
/// with a front end that is `/bin/true`, and passes everything else to the real `swiftc`. Its
/// version line is its own, so no acceptance it gives is ever read by a run of the real compiler.
enum AcceptingCompiler {
    static func make(in directory: URL) throws -> URL {
        let real = try Toolchain.find(environment: ProcessInfo.processInfo.environment).path
        let url = directory.appendingPathComponent("accepting-swiftc")
        let script = """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "Swift version 6.3.1 (accepts every tree; a test's)"; exit 0; fi
            if [ "$1" = '-###' ]; then
                echo "/bin/true -frontend -c Invalidation.swift -primary-file main.swift -o main.o"
                exit 0
            fi
            exec '\(real)' "$@"

            """
        try Data(script.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }
}
