/// The small words a Turkish author writes between the counts and names of the distribution
/// sentence, and after the trigger bullet's bold value, and what a reader takes each to say. One
/// list, which every reading asks: the sentence's lists and second counts
/// (`TriggerDistributionClaim.reading`), its byte pre-filter, and the words after a bullet's value
/// (`Triggers.declarations`). A new word is decided here, once, for all of them.
///
/// - Joining (`ve` and, `ile` with, `veya` or): join the items of a list, names or counts
///   (`yerel, ebeveyn ve ortam`, `yerel ile ortam 6'şar`, `6 yerel ve 4 ebeveyn`).
/// - Restating, after a count: the number right after states the name's count again, so it is
///   judged too: or (`veya`, `ya da`, `yahut`, `veyahut`, `yoksa`), a range (`ila` to, `ile` as
///   in `6 ile 7 arası`, between 6 and 7), a correction or a doubt (`yani` that is, `hatta` even,
///   `belki` maybe, `belki de` perhaps, `aslında` actually, `daha doğrusu` rather), also after a
///   comma (`6, yani 7`) or one after another (`6 ya da belki 7`), in the spellings a reader reads
///   as these (`yada`, `ve ya`, `yahutta`, `yahud`; `da` or `de` after any "or": `yahut da`,
///   `veyahud de`). A correction (`pardon` sorry, `hayır` no, `yok` no, `düzeltme` correction)
///   restates too, a comma, a colon or a dash after it as well (`4, hayır 5`, `4 — pardon, 5`, `4
///   (düzeltme: 5)`). Marks do the same between two counts: `:`, `=`, `/`, `-`, `–`, `—`, a
///   parenthesis, an arrow (`→`, `->`, `=>`), a tilde (`6~7`, about 6 to 7).
///   `ve` between two counts (`6 ve 7`) is left a list's joint: it states no second count; `ve`
///   and a restating word with a slash or a dash between (`ve/veya`, and/or: `4 ve/veya 5`, `4
///   ve-veya 5`, `4 ve / veya 5`) is one restating word, the "or" read.
/// - Asking, after a count (`mı`, `mi`, `mu`, `mü`, the question particle as a word of its own, in
///   any vowel harmony, `midir` too): the count is one answer of a question, and a number after
///   the particle (a comma between them too) is the other (`gözlem 4 mü 5 mi`, `4 mü, 5 mi?`, `6
///   mı yoksa 7 mi`), judged as a restated count is. A particle after a count alone (`6 mı?`)
///   doubts it and states no other.
/// - Supposing, after a number (`olabilir` could be, `de olabilir`, `da olabilir` could be too, or a
///   question particle): a number a comma or a semicolon puts after a count is a second count when
///   one of these follows it (`ortam 6, 7 de olabilir`, `ortam 6, 7 mi?`), as `belki 7` is; after
///   a count supposed so itself (`4 olabilir, 5 de olabilir`), as after a question particle.
/// - Counting times (`kez`, `kere`, `defa`, `sefer` right after a number: `2 kez`, twice): the
///   number counts how often something happens, a tree's recomputations (`Açılış dersinde yerel 2
///   kez, ortam 2 kez değişir`: the opening lesson's), not lessons, so it is no count of the
///   distribution; only in a sentence that names the distribution and a number of lessons
///   (`yirmi dersin tetik dağılımı: yerel 6 kez, …`) does it count lessons.
/// - Bounding, before a number after a count (`en fazla` at most, `en çok` at most, `azami`, `en
///   az` at least, `asgari`): the number is a bound, not a count (`ortam 6 (en fazla 7)`, `ortam 6,
///   en az 5`), judged as one: it holds, no finding; it does not, one finding at it. So is a
///   number with a case ending and the word that makes it a bound after it (`caseBounding`:
///   `ortam 6 (7'den az)`, fewer than 7; `6, 5'ten fazla`; `yediden daha az`; `6 (7'ye kadar)`,
///   up to 7; `7'yi geçmez`; `7'ye varmaz`, fewer than 7; `7'nin altında`, below 7; a direction
///   and a verb of motion, `5'in altına düşmez`, `7'nin üstüne çıkmaz`). A denial after a bound
///   (`değil`, `olamaz`, `olmaz`: `6 (6'dan fazla değil)`, at most 6; `5'ten az değil`, at least
///   5; `5'ten aşağı düşmez`) negates it, as a verb's negative form does (`7'yi geçer`, `geçmez`,
///   `geçemez`, `geçmeyecek`: one grammar, `Verb`, reads every verb's forms). A bound in place of
///   the count (`ortam en fazla 7`, `ortam 7'den az`) states no count. A number word takes the
///   endings as digits do (`beşin altına düşmez`, `yediyi geçmez`). A question after a bound (`7'yi
///   geçmez mi?`, `en fazla 5 mi?`) asks it: nothing is judged. A direction with no verb after it
///   (`5'in altına`) is neither a bound nor a count: one finding (`BoundReading`).
/// - Between a name and its count, and between listed names and their counts, read through as a
///   reader reads past them, a run of them too: `ise` as for (`gözlem ise 5`), `için` for
///   (`gözlem için 5`), `de`/`da` too (`gözlem de 4`), `yaklaşık`, `takriben`, `kabaca`,
///   `tahminen`, `yaklaşık olarak`, `aşağı yukarı` about (`yerel yaklaşık 6`, as `yerel ~6`: the
///   count after them is judged), `tam`, `tam olarak` exactly, `yine` again, `yalnızca`, `sadece`,
///   `ancak` only, `sırasıyla` respectively (`… ve ortam için sırasıyla 6, 4, 4, 6`), the name's
///   `tetiği` or `tetiğini`, the names' `tetikleri` (`ortam tetiği 6`); a dash as a colon (`ortam – 6`). The
///   name's conditional form (`ortamsa 6`, `gözlemse 5`) is the name with `ise` joined to it, its
///   locative (`ortamda 6`, `yerel'de 6`) the name too (`nameSuffixes`).
/// - Stressing, between a bound's number and its verb: any run of `stressing` words, pairs and
///   doubled ones is read past (`7'yi hiçbir zaman geçmez`, `5'in altına da hiç düşmez`, `asla ama
///   asla`, `hiç mi hiç`); a question particle after one (`7'yi hiç mi geçmez?`) asks the bound.
/// - Either-or (`ya 4 ya 5`, either 4 or 5): the first `ya` is read past before the count when
///   another `ya` (or `ya da`) and a number follow it, and the second restates: the number after
///   it is judged. A lone `ya` before a count (`gözlem ya 4`) is not read past: that count cannot be read.
/// - Denying, right after a count or a name: what it follows is not stated, and a count right
///   after it is (`değil` not: `ortam 7 değil, 6`, `6 (7 değil)`; `yerine` instead of: `gözlem 4
///   yerine 5`, five instead of four).
/// - Adding (`de`, `da` too, `hem` both, and the joining and restating words): beside a trigger
///   named after the bullet's value they add it (`(ebeveyn de)`, `(ya da ebeveyn)`); any other
///   word there (a denial, a correction, a verb: `(ebeveyn ile karıştırmayın)`, `(ebeveyn yok)`, `(ebeveyn gibi)`) makes the
///   phrase a comment about that trigger, which the bullet does not declare.
enum Connective {
    /// Words that join a list's items.
    static let joining: Set<String> = ["ve", "ile", "veya"]
    /// One-word restating connectives: the number after one is the count stated again.
    static let restating: Set<String> = [
        "veya", "yahut", "veyahut", "yoksa", "ila", "ile", "yani", "hatta", "belki", "aslında",
        // `ya da`, `yahut da` and `veyahut da` as often typed joined (`yada`, `yahutta`), and
        // `ya da` with its `da` dropped (`4 ya 5`).
        "yada", "yahutta", "veyahutta", "ya",
        // The older spellings with a final `d` (`yahud`); those with the circumflex (`yâhut`,
        // `veyâ`, `yâ da`) are these words once `folded`.
        "yahud", "veyahud", "yahudda", "veyahudda",
        // English `or`, which a reader reads between two counts as `veya`.
        "or",
    ]
    /// The connective `word` (lowercased) spells with a circumflex (`â`, `î`, `û` for `a`, `i`,
    /// `u`: the older `yâ da`, `yâhutta`, `veyâ`, `ve yâ`), else `word` itself. Every word of the
    /// sentence and of a bullet is read so, once (`TriggerDistributionClaim.words`), so no list
    /// spells a circumflex form. Only a connective is folded: a name so written (`ortâm`) is a
    /// letter a reader sees, the name's slip.
    static func spelled(_ word: String) -> String {
        guard let folded = folded(word) else { return word }
        return isConnective(folded) ? folded : word
    }

    /// `word` with the circumflex dropped, or nil when it has none: the three letters' UTF-8 is C3
    /// A2, C3 AE, C3 BB, which a byte scan finds without building a word (Turkish's `ü`, `ö`, `ç`
    /// share the lead byte C3).
    private static func folded(_ word: String) -> String? {
        var previous: UInt8 = 0
        guard
            word.utf8.contains(where: { byte in
                defer { previous = byte }
                return previous == 0xC3 && (byte == 0xA2 || byte == 0xAE || byte == 0xBB)
            })
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(word.utf8.count)
        var lead = false
        for byte in word.utf8 {
            if lead {
                lead = false
                switch byte {
                case 0xA2: bytes.append(UInt8(ascii: "a"))
                case 0xAE: bytes.append(UInt8(ascii: "i"))
                case 0xBB: bytes.append(UInt8(ascii: "u"))
                default: bytes += [0xC3, byte]
                }
            } else if byte == 0xC3 {
                lead = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The marks that make `ve` and a restating word after them one word (`ve/veya`, and/or).
    static let andOrMarks: Set<String> = ["/", "-", "\u{2013}"]
    /// The "or" words a reader reads the same with the particle `da` (or `de`, out of harmony)
    /// after them: `ya da`, `yahut da`, `veyahut da`, and their older spellings (`yahud da`).
    static let orTakingParticle = ["ya", "yahut", "yahud", "veyahut", "veyahud"]
    /// Two-word restating connectives, their words in order: `ve ya` is `veya` typed apart; each
    /// of `orTakingParticle` with `da` or `de` after it.
    static let restatingPairs: [(String, String)] =
        [("daha", "doğrusu"), ("belki", "de"), ("belki", "da"), ("ve", "ya")]
        + orTakingParticle.flatMap { [($0, "da"), ($0, "de")] }
    /// Restating words that correct the count before them; the number after may follow a comma, a
    /// colon or a dash (`4, hayır, 5`, `düzeltme: 5`), as a reader pauses after a correction.
    /// Beside a bullet's value they add no trigger (`(ebeveyn yok)`, no ebeveyn: a comment).
    static let correcting: Set<String> = ["pardon", "hayır", "yok", "düzeltme", "aslında", "yani"]
    /// The correcting pairs, whose second word a comma, a colon or a dash may follow too (`daha doğrusu, 5`).
    static let correctingPairs: Set<String> = ["doğrusu"]
    /// Words that deny the count or name right before them.
    static let denying: Set<String> = ["değil", "yerine"]
    /// Words that add a name as `ve` does (`ebeveyn de`, `hem yerel hem ebeveyn`).
    static let adding: Set<String> = ["de", "da", "hem"]
    /// The question particle, a word of its own after a count: one alternative of a question.
    static let asking: Set<String> = ["mı", "mi", "mu", "mü", "mıdır", "midir", "mudur", "müdür"]
    /// Words after a number that make it a possible count (`7 olabilir`, `7 de olabilir`).
    static let supposing: Set<String> = ["olabilir"]
    /// Words right after a number that make it a number of times (`2 kez`, `iki kere`, `3 defa`,
    /// `bir sefer`), their inflected forms too (`kezlik`, `defalarca`, `seferde`).
    static let times = ["kez", "kere", "defa", "sefer"]

    /// Whether the word at `index` says the number right before it counts times (`2 kez`). Asked of
    /// every word of a paragraph that may be the sentence: its first byte first.
    static func countsTimes(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Bool {
        guard index < words.count, words[index].gap.isEmpty, let first = words[index].text.utf8.first,
            first == UInt8(ascii: "k") || first == UInt8(ascii: "d") || first == UInt8(ascii: "s")
        else { return false }
        return times.contains { words[index].text.hasPrefix($0) }
    }
    /// Words a reader reads past between a name and the count after it, and between listed names
    /// and their counts: as for, for, too (`gözlem ise 5`, `gözlem için 5`, `gözlem de 4`), about
    /// (`yerel yaklaşık 6`), exactly, only, again (`ortam tam 6`, `yalnızca 6`, `sadece`, `ancak`,
    /// `yine`), respectively (`…ve ortam için sırasıyla 6, 4, 4, 6`), and the name's trigger
    /// (`ortam tetiği 6`, `ortam tetikli 6`, `ortam tetiğini 6 ders`; the names', `tetikleri`).
    static let beforeCount: Set<String> = [
        "ise", "için", "de", "da", "yaklaşık", "takriben", "kabaca", "tahminen", "neredeyse", "tam", "yine", "gene",
        "yalnızca", "yalnız", "sadece", "ancak", "sırasıyla", "tetiği", "tetiğini", "tetikli", "tetikleri",
    ]
    /// Two-word hedges read past there as `yaklaşık` is (`ortam yaklaşık olarak 6`, `aşağı yukarı 6`:
    /// about 6; `tam olarak 6`, exactly 6; `hemen hemen 6`, almost 6).
    static let beforeCountPairs: [(String, String)] = [
        ("yaklaşık", "olarak"), ("aşağı", "yukarı"), ("tam", "olarak"), ("hemen", "hemen"),
    ]

    /// How many words at `index` a reader reads past before the count: a run of `beforeCount`'s
    /// words and pairs (`ise`, `yaklaşık olarak`, `için sırasıyla`, `tetiği de tam`), nothing
    /// between them, but `opening`'s marks before the first (the colon of `ortam: sırasıyla 6`);
    /// 0 for none.
    static func beforeCountLength(
        _ words: [TriggerDistributionClaim.Word], at index: Int, opening: Set<Character> = []
    ) -> Int {
        var at = index
        while at < words.count, words[at].gap.isEmpty || at == index && words[at].gap.allSatisfy(opening.contains) {
            let word = words[at].text
            if at + 1 < words.count, words[at + 1].gap.isEmpty,
                beforeCountPairs.contains(where: { $0.0 == word && $0.1 == words[at + 1].text })
            {
                at += 2
            } else if beforeCount.contains(word) {
                at += 1
            } else {
                break
            }
        }
        return at - index
    }

    /// The word that opens and continues either-or (`ya 4 ya 5`).
    static let eitherOr = "ya"

    /// Whether the word at `index` opens either-or before a count (`ya 4 ya 5`, `ya 4 ya da 5`):
    /// `ya`, a number right after it, then `ya` or `ya da` (a comma before it too) and a number
    /// right after that.
    static func opensEitherOr(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Bool {
        guard index + 1 < words.count, words[index].text == eitherOr, words[index + 1].gap.isEmpty,
            let first = TriggerDistributionClaim.number(words, at: index + 1)
        else { return false }
        let second = index + 1 + first.length
        guard second + 1 < words.count, words[second].text == eitherOr, words[second].gap.allSatisfy({ $0 == "," })
        else { return false }
        var then = second + 1
        if words[then].text == "da", words[then].gap.isEmpty { then += 1 }
        guard then < words.count, words[then].gap.isEmpty else { return false }
        return TriggerDistributionClaim.number(words, at: then) != nil
    }

    /// Whether the word at `index` is the second `ya` of either-or, after the first's number (`ya 4 ya`).
    static func continuesEitherOr(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Bool {
        guard index < words.count, words[index].text == eitherOr else { return false }
        for length in [1, 2] where index - length - 1 >= 0 {
            guard let number = TriggerDistributionClaim.number(words, at: index - length), number.length == length
            else { continue }
            if opensEitherOr(words, at: index - length - 1) { return true }
        }
        return false
    }

    /// The case endings a number takes after an apostrophe before the word that makes it a bound.
    enum CaseEnding: Sendable {
        case ablative, dative, accusative, genitive

        /// The ending `suffix` is, if a bound's: `7'den`, `7'ye`, `7'yi`, `7'nin`.
        init?(_ suffix: String) {
            switch suffix {
            case "den", "dan", "ten", "tan": self = .ablative
            case "e", "a", "ye", "ya": self = .dative
            case "i", "ı", "u", "ü", "yi", "yı", "yu", "yü": self = .accusative
            case "in", "ın", "un", "ün", "nin", "nın", "nun", "nün": self = .genitive
            default: return nil
            }
        }
    }

    /// The words after a number with a case ending that make it a bound: whether an upper one and
    /// a strict one. Than (ablative): `7'den az` fewer than 7, `küçük`, `düşük`, `aşağı`, `azı`
    /// too; `7'den fazla` more than 7, `çok`, `büyük`, `yüksek`, `yukarı`, `fazlası` too, `daha`
    /// (more) before them or not. Up to (dative): `7'ye kadar`. Below, above (genitive): `7'nin
    /// altında`, `üstünde`, `üzerinde`. And the forms of the `boundingVerbs` (`7'yi geçer`, `5'i
    /// aşkın`, `7'ye ulaşır`), their negative forms the bound `negated` (`7'yi geçmez`, `geçemez`,
    /// at most 7; `7'ye varmaz`, fewer than 7).
    static let caseBounding: [String: (ending: CaseEnding, upper: Bool, strict: Bool)] = {
        var bounding: [String: (ending: CaseEnding, upper: Bool, strict: Bool)] = [
            "az": (.ablative, true, true), "küçük": (.ablative, true, true), "aşağı": (.ablative, true, true),
            "düşük": (.ablative, true, true), "azı": (.ablative, true, true),
            "fazla": (.ablative, false, true), "çok": (.ablative, false, true), "büyük": (.ablative, false, true),
            "yüksek": (.ablative, false, true), "fazlası": (.ablative, false, true),
            "yukarı": (.ablative, false, true), "kadar": (.dative, true, false), "altında": (.genitive, true, true),
            "üstünde": (.genitive, false, true), "üzerinde": (.genitive, false, true),
            // Where a count is, as `altında` (`5'ten aşağıda`, below 5; `aşağıda kalmaz`, at least 5).
            "aşağıda": (.ablative, true, true), "yukarıda": (.ablative, false, true),
            // The dative reach verbs' participles say "up to" (`7'ye varan`, `ulaşan`), as `kadar` does.
            "varan": (.dative, true, false), "ulaşan": (.dative, true, false), "erişen": (.dative, true, false),
        ]
        for verb in boundingVerbs {
            let denied = negated((verb.upper, verb.strict))
            for form in Verb.forms(verb.stem, aorist: verb.aorist, participle: verb.participle) {
                let bound = form.denies ? denied : (upper: verb.upper, strict: verb.strict)
                bounding[form.text] = (verb.ending, bound.upper, bound.strict)
            }
            for suffix in verb.also {
                bounding[Verb.spelled(suffix, after: verb.stem)] = (verb.ending, verb.upper, verb.strict)
            }
        }
        return bounding
    }()

    /// The verbs that make the number before them, in its case, a bound, each a stem whose forms
    /// `Verb` reads: those that say the count does what the verb says, in any tense, and the bound
    /// so said; the negative ones (`geçmez`, `geçmiyor`, `geçmeyecek`, `geçemez`, `aşamıyor`),
    /// which say the bound `negated`, as `değil` after a bound does. Exceed (accusative): `7'yi
    /// geçer`, `geçiyor`, `geçen`, `geçti`, `geçecek`, `geçmekte`, `geçkin`; `5'i aşar`, `aşkın`:
    /// more than; `7'yi geçmez`, `aşmıyor`, `aşamaz`: at most. Reach: `7'yi bulur` (accusative),
    /// `7'ye varır`, `ulaşır`, `erişir` (dative): at least 7; `7'yi bulmaz`, `7'ye varmaz`,
    /// `ulaşmıyor`, `varamaz`: fewer than 7. The dative ones' participles (`7'ye varan`, `ulaşan`)
    /// are "up to 7" (`caseBounding`), and `bulan` (finding) is no participle of theirs.
    static let boundingVerbs:
        [(
            stem: String, ending: CaseEnding, upper: Bool, strict: Bool, aorist: String, participle: Bool,
            also: [String]
        )] =
            [
                ("geç", .accusative, false, true, "Ar", true, ["kIn"]),
                ("aş", .accusative, false, true, "Ar", true, ["kIn"]),
                ("bul", .accusative, false, false, "Ir", false, []),
                ("var", .dative, false, false, "Ir", false, []),
                ("ulaş", .dative, false, false, "Ir", false, []),
                ("eriş", .dative, false, false, "Ir", false, []),
            ]

    /// The words after a number with a case ending that say where a count goes, and the bound they
    /// say when a verb of `movingVerbs` follows: below (`5'in altına düşmez`, does not fall below
    /// 5; `5'ten aşağıya inmez`), above (`7'nin üstüne çıkmaz`, `üzerine`, `7'den yukarıya`). Alone
    /// they say no bound (`5'in altına` is "to below 5"); `aşağı` and `yukarı`, which do
    /// (`caseBounding`), take the verb too (`5'ten aşağı düşmez`).
    static let directions: [String: (ending: CaseEnding, upper: Bool, strict: Bool)] = [
        "altına": (.genitive, true, true), "üstüne": (.genitive, false, true), "üzerine": (.genitive, false, true),
        "aşağıya": (.ablative, true, true), "yukarıya": (.ablative, false, true),
    ]

    /// The verbs of being and of motion a bound may end with, their aorist's suffix: `7'den fazla
    /// olmaz`, `olamaz`, `sayılmaz`; `5'ten aşağı düşmez`, `inmez`, `7'nin üstüne çıkmaz`, `7'den
    /// fazla çıkmaz` (does not turn out more), `5'in altında kalmaz` (does not stay below 5). A form that says it keeps the bound (`7'den fazla
    /// olur`), a negative one denies it.
    static let movingVerbs: [(stem: String, aorist: String)] = [
        ("ol", "Ir"), ("sayıl", "Ir"), ("düş", "Ar"), ("in", "Ar"), ("çık", "Ar"), ("kal", "Ir"),
    ]

    /// Words that stress or hedge a verb after a bound and change nothing (`5'in altına hiç
    /// düşmez`, never falls below 5; `7'yi asla aşmaz`, `kesinlikle`, `bile`, `pek` hardly,
    /// `muhtemelen` probably, `şimdilik` for now, `de` also): read past before the verb, any run of
    /// them (`da hiç`), with `stressingPairs` and a doubled one (`stressLength`).
    static let stressing: Set<String> = [
        "hiç", "asla", "kesinlikle", "bile", "katiyen", "kesin", "pek", "muhtemelen", "büyük", "herhalde",
        "galiba", "şimdilik", "henüz", "hâlâ", "hala", "zaten", "de", "da", "genelde", "genellikle", "normalde",
        "belki", "hiçbir", "sanırım", "kolay", "katiyyen",
    ]
    /// Two-word stresses and hedges read past as one (`hiçbir zaman` never, `hiçbir şekilde` in no
    /// way, `büyük ihtimalle` most likely).
    static let stressingPairs: [(String, String)] = [
        ("hiçbir", "zaman"), ("hiçbir", "şekilde"), ("hiçbir", "surette"), ("hiçbir", "vakit"),
        ("büyük", "ihtimalle"), ("büyük", "olasılıkla"), ("kolay", "kolay"),
    ]
    /// The words a stressing word is doubled around for emphasis (`asla ama asla`, `hiç mi hiç`:
    /// never ever; not a question).
    static let doubling: Set<String> = ["ama", "mi", "mı", "ve"]

    /// How many words at `index` stress the verb after them (`hiç`, `hiçbir zaman`, `asla ama
    /// asla`, `da hiç`): the whole run, nothing between its words; 0 for none. A lone `hiçbir` or
    /// `büyük` is no stress: it needs its second word.
    static func stressLength(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Int {
        stressRun(words, at: index).length
    }

    /// `stressLength`'s run, and whether a question particle right after a stressing word asks
    /// the bound (`7'yi hiç mi geçmez?`: Turkish puts the particle after the word it asks about;
    /// `hiç mi hiç`, doubled, is emphasis, no question). The particle is part of the run.
    static func stressRun(_ words: [TriggerDistributionClaim.Word], at index: Int) -> (length: Int, asks: Bool) {
        var at = index
        var asks = false
        func said(_ offset: Int) -> String? {
            at + offset < words.count && words[at + offset].gap.isEmpty ? words[at + offset].text : nil
        }
        while let word = said(0), stressing.contains(word) {
            if let second = said(1), stressingPairs.contains(where: { $0.0 == word && $0.1 == second }) {
                at += 2
            } else if let joint = said(1), doubling.contains(joint), said(2) == word {
                at += 3
            } else if word == "hiçbir" || word == "büyük" {
                break
            } else {
                at += 1
            }
            if let particle = said(0), asking.contains(particle), said(1) != nil {
                asks = true
                at += 1
            }
        }
        return (at - index, asks)
    }

    /// The forms of `movingVerbs`, each with whether it denies the bound before it.
    static let movingForms: [String: Bool] = {
        var forms: [String: Bool] = [:]
        for verb in movingVerbs {
            for form in Verb.forms(verb.stem, aorist: verb.aorist, participle: true) { forms[form.text] = form.denies }
        }
        return forms
    }()

    /// Whether the word after a bound keeps it (false) or denies it (true): `değil`, `değildir`,
    /// and the forms of `movingVerbs`; nil for any other word.
    static func afterBound(_ word: String) -> Bool? {
        word == "değil" || word == "değildir" ? true : movingForms[word]
    }

    /// A bound denied: not more than N is at most N, not fewer than N at least N, not at most N
    /// more than N, not at least N fewer than N. One rule for `değil` and the verbs' negative forms.
    static func negated(_ bound: (upper: Bool, strict: Bool)) -> (upper: Bool, strict: Bool) {
        (!bound.upper, !bound.strict)
    }

    /// Turkish verb forms, one grammar for every verb: a stem, then a tense's suffix in the stem's
    /// vowel harmony (`A` is `e` or `a`, `I` is `i`, `ı`, `u` or `ü`, after the vowel before it;
    /// `D` is `t` after a voiceless consonant, else `d`), then the plural or the copula. A form
    /// is read whole from the lists it builds, so a verb is a stem and the suffix of its aorist.
    enum Verb {
        /// The tenses that say what the verb does, besides the aorist (`geçer`, `bulur`): the
        /// present (`geçiyor`), the past (`geçti`), the reported past (`geçmiş`), the continuous
        /// (`geçmekte`), the future (`geçecek`).
        static let saying = ["Iyor", "DI", "mIş", "mAktA", "AcAk"]
        /// The tenses' negatives (`geçmez`, `geçmiyor`, `geçmedi`, `geçmemiş`, `geçmemekte`,
        /// `geçmeyecek`) and the negatives of ability, cannot (`geçemez`, `aşamıyor`, `geçemedi`,
        /// `geçememiş`, `geçememekte`, `geçemeyecek`).
        static let denying = [
            "mAz", "mIyor", "mAdI", "mAmIş", "mAmAktA", "mAyAcAk", "AmAz", "AmIyor", "AmAdI", "AmAmIş", "AmAmAktA",
            "AmAyAcAk",
        ]
        /// What may end a tense's form: nothing, the plural (`geçmezler`), the copula
        /// (`geçmektedir`, `geçmeyecektir`), or both.
        static let endings = ["", "lAr", "DIr", "lArDIr"]

        /// The forms of the verb `stem` whose aorist takes `aorist` (`Ar`: `geçer`; `Ir`: `bulur`),
        /// each with whether it denies: every tense with every ending, and with `participle` the
        /// participle (`geçen`) besides the negative ones (`geçmeyen`, `geçemeyen`), which every verb has.
        static func forms(_ stem: String, aorist: String, participle: Bool) -> [(text: String, denies: Bool)] {
            var forms: [(text: String, denies: Bool)] = []
            for (tenses, denies) in [([aorist] + saying, false), (denying, true)] {
                for tense in tenses {
                    for ending in endings { forms.append((spelled(tense + ending, after: stem), denies)) }
                }
            }
            if participle { forms.append((spelled("An", after: stem), false)) }
            forms += ["mAyAn", "AmAyAn"].map { (spelled($0, after: stem), true) }
            return forms
        }

        /// `stem` with `suffix` after it, each of its `A`, `I` and `D` spelled in the harmony of what comes before.
        static func spelled(_ suffix: String, after stem: String) -> String {
            let vowels = "aeıioöuü"
            var vowel = stem.last(where: { vowels.contains($0) }) ?? "e"
            var text = stem
            for mark in suffix {
                let front = "eiöü".contains(vowel)
                let rounded = "oöuü".contains(vowel)
                let letter: Character =
                    switch mark {
                    case "A": front ? "e" : "a"
                    case "I": front ? (rounded ? "ü" : "i") : (rounded ? "u" : "ı")
                    case "D": text.last.map { "çfhkpsşt".contains($0) } ?? false ? "t" : "d"
                    default: mark
                    }
                text.append(letter)
                if vowels.contains(letter) { vowel = letter }
            }
            return text
        }
    }

    /// What a bound's words say: a bound, judged (`7'yi geçmez`); a bound a question asks
    /// (`7'yi geçmez mi?`), which asserts none, so nothing is judged; or a direction with no verb
    /// after it (`5'in altına`, "to below 5"), which says no bound a reader can tell, nor a count.
    enum BoundReading: Sendable, Equatable {
        case stated, asked
        /// The direction word, and the verb that would make it the bound the direction leans to
        /// (`düşmez`, does not fall below: at least; `çıkmaz`, does not go above: at most).
        case verbless(direction: String, verb: String)
    }

    /// The bound a number with a case ending states with the word after it at `index` (`7'den
    /// az`, `yediden daha fazla`, `7'ye kadar`, `7'yi geçmez`, `7'nin altında`; a direction
    /// before a verb of motion, `5'in altına`, the verb left to `numberBound`): its value, whether
    /// an upper one and a strict one, how many words it takes and how it reads; nil when there is
    /// none. The number is digits with the ending after an apostrophe (`5'in`), or a number word
    /// with it (`beşin`, `on beşin`: `TriggerDistributionClaim.caseNumber`).
    static func caseBound(_ words: [TriggerDistributionClaim.Word], at index: Int) -> (
        value: Int, upper: Bool, strict: Bool, length: Int, reading: BoundReading
    )? {
        guard index + 1 < words.count else { return nil }
        var value: Int
        let ending: CaseEnding
        var at = index + 1
        if let written = words[index].caseEnding, let number = TriggerDistributionClaim.number(words, at: index),
            number.length == 1
        {
            (value, ending) = (number.value, written)
        } else if let read = TriggerDistributionClaim.caseNumber(words[index].text) {
            (value, ending) = (read.value, read.ending)
        } else if let ten = TriggerDistributionClaim.tens[words[index].text], words[index + 1].gap.isEmpty,
            let read = TriggerDistributionClaim.caseNumber(words[index + 1].text), read.value > 0, read.value < 10
        {
            // A ten and a unit with the ending (`on beşin`).
            (value, ending) = (ten + read.value, read.ending)
            at += 1
        } else {
            return nil
        }
        guard at < words.count else { return nil }
        if ending == .ablative, words[at].text == "daha", words[at].gap.isEmpty, at + 1 < words.count { at += 1 }
        guard words[at].gap.isEmpty else { return nil }
        // A word that stresses the verb after it (`7'yi hiç geçmez`) is read past.
        var reading = BoundReading.stated
        if case let stress = stressRun(words, at: at), at + stress.length < words.count,
            words[at + stress.length].gap.isEmpty
        {
            at += stress.length
            if stress.asks { reading = .asked }
        }
        if let bound = caseBounding[words[at].text], bound.ending == ending {
            return (value, bound.upper, bound.strict, at + 1 - index, reading)
        }
        // A direction says a bound only with a verb after it (`5'in altına düşmez`, `altına hiç
        // düşmez`); without one (`5'in altına`, `5'in altına değil`) it says none a reader can
        // tell, and its number is no count.
        guard let direction = directions[words[at].text], direction.ending == ending else { return nil }
        var verb = at + 1
        let stress = stressRun(words, at: verb)
        verb += stress.length
        if stress.asks { reading = .asked }
        guard verb < words.count, words[verb].gap.isEmpty, movingForms[words[verb].text] != nil else {
            let denied = direction.upper ? "düşmez" : "çıkmaz"
            return (
                value, direction.upper, direction.strict, at + 1 - index,
                .verbless(direction: words[at].text, verb: denied)
            )
        }
        return (value, direction.upper, direction.strict, at + 1 - index, reading)
    }
    /// The bound a number states at `index`, with the words after it: by its case ending
    /// (`caseBound`: `7'den az`, `7'yi geçer`), or with itself in it (`beyondBound`: `7 ve üzeri`);
    /// the words `afterBound` reads right after it keep it or deny it, each denial negating it
    /// (`7'den fazla değil`, `olmaz`, at most 7; `5'ten aşağı düşmez`, at least 5; `7'yi geçmez
    /// değil`, more than 7). A question particle after it (`7'yi geçmez mi?`, `7'yi geçer mi?`)
    /// asks the bound: it is `asked`, and the particle is the bound's last word.
    static func numberBound(_ words: [TriggerDistributionClaim.Word], at index: Int) -> (
        value: Int, upper: Bool, strict: Bool, length: Int, reading: BoundReading
    )? {
        guard index + 1 < words.count,
            var bound = caseBound(words, at: index)
                ?? beyondBound(words, at: index).map({ ($0.value, $0.upper, $0.strict, $0.length, .stated) })
        else { return nil }
        while case let after = index + bound.length, after < words.count, words[after].gap.isEmpty {
            let stress = stressRun(words, at: after)
            let verb = after + stress.length
            guard verb < words.count, words[verb].gap.isEmpty, let denies = afterBound(words[verb].text) else { break }
            if denies { (bound.upper, bound.strict) = negated((bound.upper, bound.strict)) }
            if stress.asks { bound.reading = .asked }
            bound.length = verb + 1 - index
        }
        let after = index + bound.length
        if after < words.count, words[after].gap.isEmpty, asking.contains(words[after].text) {
            bound.reading = .asked
            bound.length += 1
        }
        return bound
    }

    /// The words that join a number to `beyond`'s (`ve`, and; the "or"s `veya`, `ve ya`, `ya da`,
    /// `yada`, `ya`, `yahut`: `7 ya da daha fazla`).
    static let beyondJoints: [[String]] = [["ve"], ["veya"], ["ve", "ya"], ["ya", "da"], ["yada"], ["ya"], ["yahut"]]
    /// The words after a number and a joint that make it a bound the number is in (not strict),
    /// and whether an upper one: and above (`7 ve üzeri`, `üstü`, `yukarısı`, `fazlası`, `daha
    /// fazla`, `daha çok`), and below (`7 ve altı`, `aşağısı`, `daha az`).
    static let beyond: [(words: [String], upper: Bool)] = [
        (["üzeri"], false), (["üstü"], false), (["yukarısı"], false), (["fazlası"], false), (["daha", "fazla"], false),
        (["daha", "çok"], false), (["altı"], true), (["aşağısı"], true), (["daha", "az"], true),
    ]

    /// The bound a number without a case ending states with a joint and `beyond`'s words after it
    /// (`7 ve üzeri`, 7 and above; `4 ya da daha az`), nothing between them; nil when there is none.
    /// `altı` is six too: it is "below" only after `ve` and where the phrase ends after it
    /// (punctuation, the end, or a joining word: `4 ve altı, …`, `4 ve altı ve …`); `4 ve altı
    /// ortam` counts six ortam, and `6 ya da altı` is six or six.
    static func beyondBound(_ words: [TriggerDistributionClaim.Word], at index: Int) -> (
        value: Int, upper: Bool, strict: Bool, length: Int
    )? {
        guard words[index].caseEnding == nil, !words[index].distributive,
            let number = TriggerDistributionClaim.number(words, at: index)
        else { return nil }
        func says(_ phrase: [String], at start: Int) -> Bool {
            start + phrase.count <= words.count
                && phrase.indices.allSatisfy { words[start + $0].gap.isEmpty && words[start + $0].text == phrase[$0] }
        }
        let joint = index + number.length
        for joined in beyondJoints where says(joined, at: joint) {
            let at = joint + joined.count
            for (phrase, upper) in beyond where says(phrase, at: at) {
                let end = at + phrase.count
                if phrase == ["altı"],
                    joined != ["ve"]
                        || end < words.count && words[end].gap.isEmpty && !joining.contains(words[end].text)
                {
                    continue
                }
                return (number.value, upper, false, end - index)
            }
        }
        return nil
    }

    /// Words that make the number after them a bound, and whether an upper one (`en fazla 7`).
    static let bounding: [(words: [String], upper: Bool)] = [
        (["en", "fazla"], true), (["en", "çok"], true), (["azami"], true), (["en", "az"], false), (["asgari"], false),
    ]

    /// The bound whose words end right before the number at `index` (`en fazla 7`), and how many words it takes.
    static func bound(_ words: [TriggerDistributionClaim.Word], before index: Int) -> (upper: Bool, length: Int)? {
        guard index < words.count, words[index].gap.isEmpty else { return nil }
        for (phrase, upper) in bounding where index >= phrase.count {
            let start = index - phrase.count
            guard phrase.indices.allSatisfy({ words[start + $0].text == phrase[$0] }),
                (start + 1..<index).allSatisfy({ words[$0].gap.isEmpty })
            else { continue }
            return (upper, phrase.count)
        }
        return nil
    }

    /// The suffixes a name may take before its count and still be the name: the conditional for
    /// `ise` (`ortamsa`, `gözlemse`) and the locative (`ortamda 6`, `yerelde 6`, in ortam: six),
    /// joined or after an apostrophe (`ortam'da 6`). Each two bytes (`isNamed` compares them so).
    static let nameSuffixes = ["sa", "se", "da", "de", "ta", "te"]

    /// The punctuation that may stand between a name and its count (`ortam: 6`, `ortam (6)`,
    /// `ortam – 6`), as between listed names and their counts.
    static let marksAfterName: Set<Character> = [":", "(", "-", "\u{2013}", "\u{2014}"]

    /// The punctuation that may stand between a count and the count that restates it (`6 (7)`,
    /// `6: 7`, `4/5`, `4–5`); a comma only before a restating word (`6, yani 7`): a comma alone
    /// separates a list's items.
    static let marksBetweenCounts: Set<Character> = ["(", ")", ":", "=", "/", "-", "\u{2013}", "\u{2014}"]

    /// A symbol between two counts that joins them as a dash does, which is no punctuation and so
    /// is kept apart: an arrow (`4 → 5`, `4 -> 5`, `4 => 5`) or a tilde (`6~7`, `6 ∼ 7`).
    static func joinsCounts(_ character: Character) -> Bool {
        switch character {
        case ">", "\u{2192}", "\u{21D2}", "\u{27F6}", "\u{2794}", "\u{279C}": true
        default: isTilde(character)
        }
    }

    /// A tilde: between two counts a range (`6~7`), before one "about" (`yerel ~6`, the count 6).
    static func isTilde(_ character: Character) -> Bool {
        character == "~" || character == "\u{223C}" || character == "\u{FF5E}"
    }

    /// How many words at `index` are restating connectives, one after another (`ya da belki`), or
    /// supposing ones after the count (`4 olabilir, 5 de olabilir`): 0 for none. Each word after
    /// the first follows with nothing between, but the "or" of `ve/veya` (and/or) after its mark.
    static func restatingLength(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Int {
        var at = index
        while at < words.count, at == index || follows(words, at: at) {
            if words[at].text == "ve", at + 1 < words.count, andOrMarks.contains(words[at + 1].gap),
                case let or = restatingLength(words, at: at + 1), or > 0
            {
                at += 1 + or
            } else if at + 1 < words.count, words[at + 1].gap.isEmpty,
                restatingPairs.contains(where: { $0.0 == words[at].text && $0.1 == words[at + 1].text })
            {
                at += 2
            } else if at == index, continuesEitherOr(words, at: at) {
                at += 1
            } else if restating.contains(words[at].text) || correcting.contains(words[at].text)
                || asking.contains(words[at].text)
            {
                at += 1
            } else if at == index, case let supposed = supposingLength(words, at: at), supposed > 0 {
                at += supposed
            } else {
                break
            }
        }
        return at - index
    }

    /// Whether the word at `at` goes on the phrase of the word before it: nothing between them,
    /// only a comma after a question particle or a supposing word (`4 mü, 5 mi`, `6 mı, yoksa 7
    /// mi`, `4 olabilir, 5 de olabilir`), or a comma, a colon or a dash after a correction (`4,
    /// hayır, 5`, `4 — pardon, 5`, `düzeltme: 5`).
    static func follows(_ words: [TriggerDistributionClaim.Word], at: Int) -> Bool {
        let gap = words[at].gap
        if gap.isEmpty { return true }
        guard at > 0 else { return false }
        let before = words[at - 1].text
        if asking.contains(before) || supposing.contains(before) { return gap.allSatisfy { $0 == "," } }
        return corrects(before) && gap.allSatisfy { ",:-\u{2013}\u{2014}".contains($0) }
    }

    /// Whether `word` ends a correction (`hayır`, `pardon`, `daha doğrusu`): a pause may follow it.
    static func corrects(_ word: String) -> Bool { correcting.contains(word) || correctingPairs.contains(word) }

    /// How many words at `index` (0 for none) say the number right before them is a possible
    /// count: a question particle (`7 mi`), `olabilir`, `de olabilir` or `da olabilir`.
    static func supposingLength(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Int {
        guard index < words.count, words[index].gap.isEmpty else { return 0 }
        let word = words[index].text
        if asking.contains(word) || supposing.contains(word) { return 1 }
        if adding.contains(word), index + 1 < words.count, words[index + 1].gap.isEmpty,
            supposing.contains(words[index + 1].text)
        {
            return 2
        }
        return 0
    }

    /// Whether the word at `index` denies the count or name right before it (`7 değil`, `4 yerine`).
    static func denies(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Bool {
        index < words.count && words[index].gap.isEmpty && denying.contains(words[index].text)
    }

    /// Whether the word at `index` is the article `bir` (a, an): a noun right after it
    /// (`goesIntoNoun`: `yerel bir ölçümle`, `ortamda bir anahtar`, `gözlem için bir model`).
    static func isArticle(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Bool {
        words[index].text == "bir" && goesIntoNoun(words, at: index)
    }

    /// Whether the number at `index` goes on into a noun it counts: the next word, in its block
    /// with only blanks between, a word that is no lesson word, connective, number of times,
    /// number or trigger. A count goes on into a comma, a full stop, a connective, another count
    /// or a word for lessons (`yerel bir, ebeveyn 4`, `ortam bir ve …`, `yerel 7 derste`).
    static func goesIntoNoun(_ words: [TriggerDistributionClaim.Word], at index: Int) -> Bool {
        guard index + 1 < words.count else { return false }
        let noun = words[index + 1]
        guard noun.gap.isEmpty, noun.block == words[index].block, !noun.text.hasPrefix("ders"),
            !isConnective(noun.text), !times.contains(noun.text),
            noun.text.first.map({ $0.isLetter }) == true,
            TriggerDistributionClaim.number(words, at: index + 1) == nil,
            !Triggers.names.contains(where: { $0.declared.sameBytes(noun.text) })
        else { return false }
        return true
    }

    /// Whether `word` (lowercased) is a connective of any kind: never a name a sentence counts.
    static func isConnective(_ word: String) -> Bool {
        joining.contains(word) || restating.contains(word) || correcting.contains(word) || denying.contains(word)
            || adding.contains(word)
            || asking.contains(word) || supposing.contains(word) || beforeCount.contains(word)
            || restatingPairs.contains { $0.0 == word || $0.1 == word }
    }

    /// Whether `word` (lowercased) may stand beside a trigger named after the bullet's value and
    /// leave the phrase naming it: a joining, restating or adding word, not a denial.
    static func adds(_ word: String) -> Bool {
        (joining.contains(word) || restating.contains(word) || adding.contains(word)
            || restatingPairs.contains { $0.0 == word || $0.1 == word })
    }
}
