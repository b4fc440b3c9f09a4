using LiteDB;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// A LiteDB 5 database through its <c>BsonDocument</c> API: one <see cref="LiteDatabase"/> in Direct mode, shared by
/// every session (LiteDB is thread-safe in one instance, and its transactions belong to the calling thread; several
/// instances on one file need its Shared mode, which reopens the file for every operation). The collection has an
/// index on the tag, like the SQL table.
/// </summary>
internal sealed class LiteDbStore : ContenderStore
{
    /// <summary>The LiteDB password of the encrypted contender (a benchmark, not a secret).</summary>
    public const string BenchmarkPassword = "sharpcoredb-benchmark";

    private readonly LiteDatabase _database;
    private readonly ILiteCollection<BsonDocument> _collection;

    private LiteDbStore(Contender contender, ConnectionString connectionString, bool create)
    {
        Contender = contender;
        _database = new LiteDatabase(connectionString);
        _collection = _database.GetCollection<BsonDocument>("kv");
        if (create)
        {
            _collection.EnsureIndex("tag", unique: true);
        }

        Main = new LiteDbStoreSession(_database, _collection);
    }

    /// <inheritdoc />
    public override Contender Contender { get; }

    /// <inheritdoc />
    public override IStoreSession Main { get; }

    /// <summary>The connection string for a LiteDB contender.</summary>
    /// <param name="contender">A LiteDB contender.</param>
    /// <param name="path">The data file.</param>
    /// <returns>The connection string.</returns>
    public static ConnectionString ConnectionStringFor(Contender contender, string path)
    {
        var builder = new ConnectionString { Filename = path, Connection = ConnectionType.Direct };
        if (ContenderFacts.IsEncrypted(contender))
        {
            builder.Password = BenchmarkPassword;
        }

        return builder;
    }

    /// <summary>Creates the database of a LiteDB contender.</summary>
    /// <param name="contender">The contender.</param>
    /// <param name="directory">The benchmark folder.</param>
    /// <param name="create">True to create the tag index.</param>
    /// <returns>The store.</returns>
    public static LiteDbStore Create(Contender contender, BenchmarkDirectory directory, bool create) =>
        new(contender, ConnectionStringFor(contender, directory.File("bench.litedb")), create);

    /// <inheritdoc />
    public override IStoreSession OpenSession() => new LiteDbStoreSession(_database, _collection);

    /// <inheritdoc />
    public override void Dispose() => _database.Dispose();
}
