using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Passes on the rows for which the predicate is true (not false, not NULL).</summary>
internal sealed class FilterOperator : Operator
{
    private readonly Operator _input;
    private readonly Expr _predicate;

    // A table scan right below decodes first only the columns the predicate reads, and the rest for the rows that
    // pass (late materialization): one row in a thousand passing must not cost a blob copy per row scanned.
    private readonly TableScanOperator? _lateScan;

    /// <summary>Creates a filter.</summary>
    /// <param name="input">The input.</param>
    /// <param name="predicate">The predicate.</param>
    public FilterOperator(Operator input, Expr predicate)
    {
        _input = input;
        _predicate = predicate;
        if (input is TableScanOperator scan)
        {
            // The scan also drops the rows it can tell this predicate rejects from the record alone.
            scan.PrefilterBy(predicate);
            if (scan.DeferColumnsNotReadBy(predicate))
            {
                _lateScan = scan;
            }
        }
    }

    /// <summary>The predicate.</summary>
    public Expr Predicate => _predicate;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [_input];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => [_predicate];

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => _input.Open(context);

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        while (_input.Next(context))
        {
            // A filter that rejects row after row of a materialized input runs with no scan below to check.
            context.CheckCancellation();
            if (_predicate.EvaluateTruth(context) == true)
            {
                _lateScan?.DecodeDeferred(context);
                return true;
            }
        }

        return false;
    }

    /// <inheritdoc />
    public override string Describe() => "Filter " + _predicate;
}
