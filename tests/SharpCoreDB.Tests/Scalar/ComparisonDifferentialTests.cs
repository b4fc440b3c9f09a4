using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class ComparisonDifferentialTests : IDisposable
{
    private static readonly int s_cases = StressScale.Cases(3000);

    private static readonly ComparisonOperator[] s_operators =
    [
        ComparisonOperator.Equal, ComparisonOperator.NotEqual, ComparisonOperator.Less, ComparisonOperator.LessOrEqual,
        ComparisonOperator.Greater, ComparisonOperator.GreaterOrEqual, ComparisonOperator.Is, ComparisonOperator.IsNot,
    ];

    private static readonly (string Name, Affinity Affinity)[] s_columns =
    [
        ("ci", Affinity.Integer), ("cr", Affinity.Real), ("cn", Affinity.Numeric), ("ct", Affinity.Text), ("cb", Affinity.Blob),
    ];

    private readonly SqliteOracle _sqlite = new();

    public ComparisonDifferentialTests()
    {
        _sqlite.Execute("CREATE TABLE t(ci INTEGER, cr REAL, cn NUMERIC, ct TEXT, cb BLOB)");
        _sqlite.Execute("INSERT INTO t VALUES (NULL, NULL, NULL, NULL, NULL)");
    }

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void Comparisons_without_affinity_match_sqlite()
    {
        int seed = StressScale.Seed(3000);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = i % 3 == 0 ? a : values.Next();
            OracleRow row = _sqlite.Query("SELECT ?1 = ?2, ?1 <> ?2, ?1 < ?2, ?1 <= ?2, ?1 > ?2, ?1 >= ?2, ?1 IS ?2, ?1 IS NOT ?2", a, b);
            for (int o = 0; o < s_operators.Length; o++)
            {
                ComparisonOperator op = s_operators[o];
                runner.Check(op.ToString(), [a, b], row, o, () => Comparison.EvaluateToValue(op, a, b, Affinity.None));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Comparisons_of_columns_apply_affinity_like_sqlite()
    {
        int seed = StressScale.Seed(3001);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue stored = values.Next();
            SqlValue other = values.Next();
            _sqlite.Execute("UPDATE t SET ci = ?1, cr = ?1, cn = ?1, ct = ?1, cb = ?1", stored);

            // Column against a plain expression, both ways round, and column against column.
            OracleRow row = _sqlite.Query(
                "SELECT ci < ?1, cr < ?1, cn < ?1, ct < ?1, cb < ?1, ?1 = ci, ?1 = cr, ?1 = cn, ?1 = ct, ?1 = cb, " +
                "ci = ct, cr = ct, ct < cb, cn >= cb, ci = cb, CAST(ci AS TEXT) = ?1, ct = CAST(?1 AS INTEGER) FROM t",
                other);
            int column = 0;
            foreach ((string name, Affinity affinity) in s_columns)
            {
                SqlValue v = AffinityRules.ApplyAffinity(stored, affinity);
                Affinity comparison = AffinityRules.ForComparison(affinity, Affinity.None);
                runner.Check(name + " < ?", [stored, other], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Less, v, other, comparison));
            }

            foreach ((string name, Affinity affinity) in s_columns)
            {
                SqlValue v = AffinityRules.ApplyAffinity(stored, affinity);
                Affinity comparison = AffinityRules.ForComparison(Affinity.None, affinity);
                runner.Check("? = " + name, [stored, other], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Equal, other, v, comparison));
            }

            SqlValue ci = AffinityRules.ApplyAffinity(stored, Affinity.Integer);
            SqlValue cr = AffinityRules.ApplyAffinity(stored, Affinity.Real);
            SqlValue cn = AffinityRules.ApplyAffinity(stored, Affinity.Numeric);
            SqlValue ct = AffinityRules.ApplyAffinity(stored, Affinity.Text);
            SqlValue cb = AffinityRules.ApplyAffinity(stored, Affinity.Blob);
            runner.Check("ci = ct", [stored], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Equal, ci, ct, AffinityRules.ForComparison(Affinity.Integer, Affinity.Text)));
            runner.Check("cr = ct", [stored], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Equal, cr, ct, AffinityRules.ForComparison(Affinity.Real, Affinity.Text)));
            runner.Check("ct < cb", [stored], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Less, ct, cb, AffinityRules.ForComparison(Affinity.Text, Affinity.Blob)));
            runner.Check("cn >= cb", [stored], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.GreaterOrEqual, cn, cb, AffinityRules.ForComparison(Affinity.Numeric, Affinity.Blob)));
            runner.Check("ci = cb", [stored], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Equal, ci, cb, AffinityRules.ForComparison(Affinity.Integer, Affinity.Blob)));
            runner.Check("CAST(ci AS TEXT) = ?", [stored, other], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Equal, SqlCast.Cast(ci, Affinity.Text), other, AffinityRules.ForComparison(Affinity.Text, Affinity.None)));
            runner.Check("ct = CAST(? AS INTEGER)", [stored, other], row, column++, () => Comparison.EvaluateToValue(ComparisonOperator.Equal, ct, SqlCast.Cast(other, Affinity.Integer), AffinityRules.ForComparison(Affinity.Text, Affinity.Integer)));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Between_and_in_match_sqlite()
    {
        int seed = StressScale.Seed(3002);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = values.Next();
            SqlValue c = values.Next();
            SqlValue d = i % 4 == 0 ? a : values.Next();
            _sqlite.Execute("UPDATE t SET ci = ?1, ct = ?1", a);
            OracleRow row = _sqlite.Query(
                "SELECT ?1 BETWEEN ?2 AND ?3, ?1 NOT BETWEEN ?2 AND ?3, ?1 IN (?2, ?3, ?4), ?1 NOT IN (?2, ?3, ?4), ?1 IN (), " +
                "ci IN (?2, ?3, ?4), ct IN (?2, ?3, ?4), ci BETWEEN ?2 AND ?3, ct BETWEEN ?2 AND ?3 FROM t",
                a, b, c, d);
            SqlValue[] list = [b, c, d];
            SqlValue ci = AffinityRules.ApplyAffinity(a, Affinity.Integer);
            SqlValue ct = AffinityRules.ApplyAffinity(a, Affinity.Text);
            runner.Check("BETWEEN", [a, b, c], row, 0, () => Logic.ToValue(Comparison.Between(a, b, c, Affinity.None, Affinity.None)));
            runner.Check("NOT BETWEEN", [a, b, c], row, 1, () => Logic.ToValue(Logic.Not(Comparison.Between(a, b, c, Affinity.None, Affinity.None))));
            runner.Check("IN", [a, b, c, d], row, 2, () => Logic.ToValue(Comparison.In(a, list, Affinity.None)));
            runner.Check("NOT IN", [a, b, c, d], row, 3, () => Logic.ToValue(Logic.Not(Comparison.In(a, list, Affinity.None))));
            runner.Check("IN ()", [a], row, 4, () => Logic.ToValue(Comparison.In(a, [], Affinity.None)));
            runner.Check("ci IN", [a, b, c, d], row, 5, () => Logic.ToValue(Comparison.In(ci, list, Affinity.Integer)));
            runner.Check("ct IN", [a, b, c, d], row, 6, () => Logic.ToValue(Comparison.In(ct, list, Affinity.Text)));
            runner.Check("ci BETWEEN", [a, b, c], row, 7, () => Logic.ToValue(Comparison.Between(ci, b, c, Affinity.Integer, Affinity.Integer)));
            runner.Check("ct BETWEEN", [a, b, c], row, 8, () => Logic.ToValue(Comparison.Between(ct, b, c, Affinity.Text, Affinity.Text)));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Three_valued_logic_and_truthiness_match_sqlite()
    {
        int seed = StressScale.Seed(3003);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = values.Next();
            OracleRow row = _sqlite.Query("SELECT ?1 AND ?2, ?1 OR ?2, ?1 IS TRUE, ?1 IS FALSE, CASE WHEN ?1 THEN 1 ELSE 0 END", a, b);
            runner.Check("AND", [a, b], row, 0, () => Logic.ToValue(Logic.And(Logic.Truth(a), Logic.Truth(b))));
            runner.Check("OR", [a, b], row, 1, () => Logic.ToValue(Logic.Or(Logic.Truth(a), Logic.Truth(b))));
            runner.Check("IS TRUE", [a], row, 2, () => Logic.ToValue(Logic.IsTrue(a)));
            runner.Check("IS FALSE", [a], row, 3, () => Logic.ToValue(Logic.IsFalse(a)));
            runner.Check("CASE WHEN", [a], row, 4, () => SqlValue.FromInt64(Logic.IsTrue(a) ? 1 : 0));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Null_makes_comparisons_null_except_is()
    {
        Assert.Null(Comparison.Evaluate(ComparisonOperator.Equal, SqlValue.Null, SqlValue.Null, Affinity.None));
        Assert.True(Comparison.Evaluate(ComparisonOperator.Is, SqlValue.Null, SqlValue.Null, Affinity.None));
        Assert.False(Comparison.Evaluate(ComparisonOperator.Is, SqlValue.Null, SqlValue.FromInt64(1), Affinity.None));
        Assert.True(Comparison.Evaluate(ComparisonOperator.Equal, SqlValue.FromInt64(1), SqlValue.FromDouble(1.0), Affinity.None));
        Assert.False(Comparison.Evaluate(ComparisonOperator.Equal, SqlValue.FromInt64(1), SqlValue.FromText("1"), Affinity.None));
        Assert.True(Comparison.Evaluate(ComparisonOperator.Equal, SqlValue.FromInt64(1), SqlValue.FromText("1"), Affinity.Integer));
    }

    [Fact]
    public void In_list_with_null_and_no_match_is_null()
    {
        Assert.Null(Comparison.In(SqlValue.FromInt64(1), [SqlValue.FromInt64(2), SqlValue.Null], Affinity.None));
        Assert.True(Comparison.In(SqlValue.FromInt64(1), [SqlValue.FromInt64(1), SqlValue.Null], Affinity.None));
        Assert.False(Comparison.In(SqlValue.Null, [], Affinity.None));
        Assert.False(Comparison.In(SqlValue.FromInt64(1), [SqlValue.FromInt64(2)], Affinity.None));
    }
}
