import ChildSupervisor

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// coursecheck's supervisor of one child (`ChildSupervisor`); it has no other use.
ChildSupervisor.superviseIfAsked(CommandLine.arguments)
let message = "coursecheck-supervisor: coursecheck starts this program itself, with the child to supervise\n"
_ = message.withCString { write(2, $0, strlen($0)) }
exit(2)
