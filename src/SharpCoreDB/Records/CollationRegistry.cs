using System.Collections.Concurrent;

namespace SharpCoreDB.Records;

/// <summary>
/// The collations one open database knows: the built-ins and the user comparisons its connections registered
/// (<c>CreateCollation</c>), which every connection to the database sees. Names compare case-insensitively.
/// </summary>
internal sealed class CollationRegistry
{
    private readonly ConcurrentDictionary<string, UserCollationSlot> _user = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>Registers, replaces or (with null) removes a user collation.</summary>
    /// <param name="name">The name.</param>
    /// <param name="comparison">The comparison, or null to remove it.</param>
    /// <exception cref="ArgumentException">The name is a built-in collation's.</exception>
    public void Set(string name, Func<string, string, int>? comparison)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        if (Collation.FindBuiltIn(name) is not null)
        {
            // Index keys of the built-ins are encoded in their order: a different comparison under the same name
            // would leave existing indexes in the wrong order.
            throw new ArgumentException($"The built-in collation {name} cannot be replaced.", nameof(name));
        }

        _user.GetOrAdd(name, static n => new UserCollationSlot(n)).Set(comparison);
    }

    /// <summary>The collation with this name now, or null when there is none.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The collation, or null.</returns>
    public Collation? Find(string name)
    {
        if (Collation.FindBuiltIn(name) is { } builtIn)
        {
            return builtIn;
        }

        return _user.TryGetValue(name, out UserCollationSlot? slot) && slot.IsRegistered ? slot.Collation : null;
    }

    /// <summary>
    /// The collation a stored column definition names: a built-in, or the user slot for the name even while no
    /// comparison is registered (using it then fails with "no such collation sequence", as in SQLite).
    /// </summary>
    /// <param name="name">The name.</param>
    /// <returns>The collation.</returns>
    public Collation ForStoredName(string name) =>
        Collation.FindBuiltIn(name) ?? _user.GetOrAdd(name, static n => new UserCollationSlot(n)).Collation;
}
