/// A failure that stops the run before or outside the course checks: exit status 2.
public enum CourseCheckError: Error, Equatable, Sendable {
    /// The command line is wrong.
    case usage(String)
    /// A file or directory cannot be read or written.
    case io(String)

    public var message: String {
        switch self {
        case .usage(let message), .io(let message): message
        }
    }

    /// The id reports give the failure: `usage-error` or `io-error`.
    public var id: String {
        switch self {
        case .usage: "usage-error"
        case .io: "io-error"
        }
    }
}
