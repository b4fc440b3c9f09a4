using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Foreign keys on the hot paths allocate per statement, not per row: counted with the thread's allocated bytes
/// (counts, not time).
/// </summary>
public sealed class ForeignKeyAllocationTests
{
    private const int Parents = 2_200;
    private const int ChildrenPerParent = 10;

    [Fact]
    public void Cascade_delete_allocates_little_per_cascaded_child_row()
    {
        using var db = new EngineHarness();
        db.Execute("PRAGMA foreign_keys = ON");
        db.Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        db.Execute("CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id) ON DELETE CASCADE, note TEXT)");
        db.Execute("CREATE INDEX child_parent ON child(parent_id)");
        db.Execute($"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {Parents}) INSERT INTO parent SELECT i, 'parent number ' || i FROM n");
        db.Execute($"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {(Parents * ChildrenPerParent) - 1}) "
            + $"INSERT INTO child SELECT i + 1, (i % {Parents}) + 1, 'a note of some length ' || i FROM n");
        Statement delete = db.Session.Prepare("DELETE FROM parent WHERE id BETWEEN ? AND ?");

        // Warm up in a transaction of the same size: plans, pooled buffers (the undo log's too) and the JIT are in place.
        db.Execute("BEGIN");
        Assert.Equal(1_000, delete.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(1), SqlValue.FromInt64(1_000)]));
        db.Execute("COMMIT");

        db.Execute("BEGIN");
        long before = GC.GetAllocatedBytesForCurrentThread();
        int deleted = delete.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(1_001), SqlValue.FromInt64(2_000)]);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        db.Execute("COMMIT");

        Assert.Equal(1_000, deleted);
        Assert.Equal([$"{(Parents - 2_000) * ChildrenPerParent}"], db.Query("SELECT count(*) FROM child"));
        Assert.Equal(["0"], db.Query("SELECT count(*) FROM child WHERE parent_id <= 2000"));

        // 11,000 rows go (1,000 parents, 10,000 children): about 79 bytes per deleted row are left. The probe and the
        // action's index scan rent their cursors from the trees (three cursor objects per cascaded parent cost about 52
        // more, 131 in all); decoding the unread text columns and growing the undo log's entries by doubling added
        // about 220 more before that.
        long perRow = allocated / (deleted * (ChildrenPerParent + 1));
        Assert.True(perRow < 95, $"the cascade delete allocated {allocated} bytes, {perRow} per deleted row");
    }

    [Fact]
    public void A_statement_that_meets_no_foreign_key_makes_no_foreign_key_counters()
    {
        // Every write statement used to make its transaction's counters (an autocommit write: on every statement), to
        // reset them at its start and read them at its end, though only foreign keys ever count.
        using var db = new EngineHarness();
        db.Execute("PRAGMA foreign_keys = ON");
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)");
        db.Execute("BEGIN");
        db.Execute("INSERT INTO t VALUES (1, 0)");
        db.Execute("UPDATE t SET v = 1 WHERE id = 1");
        db.Execute("DELETE FROM t WHERE id = 1");

        Assert.Null(db.Session.Transaction!.ForeignKeysIfUsed);
        db.Execute("COMMIT");
        Assert.Equal(["0"], db.Query("SELECT count(*) FROM t"));
    }
}
