namespace SharpCoreDB.Benchmarks.Support;

/// <summary>One scenario's paired rounds: microseconds per operation for each contender and measured round.</summary>
/// <param name="Scenario">The scenario's name (a workload, a benchmark method).</param>
/// <param name="Micros">Per contender (in the run's contender order), per measured round: microseconds per operation.</param>
/// <param name="CpuMicros">The same in the process's CPU time (see <see cref="PairedRounds.Measure(Func{int}[], Action?[], int, int, int, out double[][])"/>), or null when not measured.</param>
internal sealed record PairedResult(string Scenario, double[][] Micros, double[][]? CpuMicros = null)
{
    /// <summary>The rounds in CPU time, as a result of their own; null when not measured.</summary>
    public PairedResult? InCpuTime => CpuMicros is null ? null : new PairedResult(Scenario, CpuMicros);

    /// <summary>A contender's mean over all rounds, microseconds per operation.</summary>
    /// <param name="contender">The contender's index.</param>
    /// <returns>The mean.</returns>
    public double Mean(int contender) => Micros[contender].Average();

    /// <summary>The per-round ratios of one contender's time to another's, sorted.</summary>
    /// <param name="contender">The contender (index).</param>
    /// <param name="baseline">The baseline (index).</param>
    /// <returns>The sorted ratios, one per round.</returns>
    public double[] RoundRatios(int contender, int baseline)
    {
        var ratios = new double[Micros[contender].Length];
        for (int round = 0; round < ratios.Length; round++)
        {
            ratios[round] = Micros[contender][round] / Micros[baseline][round];
        }

        Array.Sort(ratios);
        return ratios;
    }
}
