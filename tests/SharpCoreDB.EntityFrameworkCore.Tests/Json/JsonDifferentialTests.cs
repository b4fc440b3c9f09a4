using SharpCoreDB.EntityFrameworkCore.Tests.Differential;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>
/// Every query of <see cref="JsonQueries"/> runs on EF's SQLite provider and on ours over the same seeded shops; the
/// results must be equal (as canonical text, see <see cref="ResultFormatter"/>).
/// </summary>
public sealed class JsonDifferentialTests(JsonFixture fixture) : IClassFixture<JsonFixture>
{
    public static TheoryData<string> Names()
    {
        var names = new TheoryData<string>();
        foreach (var query in JsonQueries.All)
        {
            names.Add(query.Name);
        }

        return names;
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Json_query_gives_the_same_result_as_the_sqlite_provider(string name)
    {
        var query = JsonQueries.ByName[name];
        var expected = DifferentialAssert.Run(fixture.CreateSqlite, query.Run, query.Ordered);
        var actual = DifferentialAssert.Run(fixture.CreateOurs, query.Run, query.Ordered);
        DifferentialAssert.Same(name, JsonData.Seed, query.RefusedBySqlite, expected, actual);
    }
}
