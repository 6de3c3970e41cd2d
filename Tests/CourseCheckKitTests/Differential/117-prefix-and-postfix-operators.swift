// main.swift — custom prefix and postfix operators
prefix operator ~~
postfix operator ^^
prefix func ~~ (value: Int) -> Int { -value * 2 }
postfix func ^^ (value: Int) -> Int { value * value }
print(~~3, 4^^, ~~(2^^))
