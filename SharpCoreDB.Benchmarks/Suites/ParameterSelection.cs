using System.Globalization;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace SharpCoreDB.Benchmarks.Suites;

/// <summary>
/// Picks cases by the value of one integer parameter, such as <c>--threads 16,50</c> or <c>--batch 1</c>:
/// BenchmarkDotNet's <c>--filter</c> globs match class and method names only, never parameter values, so the part of a
/// class's parameter grid that a run needs (the scaling curve of one batch size, say) is chosen here. A case without
/// the parameter does not match: asking for 50 threads leaves out the benchmarks that have no thread count.
/// </summary>
internal sealed class ParameterSelection
{
    private readonly int[] _values;

    private ParameterSelection(string parameter, int[] values)
    {
        Parameter = parameter;
        _values = values;
    }

    /// <summary>The parameter's name, as the benchmark classes spell it (<c>Threads</c>, <c>Batch</c>).</summary>
    public string Parameter { get; }

    /// <summary>
    /// Parses a comma-separated list of positive integers, such as <c>1,16,50</c>.
    /// </summary>
    /// <param name="parameter">The parameter the values are for.</param>
    /// <param name="list">The list from the command line.</param>
    /// <param name="selection">The selection, when the list parses.</param>
    /// <param name="error">What is wrong with the list, when it does not.</param>
    /// <returns>True when the list parses.</returns>
    public static bool TryParse(string parameter, string list, out ParameterSelection? selection, out string? error)
    {
        var values = new List<int>();
        foreach (string part in list.Split(',', StringSplitOptions.TrimEntries))
        {
            if (!int.TryParse(part, NumberStyles.None, CultureInfo.InvariantCulture, out int value) || value <= 0)
            {
                selection = null;
                error = $"'{part}' in '{list}' is not a positive whole number (the {parameter} values are a comma-separated list such as 1,16,50).";
                return false;
            }

            values.Add(value);
        }

        selection = new ParameterSelection(parameter, [.. values]);
        error = null;
        return true;
    }

    /// <summary>True when <paramref name="benchmark"/> has the parameter and its value is one of the selected.</summary>
    /// <param name="benchmark">A case BenchmarkDotNet is about to run.</param>
    /// <returns>Whether the case runs.</returns>
    public bool Matches(BenchmarkCase benchmark)
    {
        foreach (var item in benchmark.Parameters.Items)
        {
            if (item.Name == Parameter)
            {
                return item.Value is int value && Array.IndexOf(_values, value) >= 0;
            }
        }

        return false;
    }

    /// <summary>The selection as a BenchmarkDotNet filter.</summary>
    /// <returns>The filter.</returns>
    public SimpleFilter ToFilter() => new(Matches);

    /// <summary>The selection for the run's summary, such as <c>Threads = 16, 50</c>.</summary>
    /// <returns>The description.</returns>
    public override string ToString() =>
        $"{Parameter} = {string.Join(", ", Array.ConvertAll(_values, v => v.ToString(CultureInfo.InvariantCulture)))}";
}
