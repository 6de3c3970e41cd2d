// main.swift — raw strings holding braces, quotes and a backslash
let raw = #"a "quoted" } and \n and """ "#
print(raw)
let deeper = ##"one "# two }"##
print(deeper, raw.count)
