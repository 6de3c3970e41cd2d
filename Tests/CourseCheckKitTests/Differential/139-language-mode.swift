// main.swift — the language mode and the compiler version, checked with #if
#if swift(>=6.0)
print("language mode 6")
#else
print("language mode 5")
#endif
#if compiler(>=6.0)
print("compiler 6")
#endif
