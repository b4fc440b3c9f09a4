using System.Data.Common;
using System.Globalization;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// The table every SQL benchmark uses and seeded row contents for it, so both engines store exactly the same
/// bytes. Rows are about 140 bytes: an integer key, a short name, a double and a 100-byte blob.
/// </summary>
internal static class BenchmarkRows
{
    /// <summary>The length of every payload blob.</summary>
    public const int PayloadLength = 100;

    /// <summary>The schema, identical for SQLite and SharpCoreDB.</summary>
    public const string CreateTableSql =
        "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value REAL NOT NULL, payload BLOB NOT NULL)";

    /// <summary>The parameterized insert of one row.</summary>
    public const string InsertSql = "INSERT INTO items (id, name, value, payload) VALUES (@id, @name, @value, @payload)";

    /// <summary>Names for <paramref name="count"/> rows, made up front so the benchmarks do not time string building.</summary>
    /// <param name="count">How many names.</param>
    /// <returns>The names.</returns>
    public static string[] Names(int count)
    {
        var names = new string[count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = string.Create(CultureInfo.InvariantCulture, $"item-{i:D7}");
        }

        return names;
    }

    /// <summary>Seeded payloads, cycled through by row number.</summary>
    /// <param name="count">How many distinct payloads.</param>
    /// <param name="length">The length of each.</param>
    /// <param name="seed">The random seed.</param>
    /// <returns>The payloads.</returns>
    public static byte[][] Payloads(int count, int length, int seed)
    {
        var random = new Random(seed);
        var payloads = new byte[count][];
        for (int i = 0; i < payloads.Length; i++)
        {
            payloads[i] = new byte[length];
            random.NextBytes(payloads[i]);
        }

        return payloads;
    }

    /// <summary>The value column of row <paramref name="id"/>.</summary>
    /// <param name="id">The row id.</param>
    /// <returns>The value.</returns>
    public static double ValueOf(long id) => id * 0.25;

    /// <summary>
    /// Creates the table and fills it with rows 1..<paramref name="rows"/> in transactions of 10,000 rows through the
    /// plain ADO.NET API, which both providers implement, so setup takes the same path for both engines.
    /// </summary>
    /// <param name="connection">An open connection with no table yet.</param>
    /// <param name="rows">How many rows.</param>
    /// <param name="payloadLength">The payload length.</param>
    /// <param name="seed">The payload seed.</param>
    public static void CreateAndFill(DbConnection connection, int rows, int payloadLength, int seed)
    {
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = CreateTableSql;
            create.ExecuteNonQuery();
        }

        byte[][] payloads = Payloads(256, payloadLength, seed);
        using DbCommand insert = connection.CreateCommand();
        insert.CommandText = InsertSql;
        DbParameter id = AddParameter(insert, "@id");
        DbParameter name = AddParameter(insert, "@name");
        DbParameter value = AddParameter(insert, "@value");
        DbParameter payload = AddParameter(insert, "@payload");
        insert.Prepare();
        for (int start = 1; start <= rows; start += 10_000)
        {
            using DbTransaction transaction = connection.BeginTransaction();
            insert.Transaction = transaction;
            int end = Math.Min(rows, start + 9_999);
            for (int row = start; row <= end; row++)
            {
                id.Value = (long)row;
                name.Value = string.Create(CultureInfo.InvariantCulture, $"item-{row:D7}");
                value.Value = ValueOf(row);
                payload.Value = payloads[row & 255];
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }
    }

    /// <summary>Adds a named parameter with a NULL value to a command.</summary>
    /// <param name="command">The command.</param>
    /// <param name="name">The parameter name.</param>
    /// <returns>The parameter.</returns>
    public static DbParameter AddParameter(DbCommand command, string name)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = DBNull.Value;
        command.Parameters.Add(parameter);
        return parameter;
    }
}
