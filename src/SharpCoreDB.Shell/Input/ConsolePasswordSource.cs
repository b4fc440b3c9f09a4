using Spectre.Console;

namespace SharpCoreDB.Shell.Input;

/// <summary>Prompts on the terminal through Spectre.Console's secret prompt (nothing is echoed).</summary>
/// <param name="console">The terminal.</param>
/// <param name="canPrompt">Whether standard input is a terminal.</param>
internal sealed class ConsolePasswordSource(IAnsiConsole console, bool canPrompt) : IPasswordSource
{
    /// <inheritdoc />
    public bool CanPrompt => canPrompt;

    /// <inheritdoc />
    public string Prompt(string prompt) =>
        console.Prompt(new TextPrompt<string>(Markup.Escape(prompt)).Secret(null).AllowEmpty());
}
