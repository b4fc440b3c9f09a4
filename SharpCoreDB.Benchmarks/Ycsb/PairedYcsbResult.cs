namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>One workload's paired rounds: microseconds per operation for each contender (in <see cref="PairedYcsbRun.Contenders"/> order) and round.</summary>
/// <param name="Workload">The workload.</param>
/// <param name="Micros">Per contender, per measured round: microseconds per operation.</param>
internal sealed record PairedYcsbResult(YcsbWorkload Workload, double[][] Micros)
{
    /// <summary>A contender's mean over all rounds, microseconds per operation.</summary>
    /// <param name="contender">Index into <see cref="PairedYcsbRun.Contenders"/>.</param>
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
