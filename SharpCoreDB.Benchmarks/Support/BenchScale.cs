namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// Shrinks the workload suites for checking that they work (<c>--tiny</c>, the rot test): record counts and work
/// per invocation get small. A tiny run's figures are not per-operation figures and are not to be compared.
/// </summary>
public static class BenchScale
{
    /// <summary>The environment variable that turns tiny mode on (<c>1</c>), for benchmark processes started by BenchmarkDotNet.</summary>
    public const string TinyVariable = "SHARPCOREDB_BENCH_TINY";

    private const int TinyRecords = 300;

    /// <summary>True when the suites run with tiny parameters.</summary>
    public static bool Tiny { get; set; } = Environment.GetEnvironmentVariable(TinyVariable) == "1";

    /// <summary>The record count to load: <paramref name="full"/>, or a few hundred in tiny mode.</summary>
    /// <param name="full">The record count of a real run.</param>
    /// <returns>The record count.</returns>
    public static int Records(int full) => Tiny ? Math.Min(full, TinyRecords) : full;

    /// <summary>
    /// Operations per invocation: <paramref name="full"/> (the benchmark's <c>OperationsPerInvoke</c>), or one per thread in tiny mode.
    /// </summary>
    /// <param name="full">The operations of a real invocation.</param>
    /// <param name="threads">The client threads (the result is a multiple of it).</param>
    /// <returns>The operation count.</returns>
    public static int Operations(int full, int threads) => Tiny ? threads : full;
}
