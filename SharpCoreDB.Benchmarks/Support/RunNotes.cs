using System.Collections.Concurrent;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// Facts a benchmark observes that BenchmarkDotNet's summary has no column for (such as the fsyncs of the read-only
/// suite): printed when recorded and added to the run's markdown summary. The suites run in process, so the
/// summary writer sees what the benchmarks recorded.
/// </summary>
public static class RunNotes
{
    private static readonly ConcurrentQueue<string> s_notes = new();

    /// <summary>Everything recorded so far, in order.</summary>
    public static IReadOnlyCollection<string> All => s_notes;

    /// <summary>Records and prints a note.</summary>
    /// <param name="note">The note (one markdown line).</param>
    public static void Add(string note)
    {
        s_notes.Enqueue(note);
        Console.WriteLine($"// {note}");
    }
}
