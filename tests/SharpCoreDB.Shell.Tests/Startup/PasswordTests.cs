using SharpCoreDB.Shell.Startup;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Startup;

public sealed class PasswordTests
{
    private const string Password = "correct horse";
    private const string Query = ".mode csv\n.headers off\nSELECT a FROM t;\n";

    private static string CreateEncrypted(TempDirectory temp)
    {
        string path = temp.File("secret.scdb");
        Database.Execute($"Data Source={path};Password={Password}", "CREATE TABLE t(a)", "INSERT INTO t VALUES (42)");
        return path;
    }

    [Fact]
    public void An_encrypted_file_opens_with_the_password_from_a_file()
    {
        using var temp = new TempDirectory();
        string path = CreateEncrypted(temp);
        string passwordFile = temp.File("pw.txt");
        File.WriteAllText(passwordFile, Password + "\n");
        ShellResult result = InProcessShell.Run(Query, new ShellOptions { DataSource = path, PasswordFile = passwordFile });
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal("42\r\n", result.Out);
    }

    [Fact]
    public void An_encrypted_file_opens_with_the_password_from_the_environment()
    {
        using var temp = new TempDirectory();
        string path = CreateEncrypted(temp);
        ShellResult result = InProcessShell.Run(
            Query,
            new ShellOptions { DataSource = path },
            environment: new Dictionary<string, string> { [Shell.PasswordVariable] = Password });
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal("42\r\n", result.Out);
    }

    [Fact]
    public void An_encrypted_file_prompts_for_its_password_at_a_terminal()
    {
        using var temp = new TempDirectory();
        string path = CreateEncrypted(temp);
        var prompt = new ScriptedPasswords(Password);
        ShellResult result = InProcessShell.Run(Query, new ShellOptions { DataSource = path }, prompt);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(["Password:"], prompt.Asked);
        Assert.Equal("42\r\n", result.Out);
    }

    [Fact]
    public void A_plain_file_is_not_prompted_for_and_ignores_the_environment_variable()
    {
        using var temp = new TempDirectory();
        string path = temp.File("plain.scdb");
        Database.Execute($"Data Source={path}", "CREATE TABLE t(a)", "INSERT INTO t VALUES (42)");
        var prompt = new ScriptedPasswords("unused");
        ShellResult result = InProcessShell.Run(
            Query,
            new ShellOptions { DataSource = path },
            prompt,
            new Dictionary<string, string> { [Shell.PasswordVariable] = "left over" });
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Empty(prompt.Asked);
    }

    [Fact]
    public void An_encrypted_file_without_a_password_source_fails_with_PasswordRequired()
    {
        using var temp = new TempDirectory();
        string path = CreateEncrypted(temp);
        ShellResult result = InProcessShell.Run(Query, new ShellOptions { DataSource = path });
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("PasswordRequired", result.Error, StringComparison.Ordinal);
        Assert.Contains("--password-file", result.Error, StringComparison.Ordinal);
        Assert.Equal(string.Empty, result.Out);
    }

    [Fact]
    public void A_wrong_password_fails_with_WrongPassword()
    {
        using var temp = new TempDirectory();
        string path = CreateEncrypted(temp);
        ShellResult result = InProcessShell.Run(Query, new ShellOptions { DataSource = path }, new ScriptedPasswords("wrong"));
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("WrongPassword", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_raw_key_file_prompts_for_its_key()
    {
        using var temp = new TempDirectory();
        string path = temp.File("key.scdb");
        string key = new('7', 64);
        Database.Execute($"Data Source={path};Encryption Key={key}", "CREATE TABLE t(a)", "INSERT INTO t VALUES (42)");
        var prompt = new ScriptedPasswords(key);
        ShellResult result = InProcessShell.Run(Query, new ShellOptions { DataSource = path }, prompt);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(["Key (64 hex digits):"], prompt.Asked);
    }

    [Fact]
    public void A_new_file_with_a_password_file_is_created_encrypted()
    {
        using var temp = new TempDirectory();
        string path = temp.File("new.scdb");
        string passwordFile = temp.File("pw.txt");
        File.WriteAllText(passwordFile, Password);
        ShellResult result = InProcessShell.Run("CREATE TABLE t(a);\n", new ShellOptions { DataSource = path, PasswordFile = passwordFile });
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(DatabaseSecret.Password, DatabaseFileProbe.Inspect(path));
        ShellResult without = InProcessShell.Run(Query, new ShellOptions { DataSource = path });
        Assert.Contains("PasswordRequired", without.Error, StringComparison.Ordinal);
    }
}
