using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// Runs one operation many times on seeded random operands against SQLite and collects every disagreement, so a
/// failure shows the seed and the operands of (up to 20) failing cases at once.
/// </summary>
internal sealed class DifferentialRunner
{
    private readonly List<string> _failures = [];
    private int _cases;

    public DifferentialRunner(int seed)
    {
        Seed = seed;
    }

    public int Seed { get; }

    /// <summary>Compares one case: SQLite's row (value or error) against ours (value or exception).</summary>
    public void Check(string label, SqlValue[] operands, OracleRow expected, int column, Func<SqlValue> actual)
    {
        _cases++;
        SqlValue mine;
        try
        {
            mine = actual();
        }
        catch (SharpCoreDBException e)
        {
            if (expected.Error is null || !expected.Error.Contains(e.Message, StringComparison.Ordinal))
            {
                Fail(label, operands, expected.Error ?? ValueAssert.Show(expected.Values[column]), "error " + e.Message);
            }

            return;
        }

        if (expected.Error is not null)
        {
            Fail(label, operands, "error " + expected.Error, ValueAssert.Show(mine));
        }
        else if (!ValueAssert.Same(expected.Values[column], mine))
        {
            Fail(label, operands, ValueAssert.Show(expected.Values[column]), ValueAssert.Show(mine));
        }
    }

    public void AssertClean()
    {
        Assert.True(
            _failures.Count == 0,
            $"seed {Seed}: {_failures.Count} of {_cases} cases differ from SQLite:\n" + string.Join("\n", _failures.Take(20)));
        Assert.True(_cases > 0, $"seed {Seed}: no cases ran");
    }

    private void Fail(string label, SqlValue[] operands, string expected, string actual) =>
        _failures.Add($"{label}({ValueAssert.ShowAll(operands)}): SQLite {expected}, ours {actual}");
}
