using SharpCoreDB.Execution;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// A recursive common table expression while one of its recursive SELECTs is bound (<see cref="CteScope.Recursive"/>):
/// the one reference that SELECT may make to it, in its own FROM, reads the row being recursed on.
/// </summary>
/// <param name="name">The expression's name.</param>
/// <param name="depth">The query depth of the recursive SELECT: a reference deeper down (a subquery) is refused.</param>
/// <param name="table">The recursive table the expression and its references share.</param>
/// <param name="sourceColumns">Its columns as a FROM source.</param>
/// <param name="columns">Its result columns (the initial SELECT's).</param>
internal sealed class RecursiveBinding(string name, int depth, BoundRecursiveTable table, SourceColumn[] sourceColumns, IReadOnlyList<ResultColumnInfo> columns)
{
    /// <summary>The expression's name.</summary>
    public string Name { get; } = name;

    /// <summary>True once the recursive SELECT has named it.</summary>
    public bool Bound { get; private set; }

    /// <summary>
    /// Binds a reference to the recursive table in the recursive SELECT's FROM, or returns null when the name is not
    /// this expression's.
    /// </summary>
    /// <param name="reference">The reference.</param>
    /// <param name="queryDepth">How many queries deep the binder is.</param>
    /// <param name="slots">Allocates the slot the row is read into.</param>
    /// <returns>The FROM item, or null.</returns>
    /// <exception cref="SharpCoreDBException">A second reference, or one in a subquery or derived table.</exception>
    public FromItem? TryReference(TableReference reference, int queryDepth, ISlotAllocator slots)
    {
        if (!string.Equals(Name, reference.Name.Name, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        if (depth != queryDepth || Bound)
        {
            // In a subquery or derived table of the recursive SELECT (its FROM was checked to name it only once).
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"multiple recursive references: {reference.Name.Name}", reference.Position);
        }

        Bound = true;
        int slot = slots.NewSlot(sourceColumns.Length);
        string alias = reference.Alias ?? reference.Name.Name;

        // Counted as reading an outer slot, so a join that caches a derived table runs this one again for every row.
        var scan = new BoundRecursiveScan(table, slot, reference.Name.Name);
        var bound = new BoundQuery(scan, slot, columns, new HashSet<int> { slot });
        return new FromItem(new SourceBinding(alias, slot, sourceColumns, null) { DerivedColumns = columns }) { Derived = bound };
    }
}
