using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Wal.Recovery;

/// <summary>The database a log must belong to, as <see cref="WalRecovery.Scan"/> checks it.</summary>
/// <param name="DatabaseName">The database file's name, for messages that name both files.</param>
/// <param name="DatabaseId">The database id from the database header.</param>
/// <param name="PageSize">The database page size.</param>
/// <param name="Authenticator">The authenticator of an encrypted database (header and frame MACs are checked), or null.</param>
internal sealed record WalScanExpectation(string DatabaseName, byte[] DatabaseId, int PageSize, Authenticator? Authenticator);
