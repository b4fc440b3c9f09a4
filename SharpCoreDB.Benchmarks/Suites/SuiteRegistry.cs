using SharpCoreDB.Benchmarks.Crud;
using SharpCoreDB.Benchmarks.GroupCommit;
using SharpCoreDB.Benchmarks.Open;
using SharpCoreDB.Benchmarks.Ycsb;

namespace SharpCoreDB.Benchmarks.Suites;

/// <summary>
/// Every suite the command line knows, one line each: adding a suite (or a benchmark class in its own namespace to
/// a suite) is a one-line change here. A suite's filters are BenchmarkDotNet globs, so a class placed in a suite's
/// namespace joins it with no change at all.
/// </summary>
internal static class SuiteRegistry
{
    /// <summary>The suites, in the order <c>--list</c> prints them.</summary>
    public static readonly BenchmarkSuite[] All =
    [
        new("--group-commit", "Durable commits from 1-50 threads, batches of 1-1,000 rows, every contender; the scaling curve (and the store-level commit benchmarks, then the paired run). One curve alone: --group-commit --threads 1,4,16,50 --batch 1", ["SharpCoreDB.Benchmarks.GroupCommit.*"], PairedCommitRun.Run),
        new("--crud", "100,000 rows: point read by key and by index, range scan of 1,000, filtered full scan, update and delete by key; plain and encrypted; then the durable writes of SQLite and SharpCoreDB plain and encrypted in alternating rounds", ["SharpCoreDB.Benchmarks.Crud.*"], PairedCrudRun.Run),
        new("--ycsb", "YCSB workloads A-F over 100,000 records of 1 KB, zipfian 0.99 (D: latest), 1 and 8 client threads; then the one-client workloads of SQLite and SharpCoreDB plain and encrypted in alternating rounds", ["SharpCoreDB.Benchmarks.Ycsb.*"], PairedYcsbRun.Run),
        new("--large-values", "1 KB, 10 KB, 100 KB and 1 MB values written and read (MB/s)", ["SharpCoreDB.Benchmarks.LargeValues.*"]),
        new("--read-only", "Read-only transactions from 1 and 50 threads; counts SharpCoreDB's fsyncs during the run (expected: 0)", ["SharpCoreDB.Benchmarks.ReadOnly.*"]),
        new("--open", "Cold open + first query, cold open + full scan, cold and pooled open + 1,000-row transaction + close, plain and encrypted (pooled opens: the provider's pooling benchmarks); then the transaction's phases timed apart", ["SharpCoreDB.Benchmarks.Open.*"], OpenTransactionPhases.Run),
        new("--sql", "SQL engine micro-benchmarks against SQLite: point select, insert, sort and window functions", ["SharpCoreDB.Benchmarks.Sql.*"]),
        new("--storage", "Storage layer: B+tree, checksums, page encryption on read", ["SharpCoreDB.Benchmarks.Storage.*"]),
        new("--types", "Binding and reading .NET types against SQLite: a point select returning a DateTime and a decimal, a 1,000-row insert with a DateTime column", ["SharpCoreDB.Benchmarks.Types.*"]),
        new("--foreign-keys", "Foreign keys on: child inserts against a 10,000-row parent, cascade delete of 1,000 parents, against SQLite", ["SharpCoreDB.Benchmarks.ForeignKeys.*"]),
        new("--maintenance", "VACUUM and an online backup of a 100 MB database against SQLite's VACUUM and backup API (MB/s from the printed size)", ["SharpCoreDB.Benchmarks.Maintenance.*"]),
        new("--collation", "A point lookup through a COLLATE NOCASE index on 10,000 rows, keys in another case than stored, against SQLite", ["SharpCoreDB.Benchmarks.Collations.*"]),
        new("--functions", "A C# function over 10,000 rows (a long in SELECT, a string in WHERE) against Microsoft.Data.Sqlite's CreateFunction", ["SharpCoreDB.Benchmarks.Functions.*"]),
        new("--pooling", "Pooled open + close, plain and with a password, against Microsoft.Data.Sqlite's pool", ["SharpCoreDB.Benchmarks.Pooling.*"]),
        new("--efcore", "Entity Framework Core: SaveChanges of 1,000 new entities, a tracked query of 1,000 rows, a no-tracking point query by key; our provider against EF's SQLite provider", ["SharpCoreDB.Benchmarks.EfCore.*"]),
        new("--open-phases", "The cold open + 1,000-row transaction + close of --open, each phase timed apart, SQLite and SharpCoreDB alternating (outside BenchmarkDotNet)", [], OpenTransactionPhases.Run),
        new("--paired-ycsb", "The one-client YCSB workloads of SQLite WAL and SharpCoreDB FullSync plain and encrypted in alternating rounds alone (outside BenchmarkDotNet)", [], PairedYcsbRun.Run),
        new("--paired-crud", "The durable update and delete by key of --crud, SQLite WAL and SharpCoreDB FullSync plain and encrypted in alternating rounds alone (outside BenchmarkDotNet)", [], PairedCrudRun.Run),
        new("--paired-commits", "The paired commit run alone: Legacy at one thread, FullSync at 16 and 50 threads in alternating rounds (outside BenchmarkDotNet)", [], PairedCommitRun.Run),
    ];

    /// <summary>The suite with <paramref name="flag"/>, or null.</summary>
    /// <param name="flag">A command-line argument.</param>
    /// <returns>The suite, or null when the argument is not a suite flag.</returns>
    public static BenchmarkSuite? Find(string flag) =>
        Array.Find(All, s => string.Equals(s.Flag, flag, StringComparison.OrdinalIgnoreCase));
}
