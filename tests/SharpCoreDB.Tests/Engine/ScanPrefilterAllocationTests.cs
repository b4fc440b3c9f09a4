using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A table scan under a filter whose first conjunct compares an INTEGER column with a parameter drops the rows that
/// conjunct rejects before decoding any column: the filter's other columns (here a TEXT the second conjunct reads) are
/// built only for the rows whose integer matches.
/// </summary>
public sealed class ScanPrefilterAllocationTests
{
    private const int Rows = 20_000;

    [Theory]
    [InlineData("score = ?")]
    [InlineData("? = score")]
    [InlineData("score BETWEEN ? AND ?")]
    public void Rows_the_integer_comparison_rejects_are_not_decoded(string comparison)
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE kv(id INTEGER PRIMARY KEY, score INTEGER NOT NULL, note TEXT NOT NULL, value BLOB NOT NULL)");
        db.Execute("BEGIN");
        Statement insert = db.Session.Prepare("INSERT INTO kv VALUES (?, ?, ?, ?)");
        for (int i = 1; i <= Rows; i++)
        {
            string note = "n" + i.ToString("D8", System.Globalization.CultureInfo.InvariantCulture) + new string('x', 60);
            insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(i), SqlValue.FromInt64(i % 1000), SqlValue.FromText(note), SqlValue.FromBlob(new byte[100])]);
        }

        db.Execute("COMMIT");
        string sql = "SELECT id, value FROM kv WHERE " + comparison + " AND note LIKE 'n%'";
        Statement select = db.Session.Prepare(sql);

        Assert.Equal(Rows / 1000, Count(db.Session, select, comparison, 6));
        long before = GC.GetAllocatedBytesForCurrentThread();
        Assert.Equal(Rows / 1000, Count(db.Session, select, comparison, 7));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // Decoding the note of every scanned row would be 20,000 strings of 69 characters, about 3 MB; the 20 matches
        // and the statement's fixed cost are a few kilobytes.
        Assert.True(allocated < 60_000, $"{sql} over {Rows} rows allocated {allocated} bytes for {Rows / 1000} matches");
    }

    private static int Count(Session session, Statement select, string comparison, long score)
    {
        SqlValue[] parameters = comparison.Contains("BETWEEN", StringComparison.Ordinal)
            ? [SqlValue.FromInt64(score), SqlValue.FromInt64(score)]
            : [SqlValue.FromInt64(score)];
        int rows = 0;
        using QueryResult result = select.Execute(session, parameters);
        while (result.Read())
        {
            rows++;
        }

        return rows;
    }
}
