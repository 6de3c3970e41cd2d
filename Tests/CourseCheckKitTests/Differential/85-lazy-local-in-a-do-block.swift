// main.swift — a lazy variable inside a do block, where lazy is allowed
do {
    lazy var answer: Int = { print("computed"); return 42 }()
    print("before")
    print(answer)
}
