using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>
/// A trigger: a row-level BEFORE or AFTER program on one table's INSERT, UPDATE [OF columns] or DELETE. Kept as its
/// parsed statement and bound into every statement that fires it.
/// </summary>
internal sealed class TriggerSchema
{
    /// <summary>The trigger name.</summary>
    public required string Name { get; init; }

    /// <summary>The table it is on.</summary>
    public required string TableName { get; init; }

    /// <summary>The parsed CREATE TRIGGER.</summary>
    public required CreateTriggerStatement Statement { get; init; }

    /// <summary>
    /// Its place in creation order (the schema version that created it): triggers on the same event fire newest
    /// first, as in SQLite.
    /// </summary>
    public required long Order { get; init; }

    /// <summary>True for AFTER; false for BEFORE (written or implied).</summary>
    public bool IsAfter => Statement.Timing == TriggerTiming.After;

    /// <summary>The event.</summary>
    public TriggerEvent Event => Statement.Event;

    /// <summary>The columns of UPDATE OF; empty when any UPDATE fires it.</summary>
    public ImmutableArray<Identifier> UpdateColumns => Statement.UpdateColumns;

    /// <summary>The CREATE TRIGGER text.</summary>
    public string Sql => Statement.SourceText;
}
