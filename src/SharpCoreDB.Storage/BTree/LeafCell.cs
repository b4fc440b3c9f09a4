using System.Runtime.CompilerServices;

namespace SharpCoreDB.Storage.BTree;

/// <summary>A parsed leaf cell: where its parts sit in the page. Offsets are relative to the page start.</summary>
/// <remarks>
/// Not a readonly struct: a cursor's per-row step parses the next cell straight into its own field
/// (<see cref="NodeReader.ReadLeafCell"/>, <see cref="Set"/>). Built in a temporary and copied, the ten 4-byte stores
/// were read back by one 32-byte load, which the CPU cannot forward from the stores and waits for: the single
/// costliest instruction of a filtered table scan.
/// </remarks>
internal struct LeafCell
{
    /// <summary>Replaces every part at once (see the remarks).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Set(int offset, int size, int keyOffset, int keyLength, int keyLocalLength, uint keyOverflowPage, int valueOffset, int valueLength, int valueLocalLength, uint overflowPage)
    {
        Offset = offset;
        Size = size;
        KeyOffset = keyOffset;
        KeyLength = keyLength;
        KeyLocalLength = keyLocalLength;
        KeyOverflowPage = keyOverflowPage;
        ValueOffset = valueOffset;
        ValueLength = valueLength;
        ValueLocalLength = valueLocalLength;
        OverflowPage = overflowPage;
    }

    /// <summary>Where the cell starts.</summary>
    public int Offset { get; private set; }

    /// <summary>The cell size in bytes (without its slot).</summary>
    public int Size { get; private set; }

    /// <summary>Where the key starts.</summary>
    public int KeyOffset { get; private set; }

    /// <summary>The full key length, local or not.</summary>
    public int KeyLength { get; private set; }

    /// <summary>The key bytes held in the page: all of them, or the prefix of an overflowing key.</summary>
    public int KeyLocalLength { get; private set; }

    /// <summary>The first page of the chain holding the key past its local prefix, or 0 when the key is local.</summary>
    public uint KeyOverflowPage { get; private set; }

    /// <summary>Where the value's local bytes start (the whole value when inline, else its prefix, followed by the chain pointer).</summary>
    public int ValueOffset { get; private set; }

    /// <summary>The full value length, inline or not.</summary>
    public int ValueLength { get; private set; }

    /// <summary>The value bytes held in the page: all of them when inline, else the prefix kept before the chain pointer.</summary>
    public int ValueLocalLength { get; private set; }

    /// <summary>The value bytes held by the overflow chain (0 when the value is inline).</summary>
    public readonly int ValueChainLength => ValueLength - ValueLocalLength;

    /// <summary>The first page of the overflow chain holding the value past its local prefix, or 0 when the value is inline.</summary>
    public uint OverflowPage { get; private set; }

    /// <summary>True when the value lives in an overflow chain.</summary>
    public readonly bool IsOverflow => OverflowPage != 0;

    /// <summary>True when the key's tail lives in an overflow chain.</summary>
    public readonly bool IsKeyOverflow => KeyOverflowPage != 0;
}
