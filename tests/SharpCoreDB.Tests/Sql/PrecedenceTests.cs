using System.Text;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Sql.Parsing;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Sql;

public sealed class PrecedenceTests
{
    private readonly ITestOutputHelper _output;

    public PrecedenceTests(ITestOutputHelper output)
    {
        _output = output;
    }

    [Theory]
    [InlineData("1 + 2 * 3", "(1 + (2 * 3))")]
    [InlineData("1 - 2 - 3", "((1 - 2) - 3)")]
    [InlineData("a * b % c / d", "(((a * b) % c) / d)")]
    [InlineData("a OR b AND c", "(a OR (b AND c))")]
    [InlineData("a AND b OR c AND d", "((a AND b) OR (c AND d))")]
    [InlineData("NOT a = b", "(NOT (a = b))")]
    [InlineData("NOT a AND b", "((NOT a) AND b)")]
    [InlineData("NOT NOT a", "(NOT (NOT a))")]
    [InlineData("a = NOT b", "(a = (NOT b))")]
    [InlineData("a = NOT b = c", "(a = (NOT (b = c)))")]
    [InlineData("a + NOT b AND c", "((a + (NOT b)) AND c)")]
    [InlineData("a = b < c", "(a = (b < c))")]
    [InlineData("a < b = c", "((a < b) = c)")]
    [InlineData("a == b <> c != d", "(((a = b) <> c) <> d)")]
    [InlineData("a >= b <= c", "((a >= b) <= c)")]
    [InlineData("a & b + c", "(a & (b + c))")]
    [InlineData("a << b | c >> d", "(((a << b) | c) >> d)")]
    [InlineData("a & 3 < 2", "((a & 3) < 2)")]
    [InlineData("a + b || c", "(a + (b || c))")]
    [InlineData("a || b * c", "((a || b) * c)")]
    [InlineData("-a || b", "((- a) || b)")]
    [InlineData("- a * b", "((- a) * b)")]
    [InlineData("~ a & b", "((~ a) & b)")]
    [InlineData("- - 5", "(- (- 5))")]
    [InlineData("+ - + 5", "(+ (- (+ 5)))")]
    [InlineData("a || b COLLATE x", "(a || (b COLLATE x))")]
    [InlineData("-x COLLATE nocase", "(- (x COLLATE nocase))")]
    [InlineData("x COLLATE a COLLATE b", "((x COLLATE a) COLLATE b)")]
    [InlineData("a = b IS NULL", "((a = b) IS NULL)")]
    [InlineData("a IS b = c", "((a IS b) = c)")]
    [InlineData("NULL IS NULL + 1", "(NULL IS (NULL + 1))")]
    [InlineData("a NOT NULL AND b", "((a IS NOT NULL) AND b)")]
    [InlineData("a ISNULL ISNULL", "((a IS NULL) IS NULL)")]
    [InlineData("a BETWEEN 1 AND 2 = 1", "((a BETWEEN 1 AND 2) = 1)")]
    [InlineData("a BETWEEN b = c AND d", "(a BETWEEN (b = c) AND d)")]
    [InlineData("a BETWEEN b BETWEEN c AND d AND e", "(a BETWEEN (b BETWEEN c AND d) AND e)")]
    [InlineData("a BETWEEN b AND NOT c", "(a BETWEEN b AND (NOT c))")]
    [InlineData("NOT a BETWEEN b AND c", "(NOT (a BETWEEN b AND c))")]
    [InlineData("a LIKE b = c", "((a LIKE b) = c)")]
    [InlineData("a = b LIKE c", "((a = b) LIKE c)")]
    [InlineData("a IN (1) = 1", "((a IN (1)) = 1)")]
    [InlineData("a IN (1) IN (1)", "((a IN (1)) IN (1))")]
    [InlineData("a OR b IN (1) AND c", "(a OR ((b IN (1)) AND c))")]
    public void Operators_group_as_in_sqlite(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Expr(sql));
    }

    /// <summary>
    /// Differential test with SQLite as the oracle: random constant expressions are evaluated by SQLite as
    /// written and as printed (fully parenthesized) from our tree. Equal values for thousands of inputs mean
    /// our grouping matches SQLite's; inputs SQLite rejects must be rejected by the parser too.
    /// </summary>
    [Fact]
    public void Random_expressions_evaluate_the_same_in_sqlite_as_written_and_as_parsed()
    {
        const int seed = 20240601;
        int count = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 300_000 : 3000;
        var random = new Random(seed);
        using var connection = new SqliteConnection("Data Source=:memory:");
        connection.Open();
        int rejectedByBoth = 0;
        for (int i = 0; i < count; i++)
        {
            string sql = Generate(random, depth: random.Next(1, 5));
            string? expected = Evaluate(connection, sql, out string? sqliteError);
            string printed;
            try
            {
                printed = SqlParser.ParseExpression(sql).ToString();
            }
            catch (SharpCoreDBException ex)
            {
                Assert.True(sqliteError is not null, $"seed {seed}, case {i}: we reject what SQLite accepts\n  sql: {sql}\n  ours: {ex.Message}");
                rejectedByBoth++;
                continue;
            }

            Assert.True(sqliteError is null, $"seed {seed}, case {i}: we accept what SQLite rejects ({sqliteError})\n  sql: {sql}\n  printed: {printed}");
            string? actual = Evaluate(connection, printed, out string? printedError);
            Assert.True(printedError is null, $"seed {seed}, case {i}: SQLite rejects our printed form ({printedError})\n  sql: {sql}\n  printed: {printed}");
            Assert.True(expected == actual, $"seed {seed}, case {i}: different value\n  sql:     {sql} = {expected}\n  printed: {printed} = {actual}");
        }

        _output.WriteLine($"seed {seed}: {count} expressions, {rejectedByBoth} rejected by both SQLite and the parser");
        Assert.True(rejectedByBoth < count / 2, $"seed {seed}: the generator produces too many invalid expressions ({rejectedByBoth})");
    }

    private static string? Evaluate(SqliteConnection connection, string expression, out string? error)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = "SELECT quote(" + expression + ")";
        try
        {
            error = null;
            return (string?)command.ExecuteScalar();
        }
        catch (SqliteException ex)
        {
            error = ex.Message;
            return null;
        }
    }

    private static readonly string[] s_binaryOperators =
    [
        "OR", "AND", "=", "==", "<>", "!=", "<", "<=", ">", ">=", "IS", "IS NOT", "IS DISTINCT FROM", "IS NOT DISTINCT FROM",
        "&", "|", "<<", ">>", "+", "-", "*", "/", "%", "||",
    ];

    private static readonly string[] s_prefixOperators = ["-", "+", "~", "NOT"];

    private static readonly string[] s_postfixOperators = ["ISNULL", "NOTNULL", "NOT NULL", "IS NULL", "IS NOT NULL", "COLLATE NOCASE"];

    private static string Generate(Random random, int depth)
    {
        var sb = new StringBuilder();
        Append(sb, random, depth);
        return sb.ToString();
    }

    // Tokens are always separated by spaces so "- -1" can never become the comment "--1".
    private static void Append(StringBuilder sb, Random random, int depth)
    {
        if (depth <= 0 || random.Next(5) == 0)
        {
            switch (random.Next(12))
            {
                case 0:
                    sb.Append("NULL");
                    break;
                case 1:
                    sb.Append("'a'");
                    break;
                case 2:
                    sb.Append("2.5");
                    break;
                default:
                    sb.Append(random.Next(0, 7));
                    break;
            }

            return;
        }

        switch (random.Next(12))
        {
            case 0:
            case 1:
            case 2:
            case 3:
                Append(sb, random, depth - 1);
                sb.Append(' ').Append(s_binaryOperators[random.Next(s_binaryOperators.Length)]).Append(' ');
                Append(sb, random, depth - 1);
                break;
            case 4:
                sb.Append(s_prefixOperators[random.Next(s_prefixOperators.Length)]).Append(' ');
                Append(sb, random, depth - 1);
                break;
            case 5:
                Append(sb, random, depth - 1);
                sb.Append(' ').Append(s_postfixOperators[random.Next(s_postfixOperators.Length)]);
                break;
            case 6:
                sb.Append("( ");
                Append(sb, random, depth - 1);
                sb.Append(" )");
                break;
            case 7:
                Append(sb, random, depth - 1);
                sb.Append(random.Next(2) == 0 ? " BETWEEN " : " NOT BETWEEN ");
                Append(sb, random, depth - 1);
                sb.Append(" AND ");
                Append(sb, random, depth - 1);
                break;
            case 8:
                Append(sb, random, depth - 1);
                sb.Append(random.Next(2) == 0 ? " IN ( " : " NOT IN ( ");
                int items = random.Next(0, 3);
                for (int i = 0; i < items; i++)
                {
                    if (i > 0)
                    {
                        sb.Append(" , ");
                    }

                    Append(sb, random, depth - 1);
                }

                sb.Append(" )");
                break;
            case 9:
                Append(sb, random, depth - 1);
                sb.Append(random.Next(3) switch { 0 => " LIKE ", 1 => " NOT LIKE ", _ => " GLOB " });
                Append(sb, random, depth - 1);
                break;
            case 10:
                sb.Append("CASE ");
                if (random.Next(2) == 0)
                {
                    Append(sb, random, depth - 1);
                    sb.Append(' ');
                }

                sb.Append("WHEN ");
                Append(sb, random, depth - 1);
                sb.Append(" THEN ");
                Append(sb, random, depth - 1);
                sb.Append(" ELSE ");
                Append(sb, random, depth - 1);
                sb.Append(" END");
                break;
            default:
                sb.Append("CAST ( ");
                Append(sb, random, depth - 1);
                sb.Append(random.Next(2) == 0 ? " AS INTEGER )" : " AS TEXT )");
                break;
        }
    }
}
