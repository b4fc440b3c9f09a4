using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Records;

/// <summary>
/// The order of an index whose key has a column under a user collation (<c>CreateCollation</c>): such TEXT cannot be
/// encoded so that byte order is the collation's, so it is encoded as BINARY's and the tree compares keys here. Key
/// columns are compared component by component (<see cref="KeyEncoder"/>'s components are self-delimiting): two TEXT
/// components of a user-collated column by the collation (reversed for DESC), any other pair by their bytes; what
/// follows the key columns (row locator, type suffix) by bytes, so entries equal under the collation stay distinct
/// and ordered by row.
/// </summary>
/// <remarks>
/// A probe may end early (a prefix of the key columns: it sorts before every key that continues it, as in byte order)
/// or carry bytes that are no component (a seek's 0xFF sentinel): from the first byte that is not a component start on
/// both sides, the rest compares by bytes, which is exactly what byte order would do there. Comparing two TEXT
/// values decodes both (the user comparison takes strings, as Microsoft.Data.Sqlite's does).
/// </remarks>
internal sealed class CollatedKeyComparer : BTreeKeyComparer
{
    private readonly Collation?[] _columns;

    /// <summary>Creates the order.</summary>
    /// <param name="columns">Per key column, the user collation that orders its TEXT, or null to compare its bytes.</param>
    public CollatedKeyComparer(Collation?[] columns) => _columns = columns;

    /// <summary>The number of key columns the order knows.</summary>
    public int ColumnCount => _columns.Length;

    /// <inheritdoc />
    public override int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        int order = CompareColumns(ref left, ref right, 0, _columns.Length);
        return order != 0 ? order : left.SequenceCompareTo(right);
    }

    /// <summary>
    /// Compares only the first <paramref name="count"/> key columns: zero when they are equal under their collations
    /// (a unique check's duplicate, an equality prefix's match), whatever follows.
    /// </summary>
    /// <param name="left">A key.</param>
    /// <param name="right">Another key or a prefix of key columns.</param>
    /// <param name="count">How many leading key columns to compare (at most <see cref="ColumnCount"/>).</param>
    /// <returns>Negative, zero or positive.</returns>
    public int CompareColumns(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, int count)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _columns.Length);
        return CompareColumns(ref left, ref right, 0, count);
    }

    /// <summary>
    /// Compares one key column: <paramref name="left"/> and <paramref name="right"/> start at the component of key
    /// column <paramref name="column"/> (a range bound against an entry past its equality prefix).
    /// </summary>
    /// <param name="left">Bytes starting at the column's component.</param>
    /// <param name="right">Other bytes starting at a component of the same column.</param>
    /// <param name="column">The key column's position.</param>
    /// <returns>Negative, zero or positive.</returns>
    public int CompareColumn(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, int column)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(column, _columns.Length);
        return CompareColumns(ref left, ref right, column, column + 1);
    }

    // Compares columns [first, end) and leaves both spans after the last equal column; a nonzero result is final.
    private int CompareColumns(ref ReadOnlySpan<byte> left, ref ReadOnlySpan<byte> right, int first, int end)
    {
        for (int i = first; i < end; i++)
        {
            if (left.IsEmpty || right.IsEmpty || left[0] != right[0])
            {
                // A missing column or a different type prefix (or direction, or a sentinel): bytes decide at once.
                return left.SequenceCompareTo(right);
            }

            byte prefix = left[0];
            if (_columns[i] is { } collation && KeyEncoder.IsTextComponent(prefix))
            {
                int leftLength = KeyEncoder.DecodeText(left, out string leftText);
                int rightLength = KeyEncoder.DecodeText(right, out string rightText);
                int order = collation.Compare(leftText, rightText);
                if (order != 0)
                {
                    // A descending column reverses the collation, as its inverted bytes reverse byte order.
                    return prefix > 0x7F ? -Math.Sign(order) : Math.Sign(order);
                }

                left = left[leftLength..];
                right = right[rightLength..];
                continue;
            }

            int length = KeyEncoder.GetPrefixLength(left, 1);
            int otherLength = KeyEncoder.GetPrefixLength(right, 1);
            if (length != otherLength || !left[..length].SequenceEqual(right[..length]))
            {
                // Components are prefix-free, so the first differing byte lies inside both and orders them.
                return left.SequenceCompareTo(right);
            }

            left = left[length..];
            right = right[length..];
        }

        return 0;
    }
}
