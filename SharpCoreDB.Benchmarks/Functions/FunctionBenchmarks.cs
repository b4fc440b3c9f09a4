using System.Data.Common;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Functions;

/// <summary>
/// A function registered from C# over 10,000 rows, against Microsoft.Data.Sqlite's <c>CreateFunction</c> with the
/// same delegate in the same run: <c>SELECT sum(scaled(v)) FROM numbers</c> (a <c>Func&lt;long, long&gt;</c>) and
/// <c>SELECT count(*) FROM numbers WHERE tagged(name)</c> (a <c>Func&lt;string, bool&gt;</c>), beside the same sum
/// written in SQL (<c>SELECT sum(v * 3 + 1)</c>) so the cost of the call can be told from the cost of the scan. Figures
/// are per row (OperationsPerInvoke).
/// </summary>
/// <remarks>
/// Same settings as the other SQL suites (SQLite in WAL mode, 64 MiB page caches, warm tables). The call itself is
/// what differs: SharpCoreDB converts the arguments with generic per-arity code (no boxing of a long), SQLite's
/// provider goes through its value reader per argument.
/// </remarks>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class FunctionBenchmarks
{
    private const long CacheBytes = 64L * 1024 * 1024;
    private static readonly int s_rows = BenchScale.Records(10_000);
    private static readonly Func<long, long> s_scaled = v => (v * 3) + 1;
    private static readonly Func<string, bool> s_tagged = name => name.EndsWith('7');

    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;
    private DbCommand? _sum;
    private DbCommand? _filter;
    private DbCommand? _inline;

    /// <summary>Creates the SQLite database, registers the functions, fills and warms it.</summary>
    [GlobalSetup(Targets = [nameof(SQLite_scalar_long_function), nameof(SQLite_filter_string_function), nameof(SQLite_same_sum_in_SQL)])]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("functions-sqlite");
        SqliteConnection connection = SqliteDatabase.Open(_directory.File("functions.db"), CacheBytes);
        connection.CreateFunction("scaled", s_scaled, isDeterministic: true);
        connection.CreateFunction("tagged", s_tagged, isDeterministic: true);
        _connection = connection;
        Prepare();
    }

    /// <summary>Creates the SharpCoreDB database, registers the functions, fills and warms it.</summary>
    [GlobalSetup(Targets = [nameof(SharpCoreDB_scalar_long_function), nameof(SharpCoreDB_filter_string_function), nameof(SharpCoreDB_same_sum_in_SQL)])]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("functions-sharpcoredb");
        SharpCoreDBConnection connection = SharpCoreDBDatabase.Open(
            SharpCoreDBDatabase.ConnectionString(_directory.File("functions.scdb"), DurabilityMode.FullSync, CacheBytes));
        connection.CreateFunction("scaled", s_scaled, isDeterministic: true);
        connection.CreateFunction("tagged", s_tagged, isDeterministic: true);
        _connection = connection;
        Prepare();
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _sum?.Dispose();
        _filter?.Dispose();
        _inline?.Dispose();
        _connection?.Dispose();
        _directory?.Dispose();
        _sum = null;
        _filter = null;
        _inline = null;
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite: sum of a long function over every row.</summary>
    /// <returns>The sum.</returns>
    [BenchmarkCategory("ScalarLong"), Benchmark(Baseline = true, OperationsPerInvoke = 10_000)]
    public long SQLite_scalar_long_function() => (long)_sum!.ExecuteScalar()!;

    /// <summary>SharpCoreDB: sum of a long function over every row.</summary>
    /// <returns>The sum.</returns>
    [BenchmarkCategory("ScalarLong"), Benchmark(OperationsPerInvoke = 10_000)]
    public long SharpCoreDB_scalar_long_function() => (long)_sum!.ExecuteScalar()!;

    /// <summary>SQLite: a string function as a WHERE filter over every row.</summary>
    /// <returns>The count.</returns>
    [BenchmarkCategory("FilterString"), Benchmark(Baseline = true, OperationsPerInvoke = 10_000)]
    public long SQLite_filter_string_function() => (long)_filter!.ExecuteScalar()!;

    /// <summary>SharpCoreDB: a string function as a WHERE filter over every row.</summary>
    /// <returns>The count.</returns>
    [BenchmarkCategory("FilterString"), Benchmark(OperationsPerInvoke = 10_000)]
    public long SharpCoreDB_filter_string_function() => (long)_filter!.ExecuteScalar()!;

    /// <summary>SQLite: the same sum without a function call (the scan's own cost).</summary>
    /// <returns>The sum.</returns>
    [BenchmarkCategory("SameSumInSql"), Benchmark(Baseline = true, OperationsPerInvoke = 10_000)]
    public long SQLite_same_sum_in_SQL() => (long)_inline!.ExecuteScalar()!;

    /// <summary>SharpCoreDB: the same sum without a function call (the scan's own cost).</summary>
    /// <returns>The sum.</returns>
    [BenchmarkCategory("SameSumInSql"), Benchmark(OperationsPerInvoke = 10_000)]
    public long SharpCoreDB_same_sum_in_SQL() => (long)_inline!.ExecuteScalar()!;

    private void Prepare()
    {
        DbConnection connection = _connection!;
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE numbers (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, name TEXT NOT NULL)";
            create.ExecuteNonQuery();
        }

        using (DbTransaction transaction = connection.BeginTransaction())
        using (DbCommand fill = connection.CreateCommand())
        {
            fill.Transaction = transaction;
            fill.CommandText = "INSERT INTO numbers (id, v, name) VALUES (@id, @v, @name)";
            DbParameter id = BenchmarkRows.AddParameter(fill, "@id");
            DbParameter v = BenchmarkRows.AddParameter(fill, "@v");
            DbParameter name = BenchmarkRows.AddParameter(fill, "@name");
            for (long row = 1; row <= s_rows; row++)
            {
                id.Value = row;
                v.Value = row * 7;
                name.Value = "item-" + row;
                fill.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        _sum = connection.CreateCommand();
        _sum.CommandText = "SELECT sum(scaled(v)) FROM numbers";
        _sum.Prepare();
        _filter = connection.CreateCommand();
        _filter.CommandText = "SELECT count(*) FROM numbers WHERE tagged(name)";
        _filter.Prepare();
        _inline = connection.CreateCommand();
        _inline.CommandText = "SELECT sum((v * 3) + 1) FROM numbers";
        _inline.Prepare();

        // Warm, and check the answers against the same sums in C#.
        long expectedSum = 0;
        long expectedCount = 0;
        for (long row = 1; row <= s_rows; row++)
        {
            expectedSum += s_scaled(row * 7);
            expectedCount += s_tagged("item-" + row) ? 1 : 0;
        }

        if ((long)_sum.ExecuteScalar()! != expectedSum || (long)_inline.ExecuteScalar()! != expectedSum || (long)_filter.ExecuteScalar()! != expectedCount)
        {
            throw new InvalidOperationException("The function queries did not return what the delegates compute.");
        }
    }
}
