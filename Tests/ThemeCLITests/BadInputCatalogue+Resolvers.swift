// The catalogue of bad input that BadInputCatalogueTests runs: Tokens Studio exports, resolver documents, component schemas, command-line options and output paths. Each case is the files it writes into a
// folder of its own, the command line (`{d}` is that folder), the output it is given to leave intact, and the
// exit status and first error line it gets: `FILE:LINE:COLUMN: error: [rule]`, with the file relative to the folder,
// or the whole line of a usage error.

extension BadInput {
    static let resolversAndCommands: [BadInput] = [
        BadInput(
            "Tokens Studio $themes not an array",
            [
                "ts/$themes.json": Array("{\n  \"name\": \"Light\"\n}\n".utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/$themes.json:1:1: error: [invalid-resolver]"),
        BadInput(
            "Tokens Studio theme without a name",
            [
                "ts/$themes.json": Array("[\n  {\"selectedTokenSets\": {\"core\": \"enabled\"}}\n]\n".utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/$themes.json:2:3: error: [invalid-resolver]"),
        BadInput(
            "Tokens Studio set status unknown",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"on\"}}\n]\n".utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/$themes.json:2:51: error: [invalid-resolver]"),
        BadInput(
            "Tokens Studio theme selects a missing set",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"enabled\", \"brand\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/$themes.json:2:62: error: [invalid-resolver]"),
        BadInput(
            "Tokens Studio expression of two units",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"enabled\", \"calc\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
                "ts/calc.json": Array("{\n  \"gap\": {\"value\": \"4px + 1rem\", \"type\": \"spacing\"}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/calc.json:2:20: error: [invalid-value]"),
        BadInput(
            "Tokens Studio division by zero",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"enabled\", \"calc\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
                "ts/calc.json": Array("{\n  \"gap\": {\"value\": \"{space.sm} / 0\", \"type\": \"spacing\"}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/calc.json:2:20: error: [invalid-value]"),
        BadInput(
            "Tokens Studio unresolved reference",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"enabled\", \"calc\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
                "ts/calc.json": Array("{\n  \"gap\": {\"value\": \"{space.xl}\", \"type\": \"spacing\"}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/calc.json:2:20: error: [unresolved-reference]"),
        BadInput(
            "Tokens Studio colour function not computed",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"enabled\", \"calc\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
                "ts/calc.json": Array(
                    "{\n  \"brand\": {\"value\": \"set_lightness(#336699, 0.5)\", \"type\": \"color\"}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/calc.json:2:22: error: [invalid-value]"),
        BadInput(
            "Tokens Studio set is not JSON",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"selectedTokenSets\": {\"core\": \"enabled\", \"calc\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
                "ts/calc.json": Array("{\n  \"gap\": {\"value\": \"4\", \"type\": \"spacing\"},\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--format", "flat"], output: .file,
            exit: 2, "ts/calc.json:2:43: error: [invalid-json]"),
        BadInput(
            "Tokens Studio unknown input",
            [
                "ts/$themes.json": Array(
                    "[\n  {\"name\": \"Light\", \"group\": \"Mode\", \"selectedTokenSets\": {\"core\": \"enabled\"}}\n]\n"
                        .utf8),
                "ts/core.json": Array("{\n  \"space\": {\"sm\": {\"value\": \"4\", \"type\": \"spacing\"}}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/ts/$themes.json", "--input", "mode=sepia", "--format", "flat"],
            output: .file,
            exit: 2, "ts/$themes.json:2:3: error: [invalid-input]"),
        BadInput(
            "Tokens Studio single file with $themes not an array",
            [
                "tokens.json": Array(
                    "{\n  \"core\": {\"a\": {\"value\": \"1\", \"type\": \"number\"}},\n  \"$themes\": 5\n}\n".utf8)
            ],
            ["resolve", "--resolver", "{d}/tokens.json", "--format", "flat"], output: .file,
            exit: 2, "tokens.json:3:14: error: [invalid-resolver]"),
        BadInput(
            "resolver without resolutionOrder",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"base.json\"}]}}\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:1:1: error: [invalid-resolver]"),
        BadInput(
            "resolver unknown version",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"1.0\",\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"base.json\"}]}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:2:14: error: [invalid-resolver]"),
        BadInput(
            "resolver $ref to a missing set",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}]\n}\n".utf8),
                "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:32: error: [invalid-resolver]"),
        BadInput(
            "resolver modifier without contexts",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"modifiers\": {\"mode\": {\"default\": \"light\"}},\n  \"resolutionOrder\": [{\"$ref\": \"#/modifiers/mode\"}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:25: error: [invalid-resolver]"),
        BadInput(
            "resolver default not a context",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"modifiers\": {\"mode\": {\"contexts\": {\"light\": []}, \"default\": \"dark\"}},\n  \"resolutionOrder\": [{\"$ref\": \"#/modifiers/mode\"}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:64: error: [invalid-resolver]"),
        BadInput(
            "resolver source file missing",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"absent.json\"}]}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:73: error: [invalid-resolver]"),
        BadInput(
            "resolver source outside its folder",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"../outside.json\"}]}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:73: error: [invalid-resolver]"),
        BadInput(
            "resolver source pointer to nothing",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"base.json#/nothing\"}]}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:73: error: [invalid-resolver]"),
        BadInput(
            "resolver unknown input context",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"modifiers\": {\"mode\": {\"contexts\": {\"light\": [], \"dark\": []}, \"default\": \"light\"}},\n  \"resolutionOrder\": [{\"$ref\": \"#/modifiers/mode\"}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--input", "mode=sepia", "--format", "flat"],
            output: .file,
            exit: 2, "r.resolver.json:3:25: error: [invalid-input]"),
        BadInput(
            "resolver unknown input modifier",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"modifiers\": {\"mode\": {\"contexts\": {\"light\": [], \"dark\": []}, \"default\": \"light\"}},\n  \"resolutionOrder\": [{\"$ref\": \"#/modifiers/mode\"}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--input", "brand=acme", "--format", "flat"],
            output: .file,
            exit: 2, "r.resolver.json:3:16: error: [invalid-input]"),
        BadInput(
            "resolver order entry of unknown type",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"type\": \"layer\", \"name\": \"s\", \"sources\": []}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:23: error: [invalid-resolver]"),
        BadInput(
            "resolver sets not an object",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"sets\": [],\n  \"resolutionOrder\": []\n}\n".utf8),
                "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:11: error: [invalid-resolver]"),
        BadInput(
            "resolver token error inside a source",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"base.json\"}, {\"b\": {\"$type\": \"number\", \"$value\": \"{zz}\"}}]}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--format", "flat"], output: .file,
            exit: 2, "r.resolver.json:3:123: error: [unresolved-reference]"),
        BadInput(
            "schema not an object", ["components.json": Array("[\n  1\n]\n".utf8)],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:1:1: error: [invalid-schema]"),
        BadInput(
            "schema component of unknown kind",
            [
                "components.json": Array(
                    "{\n  \"components\": {\n    \"Chip\": {\"token\": \"chip\", \"properties\": {\"background\": {\"kind\": \"colour\", \"token\": \"theme.color.chip.background\"}}}\n  }\n}\n"
                        .utf8)
            ],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:3:69: error: [invalid-schema]"),
        BadInput(
            "schema property without a token",
            [
                "components.json": Array(
                    "{\n  \"components\": {\n    \"Chip\": {\"token\": \"chip\", \"properties\": {\"background\": {\"kind\": \"color\"}}}\n  }\n}\n"
                        .utf8)
            ],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:3:60: error: [invalid-schema]"),
        BadInput(
            "schema unknown state set",
            [
                "components.json": Array(
                    "{\n  \"components\": {\n    \"Chip\": {\"token\": \"chip\", \"states\": \"blinking\", \"properties\": {\"background\": {\"kind\": \"color\", \"token\": \"theme.color.chip.background\"}}}\n  }\n}\n"
                        .utf8)
            ],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:3:41: error: [invalid-schema]"),
        BadInput(
            "schema extends a missing component",
            [
                "components.json": Array(
                    "{\n  \"components\": {\n    \"Chip\": {\"extends\": \"Pill\", \"token\": \"chip\", \"properties\": {}}\n  }\n}\n"
                        .utf8)
            ],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:3:25: error: [invalid-schema]"),
        BadInput(
            "schema unknown placeholder",
            [
                "components.json": Array(
                    "{\n  \"components\": {\n    \"Chip\": {\"token\": \"chip\", \"properties\": {\"background\": {\"kind\": \"color\", \"token\": \"theme.color.{widget}.background\"}}}\n  }\n}\n"
                        .utf8)
            ],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:3:87: error: [invalid-schema]"),
        BadInput(
            "schema is not JSON", ["components.json": Array("{\n  \"components\": {,}\n}\n".utf8)],
            ["resolve", "--list-components", "--components", "{d}/components.json"], output: .file,
            exit: 2, "components.json:2:18: error: [invalid-json]"),
        BadInput(
            "unknown option", [:],
            ["resolve", "--tokns", "x.json"], output: .file,
            exit: 64, "theme: error: unknown option '--tokns'; did you mean '--tokens'?"),
        BadInput(
            "option without its value", [:],
            ["resolve", "--format"], output: .file,
            exit: 64, "theme: error: --format needs a value <format>"),
        BadInput(
            "unknown format", [:],
            ["resolve", "--format", "yaml"], output: .file,
            exit: 64, "theme: error: --format must be one of json, flat, text; found 'yaml'"),
        BadInput(
            "unknown command", [:],
            ["resolv"], output: .file,
            exit: 64, "theme: error: unknown command 'resolv'; did you mean 'resolve'?"),
        BadInput(
            "--input without --resolver", [:],
            ["resolve", "--input", "mode=dark"], output: .file,
            exit: 64, "theme: error: --input goes with --resolver"),
        BadInput(
            "--all without --output-dir",
            ["r.resolver.json": Array("{\"version\": \"2025.10\", \"resolutionOrder\": []}".utf8)],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--all"], output: .file,
            exit: 64,
            "theme: error: --all writes one file per permutation: give --output-dir, without --output, --component or --list-components"
        ),
        BadInput(
            "lint unknown rule", [:],
            ["lint", "--rule", "no-such-rule=off"], output: .none,
            exit: 64, "theme: error: unknown rule 'no-such-rule'"),
        BadInput(
            "export unknown format", [:],
            ["export", "--format", "yaml"], output: .file,
            exit: 64, "theme: error: --format must be one of css, swift, xcassets, android, dtcg; found 'yaml'"),
        BadInput(
            "diff without a second side", [:],
            ["diff", "--tokens", "Tokens/defaultTokens.json"], output: .none,
            exit: 64, "theme: error: say what to compare: --from-theme/--to-theme, or --since <revision>"),
        BadInput(
            "input not modifier=context",
            ["r.resolver.json": Array("{\"version\": \"2025.10\", \"resolutionOrder\": []}".utf8)],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--input", "dark"], output: .file,
            exit: 64, "theme: error: --input takes modifier=context, such as --input mode=dark; found 'dark'"),
        BadInput(
            "--output in a missing folder",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--output", "{d}/missing/out.json"], output: .none,
            exit: 2, "theme: error: cannot write missing/out.json: No such file or directory"),
        BadInput(
            "--output is a folder",
            [
                "t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
                "outdir/keep.txt": Array("keep".utf8),
            ],
            ["resolve", "--tokens", "{d}/t.json", "--output", "{d}/outdir"], output: .none,
            exit: 2, "theme: error: cannot write outdir: it is a directory"),
        BadInput(
            "--output-dir is a file",
            [
                "t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
                "outfile": Array("keep".utf8),
            ],
            ["export", "--format", "android", "--tokens", "{d}/t.json", "--output-dir", "{d}/outfile"], output: .none,
            exit: 2, "theme: error: cannot write outfile: it is a file, not a folder; nothing was written"),
        BadInput(
            "export with an error keeps an existing folder",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{b}\"}\n}\n".utf8)],
            ["export", "--format", "android", "--tokens", "{d}/t.json"], output: .folder,
            exit: 2, "t.json:2:38: error: [unresolved-reference]"),
        BadInput(
            "export css with an error keeps an existing file",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"color\", \"$value\": \"#12\"}\n}\n".utf8)],
            ["export", "--format", "css", "--tokens", "{d}/t.json"], output: .file,
            exit: 2, "t.json:2:37: error: [invalid-value]"),
        BadInput(
            "diff of a file in error",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{b}\"}\n}\n".utf8)],
            ["diff", "--tokens", "Tokens/defaultTokens.json", "--to-theme", "{d}/t.json"], output: .none,
            exit: 2, "t.json:2:38: error: [unresolved-reference]"),
        BadInput(
            "preview of a file in error",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{b}\"}\n}\n".utf8)],
            ["preview", "--theme", "{d}/t.json", "--format", "html"], output: .file,
            exit: 2, "t.json:2:38: error: [unresolved-reference]"),
        BadInput(
            "all permutations with an error keep an existing folder",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"modifiers\": {\"mode\": {\"contexts\": {\"light\": [], \"dark\": [{\"b\": {\"$type\": \"number\", \"$value\": \"{zz}\"}}]}, \"default\": \"light\"}},\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"base.json\"}]}, {\"$ref\": \"#/modifiers/mode\"}]\n}\n"
                        .utf8), "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--all"], output: .folder,
            exit: 2, "r.resolver.json:3:97: error: [unresolved-reference]"),
        BadInput(
            "empty resolution order is fine but --all into a file path",
            [
                "r.resolver.json": Array(
                    "{\n  \"version\": \"2025.10\",\n  \"resolutionOrder\": [{\"type\": \"set\", \"name\": \"s\", \"sources\": [{\"$ref\": \"base.json\"}]}]\n}\n"
                        .utf8), "taken": Array("x".utf8),
                "base.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n".utf8),
            ],
            ["resolve", "--resolver", "{d}/r.resolver.json", "--all", "--output-dir", "{d}/taken"], output: .none,
            exit: 2, "theme: error: cannot write into taken: it is not a folder"),
        BadInput(
            "lint with a rule set to an unknown level", [:],
            ["lint", "--rule", "min-contrast=loud"], output: .none,
            exit: 64, "theme: error: --rule min-contrast must be set to one of off, info, warning, error; found 'loud'"),
        BadInput(
            "diff of a missing file", [:],
            ["diff", "--tokens", "Tokens/defaultTokens.json", "--to-theme", "{d}/absent.json"], output: .none,
            exit: 2, "theme: error: [unreadable-file]"),
        BadInput(
            "export swift of a file in error",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"dimension\", \"$value\": \"4\"}\n}\n".utf8)],
            ["export", "--format", "swift", "--tokens", "{d}/t.json"], output: .file,
            exit: 2, "t.json:2:41: error: [invalid-value]"),
        BadInput(
            "export dtcg with an error keeps an existing folder",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{b}\"}\n}\n".utf8)],
            ["export", "--format", "dtcg", "--tokens", "{d}/t.json"], output: .folder,
            exit: 2, "t.json:2:38: error: [unresolved-reference]"),
        BadInput(
            "export xcassets with an error keeps an existing folder",
            ["t.json": Array("{\n  \"a\": {\"$type\": \"color\", \"$value\": \"#1234567\"}\n}\n".utf8)],
            ["export", "--format", "xcassets", "--tokens", "{d}/t.json"], output: .folder,
            exit: 2, "t.json:2:37: error: [invalid-value]"),
        BadInput(
            "component of a missing name", [:],
            ["resolve", "--component", "Buton"], output: .file,
            exit: 64,
            "theme: error: the component schema has no component 'Buton'; did you mean 'Button'? theme resolve --list-components lists them"
        ),
        BadInput(
            "theme file in error under a good base",
            [
                "theme.json": Array(
                    "{\n  \"theme\": {\"color\": {\"input\": {\"normal\": {\"background\": {\"$value\": \"{nowhere}\"}}}}}\n}\n"
                        .utf8)
            ],
            ["resolve", "--theme", "{d}/theme.json", "--format", "flat"], output: .file,
            exit: 2, "theme.json:2:69: error: [unresolved-reference]"),
        BadInput(
            "json BOM then nothing", ["t.json": Array("﻿".utf8)],
            ["resolve", "--tokens", "{d}/t.json", "--format", "flat"], output: .file,
            exit: 2, "t.json:1:1: error: [invalid-json]"),
        BadInput(
            "json5 NaN in a number token", ["t.json5": Array("{\n  a: {$type: 'number', $value: NaN},\n}\n".utf8)],
            ["resolve", "--tokens", "{d}/t.json5", "--format", "flat"], output: .file,
            exit: 2, "t.json5:2:32: error: [invalid-json]"),
    ]
}
