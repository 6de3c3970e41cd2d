// main.swift — struct in array
struct Deneme { let ad: String }
print([Deneme(ad: "a")])
