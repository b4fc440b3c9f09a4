using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// One bound ON CONFLICT clause. Its target is the row id, any constraint (no target), or one of the unique indexes on
/// exactly the target's columns: the planner takes the first whose partial-index WHERE (if any) the target's WHERE
/// implies. DO UPDATE's assignments and WHERE see the existing row in <see cref="Slot"/>.
/// </summary>
internal sealed class BoundUpsert
{
    /// <summary>True when the target is the row id (or a WITHOUT ROWID table's key).</summary>
    public bool RowIdTarget { get; init; }

    /// <summary>For an index target, the positions (in the table's indexes) of the unique indexes on its columns; else null.</summary>
    public List<int>? Candidates { get; init; }

    /// <summary>For an index target, the partial indexes' predicates, bound against the target's slot (null when none is partial).</summary>
    public Expr?[]? CandidatePredicates { get; init; }

    /// <summary>The target's WHERE, bound (not yet rewritten), or null.</summary>
    public Expr? TargetWhere { get; init; }

    /// <summary>Where the clause is, for the error when no candidate index fits.</summary>
    public SourcePosition Position { get; init; }

    /// <summary>True for DO NOTHING.</summary>
    public bool DoNothing { get; init; }

    /// <summary>DO UPDATE: the slot of the existing row.</summary>
    public int Slot { get; init; } = -1;

    /// <summary>DO UPDATE: the assigned columns.</summary>
    public int[] Columns { get; init; } = [];

    /// <summary>DO UPDATE: the assigned values (not yet rewritten).</summary>
    public Expr[] Values { get; init; } = [];

    /// <summary>DO UPDATE: its WHERE, or null.</summary>
    public Expr? Where { get; init; }

    /// <summary>DO UPDATE: the UPDATE triggers it fires, or null.</summary>
    public BoundTriggerSet? Triggers { get; init; }
}
