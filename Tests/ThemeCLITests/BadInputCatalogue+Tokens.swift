// The catalogue of bad input that BadInputCatalogueTests runs: JSON in each dialect and token files. Each case is the files it writes into a
// folder of its own, the command line (`{d}` is that folder), the output it is given to leave intact, and the
// exit status and first error line it gets: `FILE:LINE:COLUMN: error: [rule]`, with the file relative to the folder,
// or the whole line of a usage error.

extension BadInput {
    static let tokenFiles: [BadInput] = [
        BadInput(
            "json trailing comma", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:40: error: [invalid-json]"),
        BadInput(
            "json comment",
            ["t.json": Array("{\n  // note\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:3: error: [invalid-json]"),
        BadInput(
            "json single quotes", ["t.json": Array("{\n  'a': 1\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:3: error: [invalid-json]"),
        BadInput(
            "json NaN", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": NaN}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-json]"),
        BadInput(
            "json Infinity", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": -Infinity}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-json]"),
        BadInput(
            "json leading zero", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 012}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-json]"),
        BadInput(
            "json number too large",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1e400}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-json]"),
        BadInput(
            "json control character in string",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"string\", \"$value\": \"tab\there\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:42: error: [invalid-json]"),
        BadInput(
            "json invalid escape",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"string\", \"$value\": \"\\q\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:39: error: [invalid-json]"),
        BadInput(
            "json lone surrogate",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"string\", \"$value\": \"\\ud800\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:39: error: [invalid-json]"),
        BadInput(
            "json invalid UTF-8",
            [
                "t.json": [
                    0x7B, 0x0A, 0x20, 0x20, 0x22, 0x61, 0x22, 0x3A, 0x20, 0x7B, 0x22, 0x24, 0x74, 0x79, 0x70, 0x65,
                    0x22, 0x3A, 0x20, 0x22, 0x73, 0x74, 0x72, 0x69, 0x6E, 0x67, 0x22, 0x2C, 0x20, 0x22, 0x24, 0x76,
                    0x61, 0x6C, 0x75, 0x65, 0x22, 0x3A, 0x20, 0x22, 0xFF, 0xFE, 0x22, 0x7D, 0x0A, 0x7D, 0x0A,
                ]
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:39: error: [invalid-json]"),
        BadInput(
            "json unterminated string",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"string\", \"$value\": \"open\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:43: error: [invalid-json]"),
        BadInput(
            "json unterminated object", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:3:1: error: [invalid-json]"),
        BadInput(
            "json missing colon", ["t.json": Array("{\n  \"a\" {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:7: error: [invalid-json]"),
        BadInput(
            "json text after the value",
            ["t.json": Array("{\"a\": {\"$type\": \"number\", \"$value\": 1}}\n{\"b\": 2}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:1: error: [invalid-json]"),
        BadInput(
            "json empty file", ["t.json": Array("".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:1:1: error: [invalid-json]"),
        BadInput(
            "json nesting too deep",
            ["t.json": Array((String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001)).utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:1:1001: error: [invalid-json]"),
        BadInput(
            "json bare word", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": one}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-json]"),
        BadInput(
            "jsonc unterminated block comment",
            ["t.jsonc": Array("{\n  /* open\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.jsonc", "--format", "flat"], output: .file,
            exit: 2, "t.jsonc:2:3: error: [invalid-json]"),
        BadInput(
            "jsonc single quotes", ["t.jsonc": Array("{\n  // fine\n  'a': 1\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.jsonc", "--format", "flat"], output: .file,
            exit: 2, "t.jsonc:3:3: error: [invalid-json]"),
        BadInput(
            "jsonc NaN",
            [
                "t.jsonc": Array(
                    "{\n  \"a\": {\"$type\": \"number\", \"$value\": NaN}, // trailing comma next\n}\n".utf8)
            ],
            ["resolve", "--tokens", "{d}/t.jsonc", "--format", "flat"], output: .file,
            exit: 2, "t.jsonc:2:38: error: [invalid-json]"),
        BadInput(
            "jsonc unquoted key", ["t.jsonc": Array("{\n  a: {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.jsonc", "--format", "flat"], output: .file,
            exit: 2, "t.jsonc:2:3: error: [invalid-json]"),
        BadInput(
            "json5 unterminated block comment", ["t.json5": Array("{\n  a: 1, /* open\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:9: error: [invalid-json]"),
        BadInput(
            "json5 bad hex digit", ["t.json5": Array("{\n  a: {$type: 'number', $value: 0xZZ},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:32: error: [invalid-json]"),
        BadInput(
            "json5 invalid escape", ["t.json5": Array("{\n  a: {$type: 'string', $value: '\\x4'},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:33: error: [invalid-json]"),
        BadInput(
            "json5 key starting with a digit", ["t.json5": Array("{\n  1a: {$type: 'number', $value: 1},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:3: error: [invalid-json]"),
        BadInput(
            "json5 lone plus", ["t.json5": Array("{\n  a: {$type: 'number', $value: +},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:32: error: [invalid-json]"),
        BadInput(
            "json5 unterminated single-quoted string",
            ["t.json5": Array("{\n  a: {$type: 'string', $value: 'open},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:39: error: [invalid-json]"),
        BadInput(
            "token file is an array", ["t.json": Array("[\n  {\"$value\": 1}\n]\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:1:1: error: [invalid-token]"),
        BadInput(
            "token file top-level $value", ["t.json": Array("{\n  \"$value\": 1\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:3: error: [invalid-token]"),
        BadInput(
            "$type not a string", ["t.json": Array("{\n  \"a\": {\"$type\": 3, \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:18: error: [invalid-token]"),
        BadInput(
            "colour hex with a bad digit",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"color\", \"$value\": \"#12345z\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:37: error: [invalid-value]"),
        BadInput(
            "colour component out of range",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"srgb\", \"components\": [1.5, 0, 0]}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:75: error: [invalid-value]"),
        BadInput(
            "colour unknown space",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"cmyk\", \"components\": [0, 0, 0, 1]}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:52: error: [invalid-value]"),
        BadInput(
            "colour wrong component count",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0]}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:74: error: [invalid-value]"),
        BadInput(
            "dimension without unit",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"dimension\", \"$value\": {\"value\": 4}}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:41: error: [invalid-value]"),
        BadInput(
            "dimension unknown unit",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"dimension\", \"$value\": {\"value\": 4, \"unit\": \"furlong\"}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:62: error: [invalid-value]"),
        BadInput(
            "dimension as a string without unit",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"dimension\", \"$value\": \"4\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:41: error: [invalid-value]"),
        BadInput(
            "duration unknown unit",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"duration\", \"$value\": {\"value\": 4, \"unit\": \"min\"}}\n}\n".utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:61: error: [invalid-value]"),
        BadInput(
            "fontWeight out of range",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"fontWeight\", \"$value\": 1001}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:42: error: [invalid-value]"),
        BadInput(
            "fontWeight unknown name",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"fontWeight\", \"$value\": \"heavyish\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:42: error: [invalid-value]"),
        BadInput(
            "cubicBezier x out of range",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"cubicBezier\", \"$value\": [1.5, 0, 0.5, 1]}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:44: error: [invalid-value]"),
        BadInput(
            "cubicBezier too few numbers",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"cubicBezier\", \"$value\": [0.5, 0, 1]}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:43: error: [invalid-value]"),
        BadInput(
            "number as a string",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": \"twelve\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-value]"),
        BadInput(
            "strokeStyle unknown keyword",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"strokeStyle\", \"$value\": \"wavy\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:43: error: [invalid-value]"),
        BadInput(
            "border missing width",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"border\", \"$value\": {\"color\": \"#000000\", \"style\": \"solid\"}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-value]"),
        BadInput(
            "shadow missing blur",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"shadow\", \"$value\": {\"color\": \"#000000\", \"offsetX\": {\"value\": 0, \"unit\": \"px\"}, \"offsetY\": {\"value\": 0, \"unit\": \"px\"}, \"spread\": {\"value\": 0, \"unit\": \"px\"}}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-value]"),
        BadInput(
            "typography missing fontSize (DTCG)",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"typography\", \"$value\": {\"fontFamily\": \"Inter\", \"fontWeight\": 400, \"lineHeight\": 1.5, \"letterSpacing\": {\"value\": 0, \"unit\": \"px\"}}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:42: error: [invalid-value]"),
        BadInput(
            "boolean as a string",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"boolean\", \"$value\": \"yes\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:39: error: [invalid-value]"),
        BadInput(
            "unresolved reference",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"number\", \"$value\": 1},\n  \"b\": {\"$value\": \"{c}\"}\n}\n".utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:3:19: error: [unresolved-reference]"),
        BadInput(
            "reference cycle",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{b}\"},\n  \"b\": {\"$type\": \"number\", \"$value\": \"{a}\"}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [circular-reference]"),
        BadInput(
            "alias to a token of another type",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"number\", \"$value\": 1},\n  \"b\": {\"$type\": \"color\", \"$value\": \"{a}\"}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:3:37: error: [type-mismatch]"),
        BadInput(
            "empty reference", ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{}\"}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:38: error: [invalid-reference]"),
        BadInput(
            "reference to a group",
            [
                "t.json": Array(
                    "{\n  \"g\": {\"a\": {\"$type\": \"number\", \"$value\": 1}},\n  \"b\": {\"$type\": \"number\", \"$value\": \"{g}\"}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:3:38: error: [reference-to-group]"),
        BadInput(
            "$ref to nowhere",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"number\", \"$value\": 1},\n  \"b\": {\"$type\": \"number\", \"$value\": {\"$ref\": \"#/c/$value\"}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:3:38: error: [unresolved-reference]"),
        BadInput(
            "$ref not a pointer",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"number\", \"$value\": 1},\n  \"b\": {\"$type\": \"number\", \"$value\": {\"$ref\": \"a\"}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:3:47: error: [invalid-reference]"),
        BadInput(
            "$extends a missing group",
            [
                "t.json": Array(
                    "{\n  \"g\": {\"$extends\": \"{missing}\", \"a\": {\"$type\": \"number\", \"$value\": 1}}\n}\n".utf8
                )
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:21: error: [invalid-extends]"),
        BadInput(
            "$extends cycle",
            [
                "t.json": Array(
                    "{\n  \"g\": {\"$extends\": \"{h}\", \"a\": {\"$type\": \"number\", \"$value\": 1}},\n  \"h\": {\"$extends\": \"{g}\", \"b\": {\"$type\": \"number\", \"$value\": 2}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:21: error: [invalid-extends]"),
        BadInput(
            "$extends not a reference",
            ["t.json": Array("{\n  \"g\": {\"$extends\": 4, \"a\": {\"$type\": \"number\", \"$value\": 1}}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:21: error: [invalid-extends]"),
        BadInput(
            "$description not a string",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1, \"$description\": 7}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:57: error: [invalid-token]"),
        BadInput(
            "$deprecated a number",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1, \"$deprecated\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:56: error: [invalid-token]"),
        BadInput(
            "$extensions not an object",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1, \"$extensions\": []}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:56: error: [invalid-token]"),
        BadInput(
            "token name with a brace",
            ["t.json": Array("{\n  \"a{b}\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:3: error: [invalid-name]"),
        BadInput(
            "token name with a dot",
            ["t.json": Array("{\n  \"a.b\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:3: error: [invalid-name]"),
        BadInput(
            "token with no type anywhere", ["t.json": Array("{\n  \"a\": {\"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:3: error: [missing-type]"),
        BadInput(
            "strict: an em dimension",
            [
                "t.json": Array(
                    "{\n  \"a\": {\"$type\": \"dimension\", \"$value\": {\"value\": 1, \"unit\": \"em\"}}\n}\n".utf8)
            ],
            ["resolve", "--tokens", "{d}/t.json", "--strict", "--format", "flat"], output: .file,
            exit: 2, "t.json:2:62: error: [non-conforming]"),
        BadInput(
            "missing tokens file", [:],
            ["resolve", "--tokens", "{d}/absent.json", "--format", "flat"], output: .file,
            exit: 2, "theme: error: [unreadable-file]"),
        BadInput(
            "tokens file is a folder", ["sub/x.json": Array("{}".utf8)],
            ["resolve", "--tokens", "{d}/sub", "--format", "flat"], output: .file,
            exit: 2, "theme: error: [unreadable-file]"),
        BadInput(
            "tokens file is a Tokens Studio $themes.json", ["$themes.json": Array("[]\n".utf8)],
            ["resolve", "--tokens", "{d}/$themes.json"], output: .file,
            exit: 2, "$themes.json:1:1: error: [invalid-token]"),
    ]
}
