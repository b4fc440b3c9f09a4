using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// A bound INSERT into a table: the new row's slot, the source rows (bound VALUES rows or a bound query, none for
/// DEFAULT VALUES), which column each source value fills, the conflict clauses and the triggers it fires.
/// </summary>
/// <param name="writer">The table's writer.</param>
/// <param name="targets">For each source column, the table slot column it fills.</param>
/// <param name="conflict">OR REPLACE / OR IGNORE / …, as the statement (or its firing trigger) says.</param>
internal sealed class BoundInsert(BoundTableWriter writer, int[] targets, ConflictResolution conflict) : BoundDml
{
    /// <summary>The table's writer; its slot is the new row's.</summary>
    public BoundTableWriter Writer { get; } = writer;

    /// <inheritdoc/>
    public override TableSchema Table => Writer.Table;

    /// <inheritdoc/>
    public override int TableSlot => Writer.Slot;

    /// <summary>For each source column, the table slot column it fills.</summary>
    public int[] Targets { get; } = targets;

    /// <summary>The conflict resolution.</summary>
    public ConflictResolution Conflict { get; } = conflict;

    /// <summary>INSERT … VALUES: the bound rows (not yet rewritten), produced in <see cref="SourceSlot"/>; else null.</summary>
    public List<Expr[]>? Values { get; init; }

    /// <summary>INSERT … SELECT: the bound query; else null.</summary>
    public IBoundRelation? Query { get; init; }

    /// <summary>The slot of each source row (-1 for DEFAULT VALUES).</summary>
    public int SourceSlot { get; init; } = -1;

    /// <summary>True to read every source row before inserting the first.</summary>
    public bool Materialize { get; init; }

    /// <summary>The INSERT triggers it fires, or null.</summary>
    public BoundTriggerSet? Triggers { get; init; }

    /// <summary>The ON CONFLICT clauses, or null.</summary>
    public BoundUpsert[]? Upserts { get; init; }
}
