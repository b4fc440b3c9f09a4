namespace SharpCoreDB.Records;

/// <summary>
/// A collating sequence: how two TEXT values compare. The built-in ones are SQLite's: <c>BINARY</c> (UTF-8 byte
/// order, <see cref="TextOrder"/>), <c>NOCASE</c> (the same after folding the 26 ASCII upper-case letters to lower
/// case, nothing else) and <c>RTRIM</c> (the same after dropping trailing spaces). A user collation wraps a
/// <see cref="UserCollationSlot"/> registered on the database. Collations only order TEXT against TEXT: numbers,
/// BLOBs and NULL keep <see cref="SqlValueComparer"/>'s order.
/// </summary>
internal sealed class Collation
{
    private readonly UserCollationSlot? _user;

    private Collation(string name, CollationKind kind, UserCollationSlot? user)
    {
        Name = name;
        Kind = kind;
        _user = user;
    }

    /// <summary>SQLite's default collation: UTF-8 byte order.</summary>
    public static Collation Binary { get; } = new("BINARY", CollationKind.Binary, null);

    /// <summary>ASCII case-insensitive: A-Z fold to a-z before a byte comparison.</summary>
    public static Collation NoCase { get; } = new("NOCASE", CollationKind.NoCase, null);

    /// <summary>Trailing spaces (U+0020 only) are ignored, then a byte comparison.</summary>
    public static Collation RTrim { get; } = new("RTRIM", CollationKind.RTrim, null);

    /// <summary>The name (upper case for the built-ins, as registered for user collations).</summary>
    public string Name { get; }

    /// <summary>Which comparison this is.</summary>
    public CollationKind Kind { get; }

    /// <summary>True for <see cref="Binary"/>, whose order is <see cref="SqlValueComparer"/>'s own.</summary>
    public bool IsBinary => Kind == CollationKind.Binary;

    /// <summary>The built-in collation with this name (case-insensitive), or null.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The collation, or null.</returns>
    public static Collation? FindBuiltIn(string name)
    {
        if (string.Equals(name, "BINARY", StringComparison.OrdinalIgnoreCase))
        {
            return Binary;
        }

        if (string.Equals(name, "NOCASE", StringComparison.OrdinalIgnoreCase))
        {
            return NoCase;
        }

        return string.Equals(name, "RTRIM", StringComparison.OrdinalIgnoreCase) ? RTrim : null;
    }

    /// <summary>A collation over a user comparison registered on a database.</summary>
    /// <param name="slot">The registration.</param>
    /// <returns>The collation.</returns>
    public static Collation ForUser(UserCollationSlot slot) => new(slot.Name, CollationKind.User, slot);

    /// <summary>
    /// A collation named by a stored definition (an index key column), as the schema keeps it: the built-in, or a user
    /// collation known only by its name. Comparing with the latter fails ("no such collation sequence"); the key order
    /// of an index resolves the name on the database that opens it (<see cref="CollationRegistry.ForStoredName"/>).
    /// </summary>
    /// <param name="name">The name.</param>
    /// <returns>The collation.</returns>
    public static Collation Named(string name) => FindBuiltIn(name) ?? ForUser(new UserCollationSlot(name));

    /// <summary>
    /// True when two collations compare alike: the same built-in, or user collations of the same name (a database
    /// registers one comparison per name, so the name stands for it).
    /// </summary>
    /// <param name="left">A collation, null for BINARY.</param>
    /// <param name="right">Another, null for BINARY.</param>
    /// <returns>Whether they are the same.</returns>
    public static bool Same(Collation? left, Collation? right)
    {
        left ??= Binary;
        right ??= Binary;
        return left.Kind == right.Kind
            && (left.Kind != CollationKind.User || string.Equals(left.Name, right.Name, StringComparison.OrdinalIgnoreCase));
    }

    /// <summary>Compares two strings under this collation.</summary>
    /// <param name="left">The first string.</param>
    /// <param name="right">The second string.</param>
    /// <returns>Negative, zero or positive.</returns>
    public int Compare(string left, string right) =>
        Kind == CollationKind.User ? _user!.Compare(left, right) : Compare(left.AsSpan(), right.AsSpan());

    /// <summary>
    /// Compares two texts under this collation without a string for the built-ins, so packed TEXT (a date written
    /// into a stack buffer) compares without allocating; a user comparison is given strings.
    /// </summary>
    /// <param name="left">The first text.</param>
    /// <param name="right">The second text.</param>
    /// <returns>Negative, zero or positive.</returns>
    public int Compare(ReadOnlySpan<char> left, ReadOnlySpan<char> right) => Kind switch
    {
        CollationKind.Binary => TextOrder.Compare(left, right),
        CollationKind.NoCase => CompareNoCase(left, right),
        CollationKind.RTrim => TextOrder.Compare(left.TrimEnd(' '), right.TrimEnd(' ')),
        _ => _user!.Compare(left.ToString(), right.ToString()),
    };

    /// <summary>
    /// A hash code consistent with <see cref="Compare(string, string)"/>. A user comparison can call any two strings
    /// equal, so its hash is constant: keys under it go into ordered sets instead (<see cref="SqlValueComparer.CanHash"/>).
    /// </summary>
    /// <param name="value">The string.</param>
    /// <returns>The hash code.</returns>
    public int GetHashCode(string value) => GetHashCode(value.AsSpan());

    /// <summary>A hash code consistent with <see cref="Compare(ReadOnlySpan{char}, ReadOnlySpan{char})"/>.</summary>
    /// <param name="value">The text.</param>
    /// <returns>The hash code.</returns>
    public int GetHashCode(ReadOnlySpan<char> value)
    {
        switch (Kind)
        {
            case CollationKind.Binary:
                return TextOrder.GetHashCode(value);
            case CollationKind.RTrim:
                return TextOrder.GetHashCode(value.TrimEnd(' '));
            case CollationKind.NoCase:
                // Fold as the comparison does; unpaired surrogates hash by their UTF-16 units, which is consistent
                // because equal strings under NOCASE differ only in ASCII letters.
                var hash = default(HashCode);
                foreach (char c in value)
                {
                    hash.Add(FoldAscii(c));
                }

                return hash.ToHashCode();
            default:
                return 0;
        }
    }

    /// <summary>Folds key bytes in place so that their byte order is this collation's order (built-ins only).</summary>
    /// <param name="utf8">The UTF-8 bytes of a TEXT value.</param>
    /// <returns>How many of the bytes belong to the folded key.</returns>
    public int FoldKey(Span<byte> utf8)
    {
        switch (Kind)
        {
            case CollationKind.NoCase:
                // ASCII bytes never occur inside a multi-byte UTF-8 sequence, so folding them byte by byte is exact.
                for (int i = 0; i < utf8.Length; i++)
                {
                    byte b = utf8[i];
                    if ((uint)(b - 'A') <= 'Z' - 'A')
                    {
                        utf8[i] = (byte)(b + 32);
                    }
                }

                return utf8.Length;
            case CollationKind.RTrim:
                return utf8.TrimEnd((byte)' ').Length;
            default:
                return utf8.Length;
        }
    }

    /// <inheritdoc />
    public override string ToString() => Name;

    private static char FoldAscii(char c) => (uint)(c - 'A') <= 'Z' - 'A' ? (char)(c + 32) : c;

    // SQLite's sqlite3StrNICmp over the common length, then the longer string is greater. Below U+D800 UTF-16
    // order is code-point order is UTF-8 byte order; past it the rest compares as BINARY does.
    private static int CompareNoCase(ReadOnlySpan<char> left, ReadOnlySpan<char> right)
    {
        int common = Math.Min(left.Length, right.Length);
        for (int i = 0; i < common; i++)
        {
            char l = FoldAscii(left[i]);
            char r = FoldAscii(right[i]);
            if (l == r)
            {
                continue;
            }

            if (l < 0xD800 && r < 0xD800)
            {
                return l - r;
            }

            // Surrogates or U+E000..U+FFFF: the first difference decides, and it is not an ASCII letter, so the
            // byte-order comparison from here (from the pair's start when a high surrogate precedes) is exact.
            int start = i > 0 && char.IsHighSurrogate(left[i - 1]) ? i - 1 : i;
            return TextOrder.Compare(left[start..], right[start..]);
        }

        return left.Length.CompareTo(right.Length);
    }
}
