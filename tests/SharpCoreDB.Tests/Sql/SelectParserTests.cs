using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Tests.Sql;

public sealed class SelectParserTests
{
    [Theory]
    [InlineData("SELECT 1", "SELECT 1")]
    [InlineData("select all a from t", "SELECT a FROM t")]
    [InlineData("SELECT DISTINCT a, b FROM t", "SELECT DISTINCT a, b FROM t")]
    [InlineData("SELECT * FROM t", "SELECT * FROM t")]
    [InlineData("SELECT t.*, u.x FROM t, u", "SELECT t.*, u.x FROM t, u")]
    [InlineData("SELECT a AS x, b y, c 'z', d AS \"w w\" FROM t", "SELECT a AS x, b AS y, c AS z, d AS \"w w\" FROM t")]
    [InlineData("SELECT a FROM t AS x", "SELECT a FROM t AS x")]
    [InlineData("SELECT a FROM t x WHERE x.a > 1", "SELECT a FROM t AS x WHERE (x.a > 1)")]
    [InlineData("SELECT a FROM main.t", "SELECT a FROM main.t")]
    [InlineData("SELECT a FROM t1 NOT INDEXED", "SELECT a FROM t1 NOT INDEXED")]
    [InlineData("SELECT a FROM t1 INDEXED BY i1", "SELECT a FROM t1 INDEXED BY i1")]
    [InlineData("SELECT a FROM t1 AS x INDEXED BY i1 WHERE a = 1", "SELECT a FROM t1 AS x INDEXED BY i1 WHERE (a = 1)")]
    [InlineData("SELECT a, count(*) FROM t GROUP BY a HAVING count(*) > 1", "SELECT a, count(*) FROM t GROUP BY a HAVING (count(*) > 1)")]
    [InlineData("SELECT a FROM t GROUP BY a, b + 1", "SELECT a FROM t GROUP BY a, (b + 1)")]
    [InlineData("SELECT a FROM t ORDER BY 1", "SELECT a FROM t ORDER BY 1")]
    [InlineData("SELECT a FROM t ORDER BY a DESC, b ASC, c", "SELECT a FROM t ORDER BY a DESC, b ASC, c")]
    [InlineData("SELECT a FROM t ORDER BY a DESC NULLS FIRST, b NULLS LAST", "SELECT a FROM t ORDER BY a DESC NULLS FIRST, b NULLS LAST")]
    [InlineData("SELECT a FROM t ORDER BY a COLLATE nocase DESC", "SELECT a FROM t ORDER BY (a COLLATE nocase) DESC")]
    [InlineData("SELECT a FROM t LIMIT 10", "SELECT a FROM t LIMIT 10")]
    [InlineData("SELECT a FROM t LIMIT 10 OFFSET 5", "SELECT a FROM t LIMIT 10 OFFSET 5")]
    [InlineData("SELECT a FROM t LIMIT 5, 10", "SELECT a FROM t LIMIT 10 OFFSET 5")]
    [InlineData("SELECT a FROM t LIMIT ? OFFSET ?", "SELECT a FROM t LIMIT ? OFFSET ?")]
    [InlineData("SELECT 1 UNION SELECT 2", "SELECT 1 UNION SELECT 2")]
    [InlineData("SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4 ORDER BY 1 LIMIT 2", "SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4 ORDER BY 1 LIMIT 2")]
    [InlineData("VALUES (1, 'a'), (2, 'b')", "VALUES (1, 'a'), (2, 'b')")]
    [InlineData("SELECT 1 UNION VALUES (2)", "SELECT 1 UNION VALUES (2)")]
    [InlineData("SELECT * FROM (SELECT a FROM t) AS s WHERE s.a = 1", "SELECT * FROM (SELECT a FROM t) AS s WHERE (s.a = 1)")]
    [InlineData("SELECT * FROM (SELECT a FROM t)", "SELECT * FROM (SELECT a FROM t)")]
    [InlineData("SELECT * FROM (VALUES (1)) v", "SELECT * FROM (VALUES (1)) AS v")]
    [InlineData("SELECT * FROM a JOIN b ON a.x = b.x", "SELECT * FROM a JOIN b ON (a.x = b.x)")]
    [InlineData("SELECT * FROM a INNER JOIN b USING (x, y)", "SELECT * FROM a JOIN b USING (x, y)")]
    [InlineData("SELECT * FROM a LEFT OUTER JOIN b ON 1 LEFT JOIN c ON 2", "SELECT * FROM a LEFT JOIN b ON 1 LEFT JOIN c ON 2")]
    [InlineData("SELECT * FROM a CROSS JOIN b, c", "SELECT * FROM a CROSS JOIN b, c")]
    [InlineData("SELECT * FROM a NATURAL JOIN b", "SELECT * FROM a NATURAL JOIN b")]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON 1 FULL OUTER JOIN c ON 1", "SELECT * FROM a RIGHT JOIN b ON 1 FULL JOIN c ON 1")]
    [InlineData("SELECT * FROM a JOIN (b JOIN c ON b.x = c.x) ON a.x = b.x", "SELECT * FROM a JOIN (b JOIN c ON (b.x = c.x)) ON (a.x = b.x)")]
    [InlineData("SELECT (SELECT max(x) FROM t) + 1", "SELECT ((SELECT max(x) FROM t) + 1)")]
    [InlineData("SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.a = t.a)", "SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u WHERE (u.a = t.a))")]
    public void Select_forms(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Canonical(sql));
    }

    [Fact]
    public void Select_core_parts_land_in_their_fields()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT DISTINCT a, t.* FROM t WHERE a > 1 GROUP BY a HAVING a < 9 ORDER BY a LIMIT 3 OFFSET 1");
        var core = Assert.IsType<SelectCore>(select.Body);
        Assert.True(core.Distinct);
        Assert.Equal(2, core.Columns.Length);
        Assert.Equal("t", Assert.IsType<StarResultColumn>(core.Columns[1]).Table);
        Assert.Equal("t", Assert.IsType<TableReference>(core.From!.First).Name.Name);
        Assert.IsType<BinaryExpression>(core.Where);
        Assert.Single(core.GroupBy);
        Assert.NotNull(core.Having);
        Assert.Single(select.OrderBy);
        Assert.Equal(3, Assert.IsType<IntegerLiteral>(select.Limit).Value);
        Assert.Equal(1, Assert.IsType<IntegerLiteral>(select.Offset).Value);
    }

    [Fact]
    public void Result_column_keeps_its_source_text_for_naming()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT a+b , count( * ) AS n, -x\nFROM t");
        var columns = ((SelectCore)select.Body).Columns;
        Assert.Equal("a+b", ((ExpressionResultColumn)columns[0]).SourceText);
        Assert.Null(((ExpressionResultColumn)columns[0]).Alias);
        Assert.Equal("count( * )", ((ExpressionResultColumn)columns[1]).SourceText);
        Assert.Equal("n", ((ExpressionResultColumn)columns[1]).Alias);
        Assert.Equal("-x", ((ExpressionResultColumn)columns[2]).SourceText);
    }

    [Fact]
    public void Limit_with_comma_puts_the_first_number_in_offset()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT 1 LIMIT 5, 10");
        Assert.Equal(10, Assert.IsType<IntegerLiteral>(select.Limit).Value);
        Assert.Equal(5, Assert.IsType<IntegerLiteral>(select.Offset).Value);
    }

    [Fact]
    public void Compound_select_is_flat_and_in_order()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT 1 UNION ALL SELECT 2 EXCEPT SELECT 3 INTERSECT SELECT 4 UNION SELECT 5");
        var compound = Assert.IsType<CompoundSelect>(select.Body);
        Assert.IsType<SelectCore>(compound.First);
        Assert.Equal(
            [CompoundOperator.UnionAll, CompoundOperator.Except, CompoundOperator.Intersect, CompoundOperator.Union],
            compound.Terms.Select(t => t.Operator).ToArray());
    }

    [Fact]
    public void Long_compound_select_does_not_nest()
    {
        // 500 terms, SQLite's limit (SqlLimits.MaxCompoundSelect): the first and 499 more, in one flat list.
        string sql = "SELECT 0" + string.Concat(Enumerable.Range(1, 499).Select(i => " UNION ALL SELECT " + i));
        var compound = Assert.IsType<CompoundSelect>(SqlAssert.Parse<SelectStatement>(sql).Body);
        Assert.Equal(499, compound.Terms.Length);
    }

    [Fact]
    public void Joins_are_flat_with_their_constraints()
    {
        var select = SqlAssert.Parse<SelectStatement>("SELECT * FROM a, b LEFT JOIN c ON b.x = c.x CROSS JOIN d NATURAL JOIN e JOIN f USING (k)");
        FromClause from = ((SelectCore)select.Body).From!;
        Assert.Equal("a", ((TableReference)from.First).Name.Name);
        Assert.Equal(
            [(JoinKind.Comma, false), (JoinKind.Left, false), (JoinKind.Cross, false), (JoinKind.Inner, true), (JoinKind.Inner, false)],
            from.Joins.Select(j => (j.Kind, j.Natural)).ToArray());
        Assert.NotNull(from.Joins[1].On);
        Assert.Equal("k", Assert.Single(from.Joins[4].Using).Name);
    }

    [Fact]
    public void Values_rows_must_have_the_same_width()
    {
        SharpCoreDBException ex = SqlAssert.SyntaxError("VALUES (1, 2), (3)");
        Assert.Equal(16, ex.Column);
        Assert.Contains("same number of values", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Keyword_like_names_work_as_aliases()
    {
        Assert.Equal("SELECT a AS \"first\" FROM t AS \"key\"", SqlAssert.Canonical("SELECT a first FROM t key"));
    }
}
