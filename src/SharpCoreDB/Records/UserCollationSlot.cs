namespace SharpCoreDB.Records;

/// <summary>
/// One user collation name on a database: the comparison registered under it now, or none. Plans keep the slot,
/// not the delegate, so replacing or removing the comparison takes effect for every cached plan at once, and a plan
/// that needs a removed one fails with SQLite's "no such collation sequence".
/// </summary>
/// <param name="name">The name as first registered.</param>
internal sealed class UserCollationSlot(string name)
{
    private volatile Func<string, string, int>? _comparison;

    /// <summary>The name.</summary>
    public string Name { get; } = name;

    /// <summary>The collation that compares with this slot.</summary>
    public Collation Collation => field ??= Collation.ForUser(this);

    /// <summary>True while a comparison is registered.</summary>
    public bool IsRegistered => _comparison is not null;

    /// <summary>Registers (or, with null, removes) the comparison.</summary>
    /// <param name="comparison">The comparison, or null.</param>
    public void Set(Func<string, string, int>? comparison) => _comparison = comparison;

    /// <summary>Compares two strings with the registered comparison.</summary>
    /// <param name="left">The first string.</param>
    /// <param name="right">The second string.</param>
    /// <returns>Negative, zero or positive.</returns>
    /// <exception cref="SharpCoreDBException">None is registered, or the comparison threw (the inner exception).</exception>
    public int Compare(string left, string right)
    {
        Func<string, string, int> comparison = _comparison
            ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.Unsupported, $"no such collation sequence: {Name}");
        try
        {
            return comparison(left, right);
        }
        catch (Exception e) when (e is not SharpCoreDBException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Unknown, $"collation {Name} failed: {e.Message}", e);
        }
    }
}
