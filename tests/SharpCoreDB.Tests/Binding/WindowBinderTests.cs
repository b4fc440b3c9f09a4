using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Binding;

/// <summary>
/// The window-call binder on its own: a hand-built scope (one source <c>t(a, b)</c> in slot 0), the SELECT's window
/// slot, and a stand-in for the binder that binds columns and integers, so partition, order, frame and named-window
/// binding and the misuse errors are checked without a database.
/// </summary>
public sealed class WindowBinderTests
{
    private const int WindowSlot = 3;

    [Fact]
    public void Binds_partition_order_and_frame_of_a_call_into_the_window_slot()
    {
        var root = new Scope(null);
        var binder = new ScopeOnlyExpressionBinder { StatementRoot = root };
        (FunctionCallExpression call, Scope scope, WindowBinding windows) = Setup(
            "SELECT sum(a) OVER (PARTITION BY b ORDER BY a DESC NULLS LAST ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM t");

        ColumnExpr result = new WindowBinder(binder, UserFunctionSet.Empty).Bind(call, scope, 1);

        Assert.Equal((WindowSlot, 0), (result.Slot, result.Column));
        WindowCall bound = Assert.Single(windows.Calls);
        Assert.Equal(("sum", WindowFunctionKind.Aggregate, false), (bound.Name, bound.Kind, bound.IsCountStar));
        AssertColumn(Assert.Single(bound.Arguments), 0);
        AssertColumn(Assert.Single(bound.PartitionBy), 1);
        WindowOrderTerm order = Assert.Single(bound.OrderBy);
        AssertColumn(order.Expression, 0);
        Assert.Equal((true, false), (order.Descending, order.NullsFirst));
        Assert.Equal((FrameUnit.Rows, FrameBoundKind.Preceding, FrameBoundKind.CurrentRow), (bound.Frame.Unit, bound.Frame.StartKind, bound.Frame.EndKind));
        Assert.Equal(SqlValue.FromInt64(2), Assert.IsType<LiteralExpr>(bound.Frame.StartOffset).Value);
        Assert.False(windows.InsideWindow);

        // Arguments, PARTITION BY and ORDER BY see the query's sources; the frame offset is a constant of the
        // statement, bound in a scope of its own under the statement's root.
        Assert.Equal(["a", "b", "a"], binder.Bound.Take(3).Select(b => b.Expression));
        Assert.All(binder.Bound.Take(3), b => Assert.Same(scope, b.Scope));
        (string offset, Scope offsetScope) = binder.Bound[3];
        Assert.Equal("2", offset);
        Assert.Same(root, offsetScope.Parent);
        Assert.Empty(offsetScope.Sources);
    }

    [Fact]
    public void A_call_naming_a_window_takes_its_partition_and_adds_its_own_order_by()
    {
        var binder = new ScopeOnlyExpressionBinder();
        (SelectCore core, Scope scope, WindowBinding windows) = SetupCore(
            "SELECT rank() OVER (w ORDER BY a), count(*) OVER (PARTITION BY b ORDER BY a), row_number() OVER w FROM t WINDOW w AS (PARTITION BY b)");
        var windowBinder = new WindowBinder(binder, UserFunctionSet.Empty);

        for (int i = 0; i < 3; i++)
        {
            FunctionCallExpression call = CallOf(core, i);
            Assert.Equal(i, windowBinder.Bind(call, scope, call.Arguments.IsDefault ? 0 : call.Arguments.Length).Column);
        }

        (WindowCall rank, WindowCall count, WindowCall rowNumber) = (windows.Calls[0], windows.Calls[1], windows.Calls[2]);
        Assert.Equal(WindowFunctionKind.Rank, rank.Kind);
        AssertColumn(Assert.Single(rank.PartitionBy), 1);
        AssertColumn(Assert.Single(rank.OrderBy).Expression, 0);
        Assert.True(count.IsCountStar);
        Assert.Empty(count.Arguments);

        // The same partition and order share one sort: the keys match; the bare reference orders by nothing.
        Assert.Equal(rank.SpecKey, count.SpecKey);
        Assert.Empty(rowNumber.OrderBy);
        Assert.NotEqual(rank.SpecKey, rowNumber.SpecKey);
        Assert.Same(WindowFrame.Default, rowNumber.Frame);
    }

    [Theory]
    [InlineData("SELECT row_number() OVER v FROM t WINDOW w AS ()", "no such window: v")]
    [InlineData("SELECT sum(a) OVER (w ORDER BY b) FROM t WINDOW w AS (ORDER BY a)", "cannot override ORDER BY clause of window: w")]
    [InlineData("SELECT sum(a) OVER (w PARTITION BY b) FROM t WINDOW w AS (ORDER BY a)", "cannot override PARTITION clause of window: w")]
    [InlineData("SELECT sum(a) OVER (w) FROM t WINDOW w AS (ROWS CURRENT ROW)", "cannot override frame specification of window: w")]
    [InlineData("SELECT sum(a) OVER (RANGE 1 PRECEDING) FROM t", "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression")]
    [InlineData("SELECT ntile() OVER () FROM t", "wrong number of arguments to function ntile()")]
    [InlineData("SELECT row_number() FILTER (WHERE a) OVER () FROM t", "FILTER clause may only be used with aggregate window functions")]
    [InlineData("SELECT abs(a) OVER () FROM t", "abs() may not be used as a window function")]
    [InlineData("SELECT nosuch(a) OVER () FROM t", "no such function: nosuch")]
    public void Misuse_fails_with_sqlites_message_and_binds_nothing(string sql, string message)
    {
        (FunctionCallExpression call, Scope scope, WindowBinding windows) = Setup(sql);

        var e = Assert.Throws<SharpCoreDBException>(() => new WindowBinder(new ScopeOnlyExpressionBinder(), UserFunctionSet.Empty).Bind(call, scope, call.Arguments.Length));

        Assert.StartsWith(message, e.Message, StringComparison.Ordinal);
        Assert.Empty(windows.Calls);
    }

    [Fact]
    public void A_window_call_where_none_may_be_or_inside_another_is_misuse()
    {
        (FunctionCallExpression call, Scope scope, WindowBinding windows) = Setup("SELECT lag(a) OVER () FROM t");
        var windowBinder = new WindowBinder(new ScopeOnlyExpressionBinder(), UserFunctionSet.Empty);

        windows.InsideWindow = true;
        Assert.StartsWith("misuse of window function lag()", Assert.Throws<SharpCoreDBException>(() => windowBinder.Bind(call, scope, 1)).Message, StringComparison.Ordinal);
        scope.Windows = null;
        Assert.StartsWith("misuse of window function lag()", Assert.Throws<SharpCoreDBException>(() => windowBinder.Bind(call, scope, 1)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Finds_window_calls_of_the_select_but_not_of_its_subqueries()
    {
        SelectCore outer = SetupCore("SELECT a, (SELECT max(b) OVER () FROM t) FROM t ORDER BY a").Core;
        SelectCore inOrder = SetupCore("SELECT a FROM t ORDER BY RANK() OVER (ORDER BY a)").Core;
        SelectStatement ordered = (SelectStatement)SqlParser.ParseStatement("SELECT a FROM t ORDER BY RANK() OVER (ORDER BY a)");

        Assert.False(WindowBinder.ContainsWindow([], outer.Columns));
        Assert.True(WindowBinder.ContainsWindow(ordered.OrderBy, inOrder.Columns));
        Assert.True(WindowBinder.IsWindowOnly("Row_Number"));
        Assert.False(WindowBinder.IsWindowOnly("sum"));
    }

    private static (FunctionCallExpression Call, Scope Scope, WindowBinding Windows) Setup(string sql)
    {
        (SelectCore core, Scope scope, WindowBinding windows) = SetupCore(sql);
        return (CallOf(core, 0), scope, windows);
    }

    private static (SelectCore Core, Scope Scope, WindowBinding Windows) SetupCore(string sql)
    {
        var core = (SelectCore)((SelectStatement)SqlParser.ParseStatement(sql)).Body;
        var scope = new Scope(null);
        scope.Sources.Add(new SourceBinding(
            "t",
            0,
            [new SourceColumn("a", 0, Affinity.Integer, SqlDeclaredType.None, "INTEGER"), new SourceColumn("b", 1, Affinity.Integer, SqlDeclaredType.None, "INTEGER")],
            null));
        var windows = new WindowBinding(WindowSlot, core.Windows);
        scope.Windows = windows;
        return (core, scope, windows);
    }

    private static FunctionCallExpression CallOf(SelectCore core, int column) =>
        (FunctionCallExpression)((ExpressionResultColumn)core.Columns[column]).Expression;

    private static void AssertColumn(Expr expression, int column)
    {
        ColumnExpr bound = Assert.IsType<ColumnExpr>(expression);
        Assert.Equal((0, column), (bound.Slot, bound.Column));
    }
}
