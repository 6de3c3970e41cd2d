// main.swift — a deprecated global whose message holds a quote and a brace
@available(*, deprecated, message: "use \"limit\" { instead")
let oldLimit = 3
print("limit:", oldLimit)
