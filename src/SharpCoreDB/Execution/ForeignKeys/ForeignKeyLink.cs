using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>
/// A foreign key resolved against one schema picture: the child and parent tables, the columns on each side in the
/// constraint's order, the parent index that enforces the parent key (none when it is the row id), and an index of
/// the child whose leading columns are the child columns, if one exists (SQLite scans the child without one).
/// </summary>
internal sealed class ForeignKeyLink
{
    private ForeignKeyLink(ForeignKeySchema foreignKey, TableSchema child, TableSchema parent)
    {
        ForeignKey = foreignKey;
        Child = child;
        Parent = parent;
    }

    /// <summary>The constraint.</summary>
    public ForeignKeySchema ForeignKey { get; }

    /// <summary>The child table.</summary>
    public TableSchema Child { get; }

    /// <summary>The parent table.</summary>
    public TableSchema Parent { get; }

    /// <summary>The child columns' ordinals, in the constraint's order.</summary>
    public int[] ChildColumns { get; private set; } = [];

    /// <summary>The parent key's ordinals, in the constraint's order.</summary>
    public int[] ParentColumns { get; private set; } = [];

    /// <summary>The parent key's affinity per constraint column: a child value takes it before the parent is looked up.</summary>
    public Affinity[] ParentAffinities { get; private set; } = [];

    /// <summary>
    /// The parent key's collation per constraint column (its declared one, null for BINARY): SQLite compares a child
    /// value with the parent key under it, whatever the child column declares. A user collation here is known by its
    /// name only; <see cref="ParentCollation"/> resolves it on the database.
    /// </summary>
    public Collation?[] ParentCollations { get; private set; } = [];

    /// <summary>The unique index of the parent key, or null when the parent key is the row id.</summary>
    public IndexSchema? ParentIndex { get; private set; }

    /// <summary>
    /// An index of the child whose first columns are exactly the child columns, each under the parent key's collation
    /// (an index in another order cannot find every child equal under it), or null.
    /// </summary>
    public IndexSchema? ChildIndex { get; private set; }

    /// <summary>True when the child and parent are one table.</summary>
    public bool SelfReferencing => string.Equals(Child.Name, Parent.Name, StringComparison.OrdinalIgnoreCase);

    /// <summary>Resolves a constraint of <paramref name="child"/>.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="child">The child table.</param>
    /// <param name="foreignKey">The constraint.</param>
    /// <returns>The link.</returns>
    /// <exception cref="SharpCoreDBException">UnknownTable when the parent does not exist; Unsupported for SQLite's "foreign key mismatch".</exception>
    public static ForeignKeyLink Resolve(Schema schema, TableSchema child, ForeignKeySchema foreignKey)
    {
        TableSchema parent = schema.FindTable(foreignKey.ParentTable) ?? throw ForeignKeyErrors.MissingParent(foreignKey.ParentTable);
        var link = new ForeignKeyLink(foreignKey, child, parent);
        int count = foreignKey.ChildColumns.Length;
        link.ChildColumns = [.. foreignKey.ChildColumns];
        link.ParentColumns = ParentKey(link, count) ?? throw ForeignKeyErrors.Mismatch(child.Name, parent.Name);
        link.ParentAffinities = new Affinity[count];
        link.ParentCollations = new Collation?[count];
        for (int i = 0; i < count; i++)
        {
            link.ParentAffinities[i] = parent.Columns[link.ParentColumns[i]].Affinity;
            link.ParentCollations[i] = DeclaredCollation(parent.Columns[link.ParentColumns[i]]);
        }

        link.ChildIndex = LeadingIndex(child, link.ChildColumns, link.ParentCollations);
        return link;
    }

    /// <summary>The parent key's collation of constraint column <paramref name="i"/>, a user one as the database has it now.</summary>
    /// <param name="i">The constraint column.</param>
    /// <param name="collations">The database's collations (null in contexts without user collations).</param>
    /// <returns>The collation, null for BINARY.</returns>
    public Collation? ParentCollation(int i, CollationRegistry? collations) =>
        ParentCollations[i] is { Kind: CollationKind.User } user && collations is not null
            ? collations.ForStoredName(user.Name)
            : ParentCollations[i];

    private static Collation? DeclaredCollation(ColumnSchema column) =>
        column.Collation is null ? null : CollationRules.NonBinary(Collation.Named(column.Collation));

    // The parent key as SQLite's sqlite3FkLocateIndex finds it: the row id alias, or a unique index on exactly the
    // parent columns (in any order); with no columns named, the primary key. Null when there is none.
    private static int[]? ParentKey(ForeignKeyLink link, int count)
    {
        TableSchema parent = link.Parent;
        ForeignKeySchema foreignKey = link.ForeignKey;
        if (foreignKey.ParentColumns.IsDefaultOrEmpty)
        {
            if (parent.RowIdAlias >= 0)
            {
                return count == 1 ? [parent.RowIdAlias] : null;
            }

            foreach (IndexSchema index in PrimaryKeyFirst(parent))
            {
                if (index.Origin == IndexOrigin.PrimaryKey && index.Columns.Length == count)
                {
                    link.ParentIndex = index;
                    var ordinals = new int[count];
                    for (int i = 0; i < count; i++)
                    {
                        ordinals[i] = index.Columns[i].Ordinal;
                    }

                    return ordinals;
                }
            }

            return null;
        }

        if (foreignKey.ParentColumns.Length != count)
        {
            return null;
        }

        var named = new int[count];
        for (int i = 0; i < count; i++)
        {
            ColumnSchema? column = parent.FindColumn(foreignKey.ParentColumns[i]);
            if (column is null)
            {
                return null;
            }

            named[i] = column.Ordinal;
        }

        if (count == 1 && named[0] == parent.RowIdAlias)
        {
            return named;
        }

        // SQLite's sqlite3FkLocateIndex: a unique index serves only when each column is under its declared collation.
        var declared = new Collation?[count];
        for (int i = 0; i < count; i++)
        {
            declared[i] = DeclaredCollation(parent.Columns[named[i]]);
        }

        foreach (IndexSchema index in PrimaryKeyFirst(parent))
        {
            if (index.IsUnique && SameColumns(index, named, declared, leading: false))
            {
                link.ParentIndex = index;
                return named;
            }
        }

        return null;
    }

    // The unique keys a parent key may be: a WITHOUT ROWID table's PRIMARY KEY (its table tree, sought by the key
    // prefix as an index is) and then its indexes.
    private static ImmutableArray<IndexSchema> PrimaryKeyFirst(TableSchema parent) =>
        parent.PrimaryKey is { } primaryKey ? [primaryKey, .. parent.Indexes] : parent.Indexes;

    private static IndexSchema? LeadingIndex(TableSchema table, int[] columns, Collation?[] collations)
    {
        foreach (IndexSchema index in table.Indexes)
        {
            if (SameColumns(index, columns, collations, leading: true))
            {
                return index;
            }
        }

        return null;
    }

    // True when the index's columns (or, with leading, its first columns) are exactly these, in any order, each under
    // the collation given for it. A partial index holds only some rows, so it never serves a foreign key (SQLite's
    // "foreign key mismatch" for a parent key whose only unique index is partial).
    private static bool SameColumns(IndexSchema index, int[] columns, Collation?[] collations, bool leading)
    {
        if (index.Where is not null || index.Columns.Length < columns.Length || (!leading && index.Columns.Length != columns.Length))
        {
            return false;
        }

        for (int i = 0; i < columns.Length; i++)
        {
            int position = Array.IndexOf(columns, index.Columns[i].Ordinal);
            if (position < 0 || index.Columns[i].Expression is not null || !Collation.Same(index.Columns[i].Collation, collations[position]))
            {
                return false;
            }
        }

        return true;
    }
}
