using SharpCoreDB.Shell.Input;

namespace SharpCoreDB.Shell.Tests.Input;

public sealed class StatementBufferTests
{
    private static List<PendingStatement> Split(params string[] lines)
    {
        var buffer = new StatementBuffer();
        var statements = new List<PendingStatement>();
        foreach (string line in lines)
        {
            buffer.AppendLine(line);
            buffer.TakeComplete(statements);
        }

        if (buffer.TakeRest() is { } rest)
        {
            statements.Add(rest);
        }

        return statements;
    }

    [Fact]
    public void Two_statements_on_one_line_are_split_at_the_semicolon()
    {
        List<PendingStatement> statements = Split("SELECT 1; SELECT 2;");
        Assert.Equal(["SELECT 1;", "SELECT 2;"], statements.Select(s => s.Sql));
    }

    [Fact]
    public void A_statement_continues_over_lines_until_its_semicolon()
    {
        var buffer = new StatementBuffer();
        var statements = new List<PendingStatement>();
        buffer.AppendLine("SELECT 1,");
        buffer.TakeComplete(statements);
        Assert.Empty(statements);
        Assert.False(buffer.IsBlank);
        buffer.AppendLine("  2;");
        buffer.TakeComplete(statements);
        Assert.Equal("SELECT 1,\n  2;", Assert.Single(statements).Sql);
        Assert.True(buffer.IsBlank);
    }

    [Theory]
    [InlineData("SELECT 'a;b';")]
    [InlineData("SELECT \"a;b\" FROM t;")]
    [InlineData("SELECT [a;b] FROM t;")]
    [InlineData("SELECT `a;b` FROM t;")]
    [InlineData("SELECT 'it''s; here';")]
    [InlineData("SELECT 1 /* ; */ + 2;")]
    public void A_semicolon_inside_quotes_brackets_or_comments_does_not_end_the_statement(string sql) =>
        Assert.Equal(sql, Assert.Single(Split(sql)).Sql);

    [Fact]
    public void A_line_comment_hides_a_semicolon_until_the_line_ends()
    {
        List<PendingStatement> statements = Split("SELECT 1 -- not the end;", "+ 1;");
        Assert.Equal("SELECT 1 -- not the end;\n+ 1;", Assert.Single(statements).Sql);
    }

    [Fact]
    public void A_trigger_body_ends_only_at_END_semicolon()
    {
        List<PendingStatement> statements = Split(
            "CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN",
            "  INSERT INTO log VALUES (1);",
            "  UPDATE t SET a = 2;",
            "END; SELECT 3;");
        Assert.Equal(2, statements.Count);
        Assert.StartsWith("CREATE TEMP TRIGGER", statements[0].Sql, StringComparison.Ordinal);
        Assert.EndsWith("END;", statements[0].Sql, StringComparison.Ordinal);
        Assert.Equal("SELECT 3;", statements[1].Sql);
    }

    [Fact]
    public void The_last_statement_without_a_semicolon_is_handed_out_at_the_end()
    {
        List<PendingStatement> statements = Split("SELECT 1;", "SELECT 2");
        Assert.Equal(["SELECT 1;", "SELECT 2"], statements.Select(s => s.Sql));
    }

    [Fact]
    public void Only_comments_and_whitespace_make_no_statement()
    {
        Assert.Empty(Split("-- a comment", "   ", "/* another */"));
    }

    [Fact]
    public void Each_statement_knows_the_line_it_starts_on()
    {
        List<PendingStatement> statements = Split("SELECT 1;", "", "SELECT", "2; SELECT 3;");
        Assert.Equal([1, 3, 4], statements.Select(s => s.Line));
    }

    [Fact]
    public void An_unclosed_quote_keeps_the_statement_open()
    {
        List<PendingStatement> statements = Split("SELECT 'a;", "b';");
        Assert.Equal("SELECT 'a;\nb';", Assert.Single(statements).Sql);
    }
}
