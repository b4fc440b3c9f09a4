namespace SharpCoreDB.Binding;

/// <summary>The bound trigger programs a change fires, before and after (or instead of) each row.</summary>
/// <param name="Before">The BEFORE (and INSTEAD OF) programs, in firing order.</param>
/// <param name="After">The AFTER programs, in firing order.</param>
internal sealed record BoundTriggerSet(BoundTriggerAction[] Before, BoundTriggerAction[] After);
