using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Windows;

/// <summary>
/// Computes one window call over sorted partitions. The window operator evaluates the call's arguments and FILTER
/// into columns of each materialized row; this writes the result into the row's result column. Ranking and
/// aggregates over frames that start at the partition's first row take one pass per partition (running
/// accumulation); other frames are recomputed per row.
/// </summary>
/// <param name="call">The call.</param>
/// <param name="argumentColumn">The row column of the first argument.</param>
/// <param name="filterColumn">The row column of the FILTER condition's value, or -1.</param>
/// <param name="resultColumn">The row column the result goes to.</param>
internal sealed class WindowCallState(WindowCall call, int argumentColumn, int filterColumn, int resultColumn)
{
    private AggregateAccumulator? _accumulator;
    private SqlValue _startOffset;
    private SqlValue _endOffset;
    private long _maxLength = Scalar.ValueLimits.DefaultMaxLength;

    /// <summary>The call.</summary>
    public WindowCall Call { get; } = call;

    /// <summary>Evaluates the frame offsets for an execution (they may be parameters).</summary>
    /// <param name="context">The execution context.</param>
    /// <exception cref="SharpCoreDBException">An offset is not a non-negative integer (a number for RANGE).</exception>
    public void Begin(ExecutionContext context)
    {
        _startOffset = Offset(Call.Frame.StartOffset?.Evaluate(context), "starting");
        _endOffset = Offset(Call.Frame.EndOffset?.Evaluate(context), "ending");
        _maxLength = context.MaxLength;
    }

    /// <summary>Computes the call for every row of a partition.</summary>
    /// <param name="context">The execution context (frames recomputed per row take time quadratic in the partition, so they check for cancellation).</param>
    /// <param name="partition">The partition.</param>
    /// <param name="rangeKey">The window's first ORDER BY key (what RANGE offsets measure).</param>
    public void Compute(ExecutionContext context, WindowPartition partition, SortKey rangeKey)
    {
        int count = partition.Count;
        switch (Call.Kind)
        {
            case WindowFunctionKind.RowNumber:
                for (int k = 0; k < count; k++)
                {
                    partition.Row(k)[resultColumn] = SqlValue.FromInt64(k + 1);
                }

                break;
            case WindowFunctionKind.Rank:
                for (int k = 0; k < count; k++)
                {
                    partition.Row(k)[resultColumn] = SqlValue.FromInt64(partition.GroupStart(partition.GroupOf(k)) + 1);
                }

                break;
            case WindowFunctionKind.DenseRank:
                for (int k = 0; k < count; k++)
                {
                    partition.Row(k)[resultColumn] = SqlValue.FromInt64(partition.GroupOf(k) + 1);
                }

                break;
            case WindowFunctionKind.PercentRank:
                for (int k = 0; k < count; k++)
                {
                    double rank = partition.GroupStart(partition.GroupOf(k));
                    partition.Row(k)[resultColumn] = SqlValue.FromDouble(count > 1 ? rank / (count - 1) : 0.0);
                }

                break;
            case WindowFunctionKind.CumeDist:
                for (int k = 0; k < count; k++)
                {
                    partition.Row(k)[resultColumn] = SqlValue.FromDouble((double)partition.GroupEnd(partition.GroupOf(k)) / count);
                }

                break;
            case WindowFunctionKind.Ntile:
                ComputeNtile(partition);
                break;
            case WindowFunctionKind.Lag:
            case WindowFunctionKind.Lead:
                ComputeLagLead(partition, Call.Kind == WindowFunctionKind.Lead);
                break;
            case WindowFunctionKind.Aggregate:
                ComputeAggregate(context, partition, rangeKey);
                break;
            default:
                ComputeFrameValue(context, partition, rangeKey);
                break;
        }
    }

    // Integer arguments that SQLite converts like numeric text ('2' and 2.0 are 2); null when not an integer.
    private static long? WholeNumber(in SqlValue value, bool truncate)
    {
        SqlValue number = NumericConversion.ToNumericType(value);
        if (number.StorageClass == SqlStorageClass.Decimal)
        {
            number = SqlValue.FromDouble(number.AsDouble());
        }

        if (number.StorageClass == SqlStorageClass.Integer)
        {
            return number.AsInt64();
        }

        if (number.StorageClass != SqlStorageClass.Real)
        {
            return null;
        }

        double real = number.AsDouble();
        long whole = NumericConversion.RealToInt64(real);
        return truncate || Math.Truncate(real) == real ? whole : null;
    }

    private SqlValue Offset(SqlValue? value, string which)
    {
        if (value is not { } offset)
        {
            return SqlValue.Null;
        }

        if (Call.Frame.Unit == FrameUnit.Range)
        {
            SqlValue number = NumericConversion.ToNumericType(offset);
            if (!number.IsNumeric || number.AsDouble() < 0)
            {
                throw ExecutionErrors.FrameOffsetNotNumber(which);
            }

            return number;
        }

        return WholeNumber(offset, truncate: false) is >= 0 and long steps
            ? SqlValue.FromInt64(steps)
            : throw ExecutionErrors.FrameOffsetNotInteger(which);
    }

    // SQLite's ntile: the first (rows % N) buckets hold one row more than the others.
    private void ComputeNtile(WindowPartition partition)
    {
        int count = partition.Count;
        if (count == 0)
        {
            return;
        }

        long buckets = WholeNumber(partition.Row(0)[argumentColumn], truncate: true) is >= 1 and long n
            ? n
            : throw ExecutionErrors.NtileArgument();
        long size = count / buckets;
        long large = count - (buckets * size);
        long smallStart = large * (size + 1);
        for (int k = 0; k < count; k++)
        {
            long bucket = size == 0 ? k + 1 : k < smallStart ? (k / (size + 1)) + 1 : ((k - smallStart) / size) + 1 + large;
            partition.Row(k)[resultColumn] = SqlValue.FromInt64(bucket);
        }
    }

    private void ComputeLagLead(WindowPartition partition, bool lead)
    {
        int count = partition.Count;
        int arguments = Call.Arguments.Count;
        for (int k = 0; k < count; k++)
        {
            SqlValue[] row = partition.Row(k);
            long offset = 1;
            if (arguments >= 2)
            {
                // A NULL offset names no row, so the default applies, as in SQLite.
                SqlValue given = row[argumentColumn + 1];
                offset = given.IsNull ? int.MaxValue : Math.Clamp(NumericConversion.ToInt64(given), -(long)int.MaxValue, int.MaxValue);
            }

            long target = lead ? k + offset : k - offset;
            row[resultColumn] = target >= 0 && target < count
                ? partition.Row((int)target)[argumentColumn]
                : arguments >= 3 ? row[argumentColumn + 2] : SqlValue.Null;
        }
    }

    private void ComputeFrameValue(ExecutionContext context, WindowPartition partition, SortKey rangeKey)
    {
        WindowFrame frame = Call.Frame;
        int count = partition.Count;
        for (int k = 0; k < count; k++)
        {
            SqlValue[] row = partition.Row(k);
            int start = partition.Bound(frame.Unit, frame.StartKind, _startOffset, k, isEnd: false, rangeKey);
            int end = partition.Bound(frame.Unit, frame.EndKind, _endOffset, k, isEnd: true, rangeKey);
            context.CheckCancellation(end - start);
            long wanted = 1;
            if (Call.Kind == WindowFunctionKind.NthValue)
            {
                wanted = WholeNumber(row[argumentColumn + 1], truncate: false) is >= 1 and long n
                    ? n
                    : throw ExecutionErrors.NthValueArgument();
            }

            SqlValue result = SqlValue.Null;
            bool last = Call.Kind == WindowFunctionKind.LastValue;
            for (int i = 0; i < end - start; i++)
            {
                int j = last ? end - 1 - i : start + i;
                if (frame.Exclude != FrameExclude.NoOthers && partition.Excluded(frame.Exclude, k, j))
                {
                    continue;
                }

                if (--wanted == 0)
                {
                    result = partition.Row(j)[argumentColumn];
                    break;
                }
            }

            row[resultColumn] = result;
        }
    }

    private void ComputeAggregate(ExecutionContext context, WindowPartition partition, SortKey rangeKey)
    {
        WindowFrame frame = Call.Frame;
        AggregateAccumulator accumulator = _accumulator ??= Call.CreateAccumulator();
        int count = partition.Count;
        if (frame.StartKind == FrameBoundKind.UnboundedPreceding && frame.Exclude == FrameExclude.NoOthers)
        {
            // The frame only grows from row to row: step each row once and read the running result.
            accumulator.Reset();
            int stepped = 0;
            bool changed = true;
            SqlValue result = SqlValue.Null;
            for (int k = 0; k < count; k++)
            {
                context.CheckCancellation();
                int end = partition.Bound(frame.Unit, frame.EndKind, _endOffset, k, isEnd: true, rangeKey);
                for (; stepped < end; stepped++)
                {
                    changed |= Step(accumulator, partition.Row(stepped));
                }

                if (changed)
                {
                    result = accumulator.Result();
                    Scalar.ValueLimits.Check(result, _maxLength);
                    changed = false;
                }

                partition.Row(k)[resultColumn] = result;
            }

            return;
        }

        if (accumulator.CanInverse && frame.Exclude == FrameExclude.NoOthers)
        {
            ComputeMovingAggregate(context, partition, rangeKey, accumulator);
            return;
        }

        for (int k = 0; k < count; k++)
        {
            int start = partition.Bound(frame.Unit, frame.StartKind, _startOffset, k, isEnd: false, rangeKey);
            int end = partition.Bound(frame.Unit, frame.EndKind, _endOffset, k, isEnd: true, rangeKey);
            context.CheckCancellation(end - start);
            accumulator.Reset();
            for (int j = start; j < end; j++)
            {
                if (frame.Exclude == FrameExclude.NoOthers || !partition.Excluded(frame.Exclude, k, j))
                {
                    Step(accumulator, partition.Row(j));
                }
            }

            SqlValue value = accumulator.Result();
            Scalar.ValueLimits.Check(value, _maxLength);
            partition.Row(k)[resultColumn] = value;
        }
    }

    // A moving frame over an aggregate with an inverse, as SQLite computes it: each row is fed once when the frame's
    // end passes it and taken back once when the frame's start does, so the result carries the frame's history as
    // SQLite's does.
    private void ComputeMovingAggregate(ExecutionContext context, WindowPartition partition, SortKey rangeKey, AggregateAccumulator accumulator)
    {
        WindowFrame frame = Call.Frame;
        accumulator.Reset();
        int from = 0;
        int to = 0;
        for (int k = 0; k < partition.Count; k++)
        {
            int start = partition.Bound(frame.Unit, frame.StartKind, _startOffset, k, isEnd: false, rangeKey);
            int end = partition.Bound(frame.Unit, frame.EndKind, _endOffset, k, isEnd: true, rangeKey);
            if (start < from || end < to)
            {
                // Frame bounds only move forward; should one move back, start over rather than give a wrong sum.
                accumulator.Reset();
                from = to = start;
            }

            context.CheckCancellation(Math.Max(0, end - to) + Math.Max(0, start - from));

            // Rows fed before leave first, as in SQLite (a sum of integers that only overflows midway stays exact);
            // then the frame's end feeds every row it passes, also one the start has already passed (a FOLLOWING
            // frame), which then leaves at once.
            for (int stop = Math.Min(start, to); from < stop; from++)
            {
                Inverse(accumulator, partition.Row(from));
            }

            for (; to < end; to++)
            {
                Step(accumulator, partition.Row(to));
            }

            for (int stop = Math.Min(start, to); from < stop; from++)
            {
                Inverse(accumulator, partition.Row(from));
            }

            SqlValue value = accumulator.Result();
            Scalar.ValueLimits.Check(value, _maxLength);
            partition.Row(k)[resultColumn] = value;
        }
    }

    // Takes back a row fed by Step (FILTER decides the same way).
    private void Inverse(AggregateAccumulator accumulator, SqlValue[] row)
    {
        if (filterColumn >= 0 && Logic.Truth(row[filterColumn]) != true)
        {
            return;
        }

        accumulator.Inverse(new ReadOnlySpan<SqlValue>(row, argumentColumn, Call.IsCountStar ? 0 : Call.Arguments.Count));
    }

    // Feeds a row unless FILTER rejects it; true when it was fed.
    private bool Step(AggregateAccumulator accumulator, SqlValue[] row)
    {
        if (filterColumn >= 0 && Logic.Truth(row[filterColumn]) != true)
        {
            return false;
        }

        accumulator.Step(new ReadOnlySpan<SqlValue>(row, argumentColumn, Call.IsCountStar ? 0 : Call.Arguments.Count));
        return true;
    }
}
