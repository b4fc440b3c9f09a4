namespace SharpCoreDB.Storage.BTree;

/// <summary>Where <see cref="BTreeCursor.Seek"/> lands relative to the key it is given.</summary>
internal enum BTreeSeek
{
    /// <summary>The first key ≥ the given key (start of an ascending range scan).</summary>
    GreaterOrEqual,

    /// <summary>The first key &gt; the given key.</summary>
    Greater,

    /// <summary>The last key ≤ the given key (start of a descending range scan).</summary>
    LessOrEqual,

    /// <summary>The last key &lt; the given key.</summary>
    Less,
}
