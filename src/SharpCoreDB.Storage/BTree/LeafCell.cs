namespace SharpCoreDB.Storage.BTree;

/// <summary>A parsed leaf cell: where its parts sit in the page. Offsets are relative to the page start.</summary>
internal readonly struct LeafCell
{
    /// <summary>Creates a parsed cell.</summary>
    public LeafCell(int offset, int size, int keyOffset, int keyLength, int keyLocalLength, uint keyOverflowPage, int valueOffset, int valueLength, int valueLocalLength, uint overflowPage)
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
    public int Offset { get; }

    /// <summary>The cell size in bytes (without its slot).</summary>
    public int Size { get; }

    /// <summary>Where the key starts.</summary>
    public int KeyOffset { get; }

    /// <summary>The full key length, local or not.</summary>
    public int KeyLength { get; }

    /// <summary>The key bytes held in the page: all of them, or the prefix of an overflowing key.</summary>
    public int KeyLocalLength { get; }

    /// <summary>The first page of the chain holding the key past its local prefix, or 0 when the key is local.</summary>
    public uint KeyOverflowPage { get; }

    /// <summary>Where the value's local bytes start (the whole value when inline, else its prefix, followed by the chain pointer).</summary>
    public int ValueOffset { get; }

    /// <summary>The full value length, inline or not.</summary>
    public int ValueLength { get; }

    /// <summary>The value bytes held in the page: all of them when inline, else the prefix kept before the chain pointer.</summary>
    public int ValueLocalLength { get; }

    /// <summary>The value bytes held by the overflow chain (0 when the value is inline).</summary>
    public int ValueChainLength => ValueLength - ValueLocalLength;

    /// <summary>The first page of the overflow chain holding the value past its local prefix, or 0 when the value is inline.</summary>
    public uint OverflowPage { get; }

    /// <summary>True when the value lives in an overflow chain.</summary>
    public bool IsOverflow => OverflowPage != 0;

    /// <summary>True when the key's tail lives in an overflow chain.</summary>
    public bool IsKeyOverflow => KeyOverflowPage != 0;
}
