namespace SharpCoreDB.Execution.Triggers;

/// <summary>
/// Thrown by <c>RAISE(IGNORE)</c> and caught by the <see cref="TriggerSet"/> that fired the trigger: the row that
/// fired it is skipped and the statement goes on with the next. Never escapes a statement.
/// </summary>
internal sealed class TriggerIgnored : Exception
{
    private TriggerIgnored()
        : base("RAISE(IGNORE)")
    {
    }

    /// <summary>The one instance (it carries nothing, so none is allocated per row).</summary>
    public static TriggerIgnored Instance { get; } = new();
}
