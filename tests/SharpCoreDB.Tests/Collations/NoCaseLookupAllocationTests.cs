using System.Data.Common;
using System.Globalization;
using SharpCoreDB.Tests.Data;
using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Collations;

/// <summary>
/// A point lookup through a <c>COLLATE NOCASE</c> index with a prepared command and a parameter, the statement of the
/// NOCASE benchmark. The seek folds the parameter's case into the operator's kept key buffer and the command hands its
/// bound values over without a copy; what is left per lookup is per statement (the read transaction with its tree
/// objects and cursors, the result and reader, the boxed id, the name the residual filter decodes). Before: 1,984
/// bytes here; after: about 1,470 (SQLite: about 500).
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class NoCaseLookupAllocationTests
{
    private const int Rows = 2_000;
    private const int Lookups = 4_000;

    [Fact]
    public void A_prepared_nocase_index_lookup_allocates_at_most_1600_bytes()
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString());
        connection.Open();
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE NOT NULL);"
                + "CREATE INDEX people_name ON people(name)";
            create.ExecuteNonQuery();
        }

        using (DbTransaction transaction = connection.BeginTransaction())
        using (DbCommand fill = connection.CreateCommand())
        {
            fill.Transaction = transaction;
            fill.CommandText = "INSERT INTO people (id, name) VALUES (@id, @name)";
            DbParameter id = fill.CreateParameter();
            id.ParameterName = "@id";
            fill.Parameters.Add(id);
            DbParameter name = fill.CreateParameter();
            name.ParameterName = "@name";
            fill.Parameters.Add(name);
            for (long row = 1; row <= Rows; row++)
            {
                id.Value = row;
                name.Value = StoredName(row);
                fill.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        var keys = new string[Rows];
        for (int i = 0; i < Rows; i++)
        {
            string stored = StoredName(i + 1);
            keys[i] = i % 2 == 0 ? stored.ToUpperInvariant() : stored.ToLowerInvariant();
        }

        using DbCommand select = connection.CreateCommand();
        select.CommandText = "SELECT id FROM people WHERE name = @name";
        DbParameter key = select.CreateParameter();
        key.ParameterName = "@name";
        select.Parameters.Add(key);
        select.Prepare();

        // Warm up long enough for the JIT's optimized code (its first code boxes what the final code does not).
        long expected = 2L * Rows * (Rows + 1) / 2;
        for (int round = 0; round < 10; round++)
        {
            Assert.Equal(expected, Checksum(select, key, keys));
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        long checksum = Checksum(select, key, keys);
        long perLookup = (GC.GetAllocatedBytesForCurrentThread() - before) / Lookups;

        Assert.Equal(expected, checksum);
        Assert.True(perLookup <= 1_600, $"A NOCASE index lookup allocated {perLookup} bytes.");
    }

    private static string StoredName(long row) => string.Create(CultureInfo.InvariantCulture, $"Customer-{row:D6}-Name");

    // Every key twice: each finds its row by folding case, and the ids add up to twice 1 + … + Rows.
    private static long Checksum(DbCommand select, DbParameter key, string[] keys)
    {
        long checksum = 0;
        for (int i = 0; i < Lookups; i++)
        {
            key.Value = keys[i % keys.Length];
            checksum += (long)select.ExecuteScalar()!;
        }

        return checksum;
    }
}
