namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>One call a file device made that changes what the disk may hold.</summary>
/// <param name="Kind">What it did.</param>
/// <param name="Path">The file (for a directory sync: the directory).</param>
/// <param name="Offset">A write's offset, or the new length of a resize.</param>
/// <param name="Data">A write's bytes (a private copy); null otherwise.</param>
internal sealed record FileCall(FileCallKind Kind, string Path, long Offset, byte[]? Data);
