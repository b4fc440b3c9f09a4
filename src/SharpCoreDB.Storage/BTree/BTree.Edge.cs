using System.Diagnostics;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.BTree;

/// <content>
/// The last key and the remembered right edge. A table that numbers its rows asks for its largest row id and then
/// inserts the next one, one descent after the other down the same right edge; remembering the last leaf from the
/// first lets the insert skip the second (SQLite's append hint does the same for new row ids).
/// </content>
/// <remarks>
/// Two stamps guard the edge. While no page of the transaction changed (<see cref="IPageTransaction.ChangeStamp"/>)
/// the remembered last key and cell count still hold, and an append reads no page to find its place. When pages
/// changed but none was allocated or freed (<see cref="IPageTransaction.ShapeStamp"/>: no split or merge anywhere),
/// the leaf still ends the tree and only its cells may differ, so one comparison with its last key places the key.
/// The second case is the usual one in a transaction that inserts rows into a table with an index or a foreign key:
/// every row changes an index leaf between two appends to the table.
/// </remarks>
internal sealed partial class BTree
{
    // Longer last keys are not remembered: row ids take 8 bytes, and the edge is for them.
    private const int EdgeKeyCapacity = 16;

    private EdgeKey _edgeKey;
    private int _edgeKeyLength;
    private int _edgeCount;
    private uint _edgeLeaf;
    private long _edgeStamp;
    private long _edgeShape;

    // Set once this transaction's first put past nothing remembered found that the carried last leaf did not take its
    // key: a tree whose puts are not appends (an index, a rewrite of existing rows) pays that leaf's read once, not per put.
    private bool _carriedMissed;

    /// <summary>
    /// Copies the largest key into <paramref name="destination"/> (as much of it as fits) and returns its full length,
    /// or -1 when the tree is empty. Allocates nothing.
    /// </summary>
    /// <remarks>
    /// The tree remembers the last leaf it found, so an insert of a larger key, made before any page of the transaction
    /// changes (<see cref="IPageTransaction.ChangeStamp"/>), goes straight to that leaf without descending again.
    /// </remarks>
    /// <param name="destination">Receives the key's first bytes.</param>
    /// <returns>The key's length in bytes, or -1 for an empty tree.</returns>
    /// <exception cref="SharpCoreDBException">Corrupt when a page on the way is damaged.</exception>
    public int CopyLastKey(Span<byte> destination)
    {
        CheckNotDropped();

        // A last leaf carried over from the previous transaction is still the last one (no allocation or free since):
        // start there, and fall back to the root if what it holds says otherwise.
        uint carried = _tx.CarriedLastLeaf(_root);
        uint page = carried != 0 ? carried : _root;
        for (int level = 0; ; level++)
        {
            CheckDepth(level, page);
            using PageLease lease = _tx.Read(page);
            var node = new NodeReader(lease.Data, page);
            if (page == carried && (!node.IsLeaf || (node.Count == 0 && page != _root)))
            {
                Debug.Assert(false, $"The carried last leaf {page} is not a leaf ending the tree under an unchanged shape.");
                carried = 0;
                page = _root;
                level = -1;
                continue;
            }

            if (!node.IsLeaf)
            {
                page = node.Child(node.Count);
                continue;
            }

            if (node.Count == 0)
            {
                if (level > 0 && page != carried)
                {
                    BTreeCorruption.Throw(page, "an empty leaf below the root");
                }

                RememberEdge(page, 0, default);
                return -1;
            }

            ReadOnlySpan<byte> key = node.LocalKey(node.Count - 1, out int keyLength, out uint chain);
            if (chain == 0)
            {
                RememberEdge(page, node.Count, key);
            }
            else
            {
                _tx.NoteLastLeaf(_root, page);
                _edgeLeaf = 0;
            }

            CopyKey(key, keyLength, chain, destination[..Math.Min(keyLength, destination.Length)], page);
            return keyLength;
        }
    }

    /// <summary>Remembers that <paramref name="leaf"/>, holding <paramref name="count"/> cells, ends the tree with <paramref name="lastKey"/>.</summary>
    private void RememberEdge(uint leaf, int count, ReadOnlySpan<byte> lastKey)
    {
        if (leaf != _edgeLeaf || _edgeShape != _tx.ShapeStamp)
        {
            // The next transaction may start from this leaf (IPageTransaction.CarriedLastLeaf); an append to the same
            // leaf under the same shape has nothing new to say.
            _tx.NoteLastLeaf(_root, leaf);
        }

        if (lastKey.Length > EdgeKeyCapacity)
        {
            _edgeLeaf = 0;
            return;
        }

        lastKey.CopyTo(_edgeKey);
        _edgeKeyLength = lastKey.Length;
        _edgeCount = count;
        _edgeLeaf = leaf;
        _edgeStamp = _tx.ChangeStamp;
        _edgeShape = _tx.ShapeStamp;
    }

    /// <summary>
    /// True when <paramref name="key"/> sorts after the last key of the tree as found at the remembered last leaf: the
    /// key is then not in the tree and belongs at the end of <paramref name="leaf"/>, which holds <paramref name="count"/>
    /// cells. Reads no page while no page changed since the edge was remembered, and only that leaf while the shape
    /// did not (see the remarks on the type).
    /// </summary>
    private bool PastRememberedEdge(ReadOnlySpan<byte> key, bool insertOnly, out uint leaf, out int count)
    {
        leaf = _edgeLeaf;
        count = _edgeCount;
        if (leaf == 0)
        {
            // Nothing remembered yet in this transaction: the previous one may have left the place of the last leaf.
            // Reading it pays only for an append, which an insert of a new key usually is and an upsert (an UPDATE
            // rewriting an existing row) usually is not; a descent is right either way.
            if (!insertOnly || _carriedMissed)
            {
                return false;
            }

            leaf = _tx.CarriedLastLeaf(_root);
            if (leaf == 0)
            {
                return false;
            }

            bool past = PastEdgeLeafLastKey(key, leaf, out count);
            _carriedMissed = !past;
            return past;
        }

        ReadOnlySpan<byte> lastKey = ((ReadOnlySpan<byte>)_edgeKey)[.._edgeKeyLength];
        if (_edgeStamp == _tx.ChangeStamp)
        {
            return count == 0 || CompareKeys(key, lastKey) > 0;
        }

        // Pages changed since. For an upsert, a key at or before the remembered last key is no append unless the
        // tree's tail was deleted meanwhile, and then the descent finds its place as well: only a key past it is worth
        // reading the leaf. An insert of a new key is usually an append, and the leaf's own last key decides it.
        return _edgeShape == _tx.ShapeStamp && (insertOnly || count == 0 || CompareKeys(key, lastKey) > 0)
            && PastEdgeLeafLastKey(key, leaf, out count);
    }

    /// <summary>Reads the remembered last leaf: true when <paramref name="key"/> sorts after its last key (or it is the empty root).</summary>
    private bool PastEdgeLeafLastKey(ReadOnlySpan<byte> key, uint leaf, out int count)
    {
        using PageLease lease = _tx.Read(leaf);
        var node = new NodeReader(lease.Data, leaf);
        count = node.Count;
        if (!node.IsLeaf)
        {
            // The shape bookkeeping says this cannot happen; if it does, a descent from the root finds the way.
            Debug.Assert(false, $"The remembered edge leaf {leaf} is not a leaf under an unchanged shape.");
            _edgeLeaf = 0;
            return false;
        }

        if (count == 0)
        {
            // Only the root may be an empty leaf: any other leaf that empties leaves the tree, which moves the shape.
            return leaf == _root;
        }

        int last = _comparer is null ? node.CompareKey(count - 1, key, _tx) : node.CompareKey(count - 1, key, _tx, _comparer);
        return last < 0;
    }

    /// <summary>Appends <paramref name="cell"/> to the remembered last leaf when it fits there without a split.</summary>
    private bool TryAppendAtEdge(uint leaf, int count, ReadOnlySpan<byte> key, ReadOnlySpan<byte> cell)
    {
        using (PageLease lease = _tx.Write(leaf))
        {
            Span<byte> data = lease.Writable;
            var node = new NodeReader(data, leaf);

            // The stamp says the leaf is as it was; the check keeps a mistake in that reasoning from misplacing a cell.
            Debug.Assert(node.IsLeaf && node.Count == count, "The remembered edge leaf changed under an unchanged stamp.");
            if (!node.IsLeaf || node.Count != count || !NodeWriter.TryInsert(data, leaf, count, cell, Scratch.PageCopy))
            {
                return false;
            }

            NodeWriter.AssertInvariants(data, leaf, _comparer);
        }

        RememberEdge(leaf, count + 1, key);
        return true;
    }

    [InlineArray(EdgeKeyCapacity)]
    private struct EdgeKey
    {
        private byte _first;
    }
}
