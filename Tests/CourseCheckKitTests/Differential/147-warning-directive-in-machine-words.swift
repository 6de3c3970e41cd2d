// main.swift — a #warning whose message reads like a machine failure still compiles
#warning("Permission denied")
print("compiled")
