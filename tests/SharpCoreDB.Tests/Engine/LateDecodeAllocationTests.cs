using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A filtered full scan decodes the columns its filter does not read only for the rows that pass, so it allocates
/// for the matches, not for every row scanned.
/// </summary>
public sealed class LateDecodeAllocationTests
{
    private const int Rows = 20_000;

    [Theory]
    [InlineData("BLOB")]
    [InlineData("TEXT")]
    public void Filtered_full_scan_allocates_for_the_matches_not_for_every_row(string valueType)
    {
        using var db = new EngineHarness();
        db.Execute($"CREATE TABLE kv(id INTEGER PRIMARY KEY, tag INTEGER NOT NULL, score INTEGER NOT NULL, value {valueType} NOT NULL)");
        db.Execute("BEGIN");
        Statement insert = db.Session.Prepare("INSERT INTO kv VALUES (?, ?, ?, ?)");
        var random = new Random(22);
        for (int i = 1; i <= Rows; i++)
        {
            // 100 bytes, as the --crud benchmark's records; text that is not a date, time or GUID (never packed).
            string text = "v" + i.ToString("D8", System.Globalization.CultureInfo.InvariantCulture) + new string((char)('a' + random.Next(26)), 91);
            SqlValue value = valueType == "BLOB" ? SqlValue.FromBlob(System.Text.Encoding.ASCII.GetBytes(text)) : SqlValue.FromText(text);
            insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(i), SqlValue.FromInt64(i % 100), SqlValue.FromInt64(i % 1000), value]);
        }

        db.Execute("COMMIT");
        Statement select = db.Session.Prepare("SELECT id, value FROM kv WHERE score = ?");

        // Warm up: plans, pooled buffers and the JIT are in place before measuring.
        Assert.Equal(Rows / 1000, Count(db.Session, select, 6));
        long before = GC.GetAllocatedBytesForCurrentThread();
        Assert.Equal(Rows / 1000, Count(db.Session, select, 7));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // A fixed cost per statement and the 20 matching values (about 250 bytes each) are fine; decoding the value
        // of every scanned row would be 20,000 × 124 bytes or more, about 2.5 MB.
        Assert.True(allocated < 40_000, $"the filtered scan of {Rows} {valueType} rows allocated {allocated} bytes for {Rows / 1000} matches");
    }

    private static int Count(Session session, Statement select, long score)
    {
        int rows = 0;
        using QueryResult result = select.Execute(session, [SqlValue.FromInt64(score)]);
        while (result.Read())
        {
            rows++;
        }

        return rows;
    }
}
