// main.swift — debug print
debugPrint(Recompute(view: "a", cause: "b"))
debugPrint("metin", 1)
