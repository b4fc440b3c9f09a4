using System.Data.Common;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.ForeignKeys;

/// <summary>
/// Foreign keys on, against SQLite in the same run: a parent table of 10,000 rows and a child table whose key
/// references it (ON DELETE CASCADE, with an index on the child key as real schemas have). Two measurements, each in
/// one transaction on a freshly built database: 10,000 child inserts through a prepared command (each looks its parent
/// up), and a delete of 1,000 parents that cascades to their 10 children each (10,000 child rows).
/// </summary>
/// <remarks>
/// SQLite runs in WAL mode with <c>synchronous=FULL</c>, SharpCoreDB with <c>Durability=FullSync</c>; both with a 64 MiB
/// page cache. The database is rebuilt before every iteration (so each run starts from the same rows), then closed
/// (both engines checkpoint at close), reopened and read once, so the measured statement starts from a warm cache and
/// an empty log in both: otherwise SharpCoreDB's background checkpoint of the build ran inside the measured delete
/// (SQLite checkpoints inside the build's own commits), which made its figure bimodal.
/// </remarks>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class ForeignKeyBenchmarks
{
    private const int Parents = 10_000;
    private const int ChildrenPerParent = 10;
    private const int DeletedParents = 1_000;
    private const long CacheBytes = 64L * 1024 * 1024;

    private const int WarmUpParents = 200;

    // The warm-up ends once this long of rounds compiled no method, or after the cap.
    private static readonly TimeSpan WarmUpQuiet = TimeSpan.FromMilliseconds(500);
    private static readonly TimeSpan WarmUpCap = TimeSpan.FromSeconds(30);
    private static bool s_warmed;

    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;

    /// <summary>
    /// Once per process, runs both engines' builds, inserts and cascade deletes on a small database until the runtime
    /// stops compiling methods: each measured iteration runs the statement once, so with the job's 3 warm-ups the
    /// engine's methods were tiered up (and re-compiled with profile data) inside measured iterations, 1–3 in 10 taking
    /// 2–3× the others; with tiered compilation off the same case had none (19.1–20.2 ms, SQLite 15.0–16.6 ms). SQLite's
    /// engine is native code, its provider managed, so both sides get the same warm-up. A tiny run skips it.
    /// </summary>
    [GlobalSetup]
    public void WarmUp()
    {
        if (BenchScale.Tiny || s_warmed)
        {
            return;
        }

        s_warmed = true;
        var total = System.Diagnostics.Stopwatch.StartNew();
        var quiet = System.Diagnostics.Stopwatch.StartNew();
        long compiled = System.Runtime.JitInfo.GetCompiledMethodCount();
        while (quiet.Elapsed < WarmUpQuiet && total.Elapsed < WarmUpCap)
        {
            foreach (bool sharpCoreDB in (bool[])[false, true])
            {
                Build(sharpCoreDB, withChildren: true, WarmUpParents);
                DeleteParents(_connection!, WarmUpParents / 10);
                Cleanup();
                Build(sharpCoreDB, withChildren: false, WarmUpParents);
                InsertChildren(_connection!, WarmUpParents);
                Cleanup();
            }

            long now = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (now != compiled)
            {
                compiled = now;
                quiet.Restart();
            }
        }
    }

    /// <summary>SQLite database with parents only.</summary>
    [IterationSetup(Targets = [nameof(SQLite_ChildInserts)])]
    public void SetupSqliteInserts() => Build(sharpCoreDB: false, withChildren: false);

    /// <summary>SharpCoreDB database with parents only.</summary>
    [IterationSetup(Targets = [nameof(SharpCoreDB_ChildInserts)])]
    public void SetupSharpCoreDBInserts() => Build(sharpCoreDB: true, withChildren: false);

    /// <summary>SQLite database with parents and children.</summary>
    [IterationSetup(Targets = [nameof(SQLite_CascadeDelete)])]
    public void SetupSqliteDelete() => Build(sharpCoreDB: false, withChildren: true);

    /// <summary>SharpCoreDB database with parents and children.</summary>
    [IterationSetup(Targets = [nameof(SharpCoreDB_CascadeDelete)])]
    public void SetupSharpCoreDBDelete() => Build(sharpCoreDB: true, withChildren: true);

    /// <summary>Closes the database and deletes its folder.</summary>
    [IterationCleanup]
    public void Cleanup()
    {
        _connection?.Dispose();
        _directory?.Dispose();
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite: 10,000 child inserts with foreign keys on.</summary>
    /// <returns>The rows inserted.</returns>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Insert")]
    public int SQLite_ChildInserts() => InsertChildren(_connection!, Parents);

    /// <summary>SharpCoreDB: 10,000 child inserts with foreign keys on.</summary>
    /// <returns>The rows inserted.</returns>
    [Benchmark]
    [BenchmarkCategory("Insert")]
    public int SharpCoreDB_ChildInserts() => InsertChildren(_connection!, Parents);

    /// <summary>SQLite: delete 1,000 parents, cascading to 10,000 children.</summary>
    /// <returns>The parents deleted.</returns>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Delete")]
    public int SQLite_CascadeDelete() => DeleteParents(_connection!, DeletedParents);

    /// <summary>SharpCoreDB: delete 1,000 parents, cascading to 10,000 children.</summary>
    /// <returns>The parents deleted.</returns>
    [Benchmark]
    [BenchmarkCategory("Delete")]
    public int SharpCoreDB_CascadeDelete() => DeleteParents(_connection!, DeletedParents);

    private static int InsertChildren(DbConnection connection, int parents)
    {
        using DbTransaction transaction = connection.BeginTransaction();
        using DbCommand insert = connection.CreateCommand();
        insert.Transaction = transaction;
        insert.CommandText = "INSERT INTO child(id, parent_id, note) VALUES (@id, @parent, 'x')";
        DbParameter id = Parameter(insert, "@id");
        DbParameter parent = Parameter(insert, "@parent");
        insert.Prepare();
        int inserted = 0;
        for (int i = 0; i < parents; i++)
        {
            id.Value = (long)i + 1;
            parent.Value = (long)((i * 7919) % parents) + 1;
            inserted += insert.ExecuteNonQuery();
        }

        transaction.Commit();
        return inserted;
    }

    private static int DeleteParents(DbConnection connection, int deletedParents)
    {
        using DbTransaction transaction = connection.BeginTransaction();
        using DbCommand delete = connection.CreateCommand();
        delete.Transaction = transaction;
        delete.CommandText = $"DELETE FROM parent WHERE id <= {deletedParents}";
        int deleted = delete.ExecuteNonQuery();
        transaction.Commit();
        return deleted;
    }

    private static DbParameter Parameter(DbCommand command, string name)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        command.Parameters.Add(parameter);
        return parameter;
    }

    private void Build(bool sharpCoreDB, bool withChildren) => Build(sharpCoreDB, withChildren, Parents);

    private void Build(bool sharpCoreDB, bool withChildren, int parents)
    {
        _directory = BenchmarkDirectory.Create(sharpCoreDB ? "fk-sharpcoredb" : "fk-sqlite");
        Open(sharpCoreDB);
        Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        Execute("CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id) ON DELETE CASCADE, note TEXT)");
        Execute("CREATE INDEX child_parent ON child(parent_id)");
        Execute($"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {parents}) INSERT INTO parent SELECT i, 'parent ' || i FROM n");
        if (withChildren)
        {
            Execute($"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {(parents * ChildrenPerParent) - 1}) "
                + $"INSERT INTO child SELECT i + 1, (i % {parents}) + 1, 'c' FROM n");
        }

        // Closed (with pooling off, the last connection closes the database, which checkpoints), reopened, and every
        // table and index read once: warm caches and empty logs on both sides.
        _connection!.Dispose();
        Open(sharpCoreDB);
        WarmRead("SELECT count(*) FROM parent WHERE length(name) > 0", mustFind: true);
        WarmRead("SELECT count(*) FROM child WHERE length(note) > 0", mustFind: withChildren);
        WarmRead("SELECT count(*) FROM child WHERE parent_id > 0", mustFind: withChildren);
    }

    // Reads every row a query touches (a scalar over all of them); a rebuilt table found empty is a broken setup.
    private void WarmRead(string sql, bool mustFind)
    {
        using DbCommand command = _connection!.CreateCommand();
        command.CommandText = sql;
        long rows = Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
        if (mustFind && rows == 0)
        {
            throw new InvalidOperationException($"The rebuilt database is empty: {sql}");
        }
    }

    private void Open(bool sharpCoreDB)
    {
        _connection = sharpCoreDB
            ? SharpCoreDBDatabase.Open(SharpCoreDBDatabase.ConnectionString(_directory!.File("fk.scdb"), DurabilityMode.FullSync, CacheBytes))
            : SqliteDatabase.Open(_directory!.File("fk.db"), CacheBytes);
        Execute("PRAGMA foreign_keys = ON");
    }

    private void Execute(string sql)
    {
        using DbCommand command = _connection!.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
