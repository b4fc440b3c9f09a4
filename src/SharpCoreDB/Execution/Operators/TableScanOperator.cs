using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Reads every row of a table in row-id order (or reverse), decoding the used columns into its slot.</summary>
/// <param name="decoder">Decodes rows of the table.</param>
/// <param name="slot">The table's slot.</param>
/// <param name="descending">True to scan from the largest row id down.</param>
internal sealed class TableScanOperator(TableRowDecoder decoder, int slot, bool descending) : Operator
{
    private BTreeCursor? _cursor;
    private bool _started;

    /// <summary>The table.</summary>
    public TableSchema Table => decoder.Table;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Close(context);
        _cursor = context.Transaction.Tree(decoder.Table.RootPage).OpenCursor();
        _started = false;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        BTreeCursor cursor = _cursor!;
        bool positioned;
        if (!_started)
        {
            _started = true;
            positioned = descending ? cursor.Last() : cursor.First();
        }
        else
        {
            positioned = descending ? cursor.MovePrevious() : cursor.MoveNext();
        }

        if (!positioned)
        {
            return false;
        }

        context.CheckCancellation();
        decoder.Decode(cursor, context.Slots[slot]);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _cursor?.Dispose();
        _cursor = null;
    }

    /// <inheritdoc />
    public override string Describe() => "TableScan " + decoder.Table.Name + (descending ? " DESC" : string.Empty);
}
