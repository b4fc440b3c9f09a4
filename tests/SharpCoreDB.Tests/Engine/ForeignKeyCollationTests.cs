using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Foreign keys compare a child value with the parent key under the parent key column's collation, as SQLite does
/// (the child column's own collation does not matter): lookups of the parent, the children an action or RESTRICT
/// reaches, and whether ON UPDATE sees a change. Checked against SQLite, with built-in and user collations (the same
/// comparison registered on both), with and without an index on the child columns.
/// </summary>
public sealed class ForeignKeyCollationTests
{
    private static readonly string[] s_actions = ["NO ACTION", "RESTRICT", "CASCADE", "SET NULL"];

    private static readonly string[] s_values = ["'ab'", "'AB'", "'Ab'", "'aB'", "'ab '", "'AB  '", "'b'", "'B'", "'b '", "NULL"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 30, stress: 400);

    [Fact]
    public void Cascade_delete_reaches_children_equal_under_a_nocase_parent_key()
    {
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        db.Execute("""
            CREATE TABLE p(k TEXT COLLATE NOCASE PRIMARY KEY);
            CREATE TABLE c(id INTEGER PRIMARY KEY, r TEXT REFERENCES p(k) ON DELETE CASCADE);
            INSERT INTO p VALUES ('Ab');
            INSERT INTO c(r) VALUES ('aB'), ('AB'), ('Ab');
            DELETE FROM p WHERE k = 'Ab';
            """);
        db.AssertSame("SELECT id, r FROM c ORDER BY id");
        Assert.Empty(db.Engine.Query("SELECT * FROM c"));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Restrict_and_set_null_see_children_equal_under_the_parent_key_collation(bool childIndex)
    {
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        db.Execute("""
            CREATE TABLE p(k TEXT COLLATE NOCASE UNIQUE);
            CREATE TABLE r(id INTEGER PRIMARY KEY, k TEXT REFERENCES p(k) ON DELETE RESTRICT);
            CREATE TABLE n(id INTEGER PRIMARY KEY, k TEXT COLLATE BINARY REFERENCES p(k) ON UPDATE SET NULL);
            INSERT INTO p VALUES ('AB'), ('CD');
            INSERT INTO r(k) VALUES ('ab');
            INSERT INTO n(k) VALUES ('cd'), ('Cd'), ('CD');
            """);
        if (childIndex)
        {
            // BINARY indexes on the child columns cannot find children equal under NOCASE: the probe must scan.
            db.Execute("CREATE INDEX r_k ON r(k); CREATE INDEX n_k ON n(k)");
        }

        Assert.Equal(SharpCoreDBErrorCode.ForeignKeyViolation, db.Engine.Fails("DELETE FROM p WHERE k = 'ab'").ErrorCode);
        Assert.ThrowsAny<Microsoft.Data.Sqlite.SqliteException>(() => db.ExecuteSqlite("DELETE FROM p WHERE k = 'ab'"));

        // A change of case only is no change under NOCASE: SET NULL does not act. A real change reaches every child.
        db.Execute("UPDATE p SET k = 'cD' WHERE k = 'cd'");
        db.AssertSame("SELECT id, k FROM n ORDER BY id");
        db.Execute("UPDATE p SET k = 'xy' WHERE k = 'cd'");
        db.AssertSame("SELECT id, k FROM n ORDER BY id");
        Assert.Equal(["1|NULL", "2|NULL", "3|NULL"], db.Engine.Query("SELECT id, k FROM n ORDER BY id"));
    }

    [Fact]
    public void A_unique_index_under_another_collation_than_the_column_is_no_parent_key()
    {
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        db.Execute("""
            CREATE TABLE p(k TEXT);
            CREATE UNIQUE INDEX p_k ON p(k COLLATE NOCASE);
            CREATE TABLE c(r TEXT REFERENCES p(k));
            INSERT INTO p VALUES ('AB');
            """);
        var expected = Assert.ThrowsAny<Microsoft.Data.Sqlite.SqliteException>(() => db.ExecuteSqlite("INSERT INTO c VALUES ('AB')"));
        Assert.Contains("foreign key mismatch", expected.Message, StringComparison.Ordinal);
        SharpCoreDBException error = db.Engine.Fails("INSERT INTO c VALUES ('AB')");
        Assert.Contains("foreign key mismatch - \"c\" referencing \"p\"", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Cascade_under_a_user_collation_reaches_every_equal_child()
    {
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        RegisterUserCollation(db);
        db.Execute("""
            CREATE TABLE p(k TEXT COLLATE ci PRIMARY KEY);
            CREATE TABLE c(id INTEGER PRIMARY KEY, r TEXT REFERENCES p(k) ON DELETE CASCADE ON UPDATE CASCADE);
            INSERT INTO p VALUES ('Ab'), ('x');
            INSERT INTO c(r) VALUES ('aB'), ('AB'), ('x'), ('X');
            UPDATE p SET k = 'y' WHERE k = 'X';
            DELETE FROM p WHERE k = 'ab';
            """);
        db.AssertSame("SELECT id, r FROM c ORDER BY id");
        Assert.Equal(["3|y", "4|y"], db.Engine.Query("SELECT id, r FROM c ORDER BY id"));
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_writes_under_collated_parent_keys_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        RegisterUserCollation(db);
        string[] collations = ["NOCASE", "RTRIM", "ci"];
        string[] childCollations = [string.Empty, " COLLATE BINARY", " COLLATE NOCASE", " COLLATE RTRIM", " COLLATE ci"];
        string parentCollation = collations[random.Next(collations.Length)];
        var schema = new List<string>
        {
            $"CREATE TABLE p(id INTEGER PRIMARY KEY, k TEXT COLLATE {parentCollation} {(random.Next(2) == 0 ? "UNIQUE" : "NOT NULL UNIQUE")})",
            $"CREATE TABLE c(id INTEGER PRIMARY KEY, r TEXT{childCollations[random.Next(childCollations.Length)]} REFERENCES p(k){Actions(random)})",
            $"CREATE TABLE d(id INTEGER PRIMARY KEY, r TEXT{childCollations[random.Next(childCollations.Length)]} REFERENCES p(k){Actions(random)})",
        };
        if (random.Next(2) == 0)
        {
            schema.Add($"CREATE INDEX c_r ON c(r{childCollations[random.Next(childCollations.Length)]})");
        }

        if (random.Next(2) == 0)
        {
            schema.Add($"CREATE INDEX d_r ON d(r{childCollations[random.Next(childCollations.Length)]}, id)");
        }

        var log = new List<string>(schema);
        foreach (string sql in schema)
        {
            db.Execute(sql);
        }

        for (int step = 0; step < 80; step++)
        {
            string sql = Statement(random);
            log.Add(sql);
            string context = $"seed {seed}, statement {step}: {sql}\n{string.Join(";\n", log)}";
            db.RunBoth(sql, context);
            foreach (string table in new[] { "p", "c", "d" })
            {
                string query = $"SELECT * FROM {table} ORDER BY id";
                Assert.True(
                    DifferentialTests.SqliteRows(db.Sqlite, query, seed).SequenceEqual(DifferentialTests.EngineRows(db.Engine, query, seed)),
                    $"table {table} differs after {context}");
            }
        }

        string check = "PRAGMA foreign_key_check";
        Assert.Equal(
            DifferentialTests.SqliteRows(db.Sqlite, check, seed).Order(StringComparer.Ordinal),
            DifferentialTests.EngineRows(db.Engine, check, seed).Order(StringComparer.Ordinal));
    }

    // "ci": ordinal, ignoring case (every letter, not only ASCII), registered on both engines under the same name.
    private static void RegisterUserCollation(DualDatabase db)
    {
        db.Sqlite.CreateCollation("ci", (left, right) => string.Compare(left, right, StringComparison.OrdinalIgnoreCase));
        db.Engine.Database.Collations.Set("ci", (left, right) => string.Compare(left, right, StringComparison.OrdinalIgnoreCase));
    }

    private static string Actions(Random random)
    {
        string text = string.Empty;
        if (random.Next(4) > 0)
        {
            text += " ON DELETE " + s_actions[random.Next(s_actions.Length)];
        }

        if (random.Next(4) > 0)
        {
            text += " ON UPDATE " + s_actions[random.Next(s_actions.Length)];
        }

        if (random.Next(5) == 0)
        {
            text += " DEFERRABLE INITIALLY DEFERRED";
        }

        return text;
    }

    private static string Statement(Random random)
    {
        string Value() => s_values[random.Next(s_values.Length)];
        string child = random.Next(2) == 0 ? "c" : "d";
        return random.Next(10) switch
        {
            0 or 1 => $"INSERT INTO p(k) VALUES ({Value()})",
            2 or 3 or 4 => $"INSERT INTO {child}(r) VALUES ({Value()})",
            5 => $"DELETE FROM p WHERE k = {Value()}",
            6 => $"UPDATE p SET k = {Value()} WHERE id = {random.Next(1, 6)}",
            7 => $"UPDATE {child} SET r = {Value()} WHERE id = {random.Next(1, 9)}",
            8 => $"DELETE FROM {child} WHERE id = {random.Next(1, 9)}",
            _ => $"DELETE FROM p WHERE id = {random.Next(1, 6)}",
        };
    }
}
