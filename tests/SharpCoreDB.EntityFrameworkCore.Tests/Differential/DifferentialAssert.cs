using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

/// <summary>
/// Runs one differential query on a context and compares the two providers' canonical rows; shared by the Northwind
/// and the JSON differential tests.
/// </summary>
internal static class DifferentialAssert
{
    /// <summary>Materializes <paramref name="run"/> on a fresh context; a provider's refusal comes back as the error.</summary>
    public static (List<string>? Rows, Exception? Error) Run<TContext>(Func<TContext> create, Func<TContext, object?> run, bool ordered)
        where TContext : DbContext
    {
        using var context = create();
        try
        {
            return (ResultFormatter.Rows(run(context), ordered), null);
        }
        catch (Exception e) when (e is InvalidOperationException or NotSupportedException or DbUpdateException
                                      or System.Data.Common.DbException)
        {
            return (null, e);
        }
    }

    /// <summary>
    /// Fails unless both results are equal; a query marked as refused by the SQLite provider must be refused by it
    /// (ours may then answer or refuse).
    /// </summary>
    public static void Same(string name, int seed, bool refusedBySqlite,
        (List<string>? Rows, Exception? Error) expected, (List<string>? Rows, Exception? Error) actual)
    {
        if (refusedBySqlite)
        {
            Assert.True(expected.Error is not null, $"{name}: marked as refused by the SQLite provider, but it answered");
            return;
        }

        Assert.True(expected.Error is null, $"{name}: the SQLite provider refused it ({expected.Error?.Message}); mark it RefusedBySqlite");
        if (actual.Error is not null)
        {
            Assert.Fail($"{name}: SharpCoreDB failed: {actual.Error}");
        }

        if (!expected.Rows!.SequenceEqual(actual.Rows!, StringComparer.Ordinal))
        {
            int at = 0;
            while (at < expected.Rows!.Count && at < actual.Rows!.Count && expected.Rows[at] == actual.Rows[at])
            {
                at++;
            }

            Assert.Fail($"{name} (data seed {seed}): results differ at row {at} of {expected.Rows!.Count} (SQLite) / "
                + $"{actual.Rows!.Count} (SharpCoreDB)\n  SQLite:      {(at < expected.Rows.Count ? expected.Rows[at] : "(end)")}\n"
                + $"  SharpCoreDB: {(at < actual.Rows.Count ? actual.Rows[at] : "(end)")}");
        }
    }
}
