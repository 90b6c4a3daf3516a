/// A PNG image decoded into 8-bit RGBA pixels: enough of PNG and zlib (RFC 1950, 1951) for the screenshots a
/// headless browser takes (8-bit greyscale, RGB, RGBA, every filter, not interlaced), so a test can look at the
/// pixels of what a page draws.
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    /// Red, green, blue and alpha of each pixel, row by row.
    public let pixels: [UInt8]

    public struct DecodingError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The pixel at (`x`, `y`), each channel 0…255.
    public subscript(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let offset = (y * width + x) * 4
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]), Int(pixels[offset + 3]))
    }

    public init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw DecodingError(description: "not a PNG file")
        }
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var offset = 8
        var width = 0
        var height = 0
        var colorType = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard data + length + 4 <= bytes.count else {
                throw DecodingError(description: "a chunk runs past the end")
            }
            switch type {
            case "IHDR":
                width = be32(data)
                height = be32(data + 4)
                colorType = Int(bytes[data + 9])
                guard bytes[data + 8] == 8, bytes[data + 12] == 0, [0, 2, 6].contains(colorType) else {
                    throw DecodingError(
                        description: "only 8-bit greyscale, RGB and RGBA images without interlacing are read")
                }
            case "IDAT": compressed += bytes[data..<(data + length)]
            default: break
            }
            offset = data + length + 4
            if type == "IEND" { break }
        }
        guard compressed.count > 2 else { throw DecodingError(description: "no image data") }
        var inflater = Inflater(Array(compressed.dropFirst(2)))
        let raw = try inflater.inflate()
        let channels = colorType == 6 ? 4 : colorType == 2 ? 3 : 1
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw DecodingError(description: "the image data is short") }
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = raw[y * (stride + 1) + 1 + i]
                let a = i >= channels ? Int(rows[y * stride + i - channels]) : 0
                let b = y > 0 ? Int(rows[(y - 1) * stride + i]) : 0
                let c = i >= channels && y > 0 ? Int(rows[(y - 1) * stride + i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw DecodingError(description: "unknown filter \(filter)")
                }
                rows[y * stride + i] = UInt8((Int(x) + predicted) & 0xFF)
            }
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            for channel in 0..<4 {
                let source =
                    channels == 1
                    ? (channel < 3 ? rows[index] : 255) : channel < channels ? rows[index * channels + channel] : 255
                pixels[index * 4 + channel] = source
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// A DEFLATE (RFC 1951) decoder: stored, fixed and dynamic Huffman blocks.
private struct Inflater {
    let input: [UInt8]
    var position = 0
    var bitBuffer = 0
    var bitCount = 0
    var output: [UInt8] = []

    init(_ input: [UInt8]) {
        self.input = input
        output.reserveCapacity(input.count * 4)
    }

    mutating func bits(_ count: Int) throws -> Int {
        while bitCount < count {
            guard position < input.count else {
                throw PNGImage.DecodingError(description: "the compressed data ends early")
            }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << count) - 1)
        bitBuffer >>= count
        bitCount -= count
        return value
    }

    /// A canonical Huffman code: the number of codes of each length, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    mutating func decode(_ huffman: Huffman) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= try bits(1)
            let count = huffman.counts[length]
            if code - count < first { return huffman.symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw PNGImage.DecodingError(description: "a bad Huffman code")
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    mutating func inflate() throws -> [UInt8] {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0:
                bitBuffer = 0
                bitCount = 0
                guard position + 4 <= input.count else {
                    throw PNGImage.DecodingError(description: "a stored block runs past the end")
                }
                let length = Int(input[position]) | Int(input[position + 1]) << 8
                position += 4
                guard position + length <= input.count else {
                    throw PNGImage.DecodingError(description: "a stored block runs past the end")
                }
                output += input[position..<(position + length)]
                position += length
            case 1:
                let literals = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                try block(literals, Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let literalCount = try bits(5) + 257
                let distanceCount = try bits(5) + 1
                let codeCount = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
                let codes = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try decode(codes)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else {
                            throw PNGImage.DecodingError(description: "a repeat with nothing before it")
                        }
                        lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try block(
                    Huffman(lengths: Array(lengths[0..<literalCount])),
                    Huffman(lengths: Array(lengths[literalCount...])))
            default:
                throw PNGImage.DecodingError(description: "a reserved block type")
            }
        }
        return output
    }

    mutating func block(_ literals: Huffman, _ distances: Huffman) throws {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < Self.lengthBase.count else { throw PNGImage.DecodingError(description: "a bad length") }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let distanceSymbol = try decode(distances)
                guard distanceSymbol < Self.distanceBase.count else {
                    throw PNGImage.DecodingError(description: "a bad distance")
                }
                let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                guard distance <= output.count else {
                    throw PNGImage.DecodingError(description: "a distance before the start")
                }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}
