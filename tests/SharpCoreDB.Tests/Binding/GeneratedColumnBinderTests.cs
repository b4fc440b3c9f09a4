using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Binding;

/// <summary>
/// Generated columns' binding and checks on their own (<see cref="GeneratedColumnBinder"/>): a table built from its
/// CREATE TABLE and a stand-in binder that hands out slots and records what it binds, without a database.
/// </summary>
public sealed class GeneratedColumnBinderTests
{
    [Fact]
    public void A_writer_binds_each_generated_column_in_generation_order_against_a_slot_of_its_own()
    {
        TableSchema table = Table("CREATE TABLE t(a INT, c AS (b * 2), b AS (a + 1) STORED, d TEXT)");
        var binder = new RecordingTableBinder();

        (Expr?[]? expressions, int slot) = GeneratedColumnBinder.BindForWriter(table, binder);

        Assert.Equal(5, Assert.Single(binder.SlotWidths));
        Assert.Equal(40, slot);
        Assert.NotNull(expressions);
        Assert.Equal([false, true, true, false], expressions.Select(e => e is not null));

        // b is computed before c, which reads it.
        Assert.Equal(["(a + 1)", "(b * 2)"], binder.Bound);
        Assert.Equal(SqlValue.FromInt64(1), Assert.IsType<LiteralExpr>(expressions[2]).Value);
        Assert.Equal(SqlValue.FromInt64(2), Assert.IsType<LiteralExpr>(expressions[1]).Value);
    }

    [Fact]
    public void A_table_without_generated_columns_takes_no_slot()
    {
        var binder = new RecordingTableBinder();

        Assert.Equal((null, -1), GeneratedColumnBinder.BindForWriter(Table("CREATE TABLE t(a INT, b TEXT)"), binder));
        Assert.Empty(binder.SlotWidths);
    }

    [Theory]
    [InlineData("CREATE TABLE t(a INT, b AS ((SELECT 1)))", "subqueries prohibited in generated columns")]
    [InlineData("CREATE TABLE t(a INT, b AS (a + ?))", "parameters prohibited in generated columns")]
    [InlineData("CREATE TABLE t(a INT, b AS (random()))", "non-deterministic functions prohibited in generated columns")]
    public void A_prohibited_expression_fails_on_its_syntax_before_anything_is_bound(string sql, string message)
    {
        var binder = new RecordingTableBinder();

        var e = Assert.Throws<SharpCoreDBException>(() => GeneratedColumnBinder.Check(Table(sql), binder));

        Assert.Contains(message, e.Message, StringComparison.Ordinal);
        Assert.Empty(binder.Bound);
    }

    [Fact]
    public void Writing_or_dropping_what_a_generated_column_needs_fails_with_sqlites_messages()
    {
        TableSchema table = Table("CREATE TABLE t(a INT, b AS (a + 1), c TEXT)");
        TableSchema lastOrdinary = Table("CREATE TABLE u(a INT, b AS (2))");

        GeneratedColumnBinder.RefuseTarget(table, 0, "UPDATE", default);
        GeneratedColumnBinder.RefuseDrop(table, table.Columns[2], default);
        GeneratedColumnBinder.RefuseDrop(table, table.Columns[1], default);

        Assert.Equal(
            "cannot INSERT into generated column \"b\"",
            Message(() => GeneratedColumnBinder.RefuseTarget(table, 1, "INSERT into", default)));
        Assert.Equal(
            "error in table t after drop column: no such column: a",
            Message(() => GeneratedColumnBinder.RefuseDrop(table, table.Columns[0], default)));
        Assert.Equal(
            "error in table u after drop column: must have at least one non-generated column",
            Message(() => GeneratedColumnBinder.RefuseDrop(lastOrdinary, lastOrdinary.Columns[0], default)));
    }

    // Without a position (default) the message is SQLite's alone.
    private static string Message(Action action) => Assert.Throws<SharpCoreDBException>(action).Message;

    private static TableSchema Table(string sql) =>
        TableSchemaBuilder.Build((CreateTableStatement)SqlParser.ParseStatement(sql), 2, _ => 3);

    /// <summary>Hands out slots from 40, binds every stored expression to a literal, and records both.</summary>
    private sealed class RecordingTableBinder : ITableExpressionBinder
    {
        public List<int> SlotWidths { get; } = [];

        public List<string> Bound { get; } = [];

        public int NewSlot(int width)
        {
            SlotWidths.Add(width);
            return 39 + SlotWidths.Count;
        }

        public Expr BindOnTable(TableSchema table, int slot, Expression expression)
        {
            Assert.Equal(40, slot);
            Bound.Add(expression.ToString());
            return new LiteralExpr(SqlValue.FromInt64(Bound.Count));
        }
    }
}
