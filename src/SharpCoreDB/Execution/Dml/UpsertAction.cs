using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// One <c>ON CONFLICT</c> clause of an INSERT, bound: the uniqueness constraint it takes over (the row id, a unique
/// index, or any of them for a clause without a target) and what it does instead of inserting.
/// </summary>
/// <param name="RowIdTarget">True when the target is the row id (the INTEGER PRIMARY KEY).</param>
/// <param name="Index">The unique index of the target, or null.</param>
/// <param name="Updater">DO UPDATE's update of the existing row; null for DO NOTHING.</param>
internal sealed record UpsertAction(bool RowIdTarget, IndexSchema? Index, RowUpdater? Updater)
{
    /// <summary>True for a clause without a target: any uniqueness conflict is its.</summary>
    public bool AnyConstraint => !RowIdTarget && Index is null;
}
