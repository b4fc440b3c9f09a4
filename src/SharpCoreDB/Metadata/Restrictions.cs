namespace SharpCoreDB.Metadata;

/// <summary>
/// The restriction values of a GetSchema call: each one given (not null) must equal the row's value, names compared
/// case-insensitively as SQLite compares them. The schema restriction (second) matches nothing but null, since a
/// SharpCoreDB database has no schemas inside its catalog.
/// </summary>
/// <param name="values">The values in restriction order.</param>
internal readonly struct Restrictions(string?[] values)
{
    private readonly string?[] _values = values;

    /// <summary>True when restriction <paramref name="index"/> is absent or equals <paramref name="value"/>.</summary>
    /// <param name="index">The restriction's position (0 = catalog).</param>
    /// <param name="value">The row's value.</param>
    /// <returns>Whether the row passes.</returns>
    public bool Match(int index, string? value) =>
        index >= _values.Length || _values[index] is null || (value is not null && value.Equals(_values[index], StringComparison.OrdinalIgnoreCase));

    /// <summary>True when the catalog and schema restrictions (the first two) admit an object of <paramref name="catalog"/>.</summary>
    /// <param name="catalog">The object's catalog (main or temp).</param>
    /// <returns>Whether objects of that catalog pass.</returns>
    public bool MatchCatalog(string catalog) => Match(0, catalog) && Match(1, null);
}
