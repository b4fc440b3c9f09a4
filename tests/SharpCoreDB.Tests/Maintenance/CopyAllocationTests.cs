using System.Globalization;
using SharpCoreDB.Tests.Data;
using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>
/// The copy under VACUUM, VACUUM INTO, backups and rekey streams through pooled buffers: what it allocates does not
/// grow with the database. Measured over every thread (the copy's log writer allocates too), so the class runs alone.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class CopyAllocationTests : IDisposable
{
    // 6,000 rows of 1,000 bytes: each value fills an overflow page, so the copy writes about 25 MB.
    private const int Rows = 6000;

    // A fixed cost per copy (a 256-page cache, the log writer's frame buffer, index and dictionary growth) stays
    // well under this; a page buffer allocated per page copied would be about 25 MB.
    private const long Bound = 6L << 20;

    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    [Fact]
    public void Backup_allocates_a_fixed_amount_far_below_the_bytes_it_copies()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        FillLarge(db);
        string copy = Path.Combine(_file.Folder, "copy.scdb");

        // Warm-up: the JIT, the statement cache and the source's page cache are in place before measuring.
        db.BackupDatabase(copy);
        long copied = new FileInfo(copy).Length;
        File.Delete(copy);

        long allocated = Allocated(() => db.BackupDatabase(copy));
        Assert.True(allocated < Bound, $"a backup of {copied:N0} bytes allocated {allocated:N0} bytes");
    }

    [Fact]
    public void Vacuum_allocates_a_fixed_amount_far_below_the_bytes_it_copies()
    {
        // VACUUM reopens the file, and the new page cache fills again as the next copy reads the source: up to Cache
        // Size buffers, as after any open. A small cache keeps that out of what is measured here.
        using SharpCoreDBConnection db = Open(_file.ConnectionString("Cache Size=64"));
        FillLarge(db);
        Execute(db, "VACUUM");
        long copied = new FileInfo(_file.Path).Length;

        long allocated = Allocated(() => Execute(db, "VACUUM"));
        Assert.True(allocated < Bound, $"a VACUUM of {copied:N0} bytes allocated {allocated:N0} bytes");
    }

    private static long Allocated(Action copy)
    {
        long before = GC.GetTotalAllocatedBytes(precise: true);
        copy();
        return GC.GetTotalAllocatedBytes(precise: true) - before;
    }

    private static void FillLarge(SharpCoreDBConnection db)
    {
        Execute(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, tag TEXT NOT NULL, payload BLOB NOT NULL)");
        Execute(db, "CREATE INDEX t_tag ON t(tag)");
        using SharpCoreDBTransaction transaction = db.BeginTransaction();
        using SharpCoreDBCommand insert = db.CreateCommand();
        insert.Transaction = transaction;
        insert.CommandText = "INSERT INTO t VALUES ($id, $tag, $payload)";
        SharpCoreDBParameter id = insert.CreateParameter();
        id.ParameterName = "$id";
        SharpCoreDBParameter tag = insert.CreateParameter();
        tag.ParameterName = "$tag";
        SharpCoreDBParameter payload = insert.CreateParameter();
        payload.ParameterName = "$payload";
        insert.Parameters.Add(id);
        insert.Parameters.Add(tag);
        insert.Parameters.Add(payload);
        var random = new Random(23);
        byte[] bytes = new byte[1000];
        for (int i = 0; i < Rows; i++)
        {
            random.NextBytes(bytes);
            id.Value = (long)i;
            tag.Value = "tag-" + (i % 997).ToString(CultureInfo.InvariantCulture);
            payload.Value = bytes;
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
    }
}
