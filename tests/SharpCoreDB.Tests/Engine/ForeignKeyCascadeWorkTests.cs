using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The work an ON DELETE CASCADE does per cascaded child, counted (not timed) through a user collation on the key: every
/// comparison of a key under it, in a seek, an index range walk, a filter or a parent probe, is one call. The cascade
/// walks the child index once per deleted parent and deletes each child; it does not count the children first, scan
/// them again with a filter re-testing <c>key = ?</c>, nor look each deleted child's (deleted) parent up.
/// </summary>
public sealed class ForeignKeyCascadeWorkTests
{
    private const int Parents = 400;
    private const int ChildrenPerParent = 10;

    [Fact]
    public void Cascade_delete_compares_keys_about_once_per_tree_level_per_child()
    {
        long compares = 0;
        using var db = new EngineHarness();
        db.Database.Collations.Set("counted", (left, right) =>
        {
            compares++;
            return string.CompareOrdinal(left, right);
        });
        db.Execute("PRAGMA foreign_keys = ON");
        db.Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY, k TEXT COLLATE counted UNIQUE)");
        db.Execute("CREATE TABLE child(id INTEGER PRIMARY KEY, pk TEXT COLLATE counted REFERENCES parent(k) ON DELETE CASCADE, note TEXT)");
        db.Execute("CREATE INDEX child_pk ON child(pk)");
        db.Execute($"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {Parents}) INSERT INTO parent SELECT i, printf('key %05d', i) FROM n");
        db.Execute($"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {(Parents * ChildrenPerParent) - 1}) "
            + $"INSERT INTO child SELECT i + 1, printf('key %05d', (i % {Parents}) + 1), 'note' FROM n");
        Statement delete = db.Session.Prepare("DELETE FROM parent WHERE id <= ?");

        compares = 0;
        int deleted = delete.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(Parents / 2)]);
        long perChild = compares / (deleted * ChildrenPerParent);

        Assert.Equal(Parents / 2, deleted);
        Assert.Equal([$"{Parents / 2 * ChildrenPerParent}"], db.Query("SELECT count(*) FROM child"));
        Assert.Equal(["0"], db.Query($"SELECT count(*) FROM child WHERE pk <= 'key {Parents / 2:D5}'"));

        // Per child: its index entry's removal (a descent, about 11) and its share of one walk per parent. Before (about 24), the count
        // walk, the action's scan with its filter, and a probe of the parent's index per child came on top.
        Assert.True(perChild <= 16, $"the cascade compared keys {compares} times, {perChild} per cascaded child");
    }
}
