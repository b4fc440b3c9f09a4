using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary><c>last_insert_rowid()</c>, <c>changes()</c> or <c>total_changes()</c>: read from the connection when evaluated.</summary>
internal sealed class ConnectionCounterExpr(ConnectionCounterExpr.Counter counter) : Expr
{
    /// <summary>Which counter.</summary>
    public enum Counter
    {
        /// <summary><c>last_insert_rowid()</c>.</summary>
        LastInsertRowId,

        /// <summary><c>changes()</c>.</summary>
        Changes,

        /// <summary><c>total_changes()</c>.</summary>
        TotalChanges,

        /// <summary><c>PRAGMA foreign_keys</c>: 1 when the connection enforces foreign keys.</summary>
        ForeignKeys,

        /// <summary><c>PRAGMA defer_foreign_keys</c>.</summary>
        DeferForeignKeys,
    }

    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <summary>The counter a function name reads, if it is one of the three.</summary>
    /// <param name="name">The function name as written.</param>
    /// <param name="counter">The counter.</param>
    /// <returns>True when <paramref name="name"/> names a counter.</returns>
    public static bool TryParse(string name, out Counter counter)
    {
        if (name.Equals("last_insert_rowid", StringComparison.OrdinalIgnoreCase))
        {
            counter = Counter.LastInsertRowId;
            return true;
        }

        if (name.Equals("changes", StringComparison.OrdinalIgnoreCase))
        {
            counter = Counter.Changes;
            return true;
        }

        counter = Counter.TotalChanges;
        return name.Equals("total_changes", StringComparison.OrdinalIgnoreCase);
    }

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        if (counter is Counter.ForeignKeys or Counter.DeferForeignKeys)
        {
            ConnectionSettings? settings = context.Transaction.Settings;
            bool on = settings is not null && (counter == Counter.ForeignKeys ? settings.ForeignKeys : settings.DeferForeignKeys);
            return SqlValue.FromInt64(on ? 1 : 0);
        }

        ConnectionCounters? counters = context.Transaction.Counters;
        return SqlValue.FromInt64(counters is null ? 0 : counter switch
        {
            Counter.LastInsertRowId => counters.LastInsertRowId,
            Counter.Changes => counters.Changes,
            _ => counters.TotalChanges,
        });
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append(counter switch
    {
        Counter.LastInsertRowId => "last_insert_rowid()",
        Counter.Changes => "changes()",
        Counter.ForeignKeys => "foreign_keys",
        Counter.DeferForeignKeys => "defer_foreign_keys",
        _ => "total_changes()",
    });
}
