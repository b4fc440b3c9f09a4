using SharpCoreDB.Shell.Startup;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Commands;

public sealed class ScriptModeTests
{
    [Fact]
    public void A_script_stops_at_its_first_error_with_exit_code_1()
    {
        ShellResult result = InProcessShell.Run(".mode csv\n.headers off\nSELECT 1;\nSELECT nope;\nSELECT 3;\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("1\r\n", result.Out);
        Assert.Equal("Error near line 4: UnknownColumn: no such column: nope at line 1, column 8", result.Error.Trim());
    }

    [Fact]
    public void Bail_off_goes_on_after_an_error_and_still_exits_with_1()
    {
        ShellResult result = InProcessShell.Run(
            ".mode csv\n.headers off\nSELECT 1;\nSELECT nope;\nSELECT 3;\n",
            new ShellOptions { Bail = false });
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("1\r\n3\r\n", result.Out);
    }

    [Fact]
    public void A_script_without_errors_exits_with_0()
    {
        ShellResult result = InProcessShell.Run("CREATE TABLE t(a);\nINSERT INTO t VALUES (1);\n");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(string.Empty, result.Error);
    }

    [Fact]
    public void At_a_terminal_an_error_is_reported_and_the_session_goes_on()
    {
        ShellResult result = InProcessShell.Run(".mode csv\n.headers off\nSELECT nope;\nSELECT 2;\n", terminal: true);
        Assert.Equal(0, result.ExitCode);
        Assert.EndsWith("2\r\n", result.Out, StringComparison.Ordinal);
        Assert.StartsWith("Error: UnknownColumn: ", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void The_command_option_runs_its_sql_and_dot_commands_instead_of_standard_input()
    {
        ShellResult result = InProcessShell.Run(
            "SELECT 'stdin is not read';\n",
            new ShellOptions { Command = ".mode csv\n.headers off\nSELECT 40 + 2" });
        Assert.Equal(0, result.ExitCode);
        Assert.Equal("42\r\n", result.Out);
    }

    [Fact]
    public void A_trigger_typed_over_several_lines_runs_as_one_statement()
    {
        ShellResult result = InProcessShell.Run("""
            .mode csv
            .headers off
            CREATE TABLE t(a);
            CREATE TABLE log(a);
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN
              INSERT INTO log VALUES (new.a);
              INSERT INTO log VALUES (new.a * 10);
            END;
            INSERT INTO t VALUES (4);
            SELECT a FROM log ORDER BY a;

            """);
        Assert.Equal(0, result.ExitCode);
        Assert.Equal("4\r\n40\r\n", result.Out);
    }

    [Fact]
    public void A_transaction_begun_in_sql_spans_statements()
    {
        ShellResult result = InProcessShell.Run(".mode csv\n.headers off\nCREATE TABLE t(a);\nBEGIN;\nINSERT INTO t VALUES (1);\nROLLBACK;\nSELECT count(*) FROM t;\n");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal("0\r\n", result.Out);
    }

    [Fact]
    public void Readonly_refuses_writes_with_the_engines_error()
    {
        using var temp = new TempDirectory();
        string path = temp.File("ro.scdb");
        Database.Execute($"Data Source={path}", "CREATE TABLE t(a)");
        ShellResult result = InProcessShell.Run("INSERT INTO t VALUES (1);\n", new ShellOptions { DataSource = path, ReadOnly = true });
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("ReadOnly", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Durability_option_opens_the_database_in_that_mode()
    {
        using var temp = new TempDirectory();
        string path = temp.File("async.scdb");
        ShellResult result = InProcessShell.Run(
            "CREATE TABLE t(a);\nINSERT INTO t VALUES (5);\n",
            new ShellOptions { DataSource = path, Durability = SharpCoreDB.Wal.DurabilityMode.Async });
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(["integer:5"], Database.Rows($"Data Source={path}", "SELECT a FROM t"));
    }
}
