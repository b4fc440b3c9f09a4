namespace SharpCoreDB.Shell.Tests.Support;

/// <summary>What a shell session printed and how it ended.</summary>
/// <param name="ExitCode">The exit code.</param>
/// <param name="Out">Standard output.</param>
/// <param name="Error">Standard error.</param>
internal sealed record ShellResult(int ExitCode, string Out, string Error)
{
    /// <inheritdoc />
    public override string ToString() => $"exit {ExitCode}\n--- stdout ---\n{Out}\n--- stderr ---\n{Error}";
}
