using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>ALTER TABLE … ADD COLUMN: rows stored before read the new column as its default, as in SQLite.</summary>
public sealed class AlterTableTests
{
    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 12, stress: 300);

    [Fact]
    public void Old_rows_read_the_added_column_as_its_default_and_the_table_survives_reopen()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT UNIQUE)");
            db.Execute("INSERT INTO t(name) VALUES ('a'), ('b')");
            db.Execute("ALTER TABLE t ADD COLUMN score INTEGER NOT NULL DEFAULT '5'");
            db.Execute("ALTER TABLE t ADD note TEXT");
            db.Execute("INSERT INTO t(name, score, note) VALUES ('c', 9, 'new')");
            Assert.Equal(["1|a|5|NULL|integer", "2|b|5|NULL|integer", "3|c|9|new|integer"], db.Query("SELECT *, typeof(score) FROM t ORDER BY id"));
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(["1|a|5|NULL", "2|b|5|NULL", "3|c|9|new"], db.Query("SELECT * FROM t ORDER BY id"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t(name) VALUES ('a')").ErrorCode);

            // An old row rewritten by UPDATE stores every column from then on; an index on the added column holds
            // the default for rows that were never rewritten.
            db.Execute("UPDATE t SET note = 'x' WHERE id = 1");
            db.Execute("CREATE INDEX t_score ON t(score)");
            Assert.Contains(db.Query("EXPLAIN SELECT id FROM t WHERE score = 5"), line => line.Contains("USING INDEX t_score", StringComparison.Ordinal));
            Assert.Equal(["1|x", "2|NULL"], db.Query("SELECT id, note FROM t WHERE score = 5 ORDER BY id"));
        }
    }

    [Fact]
    public void Additions_sqlite_refuses_are_refused_with_a_position()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT)");
        db.Execute("CREATE VIEW v AS SELECT a FROM t");

        // An empty table takes a NOT NULL column without a default; one with rows does not.
        db.Execute("ALTER TABLE t ADD COLUMN c INTEGER NOT NULL");
        db.Execute("INSERT INTO t VALUES (1, 'x', 2)");
        SharpCoreDBException notNull = db.Fails("ALTER TABLE t ADD COLUMN d INTEGER NOT NULL");
        Assert.Equal(SharpCoreDBErrorCode.NotNullViolation, notNull.ErrorCode);

        Assert.Equal(SharpCoreDBErrorCode.CheckViolation, db.Fails("ALTER TABLE t ADD COLUMN e INTEGER DEFAULT 0 CHECK (e > a)").ErrorCode);
        db.Execute("ALTER TABLE t ADD COLUMN e INTEGER DEFAULT 5 CHECK (e > a)");
        Assert.Equal(SharpCoreDBErrorCode.CheckViolation, db.Fails("INSERT INTO t VALUES (9, 'y', 1, 3)").ErrorCode);

        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("ALTER TABLE t ADD COLUMN f INTEGER PRIMARY KEY").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("ALTER TABLE t ADD COLUMN f INTEGER UNIQUE").ErrorCode);
        SharpCoreDBException nonConstant = db.Fails("ALTER TABLE t ADD COLUMN f INTEGER DEFAULT (1 + 1)");
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, nonConstant.ErrorCode);
        Assert.Contains("non-constant default", nonConstant.Message, StringComparison.Ordinal);
        SharpCoreDBException duplicate = db.Fails("ALTER TABLE t ADD COLUMN\n  B TEXT");
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, duplicate.ErrorCode);
        Assert.Contains("line 2", duplicate.Message, StringComparison.Ordinal);
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, db.Fails("ALTER TABLE nope ADD COLUMN f").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, db.Fails("ALTER TABLE v ADD COLUMN f").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, db.Fails("ALTER TABLE t MODIFY a TEXT").ErrorCode);

        // Nothing of a refused ALTER remains, and the connection goes on.
        Assert.Equal(["1|x|2|5"], db.Query("SELECT * FROM t"));
    }

    [Fact]
    public void A_rolled_back_add_column_leaves_the_table_as_it_was()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("INSERT INTO t VALUES (1)");
        db.Execute("BEGIN");
        db.Execute("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'z'");
        Assert.Equal(["1|z"], db.Query("SELECT * FROM t"));
        db.Execute("ROLLBACK");
        Assert.Equal(["1"], db.Query("SELECT * FROM t"));
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_additions_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var engine = new EngineHarness();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var script = new List<string> { "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT)" };
        string[] types = ["INTEGER", "TEXT", "REAL", "NUMBER", "BLOB", string.Empty, "VARCHAR(5)"];
        string[] defaults = ["", " DEFAULT 3", " DEFAULT -2.5", " DEFAULT '7'", " DEFAULT 'x'", " DEFAULT NULL", " DEFAULT x'0a'", " DEFAULT TRUE", " DEFAULT +4"];
        int columns = 0;
        for (int step = 0; step < 30; step++)
        {
            switch (random.Next(5))
            {
                case 0:
                    script.Add($"ALTER TABLE t ADD COLUMN c{columns++} {types[random.Next(types.Length)]}{defaults[random.Next(defaults.Length)]}");
                    break;
                case 1:
                    script.Add($"INSERT INTO t(a, b) VALUES ({random.Next(10)}, 'r{step}')");
                    break;
                case 2:
                    script.Add($"UPDATE t SET a = a + 1 WHERE id % 3 = {random.Next(3)}");
                    break;
                case 3:
                    script.Add($"DELETE FROM t WHERE a = {random.Next(10)}");
                    break;
                default:
                    script.Add(columns == 0
                        ? $"INSERT INTO t(a) VALUES ({random.Next(10)})"
                        : $"INSERT INTO t(a, c{random.Next(columns)}) VALUES ({random.Next(10)}, {random.Next(10).ToString(CultureInfo.InvariantCulture)})");
                    break;
            }
        }

        foreach (string sql in script)
        {
            engine.Execute(sql);
            using SqliteCommand command = sqlite.CreateCommand();
            command.CommandText = sql;
            command.ExecuteNonQuery();
        }

        var select = new List<string> { "id", "a", "b" };
        for (int i = 0; i < columns; i++)
        {
            select.Add($"c{i}");
            select.Add($"typeof(c{i})");
        }

        string query = $"SELECT {string.Join(", ", select)} FROM t ORDER BY id";
        List<string> expected = DifferentialTests.SqliteRows(sqlite, query, seed);
        List<string> actual = DifferentialTests.EngineRows(engine, query, seed);
        Assert.True(expected.SequenceEqual(actual), $"seed {seed}:\n  {string.Join("\n  ", script)}\n  sqlite: {string.Join(" ; ", expected.Take(6))}\n  engine: {string.Join(" ; ", actual.Take(6))}");
    }
}
