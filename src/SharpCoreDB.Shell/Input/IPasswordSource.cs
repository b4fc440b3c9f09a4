namespace SharpCoreDB.Shell.Input;

/// <summary>Asks the person at the terminal for a secret without echoing it.</summary>
internal interface IPasswordSource
{
    /// <summary>True when there is someone to ask (standard input is a terminal).</summary>
    bool CanPrompt { get; }

    /// <summary>Prompts for a secret.</summary>
    /// <param name="prompt">What to ask, e.g. <c>Password:</c>.</param>
    /// <returns>What was typed.</returns>
    string Prompt(string prompt);
}
