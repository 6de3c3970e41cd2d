// main.swift — top level order
func selam() {
    print(ad)
}
let ad = "once"
selam()
