using System.Buffers.Binary;
using Microsoft.Data.Sqlite;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Rows larger than a quarter page: ~1 KiB rows sit in their leaf as in SQLite (the file is about SQLite's size),
/// and a row that spills into overflow pages is read only as far as the columns a query needs.
/// </summary>
public sealed class LargeValueStorageTests : IDisposable
{
    private const int Rows = 10_000;
    private const int PayloadBytes = 1024;

    private readonly SharpCoreDB.Tests.Data.TempDatabase _file = new();
    private readonly string _sqlitePath = Path.Combine(Path.GetTempPath(), "sharpcoredb-sqlite-" + Guid.NewGuid().ToString("N") + ".db");

    public void Dispose()
    {
        _file.Dispose();
        SqliteConnection.ClearAllPools();
        File.Delete(_sqlitePath);
    }

    public static TheoryData<string> Encryptions => new() { string.Empty, $"Encryption Key={RawKeyHex}" };

    [Theory]
    [MemberData(nameof(Encryptions))]
    public void Ten_thousand_rows_of_1_KiB_take_about_the_space_sqlite_takes(string encryption)
    {
        long sqliteBytes;
        using (var sqlite = new SqliteConnection($"Data Source={_sqlitePath};Pooling=False"))
        {
            sqlite.Open();
            Fill(sqlite);
            sqliteBytes = PageBytes(sqlite);
        }

        long ourBytes;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString(encryption)))
        {
            Fill(db);
            Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
            ourBytes = PageBytes(db);
        }

        double ratio = ourBytes / (double)sqliteBytes;
        Assert.True(ratio <= 1.3, $"SharpCoreDB {ourBytes:N0} bytes, SQLite {sqliteBytes:N0} bytes: {ratio:F2}x ({encryption})");
    }

    [Fact]
    public void Reading_the_columns_before_a_spilled_value_does_not_read_its_overflow_pages()
    {
        byte[] payload = new byte[100 * 1024];
        new Random(5).NextBytes(payload);
        using (SharpCoreDBConnection db = Open(_file.ConnectionString()))
        {
            Execute(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, n INTEGER, payload BLOB)");
            using SharpCoreDBCommand insert = db.CreateCommand();
            insert.CommandText = "INSERT INTO t VALUES (1, 'first', 42, $p)";
            insert.Parameters.AddWithValue("$p", payload);
            insert.ExecuteNonQuery();
            Assert.Equal(payload.Length, Long(db, "SELECT length(payload) FROM t"));
        }

        SharpCoreDBConnection.ClearAllPools();

        // Damage every overflow page in the file: a read that touches one fails its checksum.
        int damaged = DamageOverflowPages(_file.Path);
        Assert.True(damaged >= 20, $"expected the 100 KiB value's chain in the file, found {damaged} overflow pages");

        using (SharpCoreDBConnection db = Open(_file.ConnectionString()))
        {
            Assert.Equal(["first|42"], Column(db, "SELECT name || '|' || n FROM t WHERE id = 1"));
            var error = Assert.Throws<SharpCoreDBException>(() => SharpCoreDB.Tests.Maintenance.MaintenanceTestKit.Scalar(db, "SELECT length(payload) FROM t"));
            Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        }
    }

    [Fact]
    public void Columns_around_values_of_every_size_read_back_as_written()
    {
        // Values around the inline limit and whole chain pages, with a column after the large one too.
        var random = new Random(11);
        var sizes = new List<int> { 0, 1, 1000, 2000, 2030, 2040, 2100, 4000, 4600, 8700, 10_240, 100_000 };
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, big BLOB, z INTEGER)");
        var expected = new List<byte[]>();
        for (int i = 0; i < sizes.Count; i++)
        {
            byte[] big = new byte[sizes[i]];
            random.NextBytes(big);
            expected.Add(big);
            using SharpCoreDBCommand insert = db.CreateCommand();
            insert.CommandText = "INSERT INTO t VALUES ($id, $a, $big, $z)";
            insert.Parameters.AddWithValue("$id", i);
            insert.Parameters.AddWithValue("$a", "row" + i);
            insert.Parameters.AddWithValue("$big", big);
            insert.Parameters.AddWithValue("$z", -i);
            insert.ExecuteNonQuery();
        }

        using (SharpCoreDBCommand select = db.CreateCommand())
        {
            select.CommandText = "SELECT id, a, big, z FROM t ORDER BY id";
            using SharpCoreDBDataReader reader = select.ExecuteReader();
            for (int i = 0; i < sizes.Count; i++)
            {
                Assert.True(reader.Read());
                Assert.Equal("row" + i, reader.GetString(1));
                Assert.Equal(expected[i], (byte[])reader.GetValue(2));
                Assert.Equal(-i, reader.GetInt64(3));
            }
        }

        Assert.Equal([.. Enumerable.Range(0, sizes.Count).Select(i => "row" + i)], Column(db, "SELECT a FROM t ORDER BY id"));
        Assert.Equal([.. Enumerable.Range(0, sizes.Count).Select(i => (-i).ToString(System.Globalization.CultureInfo.InvariantCulture))], Column(db, "SELECT z FROM t ORDER BY id"));
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
    }

    private static void Fill(System.Data.Common.DbConnection connection)
    {
        using (System.Data.Common.DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE t(id INTEGER PRIMARY KEY, payload BLOB NOT NULL)";
            create.ExecuteNonQuery();
        }

        using System.Data.Common.DbTransaction transaction = connection.BeginTransaction();
        using System.Data.Common.DbCommand insert = connection.CreateCommand();
        insert.Transaction = transaction;
        insert.CommandText = "INSERT INTO t VALUES ($id, $payload)";
        System.Data.Common.DbParameter id = insert.CreateParameter();
        id.ParameterName = "$id";
        System.Data.Common.DbParameter payload = insert.CreateParameter();
        payload.ParameterName = "$payload";
        insert.Parameters.Add(id);
        insert.Parameters.Add(payload);
        var random = new Random(42);
        byte[] bytes = new byte[PayloadBytes];
        for (int i = 0; i < Rows; i++)
        {
            random.NextBytes(bytes);
            id.Value = (long)i;
            payload.Value = bytes;
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
    }

    private static long PageBytes(System.Data.Common.DbConnection connection)
    {
        using System.Data.Common.DbCommand command = connection.CreateCommand();
        command.CommandText = "PRAGMA page_count";
        long pages = Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
        command.CommandText = "PRAGMA page_size";
        return pages * Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>Flips a byte in every overflow page (kind byte 'O') of a closed plain database; returns how many.</summary>
    private static int DamageOverflowPages(string path)
    {
        byte[] file = File.ReadAllBytes(path);
        int pageSize = (int)BinaryPrimitives.ReadUInt32LittleEndian(file.AsSpan(20));
        int damaged = 0;
        for (int offset = pageSize; offset + pageSize <= file.Length; offset += pageSize)
        {
            if (file[offset] == (byte)'O')
            {
                file[offset + 100] ^= 0xFF;
                damaged++;
            }
        }

        File.WriteAllBytes(path, file);
        return damaged;
    }
}
