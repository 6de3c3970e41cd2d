var x = 1; for i in 0..<3 { print(i) }
let (a, b) = (1, 2)
@State var y = 0
#if DEBUG
