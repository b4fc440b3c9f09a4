using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Foreign keys against SQLite: each statement runs on both engines, which must agree on success or failure (a
/// failure being SQLite's FOREIGN KEY error where SQLite gives one), and the tables must end up equal.
/// </summary>
public sealed class ForeignKeyTests : IDisposable
{
    private readonly DualDatabase _db = new("PRAGMA foreign_keys = ON");

    public void Dispose() => _db.Dispose();

    [Fact]
    public void Foreign_keys_are_off_by_default_and_the_pragma_turns_them_on()
    {
        using var db = new DualDatabase();
        Assert.Equal(0L, db.Engine.Scalar("PRAGMA foreign_keys").AsInt64());

        // The SQLite build the tests use turns them on by default (SQLITE_DEFAULT_FOREIGN_KEYS); SQLite's own default is off.
        db.ExecuteSqlite("PRAGMA foreign_keys = OFF");
        db.AssertSame("PRAGMA foreign_keys");
        db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(p REFERENCES p)");
        db.Execute("INSERT INTO c VALUES (1)");
        db.Execute("PRAGMA foreign_keys = ON");
        db.AssertSame("PRAGMA foreign_keys");
        Both(db, "INSERT INTO c VALUES (2)");
        db.AssertSame("PRAGMA foreign_key_check");
        db.AssertSame("PRAGMA foreign_key_check(c)");
    }

    [Fact]
    public void Child_insert_without_parent_fails_with_foreign_key_violation()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE c(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p(id))");
        _db.Execute("INSERT INTO p VALUES (1, 'a')");
        _db.Execute("INSERT INTO c VALUES (1, 1), (2, NULL)");
        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO c VALUES (3, 2)"));
        Assert.Equal(SharpCoreDBErrorCode.ForeignKeyViolation, error.ErrorCode);
        Assert.Contains("FOREIGN KEY constraint failed", error.Message, StringComparison.Ordinal);
        Both("INSERT INTO c VALUES (3, 2)");
        Both("INSERT INTO c VALUES (4, '1')");
        Both("UPDATE c SET pid = 5 WHERE id = 1");
        Both("DELETE FROM p WHERE id = 1");
        Both("UPDATE p SET id = 7 WHERE id = 1");
        Both("INSERT OR IGNORE INTO c VALUES (9, 9)");
        AssertTables("p", "c");
    }

    [Theory]
    [InlineData("CASCADE")]
    [InlineData("SET NULL")]
    [InlineData("SET DEFAULT")]
    [InlineData("RESTRICT")]
    [InlineData("NO ACTION")]
    public void Each_action_on_delete_and_update_matches_sqlite(string action)
    {
        _db.Execute("CREATE TABLE p(a INTEGER, b TEXT, v, PRIMARY KEY (a, b))");
        _db.Execute($"CREATE TABLE c(id INTEGER PRIMARY KEY, x INTEGER DEFAULT 1, y TEXT DEFAULT 'one', FOREIGN KEY (x, y) REFERENCES p ON DELETE {action} ON UPDATE {action})");
        _db.Execute("INSERT INTO p VALUES (1, 'one', 0), (2, 'two', 0), (3, 'three', 0)");
        _db.Execute("INSERT INTO c VALUES (1, 2, 'two'), (2, 2, 'two'), (3, 3, 'three'), (4, NULL, 'x')");
        Both("DELETE FROM p WHERE a = 2");
        Both("UPDATE p SET a = 30 WHERE a = 3");
        Both("UPDATE p SET v = 5");
        Both("DELETE FROM p WHERE a = 1");
        Both("DELETE FROM p");
        AssertTables("p", "c");
    }

    [Fact]
    public void Deferred_constraint_is_checked_at_commit_and_a_failed_commit_keeps_the_transaction()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(pid REFERENCES p DEFERRABLE INITIALLY DEFERRED)");
        Both("INSERT INTO c VALUES (1)");
        _db.Execute("BEGIN");
        _db.Execute("INSERT INTO c VALUES (1)");
        Both("COMMIT");
        _db.Execute("INSERT INTO p VALUES (1)");
        _db.Execute("COMMIT");
        AssertTables("p", "c");
        _db.Execute("BEGIN");
        Both("DELETE FROM p");
        Both("COMMIT");
        _db.Execute("ROLLBACK");
        AssertTables("p", "c");
    }

    [Fact]
    public void Restrict_fails_at_once_even_when_deferred_and_no_action_waits()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY)");
        _db.Execute("CREATE TABLE r(pid REFERENCES p ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED)");
        _db.Execute("CREATE TABLE n(pid REFERENCES p DEFERRABLE INITIALLY DEFERRED)");
        _db.Execute("INSERT INTO p VALUES (1), (2); INSERT INTO r VALUES (1); INSERT INTO n VALUES (2)");
        _db.Execute("BEGIN");
        Both("DELETE FROM p WHERE id = 1");
        Both("DELETE FROM p WHERE id = 2");
        Both("INSERT INTO p VALUES (2)");
        _db.Execute("COMMIT");
        AssertTables("p", "r", "n");
    }

    [Fact]
    public void Defer_foreign_keys_pragma_moves_immediate_checks_to_commit_and_resets()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(pid REFERENCES p)");
        _db.Execute("BEGIN");
        _db.Execute("PRAGMA defer_foreign_keys = ON");
        _db.AssertSame("PRAGMA defer_foreign_keys");
        Both("INSERT INTO c VALUES (5)");
        Both("COMMIT");
        _db.Execute("INSERT INTO p VALUES (5)");
        _db.Execute("COMMIT");
        _db.AssertSame("PRAGMA defer_foreign_keys");
        AssertTables("p", "c");
    }

    [Fact]
    public void Foreign_keys_pragma_is_ignored_inside_a_transaction()
    {
        _db.Execute("BEGIN");
        _db.Execute("PRAGMA foreign_keys = OFF");
        _db.AssertSame("PRAGMA foreign_keys");
        _db.Execute("COMMIT");
        _db.AssertSame("PRAGMA foreign_keys");
    }

    [Fact]
    public void Self_referencing_cascade_deletes_the_whole_chain()
    {
        _db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, parent INTEGER REFERENCES t(id) ON DELETE CASCADE ON UPDATE CASCADE)");
        _db.Execute("INSERT INTO t VALUES (1, NULL), (2, 1), (3, 2), (4, 3), (5, 5), (6, 1)");
        Both("UPDATE t SET id = 10 WHERE id = 1");
        AssertTables("t");
        Both("DELETE FROM t WHERE id = 10");
        Both("DELETE FROM t WHERE id = 5");
        Both("INSERT INTO t VALUES (7, 7)");
        Both("INSERT INTO t VALUES (8, 9)");
        AssertTables("t");
    }

    [Fact]
    public void Self_referencing_child_with_the_smallest_row_id_still_counts()
    {
        // long.MinValue is a row id like any other: no row may be left out of a parent-key check because of its id.
        _db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT UNIQUE, ref TEXT REFERENCES t(k))");
        _db.Execute("INSERT INTO t VALUES (1, 'a', NULL), (-9223372036854775808, 'b', 'a')");
        Both("UPDATE t SET k = 'z' WHERE id = 1");
        Both("DELETE FROM t WHERE id = 1");
        AssertTables("t");
    }

    [Fact]
    public void Long_self_referencing_cascade_deletes_every_row()
    {
        _db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, parent INTEGER REFERENCES t(id) ON DELETE CASCADE)");
        _db.Execute("INSERT INTO t VALUES (1, NULL)");
        _db.Execute("WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO t SELECT i, i - 1 FROM n");
        Both("DELETE FROM t WHERE id = 1");
        AssertTables("t");
    }

    [Fact]
    public void Cascades_fire_the_child_triggers()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(id INTEGER PRIMARY KEY, pid REFERENCES p ON DELETE CASCADE ON UPDATE SET NULL)");
        _db.Execute("CREATE TABLE log(what TEXT)");
        _db.Execute("CREATE TRIGGER cd AFTER DELETE ON c BEGIN INSERT INTO log VALUES ('deleted ' || old.id); END");
        _db.Execute("CREATE TRIGGER cu AFTER UPDATE ON c BEGIN INSERT INTO log VALUES ('updated ' || old.id || ' ' || quote(new.pid)); END");
        _db.Execute("INSERT INTO p VALUES (1), (2); INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)");
        Both("DELETE FROM p WHERE id = 1");
        Both("UPDATE p SET id = 20 WHERE id = 2");
        AssertTables("p", "c", "log");
    }

    [Fact]
    public void Parent_key_must_be_unique_or_primary_else_mismatch()
    {
        _db.Execute("CREATE TABLE p(x, y UNIQUE); CREATE TABLE c(a REFERENCES p(x)); CREATE TABLE d(b REFERENCES p(y)); CREATE TABLE e(b REFERENCES p)");
        _db.Execute("INSERT INTO p VALUES (1, 1)");
        Both("INSERT INTO c VALUES (1)");
        Both("INSERT INTO d VALUES (1)");
        Both("INSERT INTO d VALUES (2)");
        Both("INSERT INTO e VALUES (2)");
        Both("DELETE FROM p");
        Both("INSERT INTO missing_parent_child VALUES (1)");
        _db.Execute("CREATE TABLE orphan(a REFERENCES nowhere)");
        Both("INSERT INTO orphan VALUES (NULL)");
        Both("DELETE FROM orphan");
        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("UPDATE p SET x = 2"));
        Assert.Contains("foreign key mismatch - \"c\" referencing \"p\"", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Replace_of_a_referenced_parent_counts_its_delete_and_insert()
    {
        _db.Execute("CREATE TABLE r(id INTEGER PRIMARY KEY, v TEXT UNIQUE); CREATE TABLE rc(x REFERENCES r(v))");
        _db.Execute("INSERT INTO r VALUES (1, 'a'), (2, 'b'); INSERT INTO rc VALUES ('a')");
        Both("REPLACE INTO r VALUES (3, 'a')");
        Both("REPLACE INTO r VALUES (3, 'c')");
        AssertTables("r", "rc");
    }

    [Fact]
    public void Foreign_key_list_matches_sqlite()
    {
        _db.Execute("CREATE TABLE p(x, y, PRIMARY KEY (x, y)); CREATE TABLE q(id INTEGER PRIMARY KEY)");
        _db.Execute("CREATE TABLE d(a, b REFERENCES q ON DELETE CASCADE, FOREIGN KEY (a, b) REFERENCES p(x, y) ON UPDATE SET DEFAULT DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY (a) REFERENCES q(id) MATCH FULL)");
        _db.AssertSame("PRAGMA foreign_key_list(d)");
        _db.AssertSame("PRAGMA foreign_key_list(p)");
    }

    [Fact]
    public void Foreign_key_check_reports_violations_made_with_keys_off()
    {
        using var db = new DualDatabase("PRAGMA foreign_keys = OFF");
        db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY, u TEXT UNIQUE); CREATE TABLE c(a REFERENCES p, b REFERENCES p(u), z)");
        db.Execute("INSERT INTO p VALUES (1, 'x'); INSERT INTO c VALUES (1, 'x', NULL), (2, 'x', NULL), (1, 'y', 3), (NULL, NULL, NULL)");
        db.AssertSame("PRAGMA foreign_key_check");
        db.AssertSame("PRAGMA foreign_key_check(c)");
        db.Execute("PRAGMA foreign_keys = ON");
        db.AssertSame("PRAGMA foreign_key_check(p)");
    }

    [Fact]
    public void Drop_table_of_a_parent_deletes_its_rows_first()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(pid REFERENCES p ON DELETE CASCADE); CREATE TABLE n(pid REFERENCES p)");
        _db.Execute("CREATE TABLE log(x); CREATE TRIGGER pd AFTER DELETE ON p BEGIN INSERT INTO log VALUES (old.id); END");
        _db.Execute("INSERT INTO p VALUES (1), (2); INSERT INTO c VALUES (1), (2); INSERT INTO n VALUES (2)");
        Both("DROP TABLE p");
        AssertTables("c", "n", "log");
        _db.Execute("DELETE FROM n");
        Both("DROP TABLE p");
        AssertTables("c", "n", "log");
        _db.AssertSame("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    }

    [Fact]
    public void Rename_of_a_parent_rewrites_the_child_references()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(pid REFERENCES p ON DELETE CASCADE, FOREIGN KEY (pid) REFERENCES \"p\"(id))");
        _db.Execute("INSERT INTO p VALUES (1); INSERT INTO c VALUES (1)");
        _db.Execute("ALTER TABLE p RENAME TO parent");
        Assert.Equal(_db.SqliteDefinition("table", "c"), (string)_db.Engine.Scalar("SELECT sql FROM sqlite_master WHERE name = 'c'").ToObject()!);
        _db.AssertSame("PRAGMA foreign_key_list(c)");
        Both("INSERT INTO c VALUES (2)");
        Both("DELETE FROM parent");
        AssertTables("c");
    }

    [Fact]
    public void Add_column_with_references_needs_a_null_default_when_keys_are_on()
    {
        _db.Execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(x)");
        Both("ALTER TABLE c ADD COLUMN q REFERENCES p DEFAULT 1");
        Both("INSERT INTO c(x) VALUES (0)");
        Both("ALTER TABLE c ADD COLUMN pid REFERENCES p DEFAULT 1");
        Both("ALTER TABLE c ADD COLUMN pid REFERENCES p DEFAULT NULL");
        _db.AssertSame("PRAGMA foreign_key_list(c)");
        Both("INSERT INTO c VALUES (1, NULL, 1)");
    }

    [Fact]
    public void Constraints_survive_reopening_the_database()
    {
        string path = Path.Combine(Path.GetTempPath(), "fk-" + Guid.NewGuid().ToString("N") + ".db");
        try
        {
            using (var connection = new SharpCoreDBConnection($"Data Source={path};Foreign Keys=True"))
            {
                connection.Open();
                Exec(connection, "CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(pid REFERENCES p ON DELETE CASCADE); INSERT INTO p VALUES (1); INSERT INTO c VALUES (1)");
            }

            using (var connection = new SharpCoreDBConnection($"Data Source={path};Foreign Keys=True"))
            {
                connection.Open();
                Assert.Equal(SharpCoreDBErrorCode.ForeignKeyViolation, Assert.Throws<SharpCoreDBException>(() => Exec(connection, "INSERT INTO c VALUES (2)")).ErrorCode);
                Exec(connection, "DELETE FROM p");
                using SharpCoreDBCommand count = connection.CreateCommand();
                count.CommandText = "SELECT count(*) FROM c";
                Assert.Equal(0L, count.ExecuteScalar());
            }

            using (var connection = new SharpCoreDBConnection($"Data Source={path};Foreign Keys=False"))
            {
                connection.Open();
                Exec(connection, "INSERT INTO c VALUES (2)");
            }
        }
        finally
        {
            File.Delete(path);
            File.Delete(path + "-wal");
        }
    }

    [Fact]
    public void Northwind_like_script_with_foreign_keys_on_cascades_a_delete()
    {
        const string script = """
            PRAGMA foreign_keys = ON;
            CREATE TABLE Customers (CustomerID TEXT PRIMARY KEY, CompanyName TEXT NOT NULL);
            CREATE TABLE Orders (OrderID INTEGER PRIMARY KEY, CustomerID TEXT REFERENCES Customers(CustomerID) ON DELETE CASCADE, OrderDate TEXT);
            CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL);
            CREATE TABLE "Order Details" (OrderID INTEGER NOT NULL REFERENCES Orders(OrderID) ON DELETE CASCADE, ProductID INTEGER NOT NULL REFERENCES Products(ProductID),
                Quantity INTEGER NOT NULL, PRIMARY KEY (OrderID, ProductID));
            CREATE INDEX OrdersCustomer ON Orders(CustomerID);
            INSERT INTO Customers VALUES ('ALFKI', 'Alfreds'), ('ANATR', 'Ana Trujillo');
            INSERT INTO Products VALUES (1, 'Chai'), (2, 'Chang');
            INSERT INTO Orders VALUES (10248, 'ALFKI', '1996-07-04'), (10249, 'ANATR', '1996-07-05');
            INSERT INTO "Order Details" VALUES (10248, 1, 12), (10248, 2, 10), (10249, 1, 5);
            DELETE FROM Customers WHERE CustomerID = 'ALFKI';
            """;
        using var db = new DualDatabase(script);
        db.AssertSame("SELECT * FROM Orders ORDER BY OrderID");
        db.AssertSame("SELECT * FROM \"Order Details\" ORDER BY OrderID, ProductID");
        Both(db, "DELETE FROM Products WHERE ProductID = 1");
        Both(db, "INSERT INTO Orders VALUES (1, 'NOBODY', NULL)");
    }

    private static void Exec(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private void Both(string sql) => Both(_db, sql);

    // Runs on both; they must both succeed or both fail, and a SQLite FOREIGN KEY failure must be one here too.
    internal static void Both(DualDatabase db, string sql)
    {
        SqliteException? expected = null;
        try
        {
            db.ExecuteSqlite(sql);
        }
        catch (SqliteException e)
        {
            expected = e;
        }

        SharpCoreDBException? actual = null;
        try
        {
            db.Engine.Execute(sql);
        }
        catch (SharpCoreDBException e)
        {
            actual = e;
        }

        Assert.True((expected is null) == (actual is null), $"{sql}: SQLite {(expected?.Message ?? "succeeded")}, engine {(actual?.Message ?? "succeeded")}");
        if (expected is { SqliteExtendedErrorCode: 787 })
        {
            Assert.Equal(SharpCoreDBErrorCode.ForeignKeyViolation, actual!.ErrorCode);
        }
    }

    private void AssertTables(params string[] tables)
    {
        foreach (string table in tables)
        {
            _db.AssertSame($"SELECT rowid, * FROM \"{table}\" ORDER BY rowid");
        }
    }
}
