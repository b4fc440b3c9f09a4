using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <summary>
/// What the writer of one table evaluates, bound against the row in <see cref="Slot"/>: CHECK constraints and DEFAULTs
/// (not yet rewritten), partial-index predicates, index and generated-column expressions. The planner builds the
/// table writer from it, with the foreign-key enforcer whose actions it binds and plans when they first run.
/// </summary>
/// <param name="table">The table.</param>
/// <param name="slot">The slot of the row written.</param>
/// <param name="checks">The bound CHECK constraints.</param>
/// <param name="schema">The schema the statement was bound against (foreign-key actions bind against it).</param>
/// <param name="collations">The database's collations (for foreign-key actions).</param>
/// <param name="functions">The functions registered from C# (for foreign-key actions).</param>
internal sealed class BoundTableWriter(TableSchema table, int slot, Expr[] checks, Schema schema, CollationRegistry collations, UserFunctionSet functions)
{
    /// <summary>The table.</summary>
    public TableSchema Table { get; } = table;

    /// <summary>The slot of the row written.</summary>
    public int Slot { get; } = slot;

    /// <summary>The bound CHECK constraints; the planner rewrites them in place.</summary>
    public Expr[] Checks { get; } = checks;

    /// <summary>The schema the statement was bound against.</summary>
    public Schema Schema { get; } = schema;

    /// <summary>The database's collations.</summary>
    public CollationRegistry Collations { get; } = collations;

    /// <summary>The functions registered from C#.</summary>
    public UserFunctionSet Functions { get; } = functions;

    /// <summary>Per column, its bound DEFAULT or null (see <c>TableWriter.Defaults</c>); the planner rewrites them in place.</summary>
    public Expr?[]? Defaults { get; init; }

    /// <summary>The partial indexes' predicates (see <c>TableWriter.IndexPredicates</c>).</summary>
    public Expr?[]? IndexPredicates { get; init; }

    /// <summary>The indexes' key expressions (see <c>TableWriter.IndexExpressions</c>).</summary>
    public Expr?[]?[]? IndexExpressions { get; init; }

    /// <summary>The slot the key expressions read (see <c>TableWriter.KeySlot</c>).</summary>
    public int KeySlot { get; init; } = -1;

    /// <summary>The generated columns' expressions (see <c>TableWriter.Generated</c>).</summary>
    public Expr?[]? Generated { get; init; }

    /// <summary>The slot the generated expressions read (see <c>TableWriter.GeneratedSlot</c>).</summary>
    public int GeneratedSlot { get; init; } = -1;
}
