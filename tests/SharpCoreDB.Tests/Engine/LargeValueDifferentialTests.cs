using System.Data.Common;
using Microsoft.Data.Sqlite;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Random INSERT, UPDATE and DELETE of rows with values from 0 bytes to several MiB, run against Microsoft.Data.Sqlite
/// as the oracle: values cross the overflow page boundaries, updates grow and shrink them, copy one into another,
/// and change the other columns of a row around a large value (which must survive unchanged). Table <c>t</c> has
/// a plain index, so an update reads only the old columns it keeps; table <c>u</c> has an index on an expression and
/// a trigger reading OLD, so an update reads the whole old row. The data is compared as it goes and after a reopen.
/// </summary>
public sealed class LargeValueDifferentialTests : IDisposable
{
    private const int PageSize = 4096;
    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    private readonly SharpCoreDB.Tests.Data.TempDatabase _file = new();
    private readonly string _sqlitePath = Path.Combine(Path.GetTempPath(), "sharpcoredb-oracle-" + Guid.NewGuid().ToString("N") + ".db");

    public void Dispose()
    {
        _file.Dispose();
        SqliteConnection.ClearAllPools();
        File.Delete(_sqlitePath);
    }

    [Theory]
    [InlineData(2201, false)]
    [InlineData(2202, true)]
    [InlineData(2203, false)]
    public void Random_writes_of_large_values_match_sqlite_and_survive_a_reopen(int seed, bool encrypted)
    {
        string options = $"Page Size={PageSize};" + (encrypted ? $"Encryption Key={RawKeyHex}" : string.Empty);
        int operations = s_stress ? 600 : 70;
        var random = new Random(seed);
        using var sqlite = new SqliteConnection($"Data Source={_sqlitePath};Pooling=False");
        sqlite.Open();
        string[] schema =
        [
            "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b BLOB, c TEXT, d BLOB)",
            "CREATE INDEX t_a ON t (a)",
            "CREATE TABLE u (id INTEGER PRIMARY KEY, a INTEGER, b BLOB, c TEXT, d BLOB)",
            "CREATE INDEX u_len ON u (length(d))",
            "CREATE TABLE log (id INTEGER, old_b INTEGER, new_b INTEGER, old_d INTEGER)",
            "CREATE TRIGGER u_log AFTER UPDATE ON u BEGIN INSERT INTO log VALUES (new.id, length(old.b), length(new.b), length(old.d)); END",
        ];
        using (SharpCoreDBConnection db = Open(_file.ConnectionString(options)))
        {
            foreach (string statement in schema)
            {
                Run(sqlite, statement);
                Run(db, statement);
            }

            long nextId = 1;
            for (int step = 0; step < operations; step++)
            {
                string table = random.Next(3) == 0 ? "u" : "t";
                long id = 1 + random.NextInt64(nextId);
                (string sql, object?[] arguments) = random.Next(10) switch
                {
                    0 or 1 => ($"INSERT INTO {table} (id, a, b, c, d) VALUES (@p0, @p1, @p2, @p3, @p4)", new object?[] { nextId++, random.Next(100), Blob(random), Text(random), Blob(random) }),
                    2 or 3 => ($"UPDATE {table} SET b = @p0 WHERE id = @p1", new object?[] { Blob(random), id }),
                    4 => ($"UPDATE {table} SET a = a + 1 WHERE id = @p0", new object?[] { id }),
                    5 => ($"UPDATE {table} SET c = @p0, a = @p1 WHERE id = @p2", new object?[] { Text(random), random.Next(100), id }),
                    6 => ($"UPDATE {table} SET d = b WHERE id = @p0", new object?[] { id }),
                    7 => ($"UPDATE {table} SET b = substr(b, @p0), d = @p1 WHERE id = @p2", new object?[] { 1 + random.Next(5000), Blob(random), id }),
                    8 => ($"UPDATE {table} SET a = (a * 2) % 1000 WHERE a > @p0", new object?[] { random.Next(100) }),
                    _ => ($"DELETE FROM {table} WHERE id = @p0", new object?[] { id }),
                };

                int expected = Run(sqlite, sql, arguments);
                int actual = Run(db, sql, arguments);
                Assert.True(expected == actual, $"seed {seed}, step {step}: {sql} changed {actual} rows, SQLite {expected}");
                if (step % 10 == 9)
                {
                    AssertSame(sqlite, db, $"seed {seed}, step {step}");
                }
            }

            AssertSame(sqlite, db, $"seed {seed}, at the end");
            Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
        }

        SharpCoreDBConnection.ClearAllPools();
        using (SharpCoreDBConnection db = Open(_file.ConnectionString(options)))
        {
            AssertSame(sqlite, db, $"seed {seed}, after a reopen");
            Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
        }
    }

    // Sizes around the overflow chunk boundaries of a 4 KiB page, small and inline ones, NULL, and now and then
    // a value of several MiB.
    private static object? Blob(Random random)
    {
        int size = random.Next(12) switch
        {
            0 => -1,
            1 => random.Next(3),
            2 => random.Next(2000),
            3 or 4 => (PageSize * (1 + random.Next(8))) + random.Next(-40, 41),
            5 or 6 => random.Next(300_000),
            7 => (PageSize * 256) + random.Next(-40, 41),
            8 => random.Next(4) == 0 ? (3 << 20) + random.Next(-40, 41) : random.Next(40_000),
            _ => 1000 + random.Next(3000),
        };
        if (size < 0)
        {
            return null;
        }

        var bytes = new byte[size];
        random.NextBytes(bytes);
        return bytes;
    }

    private static string Text(Random random)
    {
        int length = random.Next(4) == 0 ? random.Next(20_000) : random.Next(50);
        return new string((char)('a' + random.Next(26)), length) + random.Next();
    }

    private static int Run(DbConnection connection, string sql, params object?[] arguments)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        for (int i = 0; i < arguments.Length; i++)
        {
            DbParameter parameter = command.CreateParameter();
            parameter.ParameterName = "@p" + i;
            parameter.Value = arguments[i] ?? DBNull.Value;
            command.Parameters.Add(parameter);
        }

        return command.ExecuteNonQuery();
    }

    private static void AssertSame(SqliteConnection sqlite, SharpCoreDBConnection db, string where)
    {
        foreach (string table in new[] { "t", "u", "log" })
        {
            string sql = $"SELECT * FROM {table} ORDER BY rowid";
            List<object[]> expected = Rows(sqlite, sql);
            List<object[]> actual = Rows(db, sql);
            Assert.True(expected.Count == actual.Count, $"{where}: {table} has {actual.Count} rows, SQLite {expected.Count}");
            for (int row = 0; row < expected.Count; row++)
            {
                for (int column = 0; column < expected[row].Length; column++)
                {
                    object want = expected[row][column];
                    object got = actual[row][column];
                    bool same = want is byte[] wantBytes && got is byte[] gotBytes ? wantBytes.AsSpan().SequenceEqual(gotBytes) : Equals(want, got);
                    Assert.True(same, $"{where}: {table} row {row} column {column}: {Describe(got)}, SQLite {Describe(want)}");
                }
            }
        }
    }

    private static string Describe(object value) => value is byte[] bytes ? $"BLOB of {bytes.Length} bytes" : $"{value} ({value.GetType().Name})";

    private static List<object[]> Rows(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        var rows = new List<object[]>();
        while (reader.Read())
        {
            var values = new object[reader.FieldCount];
            reader.GetValues(values);
            rows.Add(values);
        }

        return rows;
    }
}
