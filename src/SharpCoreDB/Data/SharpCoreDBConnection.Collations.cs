using SharpCoreDB.Engine;

namespace SharpCoreDB;

/// <content>User-defined collations (<c>CreateCollation</c>), as Microsoft.Data.Sqlite offers them.</content>
public sealed partial class SharpCoreDBConnection
{
    // Every collation this connection created, registered again on the database at each Open (Microsoft.Data.Sqlite
    // keeps a connection's collations across Close and Open too).
    private Dictionary<string, Func<string, string, int>?>? _pendingCollations;

    /// <summary>
    /// Creates, replaces or (with a null <paramref name="comparison"/>) removes a collation usable in <c>COLLATE</c>
    /// clauses, column definitions, <c>ORDER BY</c> and index keys (<c>CREATE INDEX</c>, <c>UNIQUE</c>,
    /// <c>PRIMARY KEY</c>). It belongs to the open database: every connection to the same database sees it until it
    /// is removed or the database closes. Built-in names (BINARY, NOCASE, RTRIM) cannot be replaced. An index on a
    /// user collation is ordered by it: the comparison must be the same every time the database is opened, and must
    /// be registered before any statement uses such an index.
    /// </summary>
    /// <param name="name">The collation name (case-insensitive).</param>
    /// <param name="comparison">Compares two strings: negative, zero or positive; null removes the collation.</param>
    /// <exception cref="ArgumentException"><paramref name="name"/> is empty or a built-in collation's.</exception>
    /// <remarks>
    /// An exception thrown by <paramref name="comparison"/> ends the statement with a <see cref="SharpCoreDBException"/>
    /// whose <see cref="Exception.InnerException"/> is the original one.
    /// </remarks>
    public void CreateCollation(string name, Comparison<string>? comparison) =>
        SetCollation(name, comparison is null ? null : (x, y) => comparison(x, y));

    /// <summary>Creates, replaces or removes a collation that also receives a state object.</summary>
    /// <typeparam name="T">The state's type.</typeparam>
    /// <param name="name">The collation name (case-insensitive).</param>
    /// <param name="state">The state passed to every call.</param>
    /// <param name="comparison">Compares two strings given the state; null removes the collation.</param>
    /// <exception cref="ArgumentException"><paramref name="name"/> is empty or a built-in collation's.</exception>
    public void CreateCollation<T>(string name, T state, Func<T, string, string, int>? comparison) =>
        SetCollation(name, comparison is null ? null : (x, y) => comparison(state, x, y));

    private void SetCollation(string name, Func<string, string, int>? comparison)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);

        // Check the name now, so a built-in's is refused where it is written, not at Open.
        if (Records.Collation.FindBuiltIn(name) is not null)
        {
            throw new ArgumentException($"The built-in collation {name} cannot be replaced.", nameof(name));
        }

        _database?.Collations.Set(name, comparison);
        _pendingCollations ??= new Dictionary<string, Func<string, string, int>?>(StringComparer.OrdinalIgnoreCase);
        _pendingCollations[name] = comparison;
    }

    private void RegisterPendingCollations(Database database)
    {
        if (_pendingCollations is null)
        {
            return;
        }

        foreach ((string name, Func<string, string, int>? comparison) in _pendingCollations)
        {
            database.Collations.Set(name, comparison);
        }
    }
}
