// main.swift — static on a global
static let limit = 3
print(limit)
