// main.swift — a no-break space between a name and its '='
let limit = 2
print(limit)
