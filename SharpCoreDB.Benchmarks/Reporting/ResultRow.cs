namespace SharpCoreDB.Benchmarks.Reporting;

/// <summary>One benchmark case's figures, as the summary shows them.</summary>
/// <param name="Suite">The benchmark class.</param>
/// <param name="Method">The benchmark method.</param>
/// <param name="Scenario">What was measured: the method, then the parameters other than the contender.</param>
/// <param name="Contender">The <c>Contender</c> parameter, or (in classes with one method per engine) the method.</param>
/// <param name="Parameters">The case's parameters by name (values as BenchmarkDotNet prints them).</param>
/// <param name="MeanNanoseconds">Mean time per operation.</param>
/// <param name="ErrorNanoseconds">Half the 99.9 % confidence interval of the mean (BenchmarkDotNet's Error column).</param>
/// <param name="AllocatedBytes">Bytes allocated per operation, when measured.</param>
/// <param name="IsBaseline">True for the case every ratio in its scenario is taken against.</param>
internal sealed record ResultRow(
    string Suite,
    string Method,
    string Scenario,
    string Contender,
    IReadOnlyDictionary<string, string> Parameters,
    double MeanNanoseconds,
    double ErrorNanoseconds,
    long? AllocatedBytes,
    bool IsBaseline);
