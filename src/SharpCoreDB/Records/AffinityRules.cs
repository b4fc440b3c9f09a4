
namespace SharpCoreDB.Records;

/// <summary>
/// SQLite's type-affinity rules: the affinity of a declared type name (<see cref="FromTypeName(ReadOnlySpan{char})"/>),
/// the conversion of a value stored into a column (<see cref="ApplyAffinity"/>), and the affinity a comparison
/// applies to its operands (<see cref="ForComparison"/>).
/// </summary>
internal static class AffinityRules
{
    /// <summary>
    /// The affinity of a declared column type (SQLite's rules, first match wins): contains "INT" → INTEGER;
    /// "CHAR", "CLOB" or "TEXT" → TEXT; "BLOB" or no type → BLOB; "REAL", "FLOA" or "DOUB" → REAL; otherwise
    /// NUMERIC. Case-insensitive. (So "FLOATING POINT" is INTEGER, as in SQLite.)
    /// </summary>
    /// <param name="declaredType">The declared type as written, e.g. "VARCHAR(20)"; null or empty for none.</param>
    /// <returns>The affinity (never <see cref="Affinity.None"/>).</returns>
    public static Affinity FromTypeName(string? declaredType) => FromTypeName(declaredType.AsSpan());

    /// <inheritdoc cref="FromTypeName(string?)"/>
    public static Affinity FromTypeName(ReadOnlySpan<char> declaredType)
    {
        if (declaredType.IsEmpty)
        {
            return Affinity.Blob;
        }

        // SQLite slides a 4-byte window over the lower-cased name; every pattern is ASCII, so a character outside
        // ASCII can only break a match, which the 0xFF marker does as well.
        uint window = 0;
        Affinity affinity = Affinity.Numeric;
        foreach (char raw in declaredType)
        {
            uint c = raw < 0x80 ? char.ToLowerInvariant(raw) : 0xFFu;
            window = (window << 8) | c;
            if (window == Pack('c', 'h', 'a', 'r') || window == Pack('c', 'l', 'o', 'b') || window == Pack('t', 'e', 'x', 't'))
            {
                affinity = Affinity.Text;
            }
            else if (window == Pack('b', 'l', 'o', 'b') && affinity is Affinity.Numeric or Affinity.Real)
            {
                affinity = Affinity.Blob;
            }
            else if ((window == Pack('r', 'e', 'a', 'l') || window == Pack('f', 'l', 'o', 'a') || window == Pack('d', 'o', 'u', 'b'))
                && affinity == Affinity.Numeric)
            {
                affinity = Affinity.Real;
            }
            else if ((window & 0x00FFFFFF) == (Pack('\0', 'i', 'n', 't')))
            {
                return Affinity.Integer;
            }
        }

        return affinity;
    }

    /// <summary>
    /// True when <see cref="ApplyAffinity"/> returns <paramref name="value"/> unchanged without looking further: an
    /// untagged NULL or BLOB under any affinity but DECIMAL, an untagged INTEGER under INTEGER, NUMERIC, BLOB or none.
    /// A shortcut for the usual bound values; false says nothing (the rules decide).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="affinity">The column's affinity.</param>
    /// <returns>Whether the value is stored as it is.</returns>
    public static bool Keeps(in SqlValue value, Affinity affinity) =>
        value.DeclaredType == SqlDeclaredType.None && value.StorageClass switch
        {
            SqlStorageClass.Null or SqlStorageClass.Blob => affinity != Affinity.Decimal,
            SqlStorageClass.Integer => affinity is Affinity.Integer or Affinity.Numeric or Affinity.Blob or Affinity.None,
            _ => false,
        };

    /// <summary>
    /// Converts a value being stored into a column of the given affinity (SQLite's <c>applyAffinity</c> plus the
    /// REAL rule of records): TEXT affinity turns numbers into text; NUMERIC and INTEGER turn well-formed numeric
    /// text into INTEGER/REAL and integral reals (and whole DECIMALs) into INTEGER; REAL does the same but stores every
    /// number as REAL; DECIMAL keeps exact values exact (<see cref="NumericConversion.ApplyDecimalAffinity"/>); BLOB
    /// and <see cref="Affinity.None"/> store values as given. NULL and BLOB values never change.
    /// </summary>
    /// <remarks>
    /// A value tagged with a declared CLR type (<see cref="SqlValue.DeclaredType"/>) is returned unchanged: its
    /// storage form is fixed by the file format (a GUID a BLOB, a DATETIME ticks), and
    /// converting it would lose exactly what the tag promises to give back.
    /// </remarks>
    /// <param name="value">The value.</param>
    /// <param name="affinity">The column's affinity.</param>
    /// <returns>The value to store.</returns>
    public static SqlValue ApplyAffinity(in SqlValue value, Affinity affinity)
    {
        // Packed TEXT is a date or time, which no affinity converts (it is not numeric text): returned as is, so
        // storing a bound date does not write out its string just to look at it.
        if (value.DeclaredType != SqlDeclaredType.None || value.IsPackedText)
        {
            return value;
        }

        switch (affinity)
        {
            case Affinity.Text:
                return value.IsNumeric ? SqlValue.FromText(TextConversion.ToText(value)) : value;
            case Affinity.Numeric or Affinity.Integer:
                return value.StorageClass switch
                {
                    SqlStorageClass.Text => NumericConversion.ApplyNumericAffinity(value, preferInteger: true),
                    SqlStorageClass.Real => NumericConversion.IntegerAffinity(BitConverter.Int64BitsToDouble(value.RawBits)),

                    // A whole DECIMAL becomes INTEGER like a whole REAL; any other stays exact.
                    SqlStorageClass.Decimal when ExactDecimal.TryGetInt64(value.RawDecimal, out long whole) => SqlValue.FromInt64(whole),
                    _ => value,
                };
            case Affinity.Decimal:
                return NumericConversion.ApplyDecimalAffinity(value);
            case Affinity.Real:
                // SQLite first makes integral reals INTEGER here and turns them back into REAL when it writes the
                // record, which is why -0.0 is stored as 0.0.
                SqlValue converted = value.StorageClass switch
                {
                    SqlStorageClass.Text => NumericConversion.ApplyNumericAffinity(value, preferInteger: true),
                    SqlStorageClass.Real => NumericConversion.IntegerAffinity(BitConverter.Int64BitsToDouble(value.RawBits)),
                    SqlStorageClass.Decimal => NumericConversion.IntegerAffinity((double)value.RawDecimal),
                    _ => value,
                };
                return converted.StorageClass == SqlStorageClass.Integer
                    ? SqlValue.FromDouble(converted.RawBits)
                    : converted;
            default:
                return value;
        }
    }

    /// <summary>
    /// The affinity a comparison applies to both operands, from each operand's own affinity
    /// (<c>sqlite3CompareAffinity</c>): when both have one (columns, CASTs), NUMERIC if either is numeric, else BLOB
    /// (no conversion); when only one has one, that one; when neither, <see cref="Affinity.None"/>.
    /// </summary>
    /// <param name="left">The left operand's affinity (<see cref="Affinity.None"/> for a plain expression).</param>
    /// <param name="right">The right operand's affinity.</param>
    /// <returns>The affinity to pass to the comparison (Execution.Scalar.Comparison).</returns>
    public static Affinity ForComparison(Affinity left, Affinity right)
    {
        if (left != Affinity.None && right != Affinity.None)
        {
            if (left == Affinity.Decimal || right == Affinity.Decimal)
            {
                return Affinity.Decimal;
            }

            return left >= Affinity.Numeric || right >= Affinity.Numeric ? Affinity.Numeric : Affinity.Blob;
        }

        return left == Affinity.None ? right : left;
    }

    /// <summary>
    /// The affinity of a declared type given its name's SQLite affinity and its declared CLR type: NUMERIC becomes
    /// <see cref="Affinity.Decimal"/> for DECIMAL and MONEY, which keep exact values exact (NUMERIC stays SQLite's).
    /// </summary>
    /// <param name="fromName">The affinity of the type name (<see cref="FromTypeName(string?)"/>).</param>
    /// <param name="declaredType">The declared CLR type of the same name.</param>
    /// <returns>The affinity.</returns>
    public static Affinity WithDeclaredType(Affinity fromName, SqlDeclaredType declaredType) =>
        fromName == Affinity.Numeric && declaredType == SqlDeclaredType.Decimal ? Affinity.Decimal : fromName;

    private static uint Pack(char a, char b, char c, char d) => ((uint)a << 24) | ((uint)b << 16) | ((uint)c << 8) | d;
}
