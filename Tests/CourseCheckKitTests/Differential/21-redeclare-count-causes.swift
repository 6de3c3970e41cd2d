// main.swift — redeclare count causes
func countCauses(_ recomputes: [Recompute]) {
    print("kendi")
}
countCauses([])
