// main.swift — an #error whose message reads like a machine failure is still the tree's error
print("never")
#error("No space left on device")
