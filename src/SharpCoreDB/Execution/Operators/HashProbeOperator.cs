using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// The inner side of a hash join: on first use in an execution it reads its input once (the inner table with
/// the filters that need no outer row) into a hash table keyed by the join column; each open (one per outer
/// row) then evaluates the outer key and replays the matching rows into the inner slot.
/// </summary>
/// <remarks>
/// Keys are hashed after the comparison affinity of the equality converts them, so two keys share a bucket
/// exactly when <c>=</c> would call them equal (1 and 1.0 included); NULL keys never match. The join's
/// conditions still run on every probed row, as the planner keeps them as a filter above this operator.
/// </remarks>
internal sealed class HashProbeOperator : Operator
{
    private readonly Operator _build;
    private readonly int _slot;
    private readonly int _keyColumn;
    private readonly Expr _probe;
    private readonly Affinity _affinity;
    private readonly IDictionary<SqlValue, List<SqlValue[]>> _table;
    private long _stamp = -1;
    private List<SqlValue[]>? _matches;
    private int _next;

    /// <summary>Creates the operator.</summary>
    /// <param name="build">Reads the inner rows into <paramref name="slot"/>.</param>
    /// <param name="slot">The inner slot.</param>
    /// <param name="keyColumn">The join column's position in the inner slot.</param>
    /// <param name="probe">The outer side of the equality, evaluated per outer row.</param>
    /// <param name="affinity">The comparison affinity of the equality.</param>
    /// <param name="collation">The collation of the equality (keys equal under it share a bucket), null for BINARY.</param>
    public HashProbeOperator(Operator build, int slot, int keyColumn, Expr probe, Affinity affinity, Collation? collation = null)
    {
        // Under a user collation, an ordered map: no hash is consistent with the application's comparison.
        _table = SqlValueComparer.For(collation).NewMap<List<SqlValue[]>>();
        _build = build;
        _slot = slot;
        _keyColumn = keyColumn;
        _probe = probe;
        _affinity = affinity;
    }

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [_build];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => [_probe];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        if (_stamp != context.Stamp)
        {
            Build(context);
            _stamp = context.Stamp;
        }

        _next = 0;
        SqlValue key = _probe.Evaluate(context);
        _matches = !key.IsNull && _table.TryGetValue(Normalize(key), out List<SqlValue[]>? matches) ? matches : null;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_matches is null || _next >= _matches.Count)
        {
            return false;
        }

        SqlValue[] row = _matches[_next++];
        Array.Copy(row, context.Slots[_slot], row.Length);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _matches = null;
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("HashJoin probe #").Append(_keyColumn + 1).Append(" = ");
        _probe.Format(builder);
        return builder.ToString();
    }

    private void Build(ExecutionContext context)
    {
        _table.Clear();
        _build.Open(context);
        try
        {
            SqlValue[] row = context.Slots[_slot];
            while (_build.Next(context))
            {
                SqlValue key = row[_keyColumn];
                if (key.IsNull)
                {
                    continue;
                }

                key = Normalize(key);
                if (!_table.TryGetValue(key, out List<SqlValue[]>? bucket))
                {
                    bucket = [];
                    _table.Add(key, bucket);
                }

                bucket.Add((SqlValue[])row.Clone());
            }
        }
        finally
        {
            _build.Close(context);
        }
    }

    private SqlValue Normalize(in SqlValue value) => EqualityKey.Normalize(value, _affinity);
}
