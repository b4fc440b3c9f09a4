using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The indexes behind UNIQUE and PRIMARY KEY constraints are named as SQLite names them
/// (<c>sqlite_autoindex_&lt;table&gt;_&lt;n&gt;</c>, numbered in declaration order), and catalogs written under the
/// engine's former names (<c>sharpcoredb_autoindex_…</c>) still open, enforce and change as before.
/// </summary>
public sealed class AutoIndexNameTests
{
    private const string Schema =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT UNIQUE, b INT, c INT, UNIQUE(b, c), UNIQUE(c)); " +
        "CREATE TABLE p(x INT, y TEXT, PRIMARY KEY (y, x), UNIQUE (x)); " +
        "CREATE TABLE q(k TEXT PRIMARY KEY, v UNIQUE, w INT UNIQUE); " +
        "CREATE TABLE r(i INTEGER PRIMARY KEY, j UNIQUE); CREATE INDEX r_j ON r(j);";

    [Theory]
    [InlineData("SELECT type, name, tbl_name, sql IS NULL FROM sqlite_master ORDER BY name")]
    [InlineData("PRAGMA index_list(t)")]
    [InlineData("PRAGMA index_list(p)")]
    [InlineData("PRAGMA index_list(q)")]
    [InlineData("PRAGMA index_list(r)")]
    [InlineData("PRAGMA index_info(sqlite_autoindex_t_2)")]
    [InlineData("PRAGMA index_info(sqlite_autoindex_q_3)")]
    public void Constraint_indexes_are_named_and_numbered_as_in_sqlite(string sql)
    {
        using var both = new DualDatabase(Schema);
        both.AssertSame(sql);
    }

    [Fact]
    public void Renamed_table_renames_its_constraint_indexes_as_sqlite_does()
    {
        using var both = new DualDatabase(Schema);
        both.Execute("ALTER TABLE t RENAME TO t_new; ALTER TABLE q ADD COLUMN z");
        both.AssertSame("SELECT type, name, tbl_name FROM sqlite_master ORDER BY name");
        both.AssertSame("PRAGMA index_list(t_new)");
    }

    [Fact]
    public void A_catalog_with_the_former_names_opens_enforces_and_changes()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT UNIQUE, b INT UNIQUE); INSERT INTO t VALUES (1, 'x', 10)");
            db.Execute("CREATE TABLE u(k TEXT PRIMARY KEY)");
            StoreUnderFormerNames(db, "t");
            StoreUnderFormerNames(db, "u");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(
                ["index|sqlite_autoindex_t_1|t", "index|sqlite_autoindex_t_2|t", "index|sqlite_autoindex_u_1|u"],
                db.Query("SELECT type, name, tbl_name FROM sqlite_master WHERE type = 'index' ORDER BY name"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (2, 'x', 20)").ErrorCode);
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (2, 'y', 10)").ErrorCode);
            db.Execute("INSERT INTO t VALUES (2, 'y', 20)");
            Assert.Contains("USING INDEX sqlite_autoindex_t_1", string.Join("\n", db.Query("EXPLAIN SELECT id FROM t WHERE a = 'y'")), StringComparison.Ordinal);

            // Changing one table and dropping the other stores the first under SQLite's names and leaves no entry behind.
            db.Execute("ALTER TABLE t ADD COLUMN c; DROP TABLE u; CREATE TABLE u(k TEXT PRIMARY KEY, m UNIQUE)");
            Assert.Equal(["ok"], db.Query("PRAGMA integrity_check"));
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(
                ["index|sqlite_autoindex_t_1|t", "index|sqlite_autoindex_t_2|t", "index|sqlite_autoindex_u_1|u", "index|sqlite_autoindex_u_2|u"],
                db.Query("SELECT type, name, tbl_name FROM sqlite_master WHERE type = 'index' ORDER BY name"));
            Assert.Equal(["1|x|10|NULL", "2|y|20|NULL"], db.Query("SELECT * FROM t ORDER BY id"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (3, 'y', 30, 0)").ErrorCode);
            Assert.Equal(["ok"], db.Query("PRAGMA integrity_check"));
        }
    }

    // Rewrites the catalog entries of a table's constraint indexes under the names the engine used to give them, as a
    // database file written before the change holds them.
    private static void StoreUnderFormerNames(EngineHarness db, string table)
    {
        db.Session.Begin();
        TransactionContext transaction = db.Session.WriteTransaction(async: false, CancellationToken.None).AsTask().GetAwaiter().GetResult();
        foreach (IndexSchema index in transaction.Schema.FindTable(table)!.Indexes)
        {
            CatalogStore.RemoveIndex(transaction, index);
            CatalogStore.PutIndex(transaction, new IndexSchema
            {
                Name = "sharpcoredb_autoindex_" + index.Name["sqlite_autoindex_".Length..],
                TableName = index.TableName,
                Columns = index.Columns,
                IsUnique = index.IsUnique,
                RootPage = index.RootPage,
                Origin = index.Origin,
            });
        }

        db.Session.Commit();
    }
}
