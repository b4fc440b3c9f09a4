using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class ArithmeticDifferentialTests : IDisposable
{
    private static readonly int s_cases = StressScale.Cases(2500);

    private static readonly (string Sql, Func<SqlValue, SqlValue, SqlValue> Ours)[] s_binary =
    [
        ("?1 + ?2", (a, b) => Arithmetic.Add(a, b)),
        ("?1 - ?2", (a, b) => Arithmetic.Subtract(a, b)),
        ("?1 * ?2", (a, b) => Arithmetic.Multiply(a, b)),
        ("?1 / ?2", (a, b) => Arithmetic.Divide(a, b)),
        ("?1 % ?2", (a, b) => Arithmetic.Remainder(a, b)),
        ("?1 & ?2", (a, b) => Arithmetic.BitAnd(a, b)),
        ("?1 | ?2", (a, b) => Arithmetic.BitOr(a, b)),
        ("?1 << ?2", (a, b) => Arithmetic.ShiftLeft(a, b)),
        ("?1 >> ?2", (a, b) => Arithmetic.ShiftRight(a, b)),
        ("?1 || ?2", (a, b) => Arithmetic.Concat(a, b)),
    ];

    private readonly SqliteOracle _sqlite = new();

    public void Dispose() => _sqlite.Dispose();

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(6)]
    [InlineData(7)]
    [InlineData(8)]
    [InlineData(9)]
    public void Binary_operator_matches_sqlite_on_random_operands(int operatorIndex)
    {
        int seed = StressScale.Seed(1000 + operatorIndex);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        (string sql, Func<SqlValue, SqlValue, SqlValue> ours) = s_binary[operatorIndex];
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = operatorIndex >= 7 && operatorIndex <= 8 && i % 2 == 0
                ? SqlValue.FromInt64(values.Random.Next(-70, 70))
                : values.Next();
            runner.Check(sql, [a, b], _sqlite.Query("SELECT " + sql, a, b), 0, () => ours(a, b));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Unary_operators_match_sqlite_on_random_operands()
    {
        int seed = StressScale.Seed(1100);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            OracleRow row = _sqlite.Query("SELECT -?1, +?1, ~?1, NOT ?1", a);
            runner.Check("-", [a], row, 0, () => Arithmetic.Negate(a));
            runner.Check("+", [a], row, 1, () => Arithmetic.Plus(a));
            runner.Check("~", [a], row, 2, () => Arithmetic.BitNot(a));
            runner.Check("NOT", [a], row, 3, () => Logic.Not(a));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Integer_overflow_turns_into_real()
    {
        Assert.Equal(SqlStorageClass.Real, Arithmetic.Add(SqlValue.FromInt64(long.MaxValue), SqlValue.FromInt64(1)).StorageClass);
        Assert.Equal(SqlStorageClass.Real, Arithmetic.Subtract(SqlValue.FromInt64(long.MinValue), SqlValue.FromInt64(1)).StorageClass);
        Assert.Equal(SqlStorageClass.Real, Arithmetic.Multiply(SqlValue.FromInt64(long.MaxValue), SqlValue.FromInt64(2)).StorageClass);
        Assert.Equal(SqlStorageClass.Real, Arithmetic.Divide(SqlValue.FromInt64(long.MinValue), SqlValue.FromInt64(-1)).StorageClass);
        Assert.Equal(SqlStorageClass.Real, Arithmetic.Negate(SqlValue.FromInt64(long.MinValue)).StorageClass);
        Assert.Equal(0, Arithmetic.Remainder(SqlValue.FromInt64(long.MinValue), SqlValue.FromInt64(-1)).AsInt64());
    }

    [Fact]
    public void Division_and_remainder_by_zero_are_null()
    {
        Assert.True(Arithmetic.Divide(SqlValue.FromInt64(3), SqlValue.FromInt64(0)).IsNull);
        Assert.True(Arithmetic.Divide(SqlValue.FromDouble(3), SqlValue.FromDouble(-0.0)).IsNull);
        Assert.True(Arithmetic.Remainder(SqlValue.FromInt64(3), SqlValue.FromInt64(0)).IsNull);

        // The remainder works on integer parts, so a divisor of 0.5 is zero.
        Assert.True(Arithmetic.Remainder(SqlValue.FromInt64(3), SqlValue.FromDouble(0.5)).IsNull);
    }

    [Fact]
    public void Text_operands_use_the_numeric_prefix()
    {
        Assert.Equal(13, Arithmetic.Add(SqlValue.FromText("12abc"), SqlValue.FromInt64(1)).AsInt64());
        Assert.Equal(0, Arithmetic.Multiply(SqlValue.FromText("abc"), SqlValue.FromInt64(2)).AsInt64());
        Assert.Equal(3.5, Arithmetic.Add(SqlValue.FromText(" 3.5"), SqlValue.FromInt64(0)).AsDouble());
        Assert.Equal(100000.0, Arithmetic.Add(SqlValue.FromText("1e5"), SqlValue.FromInt64(0)).AsDouble());
        Assert.Equal(1.0, Arithmetic.Remainder(SqlValue.FromText("1e5"), SqlValue.FromInt64(7)).AsDouble());
    }

    [Fact]
    public void Concat_renders_numbers_like_sqlite()
    {
        Assert.Equal("12.5", Arithmetic.Concat(SqlValue.FromInt64(1), SqlValue.FromDouble(2.5)).AsText());
        Assert.Equal("1.0e+20", Arithmetic.Concat(SqlValue.FromDouble(1e20), SqlValue.FromText(string.Empty)).AsText());
        Assert.Equal("AB", Arithmetic.Concat(SqlValue.FromBlob([0x41]), SqlValue.FromBlob([0x42])).AsText());
        Assert.True(Arithmetic.Concat(SqlValue.Null, SqlValue.FromText("a")).IsNull);
    }
}
