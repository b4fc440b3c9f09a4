using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <summary>One FROM source as name resolution sees it: its name or alias, slot and columns.</summary>
internal sealed class SourceBinding
{
    private Dictionary<string, List<(SourceBinding, SourceColumn)>>? _coalesced;

    /// <summary>Creates a source.</summary>
    /// <param name="name">The alias, or the table/view name.</param>
    /// <param name="slot">The slot its rows appear in.</param>
    /// <param name="columns">Its columns.</param>
    /// <param name="table">The base table, or null for a derived table or table-valued function.</param>
    /// <param name="trackUsedColumns">
    /// True to record which columns the statement uses without a base table (a table-valued function computes
    /// only those).
    /// </param>
    public SourceBinding(string name, int slot, IReadOnlyList<SourceColumn> columns, TableSchema? table, bool trackUsedColumns = false)
    {
        Name = name;
        Slot = slot;
        Columns = columns;
        Table = table;
        if (table is not null)
        {
            UsedColumns = new bool[table.Columns.Length];
            UseCounts = new int[table.Columns.Length];
        }
        else if (trackUsedColumns)
        {
            UsedColumns = new bool[columns.Count];
        }
    }

    /// <summary>The alias or name that qualifies its columns.</summary>
    public string Name { get; }

    /// <summary>The slot.</summary>
    public int Slot { get; }

    /// <summary>The columns.</summary>
    public IReadOnlyList<SourceColumn> Columns { get; }

    /// <summary>The base table, or null.</summary>
    public TableSchema? Table { get; }

    /// <summary>For a base table or table-valued function, which columns the statement uses (only those are decoded or computed).</summary>
    public bool[]? UsedColumns { get; }

    /// <summary>
    /// For a base table, how many column references of the statement read each column (<see cref="int.MaxValue"/>
    /// when whole rows are needed): the planner may skip a column whose every reference it has made redundant.
    /// </summary>
    public int[]? UseCounts { get; }

    /// <summary>For a derived table (subquery or view), the result columns of its query.</summary>
    public IReadOnlyList<Execution.ResultColumnInfo>? DerivedColumns { get; init; }

    /// <summary>
    /// True for a trigger's NEW and OLD rows: their columns are found only when qualified (<c>NEW.x</c>), as in
    /// SQLite, so a bare name in a trigger program never silently means the firing row.
    /// </summary>
    public bool QualifiedOnly { get; init; }

    /// <summary>
    /// For a base table with a partial index, each index's WHERE bound against this source's slot (null for a full
    /// index), so the planner can tell whether the query's WHERE implies it; null when the table has none.
    /// </summary>
    public Execution.Expressions.Expr?[]? IndexPredicates { get; set; }

    /// <summary>
    /// For a base table with an index on expressions, each such index's key expressions bound against this source's
    /// slot (null for a plain column, and for an index of columns only); null when the table has none.
    /// </summary>
    public Execution.Expressions.Expr?[]?[]? IndexExpressions { get; set; }

    /// <summary>
    /// True for a table of a join unit (<see cref="FromItem.Unit"/>): a column merged by USING inside it
    /// expands in <c>*</c> as the unit's own coalesce, not by a name that tables outside the unit could share.
    /// </summary>
    public bool InJoinUnit { get; set; }

    /// <summary>Columns merged into an earlier source by USING or NATURAL: hidden from <c>*</c>.</summary>
    public HashSet<string> MergedColumns { get; } = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// For a column of this source that later joins merged by USING or NATURAL, the right-side columns of those that
    /// were RIGHT or FULL joins, whose values stand in when this source's row is NULL-extended (possibly none); null
    /// when no join merged the column into this source.
    /// </summary>
    /// <param name="name">The column's name.</param>
    /// <returns>The partner columns in join order, or null.</returns>
    public List<(SourceBinding Source, SourceColumn Column)>? CoalescedWith(string name) =>
        _coalesced is not null && _coalesced.TryGetValue(name, out List<(SourceBinding, SourceColumn)>? partners) ? partners : null;

    /// <summary>Records that a later join merged a column of this source by USING or NATURAL.</summary>
    /// <param name="name">The merged column's name.</param>
    /// <param name="partner">For a RIGHT or FULL join, its right side and column; otherwise null.</param>
    public void AddMerged(string name, (SourceBinding Source, SourceColumn Column)? partner)
    {
        _coalesced ??= new Dictionary<string, List<(SourceBinding, SourceColumn)>>(StringComparer.OrdinalIgnoreCase);
        if (!_coalesced.TryGetValue(name, out List<(SourceBinding, SourceColumn)>? partners))
        {
            partners = [];
            _coalesced.Add(name, partners);
        }

        if (partner is { } found)
        {
            partners.Add(found);
        }
    }

    /// <summary>Finds a column by name.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The column, or null.</returns>
    public SourceColumn? Find(string name)
    {
        foreach (SourceColumn column in Columns)
        {
            if (string.Equals(column.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return column;
            }
        }

        if (Table is { WithoutRowId: false } && IsRowIdName(name))
        {
            // rowid, oid and _rowid_ name the row id unless a real column has that name (a WITHOUT ROWID table has none).
            return new SourceColumn(name, Table.RowIdSlot, Affinity.Integer, Records.SqlDeclaredType.None, "INTEGER");
        }

        return null;
    }

    /// <summary>Marks a column as used by the statement.</summary>
    /// <param name="index">The slot column.</param>
    public void MarkUsed(int index)
    {
        if (UsedColumns is not null && index < UsedColumns.Length)
        {
            UsedColumns[index] = true;
            if (UseCounts is not null && UseCounts[index] < int.MaxValue)
            {
                UseCounts[index]++;
            }
        }
    }

    /// <summary>Marks every column as used (UPDATE, DELETE and INSERT … SELECT need whole rows).</summary>
    public void MarkAllUsed()
    {
        if (UsedColumns is not null)
        {
            Array.Fill(UsedColumns, true);
        }

        if (UseCounts is not null)
        {
            Array.Fill(UseCounts, int.MaxValue);
        }
    }

    /// <summary>The ordinals of the used columns.</summary>
    /// <returns>The ordinals.</returns>
    public int[] UsedOrdinals()
    {
        if (UsedColumns is null)
        {
            return [];
        }

        var result = new List<int>();
        for (int i = 0; i < UsedColumns.Length; i++)
        {
            if (UsedColumns[i])
            {
                result.Add(i);
            }
        }

        return [.. result];
    }

    private static bool IsRowIdName(string name) =>
        string.Equals(name, "rowid", StringComparison.OrdinalIgnoreCase)
        || string.Equals(name, "oid", StringComparison.OrdinalIgnoreCase)
        || string.Equals(name, "_rowid_", StringComparison.OrdinalIgnoreCase);
}
