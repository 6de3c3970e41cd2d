// main.swift — weak globals: one freed at once, one held by a strong global
final class Token {}
weak var lost: Token? = Token()
let strong = Token()
weak var held: Token? = strong
print(lost == nil, held == nil)
