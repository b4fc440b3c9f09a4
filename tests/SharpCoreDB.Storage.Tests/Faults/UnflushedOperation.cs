namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>A write (with a private copy of its bytes) or a resize that no successful flush has covered yet.</summary>
/// <param name="Offset">The write's offset, or the resize's new length.</param>
/// <param name="Data">The bytes written; null for a resize.</param>
internal sealed record UnflushedOperation(long Offset, byte[]? Data)
{
    /// <summary>True for a resize.</summary>
    public bool IsResize => Data is null;
}
