namespace SharpCoreDB.Records;

/// <summary>
/// SQLite's order of values (BINARY collation), used by ORDER BY, DISTINCT, GROUP BY and index keys:
/// NULL &lt; numbers &lt; TEXT &lt; BLOB. INTEGER, REAL and DECIMAL compare by numeric value, exactly (a long beyond
/// 2^53 is not rounded to a double first, and the decimal 0.1 is above the double 0.1, as in Python); TEXT compares as UTF-8 bytes; BLOB with memcmp. NULL equals NULL here (as in
/// DISTINCT and ORDER BY); the three-valued <c>=</c> of expressions is not this comparer's job.
/// </summary>
internal sealed class SqlValueComparer : IComparer<SqlValue>, IEqualityComparer<SqlValue>
{
    // 2^63 as a double: the first double above every long.
    private const double TwoPow63 = 9223372036854775808.0;

    // Null for BINARY, so the common comparer takes the plain path.
    private readonly Collation? _collation;

    private SqlValueComparer(Collation? collation)
    {
        _collation = collation;
    }

    /// <summary>The comparer (BINARY collation).</summary>
    public static SqlValueComparer Instance { get; } = new(null);

    /// <summary>A comparer that orders TEXT with <paramref name="collation"/> (the BINARY one for null or BINARY).</summary>
    /// <param name="collation">The collation.</param>
    /// <returns>The comparer.</returns>
    public static SqlValueComparer For(Collation? collation) =>
        collation is null || collation.IsBinary ? Instance : new SqlValueComparer(collation);

    /// <summary>
    /// True when equal values hash alike, so hash sets and hash joins can hold keys under this comparer. False under a
    /// user collation: an application's comparison has no hash consistent with it (every key would share one bucket,
    /// n² comparisons), so such keys go into ordered sets, O(log n) comparisons each, as SQLite sorts them.
    /// </summary>
    public bool CanHash => _collation is null || _collation.Kind != CollationKind.User;

    /// <summary>An empty set of values equal under this comparer: hashed, or ordered when <see cref="CanHash"/> is false.</summary>
    /// <returns>The set.</returns>
    public ISet<SqlValue> NewSet() => CanHash ? new HashSet<SqlValue>(this) : new SortedSet<SqlValue>(this);

    /// <summary>An empty map keyed by values equal under this comparer: hashed, or ordered when <see cref="CanHash"/> is false.</summary>
    /// <typeparam name="TValue">The mapped type.</typeparam>
    /// <returns>The map.</returns>
    public IDictionary<SqlValue, TValue> NewMap<TValue>() =>
        CanHash ? new Dictionary<SqlValue, TValue>(this) : new SortedDictionary<SqlValue, TValue>(this);

    /// <summary>Compares two values in SQLite order, TEXT against TEXT with <paramref name="collation"/>.</summary>
    /// <param name="left">The first value.</param>
    /// <param name="right">The second value.</param>
    /// <param name="collation">The collation, null for BINARY.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int CompareValues(in SqlValue left, in SqlValue right, Collation? collation)
    {
        if (collation is not null && !collation.IsBinary
            && left.StorageClass == SqlStorageClass.Text && right.StorageClass == SqlStorageClass.Text)
        {
            if (!(left.IsPackedText | right.IsPackedText))
            {
                return collation.Compare((string)left.RawReference!, (string)right.RawReference!);
            }

            // A packed date is written into a stack buffer rather than materialized as a string per comparison.
            Span<char> leftBuffer = left.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
            Span<char> rightBuffer = right.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
            return collation.Compare(left.GetTextChars(leftBuffer), right.GetTextChars(rightBuffer));
        }

        return CompareValues(left, right);
    }

    /// <summary>Compares two values in SQLite order.</summary>
    /// <param name="left">The first value.</param>
    /// <param name="right">The second value.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int CompareValues(in SqlValue left, in SqlValue right)
    {
        SqlStorageClass lc = left.StorageClass;
        SqlStorageClass rc = right.StorageClass;
        if (lc == SqlStorageClass.Integer && rc == SqlStorageClass.Integer)
        {
            return left.RawBits.CompareTo(right.RawBits);
        }

        int lr = Rank(lc);
        int rr = Rank(rc);
        if (lr != rr)
        {
            return lr - rr;
        }

        if ((lc == SqlStorageClass.Decimal) | (rc == SqlStorageClass.Decimal))
        {
            return CompareWithDecimal(left, right);
        }

        switch (lc)
        {
            case SqlStorageClass.Null:
                return 0;
            case SqlStorageClass.Integer:
                // right is REAL (INTEGER/INTEGER handled above).
                return CompareInt64ToDouble(left.RawBits, BitConverter.Int64BitsToDouble(right.RawBits));
            case SqlStorageClass.Real:
                double l = BitConverter.Int64BitsToDouble(left.RawBits);
                return rc == SqlStorageClass.Real
                    ? CompareDoubles(l, BitConverter.Int64BitsToDouble(right.RawBits))
                    : -CompareInt64ToDouble(right.RawBits, l);
            case SqlStorageClass.Text:
                return left.IsPackedText | right.IsPackedText
                    ? SqlValue.ComparePackedText(left, right)
                    : TextOrder.Compare((string)left.RawReference!, (string)right.RawReference!);
            default:
                return SqlValue.CompareBlobs(left, right);
        }
    }

    /// <summary>Compares a long with a double by exact numeric value (no NaN: SQL values never hold it).</summary>
    /// <param name="value">The long.</param>
    /// <param name="real">The double.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int CompareInt64ToDouble(long value, double real)
    {
        if (real >= TwoPow63)
        {
            return -1;
        }

        if (real < -TwoPow63)
        {
            return 1;
        }

        // Within [-2^63, 2^63) the truncated double converts to long exactly, so compare integers first and let
        // the fraction break the tie.
        double truncated = Math.Truncate(real);
        long whole = (long)truncated;
        if (value != whole)
        {
            return value < whole ? -1 : 1;
        }

        return real > truncated ? -1 : real < truncated ? 1 : 0;
    }

    /// <summary>Compares two values in SQLite order.</summary>
    /// <param name="x">The first value.</param>
    /// <param name="y">The second value.</param>
    /// <returns>Negative, zero or positive.</returns>
    public int Compare(SqlValue x, SqlValue y) => CompareValues(x, y, _collation);

    /// <summary>True when the values compare equal (so 3 equals 3.0, and NULL equals NULL).</summary>
    /// <param name="x">The first value.</param>
    /// <param name="y">The second value.</param>
    /// <returns>Whether they are equal.</returns>
    public bool Equals(SqlValue x, SqlValue y) => CompareValues(x, y, _collation) == 0;

    /// <summary>A hash code consistent with <see cref="Equals(SqlValue, SqlValue)"/>.</summary>
    /// <param name="obj">The value.</param>
    /// <returns>The hash code.</returns>
    public int GetHashCode(SqlValue obj)
    {
        switch (obj.StorageClass)
        {
            case SqlStorageClass.Null:
                return 0;
            case SqlStorageClass.Integer:
                return obj.RawBits.GetHashCode();
            case SqlStorageClass.Real:
                // A REAL equal to some long must hash like that long: integral and in range → hash the long.
                double real = BitConverter.Int64BitsToDouble(obj.RawBits);
                return real >= -TwoPow63 && real < TwoPow63 && Math.Truncate(real) == real
                    ? ((long)real).GetHashCode()
                    : real.GetHashCode();
            case SqlStorageClass.Text:
                Span<char> packed = obj.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
                ReadOnlySpan<char> text = obj.GetTextChars(packed);
                return _collation is null ? TextOrder.GetHashCode(text) : _collation.GetHashCode(text);
            case SqlStorageClass.Decimal:
                // Equal numbers hash alike whatever their class: a whole decimal in long range like that long, one
                // that is exactly some double like that double (REAL's rule above), any other by its value.
                decimal dec = obj.RawDecimal;
                if (ExactDecimal.TryGetInt64(dec, out long whole))
                {
                    return whole.GetHashCode();
                }

                double nearest = ExactDecimal.TowardZero(dec, out bool exact);
                return exact ? nearest.GetHashCode() : dec.GetHashCode();
            default:
                var hash = default(HashCode);
                Span<byte> inline = obj.IsPackedBlob ? stackalloc byte[PackedBlob.Size] : default;
                hash.AddBytes(obj.GetBlobBytes(inline));
                return hash.ToHashCode();
        }
    }

    private static int CompareDoubles(double left, double right) => left < right ? -1 : left > right ? 1 : 0;

    // Two numbers, at least one a DECIMAL: a long is a decimal exactly; a double is compared exactly.
    private static int CompareWithDecimal(in SqlValue left, in SqlValue right)
    {
        if (left.TryGetExactDecimal(out decimal l))
        {
            return right.TryGetExactDecimal(out decimal r)
                ? decimal.Compare(l, r)
                : ExactDecimal.CompareToDouble(l, BitConverter.Int64BitsToDouble(right.RawBits));
        }

        return -ExactDecimal.CompareToDouble(right.RawDecimal, BitConverter.Int64BitsToDouble(left.RawBits));
    }

    // INTEGER, REAL and DECIMAL share a rank so they compare by value.
    private static int Rank(SqlStorageClass storageClass) =>
        storageClass is SqlStorageClass.Real or SqlStorageClass.Decimal ? (int)SqlStorageClass.Integer : (int)storageClass;
}
