// main.swift — a #warning, which still compiles
#warning("revisit this lesson")
print("still runs")
