import CourseCheckKit
import Foundation

/// Writes to a standard stream without buffering surprises at exit.
final class FileSink: OutputSink {
    let handle: FileHandle
    init(_ handle: FileHandle) { self.handle = handle }
    /// `Data(bytes:count:)`, not `Data(text.utf8)`: the generic initialiser looked a type up by name
    /// on its first call, a scan of every conformance in the binary (about 0.16 M instructions).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            handle.write(Data(bytes: base, count: bytes.count))
        }
    }
}

// An argument that is not UTF-8 (a folder another tool named) would arrive repaired, naming
// another path: refused by its bytes before anything runs.
for index in 1..<Int(CommandLine.argc) {
    guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
    let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
    FileHandle.standardError.write(
        Data(
            ("coursecheck: error: argument '\(GoldenStore.shown(bytes))' is not UTF-8 (each byte that is not shown as "
                + "\\x{..}); give the path a UTF-8 name\n").utf8))
    exit(2)
}
// A copy of coursecheck that supervises a child does only that (`ParentDeath`).
ParentDeath.superviseIfAsked(CommandLine.arguments)
// A signal stops every compiler and tree coursecheck started and removes its scratch directories.
ProcessGroups.installSignalHandlers()
ProcessGroups.becomeSubreaper()
ParentDeath.enable()
// One command, then exit: a check's large values may be left for the exit to free.
ExitLifetime.arm()
let command = CourseCheckCommand(
    environment: .init(
        currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
        variables: ProcessInfo.processInfo.environment,
        stderrIsTerminal: isatty(STDERR_FILENO) != 0),
    stdout: FileSink(.standardOutput),
    stderr: FileSink(.standardError))
// Through the process groups' lock: a signal's stop in progress exits first, with its own status.
ProcessGroups.exit(command.run(Array(CommandLine.arguments.dropFirst())).rawValue)
