using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A random model test of foreign keys against SQLite: a random schema (parent keys by row id and by UNIQUE column,
/// composite keys, a self-referencing table, random ON DELETE / ON UPDATE actions, some deferred, some child indexes)
/// and random INSERT, UPDATE, DELETE and REPLACE sequences, with transactions now and then. Every statement must
/// succeed or fail on both engines alike, and the tables must stay equal. The seed is in every failure message.
/// </summary>
/// <remarks>
/// Left out, as SQLite quirks this engine does not copy: REPLACE into a self-referencing table with actions (SQLite
/// lets a dangling self-reference through), UPDATE OR REPLACE on a parent (SQLite can report a UNIQUE failure on an
/// unchanged index), and toggling defer_foreign_keys mid-transaction after a failed one-row INSERT (SQLite's deferred
/// counts then depend on its statement-journal decisions). defer_foreign_keys itself is covered by ForeignKeyTests.
/// </remarks>
public sealed class ForeignKeyRandomTests
{
    private static readonly string[] s_actions = ["NO ACTION", "RESTRICT", "CASCADE", "SET NULL", "SET DEFAULT"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 30, stress: 500);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_statements_with_foreign_keys_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        var schema = new List<string>
        {
            "CREATE TABLE p(id INTEGER PRIMARY KEY, k INTEGER UNIQUE, g INTEGER, h TEXT, UNIQUE (g, h))",
            $"CREATE TABLE c(id INTEGER PRIMARY KEY, a INTEGER DEFAULT {random.Next(1, 4)} REFERENCES p(id){Actions(random)}, "
                + $"b INTEGER DEFAULT {random.Next(1, 4)} REFERENCES p(k){Actions(random)}, x INTEGER, y TEXT DEFAULT 'a', "
                + $"FOREIGN KEY (x, y) REFERENCES p(g, h){Actions(random)})",
            $"CREATE TABLE s(id INTEGER PRIMARY KEY, up INTEGER REFERENCES s{Actions(random)}, pid INTEGER REFERENCES p{Actions(random)})",
            $"CREATE TABLE g(id INTEGER PRIMARY KEY, cid INTEGER REFERENCES c(id){Actions(random)})",
        };
        if (random.Next(2) == 0)
        {
            schema.Add("CREATE INDEX c_a ON c(a)");
        }

        if (random.Next(2) == 0)
        {
            schema.Add("CREATE INDEX c_xy ON c(y, x)");
        }

        if (random.Next(2) == 0)
        {
            schema.Add("CREATE TRIGGER c_log AFTER DELETE ON c BEGIN INSERT INTO g(cid) SELECT NULL WHERE old.id % 3 = 0; END");
        }

        var log = new List<string>();
        foreach (string sql in schema)
        {
            log.Add(sql);
            db.Execute(sql);
        }

        bool inTransaction = false;
        for (int step = 0; step < 120; step++)
        {
            string sql;
            int choice = random.Next(100);
            if (choice < 4 && !inTransaction)
            {
                sql = "BEGIN";
                inTransaction = true;
            }
            else if (choice < 8 && inTransaction)
            {
                sql = random.Next(4) == 0 ? "ROLLBACK" : "COMMIT";
            }
            else
            {
                sql = Statement(random);
            }

            log.Add(sql);
            string context = $"seed {seed}, statement {step}: {sql}\n{string.Join(";\n", log)}";
            bool failed = db.RunBoth(sql, context);
            if (sql == "ROLLBACK" || (sql == "COMMIT" && !failed))
            {
                inTransaction = false;
            }

            foreach (string table in new[] { "p", "c", "s", "g" })
            {
                string query = $"SELECT rowid, * FROM {table} ORDER BY rowid";
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

    private static string Actions(Random random)
    {
        string text = string.Empty;
        if (random.Next(3) > 0)
        {
            text += " ON DELETE " + s_actions[random.Next(s_actions.Length)];
        }

        if (random.Next(3) > 0)
        {
            text += " ON UPDATE " + s_actions[random.Next(s_actions.Length)];
        }

        if (random.Next(4) == 0)
        {
            text += " DEFERRABLE INITIALLY DEFERRED";
        }

        return text;
    }

    private static string Value(Random random) => random.Next(8) == 0 ? "NULL" : random.Next(1, 7).ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static string Text(Random random) => random.Next(8) == 0 ? "NULL" : "'" + (char)('a' + random.Next(3)) + "'";

    private static string Statement(Random random)
    {
        string verb = random.Next(6) switch
        {
            0 => "REPLACE",
            1 => "INSERT OR IGNORE",
            _ => "INSERT",
        };
        return random.Next(14) switch
        {
            0 or 1 => $"{verb} INTO p VALUES ({Value(random)}, {Value(random)}, {Value(random)}, {Text(random)})",
            2 => $"UPDATE p SET id = {Value(random)} WHERE id = {Value(random)}",
            3 => $"UPDATE p SET k = {Value(random)}, g = {Value(random)} WHERE k = {Value(random)} OR id = {Value(random)}",
            4 => $"DELETE FROM p WHERE id = {Value(random)} OR k = {Value(random)}",
            5 or 6 => $"{verb} INTO c VALUES ({Value(random)}, {Value(random)}, {Value(random)}, {Value(random)}, {Text(random)})",
            7 => $"UPDATE c SET a = {Value(random)}, x = {Value(random)} WHERE id = {Value(random)}",
            8 => $"DELETE FROM c WHERE a = {Value(random)}",
            9 => $"{(verb == "REPLACE" ? "INSERT" : verb)} INTO s VALUES ({Value(random)}, {Value(random)}, {Value(random)})",
            10 => $"UPDATE s SET id = {Value(random)} WHERE id = {Value(random)}",
            11 => $"DELETE FROM s WHERE id = {Value(random)}",
            12 => $"{verb} INTO g VALUES ({Value(random)}, {Value(random)})",
            _ => $"UPDATE p SET h = {Text(random)} WHERE g = {Value(random)}",
        };
    }
}
