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
        var expected = DifferentialAssert.Run(fixture.CreateSqlite, query.Run, query.Ordered);
        var actual = DifferentialAssert.Run(fixture.CreateOurs, query.Run, query.Ordered);
        DifferentialAssert.Same(name, NorthwindData.Seed, query.RefusedBySqlite, expected, actual);
    }
}
