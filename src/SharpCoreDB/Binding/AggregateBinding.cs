using SharpCoreDB.Execution.Aggregation;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>
/// The aggregation of one SELECT: its aggregate calls (results in the aggregate slot) and the bare columns
/// captured per group (in the capture slot). Expressions bound after the aggregation read those two slots.
/// </summary>
/// <param name="aggregateSlot">The slot of the aggregate results.</param>
/// <param name="captureSlot">The slot of the captured columns.</param>
internal sealed class AggregateBinding(int aggregateSlot, int captureSlot)
{
    private readonly Dictionary<(int Slot, int Column), int> _captureIndex = [];

    /// <summary>The slot of the aggregate results.</summary>
    public int AggregateSlot { get; } = aggregateSlot;

    /// <summary>The slot of the captured columns.</summary>
    public int CaptureSlot { get; } = captureSlot;

    /// <summary>The aggregate calls, in slot order.</summary>
    public List<AggregateSpec> Aggregates { get; } = [];

    /// <summary>The captured input columns, in slot order.</summary>
    public List<ColumnExpr> Captures { get; } = [];

    /// <summary>True while an aggregate's arguments are being bound (they read input rows, not groups).</summary>
    public bool InsideAggregate { get; set; }

    /// <summary>Registers an aggregate call.</summary>
    /// <param name="aggregate">The call.</param>
    /// <returns>Its column in the aggregate slot.</returns>
    public int AddAggregate(AggregateSpec aggregate)
    {
        Aggregates.Add(aggregate);
        return Aggregates.Count - 1;
    }

    /// <summary>The capture column of an input column (registering it on first use).</summary>
    /// <param name="column">The input column.</param>
    /// <returns>Its column in the capture slot.</returns>
    public int Capture(ColumnExpr column)
    {
        if (!_captureIndex.TryGetValue((column.Slot, column.Column), out int index))
        {
            index = Captures.Count;
            Captures.Add(column);
            _captureIndex.Add((column.Slot, column.Column), index);
        }

        return index;
    }
}
