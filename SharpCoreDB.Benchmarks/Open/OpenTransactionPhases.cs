using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Open;

/// <summary>
/// The cycle of <see cref="OpenTransactionBenchmarks"/> (cold open, BEGIN, 1,000 inserts, COMMIT, close) with each
/// phase timed apart, SQLite WAL and SharpCoreDB alternating round by round so all see the same stretch of a loaded
/// machine and a drifting disk. Runs after the <c>--open</c> suite and alone as <c>--open-phases</c>; prints the median
/// of each phase per contender and its ratio to SQLite WAL, and records them as run notes.
/// </summary>
/// <remarks>
/// Phases: <em>open</em> is the connection's open (SQLite's includes the suite's PRAGMAs); <em>inserts</em> is preparing
/// the insert, BEGIN and the 1,000 executions; <em>commit</em> is COMMIT returning (durable); <em>close</em> is disposing
/// the command, the transaction and the last connection (both engines checkpoint their log into the database then).
/// Every round starts each contender from the same empty table (<see cref="DatabaseTemplate"/>).
/// </remarks>
internal static class OpenTransactionPhases
{
    private const int WarmupRounds = 10;
    private const int MeasuredRounds = 40;
    private const int Phases = 4;

    private static readonly Contender[] s_contenders =
    [
        Contender.SQLite_WAL_Full, Contender.SharpCoreDB_Legacy, Contender.SharpCoreDB_FullSync, Contender.SharpCoreDB_FullSync_Encrypted,
    ];

    private static readonly string[] s_phaseNames = ["open", "inserts", "commit", "close"];

    /// <summary>Runs the rounds and prints and records the medians.</summary>
    public static void Run()
    {
        int warmup = BenchScale.Tiny ? 0 : WarmupRounds;
        int measured = BenchScale.Tiny ? 1 : MeasuredRounds;
        var cycles = new EmptyTableCycle[s_contenders.Length];
        try
        {
            for (int i = 0; i < s_contenders.Length; i++)
            {
                cycles[i] = EmptyTableCycle.Create(s_contenders[i], "open-phases");
            }

            // times[contender][phase][round], in microseconds.
            var times = new double[s_contenders.Length][][];
            for (int i = 0; i < times.Length; i++)
            {
                times[i] = new double[Phases][];
                for (int phase = 0; phase < Phases; phase++)
                {
                    times[i][phase] = new double[measured];
                }
            }

            Span<double> phases = stackalloc double[Phases];
            for (int round = -warmup; round < measured; round++)
            {
                for (int i = 0; i < cycles.Length; i++)
                {
                    EmptyTableCycle cycle = cycles[i];
                    cycle.Restore();
                    Cycle(SqlStore.Opener(cycle.Contender, cycle.Directory, EmptyTableCycle.CacheBytes), cycle.Rows, cycle.Value, phases);
                    for (int phase = 0; round >= 0 && phase < Phases; phase++)
                    {
                        times[i][phase][round] = phases[phase];
                    }
                }
            }

            Report(times, cycles[0].Rows, warmup, measured);
        }
        finally
        {
            foreach (EmptyTableCycle? cycle in cycles)
            {
                cycle?.Dispose();
            }
        }
    }

    // One cycle; phases receives each phase's microseconds.
    private static void Cycle(Func<DbConnection> open, int rows, byte[] value, Span<double> phases)
    {
        long started = Stopwatch.GetTimestamp();
        DbConnection connection = open();
        DbCommand? insert = null;
        DbTransaction? transaction = null;
        try
        {
            long opened = Stopwatch.GetTimestamp();
            insert = connection.CreateCommand();
            insert.CommandText = SqlStoreSession.InsertSql;
            foreach (string name in (ReadOnlySpan<string>)["@id", "@tag", "@score", "@value"])
            {
                BenchmarkRows.AddParameter(insert, name);
            }

            insert.Prepare();
            DbParameterCollection p = insert.Parameters;
            p[3].Value = value;
            transaction = connection.BeginTransaction();
            insert.Transaction = transaction;
            for (long key = 1; key <= rows; key++)
            {
                SqlStoreSession.InsertOne(p, key, insert);
            }

            long inserted = Stopwatch.GetTimestamp();
            transaction.Commit();
            long committed = Stopwatch.GetTimestamp();
            phases[0] = Micros(started, opened);
            phases[1] = Micros(opened, inserted);
            phases[2] = Micros(inserted, committed);
        }
        finally
        {
            long closing = Stopwatch.GetTimestamp();
            insert?.Dispose();
            transaction?.Dispose();
            connection.Dispose();
            phases[3] = Micros(closing, Stopwatch.GetTimestamp());
        }
    }

    private static double Micros(long from, long to) => Stopwatch.GetElapsedTime(from, to).TotalMicroseconds;

    private static void Report(double[][][] times, int rows, int warmup, int measured)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("// * Open + transaction + close, phase by phase (OpenTransactionPhases) *");
        Console.WriteLine(string.Format(c, "{0} rounds after {1} warm-up rounds; each round every contender in turn: cold open, BEGIN, {2} inserts, COMMIT, close; medians in us (ratio to SQLite WAL)", measured, warmup, rows));
        double[] baseline = Medians(times[0]);
        for (int i = 0; i < times.Length; i++)
        {
            double[] medians = Medians(times[i]);
            var line = new System.Text.StringBuilder();
            line.Append(c, $"open-phases {s_contenders[i]}:");
            for (int phase = 0; phase < Phases; phase++)
            {
                line.Append(c, $" {s_phaseNames[phase]} {medians[phase]:F0} us ({medians[phase] / baseline[phase]:F2});");
            }

            line.Append(c, $" total {medians[Phases]:F0} us ({medians[Phases] / baseline[Phases]:F2})");
            RunNotes.Add(line.ToString());
        }
    }

    // The median of each phase, then the median of the rounds' totals.
    private static double[] Medians(double[][] phases)
    {
        var medians = new double[Phases + 1];
        var totals = new double[phases[0].Length];
        for (int phase = 0; phase < Phases; phase++)
        {
            medians[phase] = Median(phases[phase]);
            for (int round = 0; round < totals.Length; round++)
            {
                totals[round] += phases[phase][round];
            }
        }

        medians[Phases] = Median(totals);
        return medians;
    }

    private static double Median(double[] values)
    {
        double[] sorted = [.. values];
        Array.Sort(sorted);
        return sorted[sorted.Length / 2];
    }
}
