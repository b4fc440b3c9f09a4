using System.Globalization;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A random model test of ON DELETE CASCADE against SQLite, over a schema where some cascades run in place (a child
/// with an index on its key, no DELETE triggers, no children of its own) and others run the action's DELETE: a NOCASE
/// text key, a composite key (a WITHOUT ROWID child now and then), a child with a trigger that may RAISE(ABORT)
/// mid-cascade, a two-level cascade whose leaf runs in place, a self-referencing table, a child with two constraints
/// to the same parent, a child whose other constraint (deferred now and then) points elsewhere, and SET NULL, SET
/// DEFAULT, RESTRICT and NO ACTION mixed in. Random inserts (some dangling) and parent deletes, in and out of
/// transactions: every statement must succeed or fail on both engines alike (a failed one leaving nothing
/// half-deleted), the tables must stay equal, and COMMIT must see the same deferred violations. The seed is in every
/// failure message.
/// </summary>
public sealed class ForeignKeyCascadeRandomTests
{
    private static readonly string[] s_tables = ["p", "q", "c1", "c2", "c3", "c4", "g", "s", "c5", "c6", "log"];
    private static readonly string[] s_otherActions = ["NO ACTION", "RESTRICT", "CASCADE", "SET NULL", "SET DEFAULT"];
    private static readonly string[] s_keys = ["'a'", "'A'", "'b'", "'B'", "'c'", "NULL"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 30, stress: 400);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_cascade_deletes_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var db = new DualDatabase("PRAGMA foreign_keys = ON");
        var log = new List<string>();
        foreach (string sql in Schema(random))
        {
            log.Add(sql);
            db.Execute(sql);
        }

        // Parents first, then children of them (and some dangling ones while deferred constraints allow it).
        for (int id = 1; id <= 8; id++)
        {
            Run(db, $"INSERT INTO p VALUES ({id}, {s_keys[id % 5]}, {id % 3}, {id % 2})", log, seed);
            Run(db, $"INSERT INTO q VALUES ({id})", log, seed);
        }

        bool inTransaction = false;
        for (int step = 0; step < 150; step++)
        {
            string sql;
            int choice = random.Next(100);
            if (choice < 5 && !inTransaction)
            {
                // defer_foreign_keys only from a transaction's start: it ends with the transaction.
                sql = random.Next(3) == 0 ? "BEGIN; PRAGMA defer_foreign_keys = ON" : "BEGIN";
                inTransaction = true;
            }
            else if (choice < 10 && inTransaction)
            {
                sql = random.Next(4) == 0 ? "ROLLBACK" : "COMMIT";
            }
            else
            {
                sql = Statement(random);
            }

            bool failed = Run(db, sql, log, seed, step);
            if (sql == "ROLLBACK" || (sql == "COMMIT" && !failed))
            {
                inTransaction = false;
            }
        }

        if (inTransaction)
        {
            Run(db, "COMMIT", log, seed);
        }

        string check = "PRAGMA foreign_key_check";
        Assert.Equal(
            DifferentialTests.SqliteRows(db.Sqlite, check, seed).Order(StringComparer.Ordinal),
            DifferentialTests.EngineRows(db.Engine, check, seed).Order(StringComparer.Ordinal));
    }

    private static bool Run(DualDatabase db, string sql, List<string> log, int seed, int step = -1)
    {
        log.Add(sql);
        string context = $"seed {seed}, statement {step}: {sql}\n{string.Join(";\n", log)}";
        bool failed = db.RunBoth(sql, context);
        foreach (string table in s_tables)
        {
            string query = $"SELECT * FROM {table}";
            Assert.True(
                DifferentialTests.SqliteRows(db.Sqlite, query, seed).Order(StringComparer.Ordinal)
                    .SequenceEqual(DifferentialTests.EngineRows(db.Engine, query, seed).Order(StringComparer.Ordinal)),
                $"table {table} differs after {context}");
        }

        return failed;
    }

    private static List<string> Schema(Random random)
    {
        string Deferred() => random.Next(4) == 0 ? " DEFERRABLE INITIALLY DEFERRED" : string.Empty;
        string Other() => s_otherActions[random.Next(s_otherActions.Length)];
        bool withoutRowId = random.Next(2) == 0;
        var schema = new List<string>
        {
            "CREATE TABLE p(id INTEGER PRIMARY KEY, k TEXT COLLATE NOCASE UNIQUE, a INTEGER, b INTEGER, UNIQUE (a, b))",
            "CREATE TABLE q(id INTEGER PRIMARY KEY)",
            "CREATE TABLE log(n INTEGER, what TEXT, at INTEGER)",

            // In place: a row-id parent key.
            $"CREATE TABLE c1(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p(id) ON DELETE CASCADE{Deferred()}, note TEXT)",
            "CREATE INDEX c1_pid ON c1(pid)",

            // In place through a NOCASE index: the column's collation, or one the index names.
            random.Next(2) == 0
                ? $"CREATE TABLE c2(id INTEGER PRIMARY KEY, pk TEXT COLLATE NOCASE REFERENCES p(k) ON DELETE CASCADE{Deferred()})"
                : $"CREATE TABLE c2(id INTEGER PRIMARY KEY, pk TEXT REFERENCES p(k) ON DELETE CASCADE{Deferred()})",
            random.Next(2) == 0 ? "CREATE INDEX c2_pk ON c2(pk COLLATE NOCASE, id)" : "CREATE INDEX c2_pk ON c2(pk COLLATE NOCASE)",

            // A composite key, its index in the other column order; a WITHOUT ROWID child now and then.
            $"CREATE TABLE c3(x INTEGER, y INTEGER, v INTEGER, PRIMARY KEY (v, x), FOREIGN KEY (x, y) REFERENCES p(a, b) ON DELETE "
                + $"{(random.Next(3) > 0 ? "CASCADE" : Other())}{Deferred()}){(withoutRowId ? " WITHOUT ROWID" : string.Empty)}",
            "CREATE INDEX c3_yx ON c3(y, x)",

            // Two levels: c4 is a parent itself (and has triggers now and then), its child g runs in place.
            $"CREATE TABLE c4(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p(id) ON DELETE CASCADE{Deferred()})",
            "CREATE INDEX c4_pid ON c4(pid)",
            $"CREATE TABLE g(id INTEGER PRIMARY KEY, cid INTEGER REFERENCES c4(id) ON DELETE {(random.Next(3) > 0 ? "CASCADE" : Other())}{Deferred()})",
            "CREATE INDEX g_cid ON g(cid)",

            // Self-referencing, and a child of p.
            $"CREATE TABLE s(id INTEGER PRIMARY KEY, up INTEGER REFERENCES s(id) ON DELETE CASCADE, pid INTEGER REFERENCES p(id) ON DELETE {Other()}{Deferred()})",
            "CREATE INDEX s_up ON s(up)",
            "CREATE INDEX s_pid ON s(pid)",

            // Two constraints to the same parent.
            $"CREATE TABLE c5(id INTEGER PRIMARY KEY, pid INTEGER DEFAULT 1 REFERENCES p(id) ON DELETE {Other()}{Deferred()}, "
                + $"qid INTEGER REFERENCES p(id) ON DELETE CASCADE{Deferred()})",
            "CREATE INDEX c5_pid ON c5(pid)",
            "CREATE INDEX c5_qid ON c5(qid)",

            // In place, with another constraint (deferred now and then) to q whose violations the cascade repairs.
            $"CREATE TABLE c6(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p(id) ON DELETE CASCADE, qid INTEGER REFERENCES q(id){Deferred()})",
            "CREATE INDEX c6_pid ON c6(pid)",
        };

        if (random.Next(2) == 0)
        {
            // A trigger on c4 keeps its cascade on the general path; it may abort the statement mid-cascade.
            schema.Add(random.Next(2) == 0
                ? "CREATE TRIGGER c4_before BEFORE DELETE ON c4 BEGIN SELECT RAISE(ABORT, 'kept') WHERE old.id % 7 = 0; INSERT INTO log VALUES (old.id, 'c4', old.pid); END"
                : "CREATE TRIGGER c4_after AFTER DELETE ON c4 BEGIN INSERT INTO log VALUES (old.id, 'c4', (SELECT count(*) FROM g)); END");
        }

        if (random.Next(3) == 0)
        {
            schema.Add("CREATE TRIGGER p_after AFTER DELETE ON p BEGIN INSERT INTO log VALUES (old.id, 'p', (SELECT count(*) FROM c1) + (SELECT count(*) FROM c2)); END");
        }

        return schema;
    }

    private static string Statement(Random random)
    {
        string Id() => random.Next(12) == 0 ? "NULL" : random.Next(1, 10).ToString(CultureInfo.InvariantCulture);
        string Small() => random.Next(0, 3).ToString(CultureInfo.InvariantCulture);
        string Key() => s_keys[random.Next(s_keys.Length)];
        return random.Next(20) switch
        {
            0 => $"INSERT INTO p VALUES ({Id()}, {Key()}, {Small()}, {Small()})",
            1 => $"INSERT INTO q VALUES ({Id()})",
            2 or 3 => $"INSERT INTO c1(pid, note) VALUES ({Id()}, 'n')",
            4 => $"INSERT INTO c2(pk) VALUES ({Key()})",
            5 => $"INSERT INTO c3 VALUES ({Small()}, {Small()}, {random.Next(100)})",
            6 => $"INSERT INTO c4(pid) VALUES ({Id()})",
            7 => $"INSERT INTO g(cid) VALUES ({Id()})",
            8 => $"INSERT INTO s(up, pid) VALUES ({Id()}, {Id()})",
            9 => $"INSERT INTO c5(pid, qid) VALUES ({Id()}, {Id()})",
            10 => $"INSERT INTO c6(pid, qid) VALUES ({Id()}, {Id()})",
            11 => $"DELETE FROM q WHERE id = {Id()}",
            12 => $"DELETE FROM p WHERE k = {Key()}",
            13 => $"DELETE FROM p WHERE a = {Small()} AND b = {Small()}",
            14 => $"DELETE FROM c4 WHERE id = {Id()}",
            15 => $"DELETE FROM s WHERE id = {Id()}",
            16 => $"DELETE FROM p WHERE id IN ({Id()}, {Id()}, {Id()})",
            _ => $"DELETE FROM p WHERE id BETWEEN {Id()} AND {Id()}",
        };
    }
}
