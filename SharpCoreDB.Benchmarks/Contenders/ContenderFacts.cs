namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>What each <see cref="Contender"/> is made of, for the stores and for the summaries.</summary>
public static class ContenderFacts
{
    /// <summary>The contender every ratio is taken against.</summary>
    public const Contender Baseline = Contender.SQLite_WAL_Full;

    /// <summary>True for the SQLite contenders.</summary>
    /// <param name="contender">The contender.</param>
    /// <returns>Whether it is SQLite.</returns>
    public static bool IsSqlite(Contender contender) =>
        contender is Contender.SQLite_WAL_Full or Contender.SQLite_Rollback or Contender.SQLite_Memory;

    /// <summary>True for the LiteDB contenders.</summary>
    /// <param name="contender">The contender.</param>
    /// <returns>Whether it is LiteDB.</returns>
    public static bool IsLiteDb(Contender contender) => contender is Contender.LiteDB or Contender.LiteDB_Encrypted;

    /// <summary>True for the SharpCoreDB contenders.</summary>
    /// <param name="contender">The contender.</param>
    /// <returns>Whether it is SharpCoreDB.</returns>
    public static bool IsSharpCoreDB(Contender contender) => !IsSqlite(contender) && !IsLiteDb(contender);

    /// <summary>True for the contenders whose files are encrypted.</summary>
    /// <param name="contender">The contender.</param>
    /// <returns>Whether it encrypts.</returns>
    public static bool IsEncrypted(Contender contender) =>
        contender is Contender.SharpCoreDB_Legacy_Encrypted or Contender.SharpCoreDB_FullSync_Encrypted
            or Contender.SharpCoreDB_Async_Encrypted or Contender.LiteDB_Encrypted;
}
