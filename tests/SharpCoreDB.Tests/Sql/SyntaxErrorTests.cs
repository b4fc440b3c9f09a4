using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Sql;

public sealed class SyntaxErrorTests
{
    [Fact]
    public void Message_names_line_column_token_and_what_was_expected()
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError("SELECT a,\n       b,\n             FROM t");
        Assert.Equal("syntax error at line 3, column 14 near \"FROM\": expected an expression", ex.Message);
        Assert.Equal(3, ex.Line);
        Assert.Equal(14, ex.Column);
        Assert.False(ex.IsTransient);
    }

    [Theory]
    [InlineData("SELECT a FROM", "near end of input: expected a table name")]
    [InlineData("SELECT * FROM t WHERE", "near end of input: expected an expression")]
    [InlineData("SELECT (1", "near end of input: expected \")\"")]
    [InlineData("SELECT 1 2", "near \"2\": expected \";\" or the end of the input after the statement")]
    [InlineData("SELEC 1", "near \"SELEC\": expected a statement")]
    [InlineData("SELECT CASE WHEN 1 THEN 2", "near end of input: expected \"END\"")]
    [InlineData("SELECT CASE WHEN END", "near end of input: expected \"THEN\"")]
    [InlineData("SELECT CASE 1 END", "near \"END\": expected \"WHEN\"")]
    [InlineData("SELECT CAST(1 INTEGER)", "near \"INTEGER\": expected \"AS\"")]
    [InlineData("SELECT x BETWEEN 1 OR 2", "near \"OR\": expected \"AND\"")]
    [InlineData("SELECT x IN 5", "near \"5\": expected \"(\" or a table name after \"IN\"")]
    [InlineData("SELECT x IS DISTINCT 1", "near \"1\": expected \"FROM\"")]
    [InlineData("SELECT * FROM t NATURAL x", "near \"x\": expected \"JOIN\"")]
    [InlineData("SELECT * FROM t LEFT x", "near \"x\": expected \"JOIN\"")]
    [InlineData("SELECT * FROM t ORDER a", "near \"a\": expected \"BY\"")]
    [InlineData("SELECT * FROM t ORDER BY a NULLS", "near end of input: expected \"FIRST\" or \"LAST\"")]
    [InlineData("SELECT count(DISTINCT *) FROM t", "near \"*\": expected an expression")]
    [InlineData("SELECT t.* + 1", "near \"+\": expected \";\" or the end of the input after the statement")]
    [InlineData("SELECT a.", "near end of input: expected a column name")]
    [InlineData("INSERT INTO t VALUES 1", "near \"1\": expected \"(\"")]
    [InlineData("INSERT INTO t", "near end of input: expected \"VALUES\", \"SELECT\" or \"DEFAULT VALUES\"")]
    [InlineData("INSERT OR t VALUES (1)", "near \"t\": expected \"ROLLBACK\", \"ABORT\", \"FAIL\", \"IGNORE\" or \"REPLACE\"")]
    [InlineData("INSERT t VALUES (1)", "near \"t\": expected \"INTO\"")]
    [InlineData("UPDATE t SET a 1", "near \"1\": expected \"=\"")]
    [InlineData("UPDATE t a = 1", "near \"a\": expected \"SET\"")]
    [InlineData("DELETE t", "near \"t\": expected \"FROM\"")]
    [InlineData("CREATE TABLE t (a INT", "near end of input: expected \")\"")]
    [InlineData("CREATE TABLE t (a INT,)", "near \")\": expected a column name or a table constraint")]
    [InlineData("CREATE TABLE t (PRIMARY KEY (a), b INT)", "near \"PRIMARY\": expected a column name or a table constraint")]
    [InlineData("CREATE TABLE t (a, PRIMARY KEY (a), b INT)", "near \"b\": expected a table constraint (columns must come before table constraints)")]
    [InlineData("CREATE TABLE t (a CONSTRAINT c)", "near \")\": expected a column constraint after the constraint name")]
    [InlineData("CREATE TABLE t (a DEFAULT)", "near \")\": expected a default value (a literal, a signed number or a parenthesized expression)")]
    [InlineData("CREATE TABLE t (a VARCHAR(x))", "near \"x\": expected a number")]
    [InlineData("CREATE TABLE t (a) WITHOUT x", "near \"x\": expected \"ROWID\"")]
    [InlineData("CREATE TABLE t", "near end of input: expected \"(\" or \"AS\"")]
    [InlineData("CREATE UNIQUE TABLE t (a)", "near \"TABLE\": expected \"INDEX\"")]
    [InlineData("CREATE TEMP INDEX i ON t (a)", "near \"INDEX\": expected \"TABLE\", \"VIEW\" or \"TRIGGER\"")]
    [InlineData("CREATE THING x", "near \"THING\": expected \"TABLE\", \"INDEX\", \"VIEW\" or \"TRIGGER\"")]
    [InlineData("CREATE INDEX i t (a)", "near \"t\": expected \"ON\"")]
    [InlineData("CREATE VIEW v SELECT 1", "near \"SELECT\": expected \"AS\"")]
    [InlineData("CREATE TRIGGER r UPDATE ON t BEGIN DELETE FROM t END", "near \"END\": expected \";\" after a trigger statement")]
    [InlineData("CREATE TRIGGER r UPDATE ON t BEGIN END", "near \"END\": expected \"INSERT\", \"UPDATE\", \"DELETE\" or \"SELECT\" in the trigger body")]
    [InlineData("CREATE TRIGGER r SELECT ON t BEGIN SELECT 1; END", "near \"SELECT\": expected \"DELETE\", \"INSERT\" or \"UPDATE\"")]
    [InlineData("DROP THING x", "near \"THING\": expected \"TABLE\", \"INDEX\", \"VIEW\" or \"TRIGGER\"")]
    [InlineData("DROP TABLE", "near end of input: expected a name")]
    [InlineData("EXPLAIN EXPLAIN SELECT 1", "near \"EXPLAIN\": expected a statement to explain (EXPLAIN cannot be nested)")]
    [InlineData("PRAGMA x = -NULL", "near \"NULL\": expected a number")]
    [InlineData("PRAGMA x = SELECT", "near \"SELECT\": expected a pragma value (a number, a string or a name)")]
    [InlineData("SELECT RAISE(IGNORE, 'x')", "near \",\": expected \")\"")]
    [InlineData("SELECT RAISE(ABORT)", "near \")\": expected \",\"")]
    [InlineData("SELECT x NOT 5", "near \"NOT\": expected \";\" or the end of the input after the statement")]
    public void Errors_say_what_was_expected(string sql, string tail)
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError(sql);
        Assert.EndsWith(tail, ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("SELECT a FROM t WHERE a = AND b", "AND")]
    [InlineData("SELECT 1;\nSELECT 2;\n  SELECT FROM", "FROM")]
    [InlineData("INSERT INTO t VALUES (1, 2,)", ")")]
    [InlineData("CREATE TABLE t (a INT PRIMARY)", ")")]
    [InlineData("SELECT 'multi\nline' + , 1", ",")]
    [InlineData("/* c\n o\n m */ SELECT ? ? 1", "?")]
    public void Error_position_is_the_offending_token(string sql, string token)
    {
        int offset = sql.LastIndexOf(token, StringComparison.Ordinal);
        int line = 1 + sql.AsSpan(0, offset).Count('\n');
        int column = offset - (sql.LastIndexOf('\n', offset) + 1) + 1;

        SharpCoreDBException ex = SqlAssert.SyntaxError(sql);
        Assert.Equal((line, column), (ex.Line, ex.Column));
        Assert.Contains($"near \"{token}\"", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Long_tokens_are_shortened_in_the_message()
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError("SELECT * FROM '" + new string('x', 500) + "'");
        Assert.Contains("near \"'xxxxxxxx", ex.Message, StringComparison.Ordinal);
        Assert.True(ex.Message.Length < 200, ex.Message);
    }

    public static TheoryData<string, string> DeepInputs()
    {
        const int n = 5000;
        return new TheoryData<string, string>
        {
            { "parentheses", "SELECT " + new string('(', n) + "1" + new string(')', n) },
            { "unary minus", "SELECT " + string.Concat(Enumerable.Repeat("- ", n)) + "1" },
            { "NOT", "SELECT " + string.Concat(Enumerable.Repeat("NOT ", n)) + "1" },
            { "left-deep chain", "SELECT 1" + string.Concat(Enumerable.Repeat(" + 1", n)) },
            { "AND chain", "SELECT * FROM t WHERE a" + string.Concat(Enumerable.Repeat(" AND a", n)) },
            { "ISNULL chain", "SELECT a" + string.Concat(Enumerable.Repeat(" ISNULL", n)) },
            { "COLLATE chain", "SELECT a" + string.Concat(Enumerable.Repeat(" COLLATE x", n)) },
            { "function calls", "SELECT " + string.Concat(Enumerable.Repeat("f(", n)) + "1" + new string(')', n) },
            { "CASE", "SELECT " + string.Concat(Enumerable.Repeat("CASE WHEN ", n)) + "1" },
            { "scalar subqueries", "SELECT " + string.Concat(Enumerable.Repeat("(SELECT ", n)) + "1" + new string(')', n) },
            { "FROM subqueries", "SELECT * FROM " + string.Concat(Enumerable.Repeat("(SELECT * FROM ", n)) + "t" + new string(')', n) },
            { "nested joins", "SELECT * FROM " + new string('(', n) + "t" + new string(')', n) },
            { "IN lists", "SELECT 1 IN " + string.Concat(Enumerable.Repeat("(1 IN ", n)) + "(1)" + new string(')', n) },
        };
    }

    [Theory]
    [MemberData(nameof(DeepInputs))]
    public void Deep_nesting_is_a_syntax_error_not_a_crash(string shape, string sql)
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError(sql);
        Assert.True(ex.Message.Contains("nested too deeply", StringComparison.Ordinal), $"{shape}: {ex.Message}");
    }

    [Fact]
    public void Nesting_below_the_limit_parses()
    {
        const int n = 400;
        Assert.Equal("1", SqlParser.ParseExpression(new string('(', n) + "1" + new string(')', n)).ToString());
        SqlParser.ParseExpression("1" + string.Concat(Enumerable.Repeat(" + 1", n)));
        SqlParser.ParseStatement("SELECT " + string.Concat(Enumerable.Repeat("(SELECT ", 200)) + "1" + new string(')', 200));
    }

    [Fact]
    public void Deep_nesting_on_a_small_stack_thread_fails_cleanly()
    {
        // The depth limit alone would still overflow a 256 KB stack; the stack probe must turn that into a syntax error.
        Exception? caught = null;
        var thread = new Thread(
            () =>
            {
                try
                {
                    SqlParser.ParseStatement("SELECT " + string.Concat(Enumerable.Repeat("f(", 900)) + "1" + new string(')', 900));
                }
                catch (Exception ex)
                {
                    caught = ex;
                }
            },
            maxStackSize: 256 * 1024);
        thread.Start();
        thread.Join();

        // Either the frames fit or the probe stopped the parse; any other outcome is a bug.
        if (caught is not null)
        {
            var ex = Assert.IsType<SharpCoreDBException>(caught);
            Assert.Equal(SharpCoreDBErrorCode.SyntaxError, ex.ErrorCode);
            Assert.Contains("nested too deeply", ex.Message, StringComparison.Ordinal);
        }
    }
}
