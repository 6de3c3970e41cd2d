/// Splits text into `Line`s, keeping each line's number and terminator.
public enum LineScanner {
    /// Every line of `text`. A final terminator does not start an extra empty line.
    public static func lines(of text: String) -> [Line] {
        var lines: [Line] = []
        var current = String.UnicodeScalarView()
        var number = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\n":
                lines.append(Line(number: number, text: String(current), ending: .lf))
            case "\r" where pending == "\n":
                pending = scalars.next()
                lines.append(Line(number: number, text: String(current), ending: .crlf))
            case "\r":
                lines.append(Line(number: number, text: String(current), ending: .cr))
            default:
                current.append(scalar)
                continue
            }
            current = String.UnicodeScalarView()
            number += 1
        }
        if !current.isEmpty {
            lines.append(Line(number: number, text: String(current), ending: .none))
        }
        return lines
    }
}
