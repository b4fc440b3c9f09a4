namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>Which ADO.NET provider a conformance test runs on: ours, or Microsoft.Data.Sqlite as the oracle.</summary>
public enum Provider
{
    /// <summary>SharpCoreDB's provider, the one under test.</summary>
    SharpCoreDB,

    /// <summary>Microsoft.Data.Sqlite: the same test body passing on it shows the expectation is real ADO.NET behaviour.</summary>
    Sqlite,
}
