// main.swift — a computed global named print, which the core's print calls then use
var print: (String) -> Void { { text in Swift.print("[" + text + "]") } }
print("tree")
countCauses([])
