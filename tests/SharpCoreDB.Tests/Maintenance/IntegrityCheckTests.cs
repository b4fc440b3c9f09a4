using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Tests.Data;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>PRAGMA integrity_check and quick_check: 'ok' for a sound database, one row per problem otherwise.</summary>
public sealed class IntegrityCheckTests : IDisposable
{
    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    [Theory]
    [InlineData("")]
    [InlineData("Encryption Key=" + RawKeyHex)]
    public void A_sound_database_checks_ok_as_in_sqlite(string encryption)
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString(encryption));
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
        Fill(db, 800, seed: 5);
        Execute(db, "DELETE FROM t WHERE id % 4 = 0");
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
        Assert.Equal(["ok"], Column(db, "PRAGMA quick_check"));
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check(5)"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("Encryption Key=" + RawKeyHex)]
    public void A_damaged_page_is_reported_by_its_number(string encryption)
    {
        using (SharpCoreDBConnection db = Open(_file.ConnectionString(encryption)))
        {
            Fill(db, 800, seed: 6);
        }

        SharpCoreDBConnection.ClearAllPools();
        const int damaged = 5;
        using (var stream = new FileStream(_file.Path, FileMode.Open, FileAccess.ReadWrite))
        {
            stream.Position = (damaged * 4096) + 100;
            stream.WriteByte(0xA5);
            stream.WriteByte(0x5A);
        }

        using SharpCoreDBConnection reopened = Open(_file.ConnectionString(encryption));
        List<string> problems = Column(reopened, "PRAGMA integrity_check");
        Assert.NotEqual(["ok"], problems);
        Assert.Contains(problems, p => p.Contains($"page {damaged} ", StringComparison.Ordinal) && p.Contains("failed verification", StringComparison.Ordinal));
        Assert.NotEqual(["ok"], Column(reopened, "PRAGMA quick_check"));
        Assert.Single(Column(reopened, "PRAGMA integrity_check(1)"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("Encryption Key=" + RawKeyHex)]
    public void Partial_and_expression_indexes_check_ok_when_they_hold_what_their_rows_give(string encryption)
    {
        // A partial index holds only the rows its WHERE accepts, and an index on expressions holds computed keys: the
        // cross-check must compute both as the writer does (it reported rows missing, or failed on the expressions).
        using SharpCoreDBConnection db = Open(_file.ConnectionString(encryption));
        Execute(db, """
            CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, b INT);
            CREATE INDEX t_partial ON t(a) WHERE b > 10;
            CREATE UNIQUE INDEX t_expr ON t(lower(a), b * 2);
            CREATE INDEX t_both ON t(b + 1) WHERE a LIKE 'x%';
            CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID;
            CREATE INDEX w_expr ON w(v % 7) WHERE v IS NOT NULL;
            """);
        for (int i = 0; i < 300; i++)
        {
            Execute(db, $"INSERT INTO t(a, b) VALUES ('{(i % 3 == 0 ? "x" : "y")}{i}', {i % 40}); INSERT INTO w VALUES ('k{i}', {(i % 5 == 0 ? "NULL" : i.ToString(System.Globalization.CultureInfo.InvariantCulture))})");
        }

        Execute(db, "UPDATE t SET b = b + 5 WHERE id % 7 = 0; DELETE FROM t WHERE id % 11 = 0; UPDATE w SET v = NULL WHERE v % 3 = 0");
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
        Assert.Equal(["ok"], Column(db, "PRAGMA quick_check"));
    }

    [Fact]
    public void An_index_entry_missing_for_a_row_is_reported_by_integrity_check_and_not_by_quick_check()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT); CREATE INDEX t_a ON t(a)");
        Execute(db, "INSERT INTO t(a) VALUES ('x'), ('y'), ('z')");
        RemoveFirstEntry(db, "t_a");

        List<string> problems = Column(db, "PRAGMA integrity_check");
        Assert.Contains("row 1 missing from index t_a", problems);
        Assert.Contains(problems, p => p.StartsWith("wrong # of entries in index t_a", StringComparison.Ordinal));

        // As in SQLite, quick_check does not match indexes against their tables.
        Assert.Equal(["ok"], Column(db, "PRAGMA quick_check"));
    }

    [Fact]
    public void A_duplicate_in_a_unique_index_is_reported()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT UNIQUE)");
        Execute(db, "INSERT INTO t(a) VALUES ('x'), ('y')");

        // Make row 2 hold 'x' behind the engine's back, entry included: two index entries with the key 'x'.
        global::SharpCoreDB.Engine.Database database = db.EngineDatabase!;
        global::SharpCoreDB.Catalog.TableSchema table = database.Schema.FindTable("t")!;
        global::SharpCoreDB.Catalog.IndexSchema index = table.Indexes[0];
        using (IWriteTransaction write = database.Store.BeginWrite(TimeSpan.FromSeconds(5)))
        {
            var tree = new BTree(write, index.RootPage);
            byte[] first;
            using (BTreeCursor cursor = tree.OpenCursor())
            {
                Assert.True(cursor.First());
                first = cursor.Key.ToArray();
            }

            // The same key columns with row id 2: the encoded prefix, then row id 2, then the type suffix.
            byte[] duplicate = (byte[])first.Clone();
            int suffix = global::SharpCoreDB.Records.KeyEncoder.GetTypeSuffixSize(1);
            global::SharpCoreDB.Records.KeyEncoder.WriteRowId(2, duplicate.AsSpan(duplicate.Length - suffix - global::SharpCoreDB.Records.KeyEncoder.RowIdSize));
            Assert.True(tree.TryInsert(duplicate, []));
            write.Commit();
        }

        List<string> problems = Column(db, "PRAGMA integrity_check");
        Assert.Contains(problems, p => p.StartsWith("non-unique entry in index", StringComparison.Ordinal));
    }

    private static void RemoveFirstEntry(SharpCoreDBConnection db, string indexName)
    {
        global::SharpCoreDB.Engine.Database database = db.EngineDatabase!;
        uint root = database.Schema.FindIndex(indexName)!.RootPage;
        using IWriteTransaction write = database.Store.BeginWrite(TimeSpan.FromSeconds(5));
        var tree = new BTree(write, root);
        byte[] first;
        using (BTreeCursor cursor = tree.OpenCursor())
        {
            Assert.True(cursor.First());
            first = cursor.Key.ToArray();
        }

        Assert.True(tree.Delete(first));
        write.Commit();
    }
}
