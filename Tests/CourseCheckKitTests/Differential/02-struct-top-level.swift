// main.swift — struct top level
struct Deneme { let ad: String }
print(Deneme(ad: "a"))
