namespace SharpCoreDB.Benchmarks.Suites;

/// <summary>One suite the command line can pick: its flag, a one-line description, and what it runs.</summary>
/// <param name="Flag">The command-line flag, such as <c>--crud</c>.</param>
/// <param name="Description">One line for <c>--list</c> and <c>--help</c>.</param>
/// <param name="Filters">BenchmarkDotNet <c>--filter</c> globs over full benchmark names (namespace.class.method).</param>
/// <param name="After">What runs after the suite's benchmarks, outside BenchmarkDotNet (null for nothing).</param>
internal sealed record BenchmarkSuite(string Flag, string Description, string[] Filters, Action? After = null);
