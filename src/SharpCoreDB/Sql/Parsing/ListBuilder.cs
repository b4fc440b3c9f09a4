using System.Buffers;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace SharpCoreDB.Sql.Parsing;

/// <summary>
/// Collects the items of an AST list in a pooled scratch array, then copies them once into an exact-size
/// array wrapped as an <see cref="ImmutableArray{T}"/>. A mutable struct: keep it in a local and pass it by ref.
/// </summary>
/// <typeparam name="T">The item type.</typeparam>
internal struct ListBuilder<T>
{
    private const int InitialCapacity = 4;

    private T[]? _items;
    private int _count;

    /// <summary>Number of items added so far.</summary>
    public readonly int Count => _count;

    /// <summary>Appends an item.</summary>
    /// <param name="item">The item.</param>
    public void Add(T item)
    {
        if (_items is null)
        {
            _items = ArrayPool<T>.Shared.Rent(InitialCapacity);
        }
        else if (_count == _items.Length)
        {
            T[] larger = ArrayPool<T>.Shared.Rent(_items.Length * 2);
            _items.AsSpan(0, _count).CopyTo(larger);
            Release(_items);
            _items = larger;
        }

        _items[_count++] = item;
    }

    /// <summary>Returns the items as an immutable array and gives the scratch array back to the pool.</summary>
    /// <returns>The items, in the order added.</returns>
    public ImmutableArray<T> ToImmutableAndClear()
    {
        if (_items is null)
        {
            return [];
        }

        T[] result = _items.AsSpan(0, _count).ToArray();
        Release(_items);
        _items = null;
        _count = 0;
        return ImmutableCollectionsMarshal.AsImmutableArray(result);
    }

    // References left in a pooled array would keep AST nodes alive; clear them on return.
    private static void Release(T[] items) =>
        ArrayPool<T>.Shared.Return(items, clearArray: RuntimeHelpers.IsReferenceOrContainsReferences<T>());
}
