using System.Text.Json;
using SharpCoreDB.Shell.Output;
using SharpCoreDB.Shell.Startup;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Output;

public sealed class OutputModeTests
{
    private const string Setup = """
        CREATE TABLE t(id INTEGER, name TEXT, price REAL, data BLOB, flag BOOLEAN, amount DECIMAL);
        INSERT INTO t VALUES (1, 'plain', 1.5, X'00FF', 1, 2.50);
        INSERT INTO t VALUES (2, 'comma, "quote"
        newline', NULL, NULL, 0, NULL);

        """;

    private static ShellResult RunMode(string mode, string query = "SELECT * FROM t;") =>
        InProcessShell.Run($".mode {mode}\n{Setup}{query}\n");

    [Fact]
    public void Csv_mode_quotes_fields_as_rfc_4180_and_ends_records_with_crlf()
    {
        ShellResult result = RunMode("csv", "SELECT id, name, price, data FROM t;");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(
            "id,name,price,data\r\n1,plain,1.5,X'00FF'\r\n2,\"comma, \"\"quote\"\"\nnewline\",,\r\n",
            result.Out);
    }

    [Fact]
    public void Csv_mode_leaves_out_the_header_when_headers_are_off()
    {
        ShellResult result = InProcessShell.Run(".mode csv\n.headers off\nSELECT 1 AS a, 'x' AS b;\n");
        Assert.Equal("1,x\r\n", result.Out);
    }

    [Fact]
    public void Json_mode_prints_an_array_of_objects_with_typed_values()
    {
        ShellResult result = RunMode("json");
        Assert.Equal(0, result.ExitCode);
        using JsonDocument json = JsonDocument.Parse(result.Out);
        JsonElement[] rows = [.. json.RootElement.EnumerateArray()];
        Assert.Equal(2, rows.Length);
        Assert.Equal(1, rows[0].GetProperty("id").GetInt64());
        Assert.Equal("plain", rows[0].GetProperty("name").GetString());
        Assert.Equal(1.5, rows[0].GetProperty("price").GetDouble());
        Assert.Equal("00FF", rows[0].GetProperty("data").GetString());
        Assert.Equal(JsonValueKind.True, rows[0].GetProperty("flag").ValueKind);
        Assert.Equal(2.50m, rows[0].GetProperty("amount").GetDecimal());
        Assert.Equal(JsonValueKind.Null, rows[1].GetProperty("price").ValueKind);
        Assert.Equal(JsonValueKind.False, rows[1].GetProperty("flag").ValueKind);
        Assert.Equal("comma, \"quote\"\nnewline", rows[1].GetProperty("name").GetString());
    }

    [Fact]
    public void Json_mode_prints_an_empty_array_for_no_rows()
    {
        ShellResult result = RunMode("json", "SELECT * FROM t WHERE id > 5;");
        Assert.Equal("[]", result.Out.Trim());
    }

    [Fact]
    public void Line_mode_prints_one_column_per_line_and_a_blank_line_between_rows()
    {
        ShellResult result = RunMode("line", "SELECT id, price AS p FROM t;");
        Assert.Equal("id = 1\n p = 1.5\n\nid = 2\n p = \n", result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Markdown_mode_prints_a_padded_table_and_escapes_pipes()
    {
        ShellResult result = InProcessShell.Run(".mode markdown\nSELECT 1 AS id, 'a|b' AS name;\n");
        Assert.Equal("| id  | name |\n| --- | ---- |\n| 1   | a\\|b |\n", result.Out.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void Table_mode_draws_a_box_whose_lines_all_have_the_same_width()
    {
        ShellResult result = RunMode("table", "SELECT id, price, data FROM t;");
        string[] lines = result.Out.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n');
        Assert.StartsWith("┌", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("└", lines[^1], StringComparison.Ordinal);
        Assert.All(lines, line => Assert.Equal(lines[0].Length, line.Length));
        Assert.Contains(lines, line => line.Contains("X'00FF'", StringComparison.Ordinal));
    }

    [Fact]
    public void Table_mode_prints_values_that_look_like_markup_as_they_are()
    {
        ShellResult result = InProcessShell.Run("SELECT '[red]x[/]' AS v;\n");
        Assert.Equal(0, result.ExitCode);
        Assert.Contains("[red]x[/]", result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void Nullvalue_sets_what_null_prints_as()
    {
        ShellResult result = InProcessShell.Run(".mode csv\n.nullvalue NULL\nSELECT NULL AS a;\n");
        Assert.Equal("a\r\nNULL\r\n", result.Out);
    }

    [Fact]
    public void Mode_option_sets_the_initial_mode()
    {
        ShellResult result = InProcessShell.Run("SELECT 7 AS n;\n", new ShellOptions { Mode = OutputMode.Json });
        Assert.Equal("[{\"n\":7}]", result.Out.Trim());
    }

    [Fact]
    public void An_unknown_mode_is_an_error()
    {
        ShellResult result = InProcessShell.Run(".mode fancy\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("SyntaxError: unknown output mode 'fancy'", result.Error, StringComparison.Ordinal);
    }
}
