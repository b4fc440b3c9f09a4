using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// For each outer row, re-opens the inner side (whose access path may use the outer row) and pairs every inner
/// row with it. A LEFT join pairs an outer row that found no inner row with NULLs in the inner slots.
/// </summary>
/// <param name="outer">The outer (left) input.</param>
/// <param name="inner">The inner (right) input, with the join conditions already applied.</param>
/// <param name="leftJoin">True for LEFT [OUTER] JOIN.</param>
/// <param name="innerSlots">The slots the inner side fills (NULLed for an unmatched outer row).</param>
internal sealed class NestedLoopJoinOperator(Operator outer, Operator inner, bool leftJoin, int[] innerSlots) : Operator
{
    private bool _outerValid;
    private bool _matched;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [outer, inner];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        outer.Open(context);
        _outerValid = false;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        while (true)
        {
            // The inner side may be a materialized result that replays without a scan's own check.
            context.CheckCancellation();
            if (!_outerValid)
            {
                if (!outer.Next(context))
                {
                    return false;
                }

                inner.Open(context);
                _outerValid = true;
                _matched = false;
            }

            if (inner.Next(context))
            {
                _matched = true;
                return true;
            }

            inner.Close(context);
            _outerValid = false;
            if (leftJoin && !_matched)
            {
                foreach (int slot in innerSlots)
                {
                    Array.Fill(context.Slots[slot], SqlValue.Null);
                }

                return true;
            }
        }
    }

    /// <inheritdoc />
    public override string Describe() => leftJoin ? "NestedLoopJoin LEFT" : "NestedLoopJoin";
}
