using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Lets a table scan drop rows its filter would reject without decoding them. It holds the filter's leading
/// conjuncts that compare one of the scan's columns with a constant or a parameter, and for each row reads such a
/// column straight from the record (<see cref="RecordIntegerProbe"/>): a stored INTEGER against an INTEGER or REAL
/// constant orders exactly as <see cref="Comparison.Compare"/> would order them (no affinity changes an INTEGER, and no
/// collation applies to numbers), so the conjunct's truth is known without building a value.
/// </summary>
/// <remarks>
/// The filter's ANDs evaluate left to right and stop at the first false conjunct. The prefilter walks the same
/// conjuncts in the same order and drops a row only when one is false after all those before it were true, so the
/// filter would have stopped there too: nothing later in the predicate (an error, a function with side effects) is
/// skipped. At the first conjunct it cannot tell (a column that is not a stored INTEGER, a constant that is not a
/// number once the comparison affinity applies, a NULL) it keeps the row, and the filter evaluates the whole
/// predicate as before. A constant is evaluated at the first row that reaches its conjunct, as the filter would.
/// </remarks>
internal sealed class ScanPrefilter
{
    // Outcome masks: bit 0 accepts "column < constant", bit 1 "equal", bit 2 "greater".
    private const int AcceptLess = 1;
    private const int AcceptEqual = 2;
    private const int AcceptGreater = 4;

    private readonly Conjunct[] _conjuncts;

    private ScanPrefilter(Conjunct[] conjuncts) => _conjuncts = conjuncts;

    /// <summary>
    /// A prefilter for <paramref name="predicate"/> over the rows of <paramref name="table"/> in slot
    /// <paramref name="slot"/>; null when its first conjunct is not a comparison it handles.
    /// </summary>
    /// <param name="predicate">The filter's predicate.</param>
    /// <param name="table">The scanned table.</param>
    /// <param name="slot">The scan's slot.</param>
    /// <returns>The prefilter, or null.</returns>
    public static ScanPrefilter? TryCreate(Expr predicate, TableSchema table, int slot)
    {
        var conjuncts = new List<Conjunct>();
        CollectLeading(predicate, table, slot, conjuncts);
        return conjuncts.Count == 0 ? null : new ScanPrefilter([.. conjuncts]);
    }

    /// <summary>Forgets the constants, so that each is evaluated again when first needed (a new execution may bind
    /// other parameters).</summary>
    public void Reset()
    {
        foreach (ref Conjunct conjunct in _conjuncts.AsSpan())
        {
            conjunct.Kind = ConstantKind.NotEvaluated;
        }
    }

    /// <summary>True when the filter would find a conjunct false for <paramref name="record"/>'s row, with all
    /// those before it true.</summary>
    /// <param name="record">The row's record, or the part of it held in the leaf.</param>
    /// <param name="context">The execution context (for the parameters).</param>
    /// <returns>True to drop the row.</returns>
    public bool Rejects(ReadOnlySpan<byte> record, ExecutionContext context)
    {
        foreach (ref Conjunct conjunct in _conjuncts.AsSpan())
        {
            if (conjunct.Kind == ConstantKind.NotEvaluated)
            {
                Evaluate(ref conjunct, context);
            }

            if (conjunct.Kind == ConstantKind.Unknown || !RecordIntegerProbe.TryRead(record, conjunct.Column, out long stored))
            {
                return false;
            }

            int order = conjunct.Kind == ConstantKind.Integer
                ? stored.CompareTo(conjunct.Integer)
                : SqlValueComparer.CompareInt64ToDouble(stored, conjunct.Real);
            if ((conjunct.Accepts & (1 << (Math.Sign(order) + 1))) == 0)
            {
                return true;
            }
        }

        return false;
    }

    private static void Evaluate(ref Conjunct conjunct, ExecutionContext context)
    {
        SqlValue value = conjunct.Constant.Evaluate(context);

        // Comparison.Compare turns TEXT into a number under a numeric affinity; under TEXT affinity a number against
        // TEXT compares as text, which no stored-INTEGER shortcut answers.
        if (value.StorageClass == SqlStorageClass.Text && conjunct.Affinity >= Affinity.Numeric)
        {
            value = NumericConversion.ApplyNumericAffinity(value, preferInteger: false);
        }

        switch (value.StorageClass)
        {
            case SqlStorageClass.Integer:
                conjunct.Integer = value.AsInt64();
                conjunct.Kind = ConstantKind.Integer;
                break;
            case SqlStorageClass.Real:
                conjunct.Real = value.AsDouble();
                conjunct.Kind = ConstantKind.Real;
                break;
            default:
                conjunct.Kind = ConstantKind.Unknown;
                break;
        }
    }

    // Adds the conjuncts the filter evaluates first, in its order, up to the first one not handled; false there.
    private static bool CollectLeading(Expr expr, TableSchema table, int slot, List<Conjunct> conjuncts)
    {
        if (expr is LogicalExpr { IsAnd: true } and)
        {
            return CollectLeading(and.Left, table, slot, conjuncts) && CollectLeading(and.Right, table, slot, conjuncts);
        }

        if (expr is not ComparisonExpr comparison)
        {
            return false;
        }

        // As ComparisonExpr computes it. A DECIMAL affinity turns both sides into exact decimals first: left to the
        // full comparison.
        Affinity affinity = AffinityRules.ForComparison(comparison.Left.Affinity, comparison.Right.Affinity);
        if (affinity == Affinity.Decimal)
        {
            return false;
        }

        if (TableColumn(comparison.Left, table, slot) is { } left && IsFixed(comparison.Right))
        {
            conjuncts.Add(new Conjunct(left.Column, comparison.Right, affinity, Accepts(comparison.Operator)));
            return true;
        }

        if (TableColumn(comparison.Right, table, slot) is { } right && IsFixed(comparison.Left))
        {
            conjuncts.Add(new Conjunct(right.Column, comparison.Left, affinity, Accepts(ComparisonExpr.Mirror(comparison.Operator))));
            return true;
        }

        return false;
    }

    // A stored column of the scanned table (the row-id alias is not in the record).
    private static ColumnExpr? TableColumn(Expr expr, TableSchema table, int slot) =>
        expr is ColumnExpr column && column.Slot == slot && column.Column < table.Columns.Length && column.Column != table.RowIdAlias
            ? column
            : null;

    // The same value for every row of one execution.
    private static bool IsFixed(Expr expr) => expr is ParameterExpr || expr.IsConstant;

    private static int Accepts(BinaryOperator op) => op switch
    {
        BinaryOperator.Equal or BinaryOperator.Is => AcceptEqual,
        BinaryOperator.NotEqual or BinaryOperator.IsNot => AcceptLess | AcceptGreater,
        BinaryOperator.Less => AcceptLess,
        BinaryOperator.LessOrEqual => AcceptLess | AcceptEqual,
        BinaryOperator.Greater => AcceptGreater,
        BinaryOperator.GreaterOrEqual => AcceptEqual | AcceptGreater,
        _ => AcceptLess | AcceptEqual | AcceptGreater,
    };

    private enum ConstantKind
    {
        NotEvaluated,
        Unknown,
        Integer,
        Real,
    }

    // One comparison of a column with a constant: which orders pass, and the constant as a number once evaluated.
    private struct Conjunct(int column, Expr constant, Affinity affinity, int accepts)
    {
        public readonly int Column = column;
        public readonly Expr Constant = constant;
        public readonly Affinity Affinity = affinity;
        public readonly int Accepts = accepts;
        public ConstantKind Kind;
        public long Integer;
        public double Real;
    }
}
