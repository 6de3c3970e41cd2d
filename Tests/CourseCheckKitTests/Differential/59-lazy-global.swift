// main.swift — a lazy global
lazy var expensive: Int = { print("hesaplandi"); return 42 }()
print("once")
print(expensive)
