using SharpCoreDB.Shell.Input;

namespace SharpCoreDB.Shell.Tests.Support;

/// <summary>A password prompt that answers from a list and records what it was asked.</summary>
/// <param name="answers">The answers, in order; none means there is no terminal to ask.</param>
internal sealed class ScriptedPasswords(params string[] answers) : IPasswordSource
{
    private readonly Queue<string> _answers = new(answers);

    /// <summary>The prompts shown, in order.</summary>
    public List<string> Asked { get; } = [];

    /// <inheritdoc />
    public bool CanPrompt { get; } = answers.Length > 0;

    /// <inheritdoc />
    public string Prompt(string prompt)
    {
        Asked.Add(prompt);
        return _answers.Dequeue();
    }
}
