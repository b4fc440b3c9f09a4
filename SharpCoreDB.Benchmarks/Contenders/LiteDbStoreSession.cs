using LiteDB;

namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>A session on the shared LiteDB database (see <see cref="LiteDbStore"/>).</summary>
internal sealed class LiteDbStoreSession : IStoreSession
{
    private readonly LiteDatabase _database;
    private readonly ILiteCollection<BsonDocument> _collection;

    /// <summary>Wraps the shared database; disposing the session leaves it open.</summary>
    /// <param name="database">The database.</param>
    /// <param name="collection">The record collection.</param>
    public LiteDbStoreSession(LiteDatabase database, ILiteCollection<BsonDocument> collection)
    {
        _database = database;
        _collection = collection;
    }

    /// <inheritdoc />
    public void InsertBatch(long firstKey, int count, byte[] value)
    {
        if (count == 1)
        {
            _collection.Insert(Document(firstKey, value));
            return;
        }

        if (!_database.BeginTrans())
        {
            throw new InvalidOperationException("LiteDB: this thread already has a transaction open.");
        }

        try
        {
            for (long key = firstKey; key < firstKey + count; key++)
            {
                _collection.Insert(Document(key, value));
            }

            _database.Commit();
        }
        catch
        {
            _database.Rollback();
            throw;
        }
    }

    /// <inheritdoc />
    public int Read(long key) => ValueLength(_collection.FindById(key));

    /// <inheritdoc />
    public int ReadByTag(long tag) => ValueLength(_collection.FindOne(Query.EQ("tag", tag)));

    /// <inheritdoc />
    public int Range(long firstKey, int count)
    {
        int rows = 0;
        foreach (BsonDocument document in _collection.Find(Query.Between("_id", firstKey, firstKey + count - 1)))
        {
            _ = document["value"].AsBinary;
            rows++;
        }

        return rows;
    }

    /// <inheritdoc />
    public int ScanWhereScore(int score)
    {
        int rows = 0;
        foreach (BsonDocument document in _collection.Find(Query.EQ("score", score)))
        {
            _ = document["value"].AsBinary;
            rows++;
        }

        return rows;
    }

    /// <inheritdoc />
    public void Update(long key, byte[] value)
    {
        if (!_collection.Update(Document(key, value)))
        {
            throw new InvalidOperationException($"LiteDB: no record with key {key} to update.");
        }
    }

    /// <inheritdoc />
    public void Delete(long key)
    {
        if (!_collection.Delete(key))
        {
            throw new InvalidOperationException($"LiteDB: no record with key {key} to delete.");
        }
    }

    /// <inheritdoc />
    public int ReadOnlyTransaction(long[] keys)
    {
        ArgumentNullException.ThrowIfNull(keys);
        if (!_database.BeginTrans())
        {
            throw new InvalidOperationException("LiteDB: this thread already has a transaction open.");
        }

        int found = 0;
        try
        {
            foreach (long key in keys)
            {
                if (Read(key) >= 0)
                {
                    found++;
                }
            }

            _database.Commit();
        }
        catch
        {
            _database.Rollback();
            throw;
        }

        return found;
    }

    /// <summary>Nothing to close: the database belongs to the store.</summary>
    public void Dispose()
    {
    }

    private static BsonDocument Document(long key, byte[] value) => new()
    {
        ["_id"] = key,
        ["tag"] = KvSchema.TagOf(key),
        ["score"] = KvSchema.ScoreOf(key),
        ["value"] = value,
    };

    private static int ValueLength(BsonDocument? document) => document is null ? -1 : document["value"].AsBinary.Length;
}
