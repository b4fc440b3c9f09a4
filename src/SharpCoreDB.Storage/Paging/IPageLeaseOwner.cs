namespace SharpCoreDB.Storage.Paging;

/// <summary>Whoever handed out a <see cref="PageLease"/> and must learn when it is given back (to unpin a cache slot).</summary>
public interface IPageLeaseOwner
{
    /// <summary>Releases the lease identified by <paramref name="token"/>.</summary>
    void Release(int token);
}
