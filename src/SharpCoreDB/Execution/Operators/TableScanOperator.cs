using System.Runtime.CompilerServices;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Reads every row of a table in row-id order (or reverse), decoding the used columns into its slot. Under a filter
/// (<see cref="DeferColumnsNotReadBy"/>) it decodes first only the columns the filter reads, and the others only for
/// the rows that pass (<see cref="DecodeDeferred"/>): a selective filter then never builds the long texts and blobs
/// of the rows it rejects.
/// </summary>
/// <param name="decoder">Decodes rows of the table.</param>
/// <param name="slot">The table's slot.</param>
/// <param name="descending">True to scan from the largest row id down.</param>
internal sealed class TableScanOperator(TableRowDecoder decoder, int slot, bool descending) : Operator
{
    private BTreeCursor? _cursor;
    private bool _started;

    // Set together by DeferColumnsNotReadBy: the columns the filter reads, and the rest of the used ones.
    private TableRowDecoder? _filterColumns;
    private TableRowDecoder? _deferredColumns;

    // Set by PrefilterBy: drops rows the filter would reject before anything is decoded.
    private ScanPrefilter? _prefilter;

    /// <summary>The table.</summary>
    public TableSchema Table => decoder.Table;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Close(context);
        _cursor = context.Transaction.Tree(decoder.Table.RootPage).OpenCursor();
        _started = false;
        _prefilter?.Reset();
    }

    /// <inheritdoc />
    // Its own compilation unit: the per-row loop below inlines the cursor's step, the cell parse and the prefilter's
    // probe, and the JIT has one inlining budget per method. Inlined into its caller (the statement's pull loop, by
    // guarded devirtualization) the budget ran out and trivial calls in the loop were left as calls (a varint read,
    // a span's slice, the cell's setter), each rebuilding its result in memory.
    [MethodImpl(MethodImplOptions.NoInlining)]
    public override bool Next(ExecutionContext context)
    {
        BTreeCursor cursor = _cursor!;
        bool positioned = _started ? Step(cursor) : Start(cursor);
        while (positioned)
        {
            context.CheckCancellation();

            // A record spilling into overflow pages is probed in its leaf part: a column past it reads as unknown.
            // LocalValue is the whole record when it is inline, with one state check and no overflow test per row.
            if (_prefilter is null || !_prefilter.Rejects(cursor.LocalValue, context))
            {
                (_filterColumns ?? decoder).Decode(cursor, context.Slots[slot]);
                return true;
            }

            positioned = Step(cursor);
        }

        return false;
    }

    // Per row: inlined into Next, with the cursor's step within a leaf inlined into it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool Step(BTreeCursor cursor) => descending ? cursor.MovePrevious() : cursor.MoveNext();

    // Once per execution, and kept out of Next: inlined, the descent to the first leaf used up the JIT's inlining
    // budget for Next, which then called even a span's constructor per row (and stalled reading back the span it
    // built in memory).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool Start(BTreeCursor cursor)
    {
        _started = true;
        return descending ? cursor.Last() : cursor.First();
    }

    /// <summary>
    /// Makes <see cref="Next"/> skip, without decoding them, the rows <paramref name="predicate"/> is known to reject
    /// from the stored integers its leading comparisons read (<see cref="ScanPrefilter"/>); the filter above still
    /// evaluates the whole predicate on the rows that come up. Only the filter reading this scan directly may call it, once.
    /// </summary>
    /// <param name="predicate">The filter's predicate.</param>
    public void PrefilterBy(Expr predicate)
    {
        if (_prefilter is null)
        {
            _prefilter = ScanPrefilter.TryCreate(predicate, decoder.Table, slot);
        }
    }

    /// <summary>
    /// Makes <see cref="Next"/> decode only the used columns <paramref name="predicate"/> reads (and the row id);
    /// the filter above then calls <see cref="DecodeDeferred"/> for each row it passes, before anything else reads
    /// the row. False, and nothing changes, when the predicate reads every used column, when a subquery in it reads
    /// this table's row, or when another filter already deferred this scan's columns.
    /// </summary>
    /// <param name="predicate">The filter's predicate.</param>
    /// <returns>True when columns are deferred.</returns>
    public bool DeferColumnsNotReadBy(Expr predicate)
    {
        var read = new HashSet<int>();
        if (_deferredColumns is not null || !ColumnsRead.TryCollect(predicate, slot, read))
        {
            return false;
        }

        var first = new List<int>();
        var rest = new List<int>();
        foreach (int column in decoder.Columns)
        {
            (read.Contains(column) ? first : rest).Add(column);
        }

        if (rest.Count == 0)
        {
            return false;
        }

        _filterColumns = new TableRowDecoder(decoder.Table, [.. first]);
        _deferredColumns = new TableRowDecoder(decoder.Table, [.. rest]);
        return true;
    }

    /// <summary>Makes every decoder of this scan lend BLOBs (<see cref="TableRowDecoder.LendBlobs"/>).</summary>
    public void LendBlobs()
    {
        decoder.LendBlobs();
        _filterColumns?.LendBlobs();
        _deferredColumns?.LendBlobs();
    }

    /// <summary>
    /// Decodes the columns <see cref="DeferColumnsNotReadBy"/> deferred, for the row <see cref="Next"/> last
    /// produced: the cursor is still on it, so its page is still held.
    /// </summary>
    /// <param name="context">The execution context.</param>
    public void DecodeDeferred(ExecutionContext context) => _deferredColumns!.Decode(_cursor!, context.Slots[slot]);

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _cursor?.Dispose();
        _cursor = null;
    }

    /// <inheritdoc />
    public override string Describe() => "TableScan " + decoder.Table.Name + (descending ? " DESC" : string.Empty);
}
