using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using SharpCoreDB.Benchmarks.Contenders;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>Prints paired rounds (<see cref="PairedRounds"/>) as a markdown table.</summary>
internal static class PairedReport
{
    /// <summary>Prints the table: each contender's mean per operation, each one's ratio to the first, and encrypted ÷ plain.</summary>
    /// <param name="title">What was run.</param>
    /// <param name="setup">The rounds' sizes, one sentence.</param>
    /// <param name="contenders">The contenders, in the results' order; the first is the ratios' baseline.</param>
    /// <param name="results">One result per scenario.</param>
    public static void Print(string title, string setup, Contender[] contenders, IReadOnlyList<PairedResult> results)
    {
        ArgumentNullException.ThrowIfNull(contenders);
        ArgumentNullException.ThrowIfNull(results);
        CultureInfo c = CultureInfo.InvariantCulture;
        int plain = Array.IndexOf(contenders, Contender.SharpCoreDB_FullSync);
        int encrypted = Array.IndexOf(contenders, Contender.SharpCoreDB_FullSync_Encrypted);
        Console.WriteLine();
        Console.WriteLine($"// * {title} *");
        Console.WriteLine(string.Format(c, "{0}, {1} cores, {2}", RuntimeInformation.OSDescription, Environment.ProcessorCount, RuntimeInformation.FrameworkDescription));
        Console.WriteLine(setup);
        Console.WriteLine("Ratios: over the means of all rounds, then the median of the per-round ratios [10th-90th percentile].");
        Console.WriteLine();

        PrintTable(contenders, results, plain, encrypted);
        var cpu = new List<PairedResult>();
        foreach (PairedResult result in results)
        {
            if (result.InCpuTime is { } inCpu)
            {
                cpu.Add(inCpu);
            }
        }

        if (cpu.Count == results.Count && cpu.Count > 0)
        {
            Console.WriteLine();
            Console.WriteLine("The same rounds in the process's CPU time per operation (all threads, user and kernel; the clock's ratios move with the machine's load, these do not; waits such as a disk sync are not in them):");
            Console.WriteLine();
            PrintTable(contenders, cpu, plain, encrypted);
        }
    }

    private static void PrintTable(Contender[] contenders, IReadOnlyList<PairedResult> results, int plain, int encrypted)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        var header = new StringBuilder("| scenario |");
        var rule = new StringBuilder("| --- |");
        foreach (Contender contender in contenders)
        {
            header.Append(c, $" {contender} µs/op |");
            rule.Append(" ---: |");
        }

        for (int k = 1; k < contenders.Length; k++)
        {
            header.Append(c, $" {contenders[k]} ÷ {contenders[0]} |");
            rule.Append(" ---: |");
        }

        if (plain >= 0 && encrypted >= 0)
        {
            header.Append(" encrypted ÷ plain |");
            rule.Append(" ---: |");
        }

        Console.WriteLine(header);
        Console.WriteLine(rule);
        foreach (PairedResult result in results)
        {
            var line = new StringBuilder($"| {result.Scenario} |");
            for (int k = 0; k < contenders.Length; k++)
            {
                line.Append(c, $" {result.Mean(k):F1} |");
            }

            for (int k = 1; k < contenders.Length; k++)
            {
                line.Append(c, $" {Ratio(result, k, 0)} |");
            }

            if (plain >= 0 && encrypted >= 0)
            {
                line.Append(c, $" {Ratio(result, encrypted, plain)} |");
            }

            Console.WriteLine(line);
        }
    }

    /// <summary>The ratio of two contenders' means, then the median and 10th-90th percentile of the per-round ratios.</summary>
    /// <param name="result">The scenario.</param>
    /// <param name="contender">The contender (index).</param>
    /// <param name="baseline">The baseline (index).</param>
    /// <returns>The text of the cell.</returns>
    internal static string Ratio(PairedResult result, int contender, int baseline)
    {
        double[] perRound = result.RoundRatios(contender, baseline);
        return string.Format(
            CultureInfo.InvariantCulture,
            "{0:F2} ({1:F2} [{2:F2}-{3:F2}])",
            result.Mean(contender) / result.Mean(baseline),
            perRound[perRound.Length / 2],
            perRound[perRound.Length / 10],
            perRound[Math.Min(perRound.Length - 1, perRound.Length * 9 / 10)]);
    }
}
