using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.EndToEnd;

/// <summary>The built tool run as a process: piped input, arguments, environment, exit codes.</summary>
public sealed class ShellProcessTests
{
    [Fact]
    public void A_piped_script_runs_and_exits_with_0()
    {
        using var temp = new TempDirectory();
        string db = temp.File("app.scdb");
        ShellResult result = ShellProcess.Run(
            "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO t VALUES (1, 'one'), (2, 'two');\nSELECT * FROM t ORDER BY id;\n",
            null,
            db);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(string.Empty, result.Error);
        Assert.Equal(
            """
            ┌────┬──────┐
            │ id │ name │
            ├────┼──────┤
            │  1 │ one  │
            │  2 │ two  │
            └────┴──────┘

            """,
            result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void The_command_option_with_an_error_exits_with_1_and_prints_the_code_on_stderr()
    {
        ShellResult result = ShellProcess.Run(string.Empty, null, "--mode", "csv", "-c", "SELECT 1 AS a; SELECT * FROM missing; SELECT 3 AS a;");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("a\r\n1\r\n", result.Out);
        Assert.StartsWith("Error near line 1: UnknownTable: ", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Bail_off_runs_the_rest_of_the_script_and_exits_with_1()
    {
        ShellResult result = ShellProcess.Run("SELECT nope;\nSELECT 3 AS a;\n", null, "--bail", "off", "--mode", "csv");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("a\r\n3\r\n", result.Out);
    }

    [Fact]
    public void The_environment_variable_opens_an_encrypted_file_and_without_it_the_open_fails()
    {
        using var temp = new TempDirectory();
        string db = temp.File("secret.scdb");
        Database.Execute($"Data Source={db};Password=pw1", "CREATE TABLE t(a)", "INSERT INTO t VALUES (7)");
        var environment = new Dictionary<string, string> { [Shell.PasswordVariable] = "pw1" };
        ShellResult opened = ShellProcess.Run("SELECT a FROM t;\n", environment, "--mode", "json", db);
        Assert.True(opened.ExitCode == 0, opened.ToString());
        Assert.Equal("[{\"a\":7}]", opened.Out.Trim());

        // Standard input is a pipe, so there is no one to prompt: the open fails and says how to give the password.
        ShellResult refused = ShellProcess.Run("SELECT a FROM t;\n", null, db);
        Assert.Equal(1, refused.ExitCode);
        Assert.Contains("PasswordRequired", refused.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void The_password_file_option_opens_an_encrypted_file()
    {
        using var temp = new TempDirectory();
        string db = temp.File("secret.scdb");
        string passwordFile = temp.File("pw");
        File.WriteAllText(passwordFile, "pw2\n");
        Database.Execute($"Data Source={db};Password=pw2", "CREATE TABLE t(a)", "INSERT INTO t VALUES (8)");
        ShellResult result = ShellProcess.Run(string.Empty, null, "--password-file", passwordFile, "--mode", "line", "-c", "SELECT a FROM t", db);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal("a = 8", result.Out.Trim());
    }

    [Fact]
    public void A_password_on_the_command_line_is_refused_with_exit_code_2()
    {
        ShellResult result = ShellProcess.Run(string.Empty, null, "--password", "hunter2", "app.scdb");
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("never taken on the command line", result.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("hunter2", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Readonly_refuses_a_write_with_exit_code_1()
    {
        using var temp = new TempDirectory();
        string db = temp.File("ro.scdb");
        Database.Execute($"Data Source={db}", "CREATE TABLE t(a)");
        ShellResult result = ShellProcess.Run("INSERT INTO t VALUES (1);\n", null, "--readonly", db);
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("ReadOnly", result.Error, StringComparison.Ordinal);
        Assert.Equal(["integer:0"], Database.Rows($"Data Source={db}", "SELECT count(*) FROM t"));
    }

    [Fact]
    public void Import_then_dump_round_trip_through_the_tool()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("data.csv");
        File.WriteAllText(csv, "k,v\n1,\"a, b\"\n2,c\n");
        string db = temp.File("app.scdb");
        ShellResult result = ShellProcess.Run($".import {csv} kv\n.dump\n", null, db);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(
            """
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE "kv"("k" TEXT, "v" TEXT);
            INSERT INTO "kv" VALUES('1','a, b');
            INSERT INTO "kv" VALUES('2','c');
            COMMIT;

            """,
            result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Help_prints_the_usage_and_exits_with_0()
    {
        ShellResult result = ShellProcess.Run(string.Empty, null, "--help");
        Assert.Equal(0, result.ExitCode);
        Assert.Contains("Usage: sharpcoredb [options] [FILE]", result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void An_unknown_option_exits_with_2()
    {
        ShellResult result = ShellProcess.Run(string.Empty, null, "--frobnicate");
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("unknown option '--frobnicate'", result.Error, StringComparison.Ordinal);
    }
}
