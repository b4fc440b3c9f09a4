using SharpCoreDB.Shell.Startup;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Commands;

/// <summary>What .rekey checks itself before it runs PRAGMA rekey (no engine support needed).</summary>
public sealed class RekeyPromptTests
{
    [Fact]
    public void Rekey_refuses_two_different_answers_and_keeps_the_password()
    {
        var prompt = new ScriptedPasswords("one", "two");
        ShellResult result = InProcessShell.Run(".rekey\n", new ShellOptions(), prompt);
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("the two passwords differ", result.Error, StringComparison.Ordinal);
        Assert.Equal(["New password:", "Repeat the new password:"], prompt.Asked);
    }

    [Fact]
    public void Rekey_refuses_an_empty_password()
    {
        ShellResult result = InProcessShell.Run(".rekey\n", new ShellOptions(), new ScriptedPasswords(string.Empty, string.Empty));
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("the new password is empty", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Rekey_without_a_terminal_says_to_use_the_pragma()
    {
        ShellResult result = InProcessShell.Run(".rekey\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("PRAGMA rekey", result.Error, StringComparison.Ordinal);
    }
}
