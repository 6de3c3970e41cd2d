// main.swift — conditional compilation on DEBUG
#if DEBUG
print("debug")
#else
print("not debug")
#endif
