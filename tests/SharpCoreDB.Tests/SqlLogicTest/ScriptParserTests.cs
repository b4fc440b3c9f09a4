using SharpCoreDB.SqlLogicTest;

namespace SharpCoreDB.Tests.SqlLogicTest;

public sealed class ScriptParserTests
{
    [Fact]
    public void Parses_statements_queries_and_controls_with_crlf_and_comments()
    {
        string script =
            "# leading comment\r\n" +
            "hash-threshold 8\r\n" +
            "\r\n" +
            "statement ok\r\n" +
            "CREATE TABLE t1(a INTEGER,\r\n" +
            "  b TEXT)\r\n" +
            "\r\n" +
            "  \t \r\n" +
            "skipif mysql # not compatible\r\n" +
            "onlyif sqlite\r\n" +
            "query IT rowsort label-7\r\n" +
            "SELECT a, b\r\n" +
            "# a comment inside a record neither ends it nor belongs to it\r\n" +
            "FROM t1\r\n" +
            "----\r\n" +
            "1\r\n" +
            "(empty)\r\n" +
            "\r\n" +
            "statement error\r\n" +
            "SELECT * FROM nowhere\r\n" +
            "\r\n" +
            "onlyif mssql\r\n" +
            "halt\r\n";
        List<ScriptRecord> records = ScriptParser.Parse(script);
        Assert.Equal(5, records.Count);

        var threshold = Assert.IsType<ControlRecord>(records[0]);
        Assert.Equal(ControlKind.HashThreshold, threshold.Kind);
        Assert.Equal(8, threshold.HashThreshold);

        var create = Assert.IsType<StatementRecord>(records[1]);
        Assert.False(create.ExpectError);
        Assert.Equal("CREATE TABLE t1(a INTEGER,\n  b TEXT)", create.Sql);
        Assert.Equal(4, create.Line);

        var query = Assert.IsType<QueryRecord>(records[2]);
        Assert.Equal(9, query.Line);
        Assert.Equal("IT", query.Types);
        Assert.Equal(SortMode.RowSort, query.Sort);
        Assert.Equal("label-7", query.Label);
        Assert.Equal("SELECT a, b\nFROM t1", query.Sql);
        Assert.Equal(["1", "(empty)"], query.Expected);
        Assert.Equal([new Condition(false, "mysql"), new Condition(true, "sqlite")], query.Conditions);
        Assert.True(query.RunsOn("sqlite"));
        Assert.False(query.RunsOn("mysql"));

        Assert.True(Assert.IsType<StatementRecord>(records[3]).ExpectError);

        var halt = Assert.IsType<ControlRecord>(records[4]);
        Assert.Equal(ControlKind.Halt, halt.Kind);
        Assert.False(halt.RunsOn("sqlite"));
    }

    [Fact]
    public void Query_without_separator_or_values_expects_an_empty_result()
    {
        List<ScriptRecord> records = ScriptParser.Parse("query I nosort\nSELECT 1 WHERE 0\n\nquery R\nSELECT 2 WHERE 0\n----\n");
        Assert.Empty(Assert.IsType<QueryRecord>(records[0]).Expected);
        var second = Assert.IsType<QueryRecord>(records[1]);
        Assert.Empty(second.Expected);
        Assert.Equal(SortMode.NoSort, second.Sort);
        Assert.Null(second.Label);
    }

    [Theory]
    [InlineData("frobnicate now")]
    [InlineData("query I sideways\nSELECT 1")]
    [InlineData("statement maybe\nSELECT 1")]
    [InlineData("skipif mysql")]
    public void Unknown_records_are_kept_so_they_count_as_failures(string script)
    {
        var record = Assert.IsType<ControlRecord>(Assert.Single(ScriptParser.Parse(script)));
        Assert.Equal(ControlKind.Unknown, record.Kind);
    }
}
