using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>
/// One FOREIGN KEY constraint of a (child) table, as declared: the child columns, the parent table and the parent
/// columns (none for the parent's primary key), the actions and whether the check waits for COMMIT. Which index
/// of the parent enforces it is found when a statement needs it (the parent may be created later, as in SQLite).
/// </summary>
internal sealed class ForeignKeySchema
{
    /// <summary>The constraint's number in <c>PRAGMA foreign_key_list</c>: 0 for the last one declared, as in SQLite.</summary>
    public required int Id { get; init; }

    /// <summary>The constraint's name (<c>CONSTRAINT name</c>), or null when it has none.</summary>
    public string? Name { get; init; }

    /// <summary>The child table's name.</summary>
    public required string ChildTable { get; init; }

    /// <summary>The ordinals of the child columns, in declaration order.</summary>
    public required ImmutableArray<int> ChildColumns { get; init; }

    /// <summary>The parent table's name as written.</summary>
    public required string ParentTable { get; init; }

    /// <summary>The parent columns as written; empty when the constraint names the parent's primary key implicitly.</summary>
    public required ImmutableArray<string> ParentColumns { get; init; }

    /// <summary>The ON DELETE action.</summary>
    public required ForeignKeyAction OnDelete { get; init; }

    /// <summary>The ON UPDATE action.</summary>
    public required ForeignKeyAction OnUpdate { get; init; }

    /// <summary>True for DEFERRABLE INITIALLY DEFERRED: violations are counted until COMMIT.</summary>
    public required bool Deferred { get; init; }

    /// <summary>The MATCH name as written, <c>NONE</c> when not written (SQLite parses it and ignores it, as this engine does).</summary>
    public required string Match { get; init; }
}
