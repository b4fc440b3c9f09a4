using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Engine;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Json;

/// <summary>
/// Random JSON documents through json_each and json_tree, row by row against SQLite: every column, hidden ones
/// included, for the root and for paths to elements found in the document (and a few that lead nowhere).
/// </summary>
public sealed class JsonTableRandomTests
{
    public static TheoryData<int> Seeds() => StressScale.Seeds(40, 1000);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Json_each_and_json_tree_match_sqlite_on_random_documents(int seed)
    {
        var random = new Random(seed);
        var generator = new RandomJson(random);
        using var db = new DualDatabase();
        for (int document = 0; document < 5; document++)
        {
            string json = generator.Document(random.Next(1, 40));
            string literal = "'" + json.Replace("'", "''", StringComparison.Ordinal) + "'";
            var queries = new List<string>
            {
                $"SELECT *, json, root FROM json_each({literal})",
                $"SELECT *, json, root FROM json_tree({literal})",
                $"SELECT value, type FROM json_each({literal})",
                $"SELECT fullkey, id FROM json_tree({literal})",
            };

            foreach (string path in Paths(db.Sqlite, literal, random))
            {
                string pathLiteral = "'" + path.Replace("'", "''", StringComparison.Ordinal) + "'";
                queries.Add($"SELECT *, json, root FROM json_each({literal}, {pathLiteral})");
                queries.Add($"SELECT *, json, root FROM json_tree({literal}, {pathLiteral})");
            }

            foreach (string sql in queries)
            {
                List<string> expected = DifferentialTests.SqliteRows(db.Sqlite, sql, seed);
                List<string> actual = DifferentialTests.EngineRows(db.Engine, sql, seed);
                Assert.True(
                    expected.SequenceEqual(actual),
                    $"seed {seed}: {sql}\n  sqlite: {string.Join("\n          ", expected)}\n  engine: {string.Join("\n          ", actual)}");
            }
        }
    }

    // Paths to a few elements of the document (as SQLite's json_tree names them), from the end of arrays too, and
    // paths that lead nowhere.
    private static List<string> Paths(SqliteConnection sqlite, string literal, Random random)
    {
        var fullKeys = new List<string>();
        using (SqliteCommand command = sqlite.CreateCommand())
        {
            command.CommandText = $"SELECT fullkey FROM json_tree({literal})";
            using SqliteDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                fullKeys.Add(reader.GetString(0));
            }
        }

        var paths = new List<string>();
        for (int i = 0; i < 3 && fullKeys.Count > 0; i++)
        {
            paths.Add(fullKeys[random.Next(fullKeys.Count)]);
        }

        paths.Add("$[#-1]");
        paths.Add(random.Next(2) == 0 ? "$.nope" : "$[7]");
        return paths;
    }
}
