using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// <c>x [NOT] IN (subquery)</c> against SQLite, with columns of every affinity and values that compare equal across
/// storage classes (1, 1.0, '1'), and subqueries long enough to be looked up through a hash set.
/// </summary>
public sealed class InSubqueryTests
{
    private static readonly string[] s_values = ["1", "1.0", "'1'", "'1.0'", "2", "2.5", "'2.5'", "'a'", "'A'", "x'01'", "NULL", "-0.0", "0", "'0'", "3", "' 3'", "1e1", "10", "'10'"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 12, stress: 300);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void In_subquery_matches_sqlite(int seed)
    {
        var random = new Random(seed);
        using var engine = new EngineHarness();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var setup = new List<string>
        {
            "CREATE TABLE p(id INTEGER PRIMARY KEY, i INTEGER, t TEXT, r REAL, n)",
            "CREATE TABLE c(id INTEGER PRIMARY KEY, i INTEGER, t TEXT, r REAL, n)",
        };
        foreach (string table in new[] { "p", "c" })
        {
            for (int row = 1; row <= random.Next(5, 40); row++)
            {
                setup.Add($"INSERT INTO {table} VALUES ({row}, {Pick(random)}, {Pick(random)}, {Pick(random)}, {Pick(random)})");
            }
        }

        foreach (string sql in setup)
        {
            engine.Execute(sql);
            using SqliteCommand command = sqlite.CreateCommand();
            command.CommandText = sql;
            command.ExecuteNonQuery();
        }

        string[] columns = ["i", "t", "r", "n", "i + 0", "t || ''"];
        for (int q = 0; q < 40; q++)
        {
            string operand = columns[random.Next(columns.Length)];
            string inner = columns[random.Next(columns.Length)];
            string filter = random.Next(3) == 0 ? $" WHERE c.id > {random.Next(10)}" : string.Empty;
            string sql = $"SELECT id FROM p WHERE {(random.Next(4) == 0 ? "NOT " : string.Empty)}(p.{operand} {(random.Next(3) == 0 ? "NOT " : string.Empty)}IN (SELECT c.{inner} FROM c{filter}))";
            List<string> expected = DifferentialTests.SqliteRows(sqlite, sql, seed);
            List<string> actual = DifferentialTests.EngineRows(engine, sql, seed);
            expected.Sort(StringComparer.Ordinal);
            actual.Sort(StringComparer.Ordinal);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}: results differ for\n  {sql}\n  sqlite: {string.Join(" ; ", expected.Take(10))}\n  engine: {string.Join(" ; ", actual.Take(10))}\nsetup:\n  {string.Join("\n  ", setup)}");
        }
    }

    private static string Pick(Random random) => s_values[random.Next(s_values.Length)];
}
