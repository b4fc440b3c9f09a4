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

    /// <summary>The unique index of the parent key, or null when the parent key is the row id.</summary>
    public IndexSchema? ParentIndex { get; private set; }

    /// <summary>An index of the child whose first columns are exactly the child columns, or null.</summary>
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
        for (int i = 0; i < count; i++)
        {
            link.ParentAffinities[i] = parent.Columns[link.ParentColumns[i]].Affinity;
        }

        link.ChildIndex = LeadingIndex(child, link.ChildColumns);
        return link;
    }

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

        foreach (IndexSchema index in PrimaryKeyFirst(parent))
        {
            if (index.IsUnique && SameColumns(index, named, leading: false))
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

    private static IndexSchema? LeadingIndex(TableSchema table, int[] columns)
    {
        foreach (IndexSchema index in table.Indexes)
        {
            if (SameColumns(index, columns, leading: true))
            {
                return index;
            }
        }

        return null;
    }

    // True when the index's columns (or, with leading, its first columns) are exactly these, in any order. A partial
    // index holds only some rows, so it never serves a foreign key (SQLite's "foreign key mismatch" for a parent key
    // whose only unique index is partial).
    private static bool SameColumns(IndexSchema index, int[] columns, bool leading)
    {
        if (index.Where is not null || index.Columns.Length < columns.Length || (!leading && index.Columns.Length != columns.Length))
        {
            return false;
        }

        for (int i = 0; i < columns.Length; i++)
        {
            if (Array.IndexOf(columns, index.Columns[i].Ordinal) < 0)
            {
                return false;
            }
        }

        return true;
    }
}
