namespace SharpCoreDB;

/// <summary>
/// The names SharpCoreDB publishes telemetry under, and what goes into it. Spans: one per command from the
/// <see cref="System.Diagnostics.ActivitySource"/> named <see cref="ActivitySourceName"/>, with OpenTelemetry's database
/// attributes. Metrics: the <see cref="System.Diagnostics.Metrics.Meter"/> named <see cref="MeterName"/> (commits,
/// group-commit sizes, log sync latency, checkpoints, log size, page-cache hits and misses, open databases).
/// docs/DIAGNOSTICS.md lists every span attribute and instrument.
/// </summary>
public static class SharpCoreDBDiagnostics
{
    /// <summary>The name of the activity source; subscribe with <c>AddSource("SharpCoreDB")</c>.</summary>
    public const string ActivitySourceName = "SharpCoreDB";

    /// <summary>The name of the meter; subscribe with <c>AddMeter("SharpCoreDB")</c>.</summary>
    public const string MeterName = "SharpCoreDB";

    private static volatile bool s_includeQueryText;

    /// <summary>
    /// True to record each command's SQL text as <c>db.query.text</c> on its span. Off by default: SQL can carry
    /// literal values an application does not want in its traces (parameters are never recorded).
    /// </summary>
    public static bool IncludeQueryText
    {
        get => s_includeQueryText;
        set => s_includeQueryText = value;
    }
}
