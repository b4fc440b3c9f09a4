namespace SharpCoreDB.SqlLogicTest;

/// <summary>The outcome of one record, with what went wrong and the rendered result when it failed.</summary>
/// <param name="Kind">What it came to.</param>
/// <param name="Reason">For a failure: why.</param>
/// <param name="Actual">For a failed query: the rendered, sorted result (or its hash line).</param>
internal readonly record struct RecordOutcome(OutcomeKind Kind, string? Reason = null, IReadOnlyList<string>? Actual = null)
{
    /// <summary>A pass.</summary>
    public static RecordOutcome Pass => new(OutcomeKind.Passed);

    /// <summary>A skip.</summary>
    public static RecordOutcome Skip => new(OutcomeKind.Skipped);

    /// <summary>A failure.</summary>
    /// <param name="reason">Why.</param>
    /// <param name="actual">The actual result, if any.</param>
    /// <returns>The outcome.</returns>
    public static RecordOutcome Fail(string reason, IReadOnlyList<string>? actual = null) => new(OutcomeKind.Failed, reason, actual);
}
