using SharpCoreDB.Tests.Data;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>VACUUM and VACUUM INTO: compact rebuilds and copies, keeping the key, refusing what SQLite refuses.</summary>
public sealed class VacuumTests : IDisposable
{
    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    public static TheoryData<string> Encryptions => new() { string.Empty, $"Encryption Key={RawKeyHex}" };

    [Theory]
    [MemberData(nameof(Encryptions))]
    public void Vacuum_returns_free_pages_to_the_file_system_and_keeps_every_row(string encryption)
    {
        string expected;
        long pagesBefore;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString(encryption)))
        {
            Fill(db, 3000, seed: 1);
            Execute(db, "DELETE FROM t WHERE id % 3 <> 0");
            expected = Dump(db);
            pagesBefore = Long(db, "PRAGMA page_count");
            Assert.True(Long(db, "PRAGMA freelist_count") > 0, "the delete should have freed pages");

            Execute(db, "VACUUM");

            Assert.Equal(0, Long(db, "PRAGMA freelist_count"));
            long pagesAfter = Long(db, "PRAGMA page_count");
            Assert.True(pagesAfter < pagesBefore * 2 / 3, $"{pagesBefore} pages before, {pagesAfter} after");
            Assert.Equal(pagesAfter * Long(db, "PRAGMA page_size"), new FileInfo(_file.Path).Length);
            Assert.Equal(expected, Dump(db));
            Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));

            // The connection goes on working on the rebuilt file: writes, and reads through the indexes.
            Execute(db, "INSERT INTO t(name, code) VALUES ('after', 'after-code')");
            Assert.Equal(1, Long(db, "SELECT count(*) FROM t WHERE name = 'after'"));
            expected = Dump(db);
        }

        SharpCoreDBConnection.ClearAllPools();
        using (SharpCoreDBConnection reopened = Open(_file.ConnectionString(encryption)))
        {
            Assert.Equal(expected, Dump(reopened));
            Assert.Equal(["ok"], Column(reopened, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void Vacuum_inside_a_transaction_is_refused_with_sqlites_message()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(a)");
        Execute(db, "BEGIN");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(db, "VACUUM"));
        Assert.Equal(SharpCoreDBErrorCode.TransactionState, error.ErrorCode);
        Assert.Contains("cannot VACUUM from within a transaction", error.Message, StringComparison.Ordinal);
        Execute(db, "ROLLBACK");
    }

    [Fact]
    public void Vacuum_while_another_connection_reads_is_busy_and_changes_nothing()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Fill(db, 200, seed: 2);
        string expected = Dump(db);
        long pages = Long(db, "PRAGMA page_count");
        using SharpCoreDBConnection other = Open(_file.ConnectionString());
        using (SharpCoreDBCommand select = other.CreateCommand())
        {
            select.CommandText = "SELECT * FROM t";
            using SharpCoreDBDataReader reader = select.ExecuteReader();
            Assert.True(reader.Read());
            Assert.Equal(SharpCoreDBErrorCode.Busy, Assert.Throws<SharpCoreDBException>(() => Execute(db, "VACUUM")).ErrorCode);
        }

        using (SharpCoreDBTransaction transaction = other.BeginTransaction())
        {
            Execute(other, "INSERT INTO t(name, code) VALUES ('in', 'flight')");
            Assert.Equal(SharpCoreDBErrorCode.Busy, Assert.Throws<SharpCoreDBException>(() => Execute(db, "VACUUM")).ErrorCode);
            Assert.Equal(SharpCoreDBErrorCode.Busy, Assert.Throws<SharpCoreDBException>(() => db.Rekey(SharpCoreDBEncryption.WithKey(Convert.FromHexString(RawKeyHex)))).ErrorCode);
        }

        Assert.Equal(expected, Dump(other));
        Assert.Equal(pages, Long(db, "PRAGMA page_count"));
    }

    [Fact]
    public void Vacuum_with_other_idle_connections_open_rebuilds_and_they_see_the_new_database()
    {
        using SharpCoreDBConnection before = Open(_file.ConnectionString());
        Fill(before, 400, seed: 12);
        Execute(before, "DELETE FROM t WHERE id % 3 = 0");
        using SharpCoreDBCommand prepared = before.CreateCommand();
        prepared.CommandText = "SELECT count(*) FROM t WHERE name >= $n";
        prepared.Parameters.AddWithValue("$n", "name-5");
        prepared.Prepare();
        long matching = Convert.ToInt64(prepared.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);

        // A connection that went back to the pool, and one that stays open and idle.
        using (SharpCoreDBConnection pooled = Open(_file.ConnectionString()))
        {
            Assert.Equal(Dump(before), Dump(pooled));
        }

        using SharpCoreDBConnection vacuuming = Open(_file.ConnectionString());
        string expected = Dump(vacuuming);
        long pages = Long(vacuuming, "PRAGMA page_count");
        Execute(vacuuming, "VACUUM");
        Assert.True(Long(vacuuming, "PRAGMA page_count") < pages);

        // The connection opened before reads and writes the rebuilt file, its prepared statement too.
        Assert.Equal(Long(vacuuming, "PRAGMA page_count"), Long(before, "PRAGMA page_count"));
        Assert.Equal(0, Long(before, "PRAGMA freelist_count"));
        Assert.Equal(expected, Dump(before));
        Assert.Equal(matching, Convert.ToInt64(prepared.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture));
        Execute(before, "INSERT INTO t(name, code) VALUES ('after', 'vacuum')");
        Assert.Equal(Dump(before), Dump(vacuuming));

        using (SharpCoreDBConnection pooled = Open(_file.ConnectionString()))
        {
            Assert.Equal(Dump(before), Dump(pooled));
            Assert.Equal(["ok"], Column(pooled, "PRAGMA integrity_check"));
        }

        // Rekey the same way: the open connections go on under the new key, and a new one needs it.
        vacuuming.Rekey(SharpCoreDBEncryption.WithKey(Convert.FromHexString(RawKeyHex)));
        Assert.Equal(Dump(vacuuming), Dump(before));
        using SharpCoreDBConnection keyed = Open(_file.ConnectionString($"Encryption Key={RawKeyHex}"));
        Assert.Equal(Dump(before), Dump(keyed));
    }

    [Fact]
    public void Vacuum_on_a_read_only_connection_is_refused()
    {
        using (SharpCoreDBConnection db = Open(_file.ConnectionString()))
        {
            Execute(db, "CREATE TABLE t(a)");
        }

        SharpCoreDBConnection.ClearAllPools();
        using SharpCoreDBConnection readOnly = Open(_file.ConnectionString("Mode=ReadOnly"));
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => Execute(readOnly, "VACUUM")).ErrorCode);
    }

    [Fact]
    public void Vacuum_of_an_in_memory_database_compacts_it()
    {
        using SharpCoreDBConnection db = Open("Data Source=:memory:");
        Fill(db, 1000, seed: 3);
        Execute(db, "DELETE FROM t WHERE id > 10");
        string expected = Dump(db);
        Execute(db, "VACUUM");
        Assert.Equal(0, Long(db, "PRAGMA freelist_count"));
        Assert.Equal(expected, Dump(db));
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
    }

    [Theory]
    [MemberData(nameof(Encryptions))]
    public void Vacuum_into_writes_a_compact_copy_that_opens_on_its_own_with_the_same_key(string encryption)
    {
        string copy = Path.Combine(_file.Folder, "copy.scdb");
        string expected;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString(encryption)))
        {
            Fill(db, 1500, seed: 4);
            Execute(db, "DELETE FROM t WHERE id % 2 = 0");
            expected = Dump(db);
            Execute(db, $"VACUUM INTO '{copy}'");

            // The source's own log, put beside the copy, is never applied to it.
            Execute(db, "INSERT INTO t(name, code) VALUES ('later', 'later')");
            CopyLockedFile(_file.Path + "-wal", copy + "-wal");
        }

        using SharpCoreDBConnection opened = Open($"Data Source={copy};{encryption}");
        Assert.Equal(expected, Dump(opened));
        Assert.Equal(0, Long(opened, "PRAGMA freelist_count"));
        Assert.Equal(["ok"], Column(opened, "PRAGMA integrity_check"));
    }

    // The open database holds a lock on its log that .NET's own file sharing honours; cp does not take it.
    private static void CopyLockedFile(string from, string to)
    {
        using var process = System.Diagnostics.Process.Start("cp", [from, to]);
        process.WaitForExit();
        Assert.Equal(0, process.ExitCode);
        Assert.True(new FileInfo(to).Length > 80, "the log should hold frames");
    }

    [Fact]
    public void Vacuum_into_an_existing_file_is_refused_as_sqlite_refuses_it()
    {
        string copy = Path.Combine(_file.Folder, "copy.scdb");
        File.WriteAllText(copy, "not empty");
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(a)");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(db, $"VACUUM INTO '{copy}'"));
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, error.ErrorCode);
        Assert.Contains("output file already exists", error.Message, StringComparison.Ordinal);
        Assert.Equal("not empty", File.ReadAllText(copy));
    }

    [Fact]
    public void Vacuum_into_inside_a_transaction_is_refused()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(a)");
        Execute(db, "BEGIN");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(db, $"VACUUM INTO '{Path.Combine(_file.Folder, "c.scdb")}'"));
        Assert.Contains("cannot VACUUM from within a transaction", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Page_pragmas_answer_as_sqlite_does_for_an_empty_database()
    {
        using var sqlite = new Microsoft.Data.Sqlite.SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        using Microsoft.Data.Sqlite.SqliteCommand command = sqlite.CreateCommand();
        command.CommandText = "PRAGMA freelist_count";
        Assert.Equal(Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture), Long(db, "PRAGMA freelist_count"));
        command.CommandText = "PRAGMA page_size";
        Assert.Equal(Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture), Long(db, "PRAGMA page_size"));
        Assert.Equal(1, Long(db, "PRAGMA page_count"));
    }

    [Fact]
    public void A_rebuild_file_held_by_a_vacuum_about_to_rename_it_is_left_alone_at_open()
    {
        using (SharpCoreDBConnection db = Open(_file.ConnectionString()))
        {
            Execute(db, "CREATE TABLE t(a)");
        }

        SharpCoreDBConnection.ClearAllPools();
        string rebuild = _file.Path + "-vacuum";
        File.WriteAllBytes(rebuild, new byte[4096]);

        // Another process's VACUUM holds its copy's lock from closing its old file until the copy has the name.
        using (global::SharpCoreDB.Storage.Devices.FileStorageDevice.Open(rebuild, new global::SharpCoreDB.Storage.Devices.FileDeviceOptions { Mode = global::SharpCoreDB.Storage.Devices.FileDeviceMode.OpenExisting }))
        using (SharpCoreDBConnection db = Open(_file.ConnectionString("Pooling=False")))
        {
            Assert.True(File.Exists(rebuild));
        }

        // Nobody holds it any more: it is a leftover, and the next open removes it.
        using (SharpCoreDBConnection db = Open(_file.ConnectionString("Pooling=False")))
        {
            Assert.False(File.Exists(rebuild));
            Assert.Equal(0, Long(db, "SELECT count(*) FROM t"));
        }
    }

    [Theory]
    [InlineData("VACUUM INTO ?", 13)]
    [InlineData("VACUUM main INTO name", 18)]
    [InlineData("VACUUM INTO 42", 13)]
    public void Vacuum_into_anything_but_a_string_literal_is_a_syntax_error_at_the_file_name(string sql, int column)
    {
        // A limit: SQLite takes any expression as the file name.
        using SharpCoreDBConnection db = Open("Data Source=:memory:");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(db, sql));

        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.Equal((1, column), (error.Line, error.Column));
        Assert.Contains("VACUUM INTO takes the file name as a string literal", error.Message, StringComparison.Ordinal);
    }
}
