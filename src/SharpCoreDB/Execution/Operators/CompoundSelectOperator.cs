using System.Text;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// A compound SELECT: arms combined left to right with UNION ALL, UNION, INTERSECT or EXCEPT into one output slot.
/// A chain of UNION ALL streams; otherwise the result is materialized, and after each set operation it is
/// distinct and ordered by all columns (as SQLite's set operations deliver it).
/// </summary>
internal sealed class CompoundSelectOperator : Operator
{
    private readonly Operator[] _arms;
    private readonly int[] _armSlots;
    private readonly SetOperation[] _operators;
    private readonly int _slot;
    private readonly int _width;
    private readonly Collation?[]? _collations;
    private readonly bool _streaming;
    private List<SqlValue[]>? _rows;
    private int _next;
    private int _arm;
    private bool _armOpen;

    /// <summary>Creates the operator.</summary>
    /// <param name="arms">The arms in order.</param>
    /// <param name="armSlots">The projection slot of each arm.</param>
    /// <param name="operators">The operator before each arm after the first.</param>
    /// <param name="slot">The output slot.</param>
    /// <param name="width">The number of result columns.</param>
    /// <param name="collations">Per result column, its collation (null for BINARY); null when all are BINARY.</param>
    public CompoundSelectOperator(Operator[] arms, int[] armSlots, SetOperation[] operators, int slot, int width, Collation?[]? collations = null)
    {
        _collations = collations;
        _arms = arms;
        _armSlots = armSlots;
        _operators = operators;
        _slot = slot;
        _width = width;
        _streaming = Array.TrueForAll(operators, static o => o == SetOperation.UnionAll);
    }

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => _arms;

    /// <summary>Maps the AST operator.</summary>
    /// <param name="op">The AST operator.</param>
    /// <returns>The kind.</returns>
    public static SetOperation KindOf(Sql.Ast.CompoundOperator op) => op switch
    {
        Sql.Ast.CompoundOperator.UnionAll => SetOperation.UnionAll,
        Sql.Ast.CompoundOperator.Union => SetOperation.Union,
        Sql.Ast.CompoundOperator.Intersect => SetOperation.Intersect,
        _ => SetOperation.Except,
    };

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _next = 0;
        _arm = 0;
        _armOpen = false;
        if (_streaming)
        {
            return;
        }

        var comparer = new RowComparer(_width, _collations);
        List<SqlValue[]> current = ReadArm(context, 0);
        for (int i = 1; i < _arms.Length; i++)
        {
            List<SqlValue[]> arm = ReadArm(context, i);
            switch (_operators[i - 1])
            {
                case SetOperation.UnionAll:
                    current.AddRange(arm);
                    break;
                case SetOperation.Union:
                    current.AddRange(arm);
                    current = DistinctSorted(current, comparer);
                    break;
                case SetOperation.Intersect:
                    {
                        ISet<SqlValue[]> right = comparer.NewSet();
                        right.UnionWith(arm);
                        current = DistinctSorted(current.FindAll(right.Contains), comparer);
                        break;
                    }

                default:
                    {
                        ISet<SqlValue[]> right = comparer.NewSet();
                        right.UnionWith(arm);
                        current = DistinctSorted(current.FindAll(row => !right.Contains(row)), comparer);
                        break;
                    }
            }
        }

        _rows = current;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (!_streaming)
        {
            if (_rows is null || _next >= _rows.Count)
            {
                return false;
            }

            Array.Copy(_rows[_next++], context.Slots[_slot], _width);
            return true;
        }

        while (_arm < _arms.Length)
        {
            if (!_armOpen)
            {
                _arms[_arm].Open(context);
                _armOpen = true;
            }

            if (_arms[_arm].Next(context))
            {
                Array.Copy(context.Slots[_armSlots[_arm]], context.Slots[_slot], _width);
                return true;
            }

            _arms[_arm].Close(context);
            _armOpen = false;
            _arm++;
        }

        return false;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _rows = null;
        base.Close(context);
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("Compound");
        foreach (SetOperation kind in _operators)
        {
            builder.Append(' ').Append(kind switch
            {
                SetOperation.UnionAll => "UNION ALL",
                SetOperation.Union => "UNION",
                SetOperation.Intersect => "INTERSECT",
                _ => "EXCEPT",
            });
        }

        return builder.ToString();
    }

    // Of equal rows the last one stays, as in SQLite, whose set operations insert the rows into an index where a
    // later equal row replaces an earlier one: SELECT 1.0 UNION SELECT 1 gives the integer 1.
    private static List<SqlValue[]> DistinctSorted(List<SqlValue[]> rows, RowComparer comparer)
    {
        ISet<SqlValue[]> set = comparer.NewSet();
        var result = new List<SqlValue[]>(rows.Count);
        for (int i = rows.Count - 1; i >= 0; i--)
        {
            if (set.Add(rows[i]))
            {
                result.Add(rows[i]);
            }
        }

        if (!comparer.CanHash)
        {
            // An ordered set holds the kept rows in order already.
            return [.. set];
        }

        result.Sort(comparer);
        return result;
    }

    private List<SqlValue[]> ReadArm(ExecutionContext context, int arm)
    {
        var rows = new List<SqlValue[]>();
        Operator input = _arms[arm];
        input.Open(context);
        try
        {
            SqlValue[] slot = context.Slots[_armSlots[arm]];
            while (input.Next(context))
            {
                context.CheckCancellation();
                var row = new SqlValue[_width];
                Array.Copy(slot, row, _width);
                rows.Add(row);
            }
        }
        finally
        {
            input.Close(context);
        }

        return rows;
    }
}
