using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Open;

/// <summary>
/// The database of the open + transaction + close benchmarks for one contender: the empty table (and its index) kept as
/// a <see cref="DatabaseTemplate"/>, put back before every cycle (<see cref="Restore"/>), and the cycle itself
/// (<see cref="Run"/>): open, BEGIN, 1,000 records of the suite's usual shape (100-byte values) inserted through one
/// prepared command, COMMIT, close.
/// </summary>
internal sealed class EmptyTableCycle : IDisposable
{
    /// <summary>The page cache of every contender, in bytes.</summary>
    public const long CacheBytes = 8L * 1024 * 1024;

    private const int FullRows = 1000;
    private const int ValueLength = 100;
    private const int Seed = 22;

    private readonly DatabaseTemplate _template;

    private EmptyTableCycle(Contender contender, BenchmarkDirectory directory, DatabaseTemplate template)
    {
        Contender = contender;
        Directory = directory;
        _template = template;
        Rows = BenchScale.Records(FullRows);
        Value = KvSchema.Value(ValueLength, Seed);
    }

    /// <summary>The contender.</summary>
    public Contender Contender { get; }

    /// <summary>The folder the database is opened in.</summary>
    public BenchmarkDirectory Directory { get; }

    /// <summary>The records one cycle inserts (keys 1..Rows; fewer in tiny mode).</summary>
    public int Rows { get; }

    /// <summary>The value of every record.</summary>
    public byte[] Value { get; }

    /// <summary>
    /// Creates the contender's database with the empty table and its index in a new folder, closes it (pooling off) and
    /// keeps a copy of its files.
    /// </summary>
    /// <param name="contender">The contender.</param>
    /// <param name="purpose">A short name for the folder.</param>
    /// <returns>The cycle.</returns>
    public static EmptyTableCycle Create(Contender contender, string purpose)
    {
        BenchmarkDirectory directory = BenchmarkDirectory.Create($"{purpose}-{contender}".ToLowerInvariant());
        try
        {
            using (ContenderStore.Open(contender, directory, CacheBytes))
            {
                // Creating the store creates the table and its index; closing it leaves a closed database to copy.
            }

            return new EmptyTableCycle(contender, directory, DatabaseTemplate.CopyOf(directory));
        }
        catch
        {
            directory.Dispose();
            throw;
        }
    }

    /// <summary>Puts back the empty database (no connection to it may be open).</summary>
    public void Restore() => _template.RestoreInto(Directory);

    /// <summary>Opens the database, inserts the records in one transaction, and closes it.</summary>
    /// <param name="pooling">True to open with the provider's pooling on (the close then returns the connection to the pool).</param>
    /// <returns>The records inserted.</returns>
    public int Run(bool pooling)
    {
        using ContenderStore store = ContenderStore.Open(Contender, Directory, CacheBytes, create: false, pooling: pooling);
        store.Main.InsertBatch(1, Rows, Value);
        return Rows;
    }

    /// <summary>Deletes the folders.</summary>
    public void Dispose()
    {
        _template.Dispose();
        Directory.Dispose();
    }
}
