// main.swift — conditional compilation on os(Linux)
#if os(Linux)
print("linux")
#else
print("not linux")
#endif
