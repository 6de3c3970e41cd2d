// main.swift — esittir bosluklari
let count =1
print(count)
