import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

@Suite("theme command line")
struct CommandLineTests {
    @Test("theme --help lists the commands and exit codes")
    func help() throws {
        let result = theme("--help")
        #expect(result.exitCode == .success)
        try expectSnapshot(result.output, named: "help.txt")
    }

    @Test("theme resolve --help explains every option")
    func resolveHelp() throws {
        let result = theme("resolve", "--help")
        #expect(result.exitCode == .success)
        #expect(theme("help", "resolve").output == result.output)
        try expectSnapshot(result.output, named: "help-resolve.txt")
    }

    @Test("no arguments prints the overview to stderr and exits 64")
    func noArguments() {
        let result = theme()
        #expect(result.exitCode == .usage)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errors.hasPrefix("OVERVIEW:"))
    }

    @Test("theme --version")
    func version() {
        #expect(theme("--version").output == "theme \(ThemeTool.version)\n")
    }

    @Test(
        "usage errors say what is wrong, suggest a fix, and exit 64",
        arguments: [
            (["reslove"], "theme: error: unknown command 'reslove'; did you mean 'resolve'?"),
            (["--version", "extra"], "theme: error: unexpected argument 'extra' after --version"),
            (["resolve", "--them", "x.json"], "theme: error: unknown option '--them'; did you mean '--theme'?"),
            (["resolve", "--format", "yaml"], "theme: error: --format must be one of json, flat, text; found 'yaml'"),
            (
                ["resolve", "--format", "flta"],
                "theme: error: --format must be one of json, flat, text; found 'flta'; did you mean 'flat'?"
            ),
            (["resolve", "--theme"], "theme: error: --theme needs a value <path>"),
            (["resolve", "--format", "json", "--format", "flat"], "theme: error: --format may be given only once"),
            (
                ["resolve", "Themes/dark.json"],
                "theme: error: unexpected argument 'Themes/dark.json'; token files go after --tokens or --theme"
            ),
            (
                ["resolve", "--component", "TextImput"],
                "theme: error: the component schema has no component 'TextImput'; did you mean 'TextInput'? theme resolve --list-components lists them"
            ),
            (["resolve", "--explain"], "theme: error: --explain goes with --component"),
            (
                ["resolve", "--component", "TextInput", "--format", "flat"],
                "theme: error: --format flat is for tokens; a component is printed as json or text"
            ),
        ])
    func usageErrors(arguments: [String], message: String) {
        let result = ThemeTool.run(arguments)
        #expect(result.exitCode == .usage)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errors.split(separator: "\n").first.map(String.init) == message)
    }

    @Test("--option=value is the same as --option value")
    func equalsForm() {
        #expect(theme("resolve", "--format=flat").output == theme("resolve", "--format", "flat").output)
    }
}

@Suite("Options declared once")
struct OptionDeclarationTests {
    @Test("No command declares two options with one name, nor one named help")
    func uniqueNames() {
        for command in ThemeTool.commands {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name) declares an option twice")
            #expect(!names.contains("help"), "\(command.name) declares --help, which every command has")
        }
    }
}
