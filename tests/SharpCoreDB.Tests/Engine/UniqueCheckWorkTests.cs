using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The unique-index probes an UPDATE makes, counted (not timed) through a user collation on the index's column: every
/// comparison of a key under it is one call. An UPDATE that leaves the indexed column as it was does not probe the index
/// (as SQLite skips the indexes an UPDATE does not change: YCSB's read-modify-write of a value column descended the
/// table's unique index on every update); one that changes it probes it and still finds a conflict.
/// </summary>
public sealed class UniqueCheckWorkTests
{
    private const int Rows = 500;

    [Fact]
    public void Update_of_a_column_outside_a_unique_index_does_not_probe_it()
    {
        long compares = 0;
        using var db = NewTable(() => compares++);
        Statement update = db.Session.Prepare("UPDATE kv SET value = ? WHERE id = ?");

        compares = 0;
        for (int id = 1; id <= 50; id++)
        {
            Assert.Equal(1, update.ExecuteNonQuery(db.Session, [SqlValue.FromBlob(new byte[] { (byte)id, 2, 3 }), SqlValue.FromInt64(id)]));
        }

        Assert.Equal(0, compares);
        Assert.Equal(["0102|key 00001"], db.Query("SELECT hex(substr(value, 1, 2)), tag FROM kv WHERE id = 1"));
        Assert.Equal(["ok"], db.Query("PRAGMA integrity_check"));
    }

    [Fact]
    public void Update_that_keeps_the_key_value_in_the_statement_does_not_probe_it_and_a_changed_key_still_conflicts()
    {
        long compares = 0;
        using var db = NewTable(() => compares++);

        compares = 0;
        Assert.Equal(1, db.Execute("UPDATE kv SET tag = tag, value = x'07' WHERE id = 3"));
        Assert.Equal(0, compares);

        Assert.Equal(1, db.Execute("UPDATE kv SET tag = 'new key' WHERE id = 3"));
        Assert.True(compares > 0, "a changed key is checked against the index");

        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("UPDATE kv SET tag = 'key 00004' WHERE id = 5").ErrorCode);
        Assert.Equal(1, db.Execute("UPDATE OR REPLACE kv SET tag = 'key 00004' WHERE id = 5"));
        Assert.Equal([$"{Rows - 1}"], db.Query("SELECT count(*) FROM kv"));
        Assert.Equal(["5"], db.Query("SELECT id FROM kv WHERE tag = 'key 00004'"));
        Assert.Equal(["ok"], db.Query("PRAGMA integrity_check"));
    }

    private static EngineHarness NewTable(Action compared)
    {
        var db = new EngineHarness();
        db.Database.Collations.Set("counted", (left, right) =>
        {
            compared();
            return string.CompareOrdinal(left, right);
        });
        db.Execute("CREATE TABLE kv(id INTEGER PRIMARY KEY, tag TEXT COLLATE counted NOT NULL, value BLOB)");
        db.Execute("CREATE UNIQUE INDEX kv_tag ON kv(tag)");
        db.Execute($"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {Rows}) INSERT INTO kv SELECT i, printf('key %05d', i), zeroblob(100) FROM n");
        return db;
    }
}
