namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>The kinds of <see cref="FileCall"/>.</summary>
internal enum FileCallKind
{
    Created,
    DirectorySynced,
    Written,
    LengthSet,
    DataSynced,
}
