/// A text folded (`TextFolding`) a character at a time, remembering which
/// character each folded unit came from, so that a match in the folded
/// text is a whole run of the text's characters.
struct FoldedText {
    /// A word of a search: folded, and whether it may match inside a word of
    /// the text (a script written without spaces) or only at a word's start.
    struct Word {
        let units: [UInt16]
        let anywhere: Bool
    }

    /// The folded text, in UTF-16 units.
    private var units: [UInt16] = []
    /// For each unit, the index of the character it came from.
    private var characterOf: [Int32] = []
    /// Where each character starts, in Unicode scalars; then the text's length.
    private var characterStarts: [Int32] = []
    /// Whether each character is a letter or a digit.
    private var isWordCharacter: [Bool] = []

    init(_ text: String) {
        units.reserveCapacity(text.utf8.count)
        characterOf.reserveCapacity(text.utf8.count)
        var scalar: Int32 = 0
        var seen: [Character: [UInt16]] = [:]
        for character in text {
            let index = Int32(characterStarts.count)
            characterStarts.append(scalar)
            isWordCharacter.append(character.isLetter || character.isNumber)
            let scalars = character.unicodeScalars
            if scalars.count == 1, let only = scalars.first, only.isASCII {
                let value = UInt16(only.value)
                units.append((65...90).contains(value) ? value + 32 : value)  // A-Z to a-z
                characterOf.append(index)
            } else {
                let folded = seen[character] ?? Array(TextFolding.folded(String(character)).utf16)
                seen[character] = folded  // a text uses few characters, each many times
                units.append(contentsOf: folded)
                characterOf.append(contentsOf: repeatElement(index, count: folded.count))
            }
            scalar += Int32(scalars.count)
        }
        characterStarts.append(scalar)
    }

    /// The characters (their indices) of the first place at or after
    /// character `from` where `word` matches whole characters: at a
    /// word's start unless the word may match anywhere.
    func occurrence(of word: Word, from: Int) -> Range<Int>? {
        guard let first = word.units.first else { return nil }
        var start = units.startIndex
        if from > 0 {
            guard from < characterStarts.count - 1 else { return nil }
            var low = 0, high = characterOf.count  // the first unit of character `from`
            while low < high {
                let middle = (low + high) / 2
                if Int(characterOf[middle]) < from { low = middle + 1 } else { high = middle }
            }
            start = low
        }
        let last = units.count - word.units.count
        var position = start
        while position <= last {
            defer { position += 1 }
            guard units[position] == first,
                  position == 0 || characterOf[position - 1] != characterOf[position] else { continue }
            let end = position + word.units.count
            guard end == units.count || characterOf[end] != characterOf[end - 1],
                  units[position..<end].elementsEqual(word.units) else { continue }
            let character = Int(characterOf[position])
            guard word.anywhere || character == 0 || !isWordCharacter[character - 1] else { continue }
            return character..<(Int(characterOf[end - 1]) + 1)
        }
        return nil
    }

    /// `characters` (indices) as Unicode scalar offsets from the text's start.
    func scalarRange(_ characters: Range<Int>) -> Range<Int> {
        Int(characterStarts[characters.lowerBound])..<Int(characterStarts[characters.upperBound])
    }
}
