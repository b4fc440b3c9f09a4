using SharpCoreDB.Binding;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Binding;

/// <summary>
/// Common table expressions' name resolution on its own (<see cref="CteScope"/>): visibility, shadowing, what an
/// expression's own query sees, circular references; and the recursive pieces (<see cref="RecursiveCteShape"/>,
/// <see cref="RecursiveBinding"/>) without a binder or a database.
/// </summary>
public sealed class CteScopeTests
{
    [Fact]
    public void A_with_clause_makes_its_names_visible_until_it_is_left_and_an_inner_one_hides_an_outer()
    {
        var ctes = new CteScope();
        Statement outer = Parse("WITH a AS (SELECT 1), b AS (SELECT 2) SELECT * FROM a, a, b");
        Statement inner = Parse("WITH A AS (SELECT 3) SELECT * FROM a");

        Assert.Null(ctes.Find("a"));
        CteEntry? beforeOuter = ctes.Enter(outer);
        CteEntry outerA = ctes.Find("a")!;
        Assert.Equal("SELECT 1", outerA.Cte.Query.ToString());
        Assert.Equal(2, outerA.References);
        Assert.Equal(1, ctes.Find("B")!.References);

        CteEntry? beforeInner = ctes.Enter(inner);
        Assert.Equal("SELECT 3", ctes.Find("a")!.Cte.Query.ToString());
        Assert.Same(ctes.Find("b"), ctes.Find("b"));
        ctes.Leave(beforeInner);

        Assert.Same(outerA, ctes.Find("a"));
        ctes.Leave(beforeOuter);
        Assert.Null(ctes.Find("a"));
        Assert.Null(beforeOuter);
    }

    [Fact]
    public void An_expressions_own_query_sees_its_whole_clause_and_naming_itself_is_a_self_reference()
    {
        var ctes = new CteScope();
        ctes.Enter(Parse("WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a"));
        Statement shadowing = Parse("WITH b AS (SELECT 2) SELECT * FROM a");
        CteEntry? saved = ctes.Enter(shadowing);
        CteEntry a = ctes.Find("a")!;

        // Inside a's query the clause's own b is visible again, not the b of the WITH a reference sits under.
        CteEntry? outside = ctes.EnterBody(a);
        Assert.Equal("SELECT 1", ctes.Find("b")!.Cte.Query.ToString());
        Assert.True(ctes.IsDefining("A"));
        Assert.False(ctes.IsDefining("b"));
        ctes.LeaveBody(outside);

        Assert.False(ctes.IsDefining("a"));
        Assert.Equal("SELECT 2", ctes.Find("b")!.Cte.Query.ToString());
        ctes.Leave(saved);
    }

    [Fact]
    public void A_name_given_twice_in_one_clause_fails_and_enters_nothing()
    {
        var ctes = new CteScope();

        var e = Assert.Throws<SharpCoreDBException>(() => ctes.Enter(Parse("WITH a AS (SELECT 1), b AS (SELECT 2), A AS (SELECT 3) SELECT 1")));

        Assert.StartsWith("duplicate WITH table name: A", e.Message, StringComparison.Ordinal);
        Assert.Null(ctes.Find("a"));
    }

    [Theory]
    [InlineData("WITH r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 1", true)]
    [InlineData("WITH r(n) AS (SELECT 1 UNION SELECT n FROM t JOIN r ON 1) SELECT 1", true)]
    [InlineData("WITH r(n) AS (SELECT 1 UNION ALL SELECT n FROM t WHERE n IN (SELECT n FROM r)) SELECT 1", false)]
    [InlineData("WITH r(n) AS (SELECT n FROM r) SELECT 1", false)]
    [InlineData("WITH r(n) AS (SELECT 1 UNION ALL SELECT 2) SELECT 1", false)]
    public void An_expression_is_recursive_when_an_arm_of_its_compound_names_it_in_its_own_from(string sql, bool recursive)
    {
        Assert.Equal(recursive, RecursiveCteShape.IsRecursive(Parse(sql).With[0]));
    }

    [Theory]
    [InlineData("WITH r(n) AS (SELECT n FROM r UNION ALL SELECT 1) SELECT 1", "circular reference: r")]
    [InlineData("WITH r(n) AS (SELECT 1 UNION ALL SELECT n FROM r UNION ALL SELECT 2) SELECT 1", "circular reference: r")]
    [InlineData("WITH r(n) AS (SELECT 1 INTERSECT SELECT n FROM r) SELECT 1", "circular reference: r")]
    [InlineData("WITH r(n) AS (SELECT 1 UNION ALL SELECT r.n FROM r, r AS s) SELECT 1", "multiple references to recursive table: r")]
    public void A_recursive_expression_of_the_wrong_shape_fails_with_sqlites_message(string sql, string message)
    {
        var e = Assert.Throws<SharpCoreDBException>(() => RecursiveCteShape.Arms(Parse(sql).With[0], out _));

        Assert.StartsWith(message, e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_initial_select_is_every_arm_before_the_first_that_names_the_expression()
    {
        CommonTableExpression cte = Parse("WITH r(n) AS (SELECT 1 UNION SELECT 2 UNION ALL SELECT n + 1 FROM r UNION SELECT n + 2 FROM r) SELECT 1").With[0];

        List<SelectBody> arms = RecursiveCteShape.Arms(cte, out int firstRecursive);

        Assert.Equal(4, arms.Count);
        Assert.Equal(2, firstRecursive);
    }

    [Fact]
    public void The_recursive_table_may_be_named_once_at_its_own_query_depth()
    {
        var slots = new CountingSlots();
        ResultColumnInfo[] columns = [new ResultColumnInfo("n", string.Empty, SqlDeclaredType.None, Affinity.Integer)];
        SourceColumn[] sourceColumns = [new SourceColumn("n", 0, Affinity.Integer, SqlDeclaredType.None, string.Empty)];
        var table = new BoundRecursiveTable("r");
        var recursive = new RecursiveBinding("r", 3, table, sourceColumns, columns);
        TableReference other = Reference("SELECT 1 FROM t");
        TableReference self = Reference("SELECT 1 FROM R AS x");

        Assert.Null(recursive.TryReference(other, 3, slots));
        Assert.Throws<SharpCoreDBException>(() => recursive.TryReference(self, 4, slots));
        FromItem item = recursive.TryReference(self, 3, slots)!;
        var e = Assert.Throws<SharpCoreDBException>(() => recursive.TryReference(self, 3, slots));

        Assert.StartsWith("multiple recursive references: R", e.Message, StringComparison.Ordinal);
        Assert.True(recursive.Bound);
        Assert.Equal(("x", 7), (item.Source.Name, item.Source.Slot));
        Assert.Equal([1], slots.Widths);
        BoundRecursiveScan scan = Assert.IsType<BoundRecursiveScan>(item.Derived!.Relation);
        Assert.Same(table, scan.Table);
        Assert.Equal(7, Assert.Single(item.Derived.OuterSlots));
    }

    private static Statement Parse(string sql) => SqlParser.ParseStatement(sql);

    private static TableReference Reference(string sql) =>
        (TableReference)((SelectCore)((SelectStatement)Parse(sql)).Body).From!.First;

    /// <summary>Hands out slots from 7 and records their widths.</summary>
    private sealed class CountingSlots : ISlotAllocator
    {
        public List<int> Widths { get; } = [];

        public int NewSlot(int width)
        {
            Widths.Add(width);
            return 6 + Widths.Count;
        }
    }
}
