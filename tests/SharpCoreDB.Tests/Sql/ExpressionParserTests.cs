using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Sql;

public sealed class ExpressionParserTests
{
    [Theory]
    [InlineData("42", 42L)]
    [InlineData("0", 0L)]
    [InlineData("0x10", 16L)]
    [InlineData("0xFFFFFFFFFFFFFFFF", -1L)]
    [InlineData("0x00000000000000000001", 1L)]
    [InlineData("9223372036854775807", long.MaxValue)]
    [InlineData("-9223372036854775808", long.MinValue)]
    [InlineData("- 9223372036854775808", long.MinValue)]
    public void Integer_literals_have_their_value(string sql, long value)
    {
        var literal = Assert.IsType<IntegerLiteral>(SqlParser.ParseExpression(sql));
        Assert.Equal(value, literal.Value);
    }

    [Theory]
    [InlineData("1.5", 1.5)]
    [InlineData(".5", 0.5)]
    [InlineData("1.", 1.0)]
    [InlineData("1e10", 1e10)]
    [InlineData("2.5E-3", 2.5e-3)]
    [InlineData("9223372036854775808", 9223372036854775808.0)]
    [InlineData("99999999999999999999999", 1e23)]
    public void Real_literals_and_oversized_integers_are_real(string sql, double value)
    {
        var literal = Assert.IsType<RealLiteral>(SqlParser.ParseExpression(sql));
        Assert.Equal(value, literal.Value);
    }

    [Fact]
    public void Negated_integer_is_a_unary_minus_except_for_the_smallest_integer()
    {
        var unary = Assert.IsType<UnaryExpression>(SqlParser.ParseExpression("-5"));
        Assert.Equal(UnaryOperator.Negate, unary.Operator);
        Assert.Equal(5, Assert.IsType<IntegerLiteral>(unary.Operand).Value);

        var real = Assert.IsType<UnaryExpression>(SqlParser.ParseExpression("-9223372036854775809"));
        Assert.IsType<RealLiteral>(real.Operand);
    }

    [Fact]
    public void Hex_literal_longer_than_64_bits_is_rejected()
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError("SELECT 0x10000000000000000");
        Assert.Contains("hexadecimal literal too big", ex.Message, StringComparison.Ordinal);
        Assert.Equal(8, ex.Column);
    }

    [Fact]
    public void String_blob_null_boolean_and_time_literals()
    {
        Assert.Equal("it's", Assert.IsType<StringLiteral>(SqlParser.ParseExpression("'it''s'")).Value);
        Assert.Equal(new byte[] { 0x0A, 0x0B }, Assert.IsType<BlobLiteral>(SqlParser.ParseExpression("X'0A0B'")).Value.ToArray());
        Assert.IsType<NullLiteral>(SqlParser.ParseExpression("null"));
        Assert.True(Assert.IsType<BooleanLiteral>(SqlParser.ParseExpression("TRUE")).Value);
        Assert.False(Assert.IsType<BooleanLiteral>(SqlParser.ParseExpression("false")).Value);
        Assert.Equal(CurrentTimeKind.Timestamp, Assert.IsType<CurrentTimeLiteral>(SqlParser.ParseExpression("CURRENT_TIMESTAMP")).Kind);
        Assert.Equal(CurrentTimeKind.Date, Assert.IsType<CurrentTimeLiteral>(SqlParser.ParseExpression("current_date")).Kind);
        Assert.Equal(CurrentTimeKind.Time, Assert.IsType<CurrentTimeLiteral>(SqlParser.ParseExpression("Current_Time")).Kind);
    }

    [Theory]
    [InlineData("c", null, null, "c")]
    [InlineData("t.c", null, "t", "c")]
    [InlineData("s.t.c", "s", "t", "c")]
    [InlineData("\"my col\"", null, null, "my col")]
    [InlineData("[t 1].`c``2`", null, "t 1", "c`2")]
    [InlineData("key", null, null, "key")]
    [InlineData("first.last", null, "first", "last")]
    public void Column_references_keep_their_qualifiers(string sql, string? schema, string? table, string column)
    {
        var reference = Assert.IsType<ColumnReference>(SqlParser.ParseExpression(sql));
        Assert.Equal((schema, table, column), (reference.Schema, reference.Table, reference.Column));
    }

    [Fact]
    public void Parameters_get_sqlite_ordinals()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT ?, :a, ?5, ?, @b, :a, $c, ?2");
        (ParameterKind, string?, int)[] parameters = ((SelectCore)select.Body).Columns
            .Select(c => Assert.IsType<ParameterExpression>(((ExpressionResultColumn)c).Expression))
            .Select(p => (p.Kind, p.Name, p.Ordinal))
            .ToArray();
        Assert.Equal(
            [
                (ParameterKind.Anonymous, null, 1),
                (ParameterKind.Named, ":a", 2),
                (ParameterKind.Numbered, "?5", 5),
                (ParameterKind.Anonymous, null, 6),
                (ParameterKind.Named, "@b", 7),
                (ParameterKind.Named, ":a", 2),
                (ParameterKind.Named, "$c", 8),
                (ParameterKind.Numbered, "?2", 2),
            ],
            parameters);
    }

    [Fact]
    public void Parameter_ordinals_restart_for_each_statement()
    {
        var statements = SqlParser.ParseAll("SELECT ?, ?; SELECT ?");
        var last = (ExpressionResultColumn)((SelectCore)((SelectStatement)statements[1]).Body).Columns[0];
        Assert.Equal(1, Assert.IsType<ParameterExpression>(last.Expression).Ordinal);
    }

    [Theory]
    [InlineData("SELECT ?0")]
    [InlineData("SELECT ?32767")]
    [InlineData("SELECT ?99999999999")]
    public void Numbered_parameters_out_of_range_are_rejected(string sql)
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError(sql);
        Assert.Contains("between ?1 and ?32766", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("count(*)", "count(*)")]
    [InlineData("COUNT( * )", "COUNT(*)")]
    [InlineData("count(DISTINCT x)", "count(DISTINCT x)")]
    [InlineData("min(ALL x)", "min(x)")]
    [InlineData("f()", "f()")]
    [InlineData("coalesce(a, b, 1)", "coalesce(a, b, 1)")]
    [InlineData("replace(a, 'x', 'y')", "\"replace\"(a, 'x', 'y')")]
    [InlineData("\"my func\"(1)", "\"my func\"(1)")]
    public void Function_calls(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Expr(sql));
    }

    [Fact]
    public void Count_star_is_marked_as_star()
    {
        var call = Assert.IsType<FunctionCallExpression>(SqlParser.ParseExpression("count(*)"));
        Assert.True(call.IsStar);
        Assert.Empty(call.Arguments);
        Assert.False(call.Distinct);
    }

    [Theory]
    [InlineData("CAST(x AS INTEGER)", "CAST(x AS INTEGER)")]
    [InlineData("CAST ( 90 AS SIGNED )", "CAST(90 AS SIGNED)")]
    [InlineData("cast(x as varchar(10))", "CAST(x AS varchar(10))")]
    [InlineData("CAST(x AS DECIMAL(10, -2))", "CAST(x AS DECIMAL(10, -2))")]
    [InlineData("CAST(x AS unsigned big int)", "CAST(x AS unsigned big int)")]
    [InlineData("CAST(x AS)", "CAST(x AS )")]
    public void Cast_expressions(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Expr(sql));
    }

    [Fact]
    public void Cast_type_arguments_are_kept_as_written()
    {
        var cast = Assert.IsType<CastExpression>(SqlParser.ParseExpression("CAST(x AS DECIMAL(10,2))"));
        Assert.Equal("DECIMAL", cast.Type.Name);
        Assert.Equal(["10", "2"], cast.Type.Arguments.ToArray());
    }

    [Theory]
    [InlineData("CASE WHEN a THEN 1 END", "CASE WHEN a THEN 1 END")]
    [InlineData("CASE x WHEN 1 THEN 'a' WHEN 2 THEN 'b' ELSE 'c' END", "CASE x WHEN 1 THEN 'a' WHEN 2 THEN 'b' ELSE 'c' END")]
    [InlineData("CASE - CASE WHEN NOT a THEN 1 END WHEN 2 THEN 3 END", "CASE (- CASE WHEN (NOT a) THEN 1 END) WHEN 2 THEN 3 END")]
    public void Case_expressions(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Expr(sql));
    }

    [Fact]
    public void Simple_and_searched_case_are_distinguished()
    {
        var searched = Assert.IsType<CaseExpression>(SqlParser.ParseExpression("CASE WHEN a THEN 1 ELSE 2 END"));
        Assert.Null(searched.Operand);
        Assert.NotNull(searched.Else);
        var simple = Assert.IsType<CaseExpression>(SqlParser.ParseExpression("CASE a WHEN 1 THEN 2 END"));
        Assert.IsType<ColumnReference>(simple.Operand);
        Assert.Single(simple.WhenClauses);
        Assert.Null(simple.Else);
    }

    [Theory]
    [InlineData("x IN (1, 2, 3)", "(x IN (1, 2, 3))")]
    [InlineData("x NOT IN ()", "(x NOT IN ())")]
    [InlineData("x IN (SELECT y FROM t)", "(x IN (SELECT y FROM t))")]
    [InlineData("x NOT IN t1", "(x NOT IN t1)")]
    [InlineData("x IN main.t1", "(x IN main.t1)")]
    [InlineData("x IN ((SELECT 1), 2)", "(x IN ((SELECT 1), 2))")]
    [InlineData("(a, b) IN (SELECT 1, 2)", "((a, b) IN (SELECT 1, 2))")]
    public void In_forms(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Expr(sql));
    }

    [Fact]
    public void In_forms_produce_their_node_types()
    {
        Assert.Empty(Assert.IsType<InListExpression>(SqlParser.ParseExpression("1 IN ()")).Items);
        Assert.True(Assert.IsType<InSubqueryExpression>(SqlParser.ParseExpression("1 NOT IN (SELECT 1)")).Negated);
        Assert.Equal("t1", Assert.IsType<InTableExpression>(SqlParser.ParseExpression("1 IN t1")).Table.Name);
    }

    [Theory]
    [InlineData("x BETWEEN 1 AND 2", "(x BETWEEN 1 AND 2)")]
    [InlineData("x NOT BETWEEN a + 1 AND b * 2", "(x NOT BETWEEN (a + 1) AND (b * 2))")]
    [InlineData("x BETWEEN 1 AND 2 AND y", "((x BETWEEN 1 AND 2) AND y)")]
    [InlineData("x LIKE 'a%'", "(x LIKE 'a%')")]
    [InlineData("x NOT LIKE 'a!%' ESCAPE '!'", "(x NOT LIKE 'a!%' ESCAPE '!')")]
    [InlineData("x GLOB '*a'", "(x GLOB '*a')")]
    [InlineData("x NOT GLOB '*a'", "(x NOT GLOB '*a')")]
    [InlineData("x REGEXP 'a'", "(x REGEXP 'a')")]
    [InlineData("x MATCH 'a'", "(x MATCH 'a')")]
    [InlineData("x IS NULL", "(x IS NULL)")]
    [InlineData("x IS NOT NULL", "(x IS NOT NULL)")]
    [InlineData("x ISNULL", "(x IS NULL)")]
    [InlineData("x NOTNULL", "(x IS NOT NULL)")]
    [InlineData("x NOT NULL", "(x IS NOT NULL)")]
    [InlineData("x IS y", "(x IS y)")]
    [InlineData("x IS NOT y", "(x IS NOT y)")]
    [InlineData("x IS DISTINCT FROM y", "(x IS NOT y)")]
    [InlineData("x IS NOT DISTINCT FROM y", "(x IS y)")]
    [InlineData("x IS DISTINCT FROM NULL", "(x IS NOT NULL)")]
    [InlineData("EXISTS (SELECT 1)", "EXISTS (SELECT 1)")]
    [InlineData("NOT EXISTS (SELECT 1)", "(NOT EXISTS (SELECT 1))")]
    [InlineData("(SELECT max(x) FROM t)", "(SELECT max(x) FROM t)")]
    [InlineData("x COLLATE NOCASE", "(x COLLATE NOCASE)")]
    [InlineData("x COLLATE \"binary\"", "(x COLLATE binary)")]
    [InlineData("(1, 2)", "(1, 2)")]
    [InlineData("((1))", "1")]
    [InlineData("RAISE(IGNORE)", "RAISE(IGNORE)")]
    [InlineData("RAISE(ABORT, 'no')", "RAISE(ABORT, 'no')")]
    public void Predicates_and_special_forms(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Expr(sql));
    }

    [Fact]
    public void Is_null_forms_produce_is_null_nodes()
    {
        Assert.False(Assert.IsType<IsNullExpression>(SqlParser.ParseExpression("a IS NULL")).Negated);
        Assert.True(Assert.IsType<IsNullExpression>(SqlParser.ParseExpression("a NOTNULL")).Negated);
        Assert.True(Assert.IsType<IsNullExpression>(SqlParser.ParseExpression("a NOT NULL")).Negated);
        Assert.True(Assert.IsType<IsNullExpression>(SqlParser.ParseExpression("a IS DISTINCT FROM NULL")).Negated);
        Assert.False(Assert.IsType<IsNullExpression>(SqlParser.ParseExpression("a IS NOT DISTINCT FROM NULL")).Negated);
        Assert.Equal(BinaryOperator.IsNot, Assert.IsType<BinaryExpression>(SqlParser.ParseExpression("a IS NOT b")).Operator);
    }

    [Fact]
    public void Node_positions_are_one_based_line_and_column()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT a,\n       b + zz\nFROM t");
        var core = (SelectCore)select.Body;
        var sum = Assert.IsType<BinaryExpression>(((ExpressionResultColumn)core.Columns[1]).Expression);
        Assert.Equal(new SourcePosition(2, 8, 17), sum.Position);
        Assert.Equal(new SourcePosition(2, 12, 21), sum.Right.Position);
        Assert.Equal("line 2, column 12", sum.Right.Position.ToString());
        Assert.Equal(3, core.From!.First.Position.Line);
        Assert.Equal(6, core.From.First.Position.Column);
    }

    [Fact]
    public void Keywords_that_sqlite_allows_as_names_work_as_columns_and_functions()
    {
        Assert.Equal("SELECT \"key\", \"first\", \"replace\"(\"like\", 'a', 'b') FROM \"action\"",
            SqlAssert.Canonical("SELECT key, first, replace(like, 'a', 'b') FROM action"));
    }

    [Fact]
    public void Reserved_keyword_is_not_an_expression()
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError("SELECT FROM t");
        Assert.Contains("near \"FROM\": expected an expression", ex.Message, StringComparison.Ordinal);
    }
}
