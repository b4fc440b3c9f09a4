using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Tests.Scalar;

public sealed class ScalarOperatorsTests : IDisposable
{
    private static readonly (BinaryOperator Op, string Sql)[] s_binary =
    [
        (BinaryOperator.Add, "+"), (BinaryOperator.Subtract, "-"), (BinaryOperator.Multiply, "*"), (BinaryOperator.Divide, "/"),
        (BinaryOperator.Modulo, "%"), (BinaryOperator.Concat, "||"), (BinaryOperator.BitwiseAnd, "&"), (BinaryOperator.BitwiseOr, "|"),
        (BinaryOperator.ShiftLeft, "<<"), (BinaryOperator.ShiftRight, ">>"), (BinaryOperator.And, "AND"), (BinaryOperator.Or, "OR"),
        (BinaryOperator.Equal, "="), (BinaryOperator.NotEqual, "<>"), (BinaryOperator.Less, "<"), (BinaryOperator.LessOrEqual, "<="),
        (BinaryOperator.Greater, ">"), (BinaryOperator.GreaterOrEqual, ">="), (BinaryOperator.Is, "IS"), (BinaryOperator.IsNot, "IS NOT"),
    ];

    private readonly SqliteOracle _sqlite = new();

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void Every_ast_operator_dispatches_to_sqlite_semantics()
    {
        int seed = StressScale.Seed(8000);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        Assert.Equal(Enum.GetValues<BinaryOperator>().Length, s_binary.Length);
        for (int i = 0; i < StressScale.Cases(300); i++)
        {
            SqlValue a = values.Next();
            SqlValue b = values.Next();
            foreach ((BinaryOperator op, string sql) in s_binary)
            {
                runner.Check(sql, [a, b], _sqlite.Query($"SELECT ?1 {sql} ?2", a, b), 0, () => ScalarOperators.Binary(op, a, b));
            }

            OracleRow row = _sqlite.Query("SELECT -?1, +?1, ~?1, NOT ?1", a);
            UnaryOperator[] unary = [UnaryOperator.Negate, UnaryOperator.Plus, UnaryOperator.BitwiseNot, UnaryOperator.Not];
            for (int u = 0; u < unary.Length; u++)
            {
                UnaryOperator op = unary[u];
                runner.Check(op.ToString(), [a], row, u, () => ScalarOperators.Unary(op, a));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Comparison_operators_are_recognised()
    {
        Assert.True(ScalarOperators.IsComparison(BinaryOperator.IsNot));
        Assert.False(ScalarOperators.IsComparison(BinaryOperator.Concat));
    }
}
