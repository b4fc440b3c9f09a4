using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

/// <summary>
/// Every query of <see cref="Queries"/> runs on EF's SQLite provider and on ours over the same seeded data; the
/// results must be equal (as canonical text, see <see cref="ResultFormatter"/>). Where the SQLite provider refuses a
/// query (marked in the list), ours may refuse it too.
/// </summary>
public sealed class LinqDifferentialTests(NorthwindFixture fixture) : IClassFixture<NorthwindFixture>
{
    public static TheoryData<string> Names()
    {
        var names = new TheoryData<string>();
        foreach (var query in Queries.All)
        {
            names.Add(query.Name);
        }

        return names;
    }

    [Fact]
    public void Query_names_are_unique_and_there_are_at_least_300()
    {
        var names = Queries.All.Select(q => q.Name).ToList();
        Assert.Equal(names.Count, names.Distinct(StringComparer.Ordinal).Count());
        Assert.True(names.Count >= 300, $"only {names.Count} differential queries");
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Query_gives_the_same_result_as_the_sqlite_provider(string name)
    {
        var query = Queries.ByName[name];
        var expected = Run(fixture.CreateSqlite, query);
        var actual = Run(fixture.CreateOurs, query);
        if (query.RefusedBySqlite)
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

            Assert.Fail($"{name} (data seed {NorthwindData.Seed}): results differ at row {at} of {expected.Rows!.Count} (SQLite) / "
                + $"{actual.Rows!.Count} (SharpCoreDB)\n  SQLite:      {(at < expected.Rows.Count ? expected.Rows[at] : "(end)")}\n"
                + $"  SharpCoreDB: {(at < actual.Rows.Count ? actual.Rows[at] : "(end)")}");
        }
    }

    private static (List<string>? Rows, Exception? Error) Run(Func<NorthwindContext> create, DiffQuery query)
    {
        using var context = create();
        try
        {
            return (ResultFormatter.Rows(query.Run(context), query.Ordered), null);
        }
        catch (Exception e) when (e is InvalidOperationException or NotSupportedException or DbUpdateException
                                      or System.Data.Common.DbException)
        {
            return (null, e);
        }
    }
}
