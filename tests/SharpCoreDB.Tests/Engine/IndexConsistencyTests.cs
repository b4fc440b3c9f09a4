using System.Globalization;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Model-based: random inserts, updates (row ids included), deletes and failing statements against a table with
/// several indexes; afterwards every index must hold exactly one entry per row, with that row's values.
/// </summary>
public sealed class IndexConsistencyTests
{
    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    [InlineData(13)]
    public void Indexes_match_the_table_after_random_changes(int seed)
    {
        var random = new Random(seed);
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT, c REAL, u INTEGER UNIQUE)");
        db.Execute("CREATE INDEX t_a ON t(a)");
        db.Execute("CREATE INDEX t_bc ON t(b DESC, c)");
        for (int step = 0; step < 400; step++)
        {
            string sql = random.Next(5) switch
            {
                0 or 1 => $"INSERT INTO t VALUES ({Value(random)}, {Text(random)}, {Real(random)}, {Unique(random)})",
                2 => $"UPDATE t SET a = {Value(random)}, c = {Real(random)} WHERE a = {Value(random)}",
                3 => $"UPDATE t SET rowid = rowid + 1000, u = {Unique(random)} WHERE b = {Text(random)}",
                _ => $"DELETE FROM t WHERE c < {Real(random)}",
            };
            bool inTransaction = random.Next(4) == 0;
            if (inTransaction)
            {
                db.Execute("BEGIN");
            }

            try
            {
                db.Execute(sql);
            }
            catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.UniqueViolation or SharpCoreDBErrorCode.PrimaryKeyViolation)
            {
                // Failed statements must leave every tree as it was; the check below covers that too.
            }

            if (inTransaction)
            {
                db.Execute(random.Next(2) == 0 ? "COMMIT" : "ROLLBACK");
            }
        }

        Verify(db, seed);
    }

    private static string Value(Random random) => random.Next(6) == 0 ? "NULL" : random.Next(-20, 20).ToString(CultureInfo.InvariantCulture);

    private static string Text(Random random) => random.Next(6) == 0 ? "NULL" : "'" + (char)('a' + random.Next(6)) + "'";

    private static string Real(Random random) => random.Next(6) == 0 ? "NULL" : (random.Next(-10, 10) * 0.5).ToString("0.0", CultureInfo.InvariantCulture);

    private static string Unique(Random random) => random.Next(3) == 0 ? "NULL" : random.Next(0, 60).ToString(CultureInfo.InvariantCulture);

    private static void Verify(EngineHarness db, int seed)
    {
        var rows = new Dictionary<long, SqlValue[]>();
        foreach (SqlValue[] row in db.Rows("SELECT rowid, a, b, c, u FROM t"))
        {
            rows.Add(row[0].AsInt64(), row);
        }

        using TransactionContext transaction = db.Session.BeginRead();
        TableSchema table = transaction.Schema.FindTable("t")!;
        foreach (IndexSchema index in table.Indexes)
        {
            int entries = 0;
            var values = new SqlValue[index.Columns.Length];
            using BTreeCursor cursor = transaction.Tree(index.RootPage).OpenCursor();
            for (bool more = cursor.First(); more; more = cursor.MoveNext())
            {
                entries++;
                long rowId = IndexKeys.RowIdOf(index, cursor.Key);
                Assert.True(rows.TryGetValue(rowId, out SqlValue[]? row), $"seed {seed}: index {index.Name} points at missing row {rowId}");
                IndexKeys.Decode(index, cursor.Key, values);
                for (int i = 0; i < values.Length; i++)
                {
                    SqlValue stored = row![index.Columns[i].Ordinal + 1];
                    Assert.True(
                        stored.StorageClass == values[i].StorageClass && SqlValueComparer.CompareValues(stored, values[i]) == 0,
                        $"seed {seed}: index {index.Name} row {rowId} column {i}: key has {values[i]}, row has {stored}");
                }
            }

            Assert.True(entries == rows.Count, $"seed {seed}: index {index.Name} has {entries} entries for {rows.Count} rows");
        }
    }
}
