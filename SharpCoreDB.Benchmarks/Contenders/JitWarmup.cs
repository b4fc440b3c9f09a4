using System.Diagnostics;
using System.Runtime;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// Runs every operation of <see cref="IStoreSession"/> on a small scratch database of a contender, once per process and
/// contender, until the runtime stops compiling methods, so the first case a suite measures for a contender meets the
/// same compiled code as the cases after it.
/// </summary>
/// <remarks>
/// The suites run in process, one case after another. Without this, the first case of a managed engine measured
/// while the runtime still compiled and re-compiled (tiered compilation) its code: in a harness doing the crud suite's
/// durable deletes, plain then encrypted in one process, 1,375 methods were compiled during the plain case's 3,000
/// measured deletes and 191 during the encrypted case's after it, and 1,343 against 236 with the order swapped. The
/// crud suite's first SharpCoreDB case is the plain delete, which every published run had slower and noisier than
/// the encrypted one (265 ± 79 against 188 ± 12 µs) with the same log writes. A warm-up iteration of the case itself
/// is too short for that: tier-up waits until no new method has been compiled for 100 ms, then counts calls, then
/// compiles in the background.
/// </remarks>
internal static class JitWarmup
{
    private const int Records = 2_000;
    private const int ValueLength = 100;
    private const int Seed = 7;

    // The warm-up ends once this long of work compiled no method, or after the cap.
    private static readonly TimeSpan Quiet = TimeSpan.FromMilliseconds(500);
    private static readonly TimeSpan Cap = TimeSpan.FromSeconds(30);

    private static readonly HashSet<Contender> s_warmed = [];
    private static readonly Lock s_lock = new();

    /// <summary>Warms <paramref name="contender"/> up unless this process already did.</summary>
    /// <param name="contender">The contender.</param>
    /// <param name="cacheBytes">The page cache its cases use.</param>
    /// <returns>True when this call ran the warm-up; false when the process had done it already.</returns>
    public static bool Ensure(Contender contender, long cacheBytes)
    {
        lock (s_lock)
        {
            if (!s_warmed.Add(contender))
            {
                return false;
            }

            using BenchmarkDirectory directory = BenchmarkDirectory.Create($"jit-warmup-{contender}".ToLowerInvariant());
            using (ContenderStore store = ContenderStore.Open(contender, directory, cacheBytes))
            {
                store.Load(Records, ValueLength, Seed);
                RunUntilQuiet(store.Main);
            }

            return true;
        }
    }

    private static void RunUntilQuiet(IStoreSession session)
    {
        byte[] value = KvSchema.Value(ValueLength, Seed);
        long[] keys = [1, 2, 3, 4];
        var total = Stopwatch.StartNew();
        var quiet = Stopwatch.StartNew();
        long compiled = JitInfo.GetCompiledMethodCount();
        long version = 0;
        for (long round = 0; quiet.Elapsed < Quiet && total.Elapsed < Cap; round++)
        {
            long key = 1 + (round % Records);
            session.Read(key);
            session.ReadByTag(KvSchema.TagOf(key));
            session.Range(key, 100);
            KvSchema.Stamp(value, ref version);
            session.Update(key, value);
            session.Delete(key);
            session.InsertBatch(key, 1, value);
            if (round % 16 == 0)
            {
                session.ScanWhereScore((int)(round % KvSchema.Scores));
                session.ReadOnlyTransaction(keys);
                long first = Records + 1 + (round * 10);
                session.InsertBatch(first, 10, value);
            }

            long now = JitInfo.GetCompiledMethodCount();
            if (now != compiled)
            {
                compiled = now;
                quiet.Restart();
            }
        }
    }
}
