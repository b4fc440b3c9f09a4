using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Commands;

public sealed class DotCommandTests
{
    private const string Schema = """
        CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE orders(id INTEGER PRIMARY KEY, user_id INTEGER, total REAL);
        CREATE INDEX orders_user ON orders(user_id);
        CREATE INDEX users_name ON users(name);
        CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;

        """;

    [Fact]
    public void Tables_lists_tables_and_views_sorted()
    {
        ShellResult result = InProcessShell.Run(Schema + ".tables\n");
        Assert.Equal("big_orders\norders\nusers\n", result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Tables_with_a_pattern_lists_the_matching_names()
    {
        ShellResult result = InProcessShell.Run(Schema + ".tables %ord%\n");
        Assert.Equal("big_orders\norders\n", result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Schema_of_a_table_prints_its_create_statements()
    {
        ShellResult result = InProcessShell.Run(Schema + ".schema orders\n");
        Assert.Equal(
            "CREATE TABLE orders(id INTEGER PRIMARY KEY, user_id INTEGER, total REAL);\nCREATE INDEX orders_user ON orders(user_id);\n",
            result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Schema_without_a_table_prints_every_object()
    {
        ShellResult result = InProcessShell.Run(Schema + ".schema\n");
        Assert.Equal(5, result.Out.ReplaceLineEndings("\n").Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.Contains("CREATE VIEW big_orders", result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void Indexes_lists_the_indexes_of_a_table()
    {
        ShellResult all = InProcessShell.Run(Schema + ".indexes\n");
        Assert.Equal("orders_user\nusers_name\n", all.Out.ReplaceLineEndings("\n"));
        ShellResult one = InProcessShell.Run(Schema + ".indexes users\n");
        Assert.Equal("users_name\n", one.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Explain_prints_the_plan_as_a_tree()
    {
        ShellResult result = InProcessShell.Run(Schema + ".explain SELECT name FROM users WHERE name = 'x' ORDER BY id;\n");
        Assert.Equal(0, result.ExitCode);
        string[] lines = result.Out.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n');
        Assert.Equal("QUERY PLAN", lines[0]);
        Assert.All(lines[1..], line => Assert.Matches("^[ │]*[└├]── ", line));
        Assert.Contains(lines, line => line.Contains("users_name", StringComparison.Ordinal));

        // Each operator hangs one level deeper than its parent, as EXPLAIN indents it.
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        foreach (string statement in Schema.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            using var create = connection.CreateCommand();
            create.CommandText = statement;
            create.ExecuteNonQuery();
        }

        List<string> plan = Database.Rows(connection, "EXPLAIN SELECT name FROM users WHERE name = 'x' ORDER BY id");
        Assert.Equal(plan.Count, lines.Length - 1);
        for (int i = 0; i < plan.Count; i++)
        {
            string expected = plan[i]["text:".Length..];
            int depth = (expected.Length - expected.TrimStart().Length) / 2;
            Assert.Equal(depth * 4, lines[i + 1].IndexOf("── ", StringComparison.Ordinal) - 1);
            Assert.EndsWith(expected.Trim(), lines[i + 1], StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Timer_on_prints_the_run_time_after_each_statement_and_off_stops_it()
    {
        ShellResult result = InProcessShell.Run(".mode csv\n.timer on\nSELECT 1 AS a;\n.timer off\nSELECT 2 AS a;\n");
        string[] lines = result.Out.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n');
        Assert.Equal(["a", "1", "a", "2"], lines.Where(l => !l.StartsWith("Run Time:", StringComparison.Ordinal)));
        Assert.Matches(@"^Run Time: real \d+\.\d{3} user \d+\.\d{6} sys \d+\.\d{6}$", Assert.Single(lines, l => l.StartsWith("Run Time:", StringComparison.Ordinal)));
        Assert.Equal("Run Time:", lines[2][..9]);
    }

    [Fact]
    public void Help_lists_every_command()
    {
        ShellResult result = InProcessShell.Run(".help\n");
        foreach (string command in new[] { ".backup", ".check", ".dump", ".exit", ".explain", ".help", ".import", ".indexes", ".mode", ".quit", ".read", ".rekey", ".schema", ".tables", ".timer", ".vacuum" })
        {
            Assert.Contains(command + " ", result.Out, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Quit_ends_the_session_and_later_input_is_not_run()
    {
        ShellResult result = InProcessShell.Run(".mode csv\nSELECT 1 AS a;\n.quit\nSELECT 2 AS a;\n");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal("a\r\n1\r\n", result.Out);
    }

    [Fact]
    public void An_unknown_command_is_reported_with_its_name()
    {
        ShellResult result = InProcessShell.Run(".frobnicate\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("Unsupported: unknown command '.frobnicate'", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_dot_command_with_the_wrong_arguments_prints_its_usage()
    {
        ShellResult result = InProcessShell.Run(".import only-one-argument\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("usage: .import FILE TABLE", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_runs_a_file_of_sql_and_dot_commands()
    {
        using var temp = new TempDirectory();
        string script = temp.File("setup.sql");
        File.WriteAllText(script, "CREATE TABLE t(a);\nINSERT INTO t VALUES (1), (2);\n.mode csv\nSELECT sum(a) AS s FROM t;\n");
        ShellResult result = InProcessShell.Run($".read '{script}'\nSELECT count(*) AS n FROM t;\n");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal("s\r\n3\r\nn\r\n2\r\n", result.Out);
    }

    [Fact]
    public void An_error_inside_a_read_file_names_the_file_and_line_and_stops_the_script()
    {
        using var temp = new TempDirectory();
        string script = temp.File("bad.sql");
        File.WriteAllText(script, "SELECT 1;\nSELECT nope;\nSELECT 3;\n");
        ShellResult result = InProcessShell.Run($".mode csv\n.headers off\n.read {script}\nSELECT 4;\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("1\r\n", result.Out);
        Assert.Contains($"Error near line 2 of {script}: UnknownColumn", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_of_a_missing_file_is_an_io_error()
    {
        ShellResult result = InProcessShell.Run(".read /no/such/file.sql\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("IoError", result.Error, StringComparison.Ordinal);
    }
}
