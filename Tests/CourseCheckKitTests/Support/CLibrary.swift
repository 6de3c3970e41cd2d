/// The C library's module a test's tree imports: the core's own platform (`import Glibc` does not
/// compile on a Mac, and Foundation costs a compile seconds of Clang modules).
enum CLibrary {
    #if canImport(Glibc)
        static let module = "Glibc"
    #else
        static let module = "Darwin"
    #endif
}
