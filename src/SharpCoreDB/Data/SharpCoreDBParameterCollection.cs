using System.Collections;
using System.Data.Common;

namespace SharpCoreDB;

/// <summary>The parameters of a <c>SharpCoreDBCommand</c>. Lookups by name ignore the prefix and case.</summary>
public sealed class SharpCoreDBParameterCollection : DbParameterCollection, IReadOnlyList<SharpCoreDBParameter>
{
    private readonly List<SharpCoreDBParameter> _items = [];

    internal SharpCoreDBParameterCollection()
    {
    }

    /// <inheritdoc />
    public override int Count => _items.Count;

    /// <inheritdoc />
    public override object SyncRoot => ((ICollection)_items).SyncRoot;

    /// <summary>Gets or sets the parameter at <paramref name="index"/>.</summary>
    public new SharpCoreDBParameter this[int index]
    {
        get => _items[index];
        set => _items[index] = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>Gets or sets the parameter named <paramref name="parameterName"/>.</summary>
    public new SharpCoreDBParameter this[string parameterName]
    {
        get => _items[IndexOfRequired(parameterName)];
        set => _items[IndexOfRequired(parameterName)] = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>Adds a parameter with a name and a value.</summary>
    /// <param name="parameterName">The name, with or without its prefix.</param>
    /// <param name="value">The value.</param>
    /// <returns>The new parameter.</returns>
    public SharpCoreDBParameter AddWithValue(string parameterName, object? value)
    {
        var parameter = new SharpCoreDBParameter(parameterName, value);
        _items.Add(parameter);
        return parameter;
    }

    /// <inheritdoc />
    public override int Add(object value)
    {
        _items.Add(Cast(value));
        return _items.Count - 1;
    }

    /// <inheritdoc />
    public override void AddRange(Array values)
    {
        ArgumentNullException.ThrowIfNull(values);
        foreach (var value in values)
        {
            _items.Add(Cast(value));
        }
    }

    /// <inheritdoc />
    public override void Clear() => _items.Clear();

    /// <inheritdoc />
    public override bool Contains(object value) => value is SharpCoreDBParameter p && _items.Contains(p);

    /// <inheritdoc />
    public override bool Contains(string value) => IndexOf(value) >= 0;

    /// <inheritdoc />
    public override void CopyTo(Array array, int index) => ((ICollection)_items).CopyTo(array, index);

    /// <inheritdoc />
    public override IEnumerator GetEnumerator() => _items.GetEnumerator();

    /// <inheritdoc />
    IEnumerator<SharpCoreDBParameter> IEnumerable<SharpCoreDBParameter>.GetEnumerator() => _items.GetEnumerator();

    /// <inheritdoc />
    SharpCoreDBParameter IReadOnlyList<SharpCoreDBParameter>.this[int index] => _items[index];

    /// <inheritdoc />
    public override int IndexOf(object value) => value is SharpCoreDBParameter p ? _items.IndexOf(p) : -1;

    /// <inheritdoc />
    public override int IndexOf(string parameterName)
    {
        ArgumentNullException.ThrowIfNull(parameterName);
        var name = SharpCoreDBParameter.NormalizeName(parameterName);
        // Exact (ordinal) match first, so "Id" and "id" can coexist; then case-insensitive like SQL names.
        for (var i = 0; i < _items.Count; i++)
        {
            if (string.Equals(_items[i].NormalizedName, name, StringComparison.Ordinal))
            {
                return i;
            }
        }

        for (var i = 0; i < _items.Count; i++)
        {
            if (string.Equals(_items[i].NormalizedName, name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        return -1;
    }

    /// <inheritdoc />
    public override void Insert(int index, object value) => _items.Insert(index, Cast(value));

    /// <inheritdoc />
    public override void Remove(object value) => _items.Remove(Cast(value));

    /// <inheritdoc />
    public override void RemoveAt(int index) => _items.RemoveAt(index);

    /// <inheritdoc />
    public override void RemoveAt(string parameterName) => _items.RemoveAt(IndexOfRequired(parameterName));

    /// <inheritdoc />
    protected override DbParameter GetParameter(int index) => _items[index];

    /// <inheritdoc />
    protected override DbParameter GetParameter(string parameterName) => _items[IndexOfRequired(parameterName)];

    /// <inheritdoc />
    protected override void SetParameter(int index, DbParameter value) => _items[index] = Cast(value);

    /// <inheritdoc />
    protected override void SetParameter(string parameterName, DbParameter value) =>
        _items[IndexOfRequired(parameterName)] = Cast(value);

    private int IndexOfRequired(string parameterName)
    {
        var index = IndexOf(parameterName);
        if (index < 0)
        {
            // IndexOutOfRangeException is DbParameterCollection's documented contract (and what Microsoft.Data.Sqlite
            // and SqlClient throw).
#pragma warning disable CA2201
            throw new IndexOutOfRangeException($"No parameter named '{parameterName}' in the collection.");
#pragma warning restore CA2201
        }

        return index;
    }

    private static SharpCoreDBParameter Cast(object? value) => value switch
    {
        SharpCoreDBParameter p => p,
        null => throw new ArgumentNullException(nameof(value)),
        _ => throw new InvalidCastException(
            $"SharpCoreDBParameterCollection holds SharpCoreDBParameter objects, not {value.GetType().Name}."),
    };
}
