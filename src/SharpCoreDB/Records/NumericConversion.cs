
namespace SharpCoreDB.Records;

/// <summary>
/// The numeric views SQLite takes of a value, each a different rule (and each used by different operators):
/// <see cref="ToNumber"/> (arithmetic operands), <see cref="ToDouble"/> and <see cref="ToInt64"/> (function
/// arguments, bitwise operators, CAST), <see cref="ApplyNumericAffinity"/> (affinity: only well-formed numbers
/// convert) and <see cref="ToNumericType"/> (what numeric-only functions such as <c>sum</c> or <c>sqrt</c> see).
/// TEXT is scanned as characters and BLOB as bytes, as SQLite reads a BLOB's bytes as text.
/// </summary>
internal static partial class NumericConversion
{
    // The largest double below 2^63: above it a double saturates to long.MaxValue (sqlite3RealToI64).
    private const double LargestBelowTwoPow63 = 9223372036854774784.0;

    // sqlite3RealSameAsInt only trusts integral doubles within ±2^51.
    private const long SameAsIntLimit = 2251799813685248L;

    /// <summary>
    /// The operand of an arithmetic operator (SQLite's <c>numericType</c>): INTEGER, REAL, DECIMAL and NULL as they are;
    /// TEXT/BLOB by their longest numeric prefix — INTEGER when that prefix is an integer that fits
    /// (<c>'12abc'</c> → 12, <c>'abc'</c> → 0), REAL otherwise (<c>'1.5x'</c> → 1.5, <c>'1e5'</c> → 100000.0).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <returns>An INTEGER, REAL or NULL.</returns>
    public static SqlValue ToNumber(in SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Text => TextToNumber(((string)value.RawReference!).AsSpan()),
        SqlStorageClass.Blob => TextToNumber(((byte[])value.RawReference!).AsSpan()),
        SqlStorageClass.Null => SqlValue.Null,
        _ => value.DeclaredType == SqlDeclaredType.None ? value : StripTag(value),
    };

    /// <summary>
    /// The value as a double (<c>sqlite3_value_double</c>): REAL as is, INTEGER converted, TEXT/BLOB by the
    /// numeric prefix, NULL as 0.0.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <returns>The double.</returns>
    public static double ToDouble(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Integer:
                return value.RawBits;
            case SqlStorageClass.Real:
                return BitConverter.Int64BitsToDouble(value.RawBits);
            case SqlStorageClass.Decimal:
                return (double)value.RawDecimal;
            case SqlStorageClass.Text:
                NumericText.ParseReal(((string)value.RawReference!).AsSpan(), out double fromText);
                return fromText;
            case SqlStorageClass.Blob:
                NumericText.ParseReal(((byte[])value.RawReference!).AsSpan(), out double fromBlob);
                return fromBlob;
            default:
                return 0.0;
        }
    }

    /// <summary>
    /// The value as a 64-bit integer (<c>sqlite3_value_int64</c>): INTEGER as is, REAL truncated toward zero and
    /// saturated, TEXT/BLOB by their leading integer digits only (<c>'1e5'</c> → 1, <c>'3.9'</c> → 3), NULL as 0.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <returns>The integer.</returns>
    public static long ToInt64(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Integer:
                return value.RawBits;
            case SqlStorageClass.Real:
                return RealToInt64(BitConverter.Int64BitsToDouble(value.RawBits));
            case SqlStorageClass.Decimal:
                decimal truncated = decimal.Truncate(value.RawDecimal);
                return truncated >= long.MaxValue ? long.MaxValue : truncated <= long.MinValue ? long.MinValue : (long)truncated;
            case SqlStorageClass.Text:
                NumericText.ParseInteger(((string)value.RawReference!).AsSpan(), out long fromText);
                return fromText;
            case SqlStorageClass.Blob:
                NumericText.ParseInteger(((byte[])value.RawReference!).AsSpan(), out long fromBlob);
                return fromBlob;
            default:
                return 0;
        }
    }

    /// <summary>A double truncated toward zero and saturated to the long range (<c>sqlite3RealToI64</c>).</summary>
    /// <param name="real">The double (not NaN).</param>
    /// <returns>The integer.</returns>
    public static long RealToInt64(double real)
    {
        if (real < -LargestBelowTwoPow63)
        {
            return long.MinValue;
        }

        return real > LargestBelowTwoPow63 ? long.MaxValue : (long)real;
    }

    /// <summary>
    /// SQLite's <c>applyNumericAffinity</c>: TEXT that is a well-formed number (whitespace aside) becomes INTEGER or
    /// REAL; any other value is returned unchanged. With <paramref name="preferInteger"/> an integral REAL result
    /// becomes INTEGER as well (column affinity does that; comparisons do not need to).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="preferInteger">Whether to turn integral reals into integers.</param>
    /// <returns>The converted value, or <paramref name="value"/>.</returns>
    public static SqlValue ApplyNumericAffinity(in SqlValue value, bool preferInteger)
    {
        // Packed TEXT is a date or time, never numeric text: no string is written out just to find that.
        if (value.StorageClass != SqlStorageClass.Text || value.IsPackedText)
        {
            return value;
        }

        ReadOnlySpan<char> text = ((string)value.RawReference!).AsSpan();
        RealTextKind kind = NumericText.ParseReal(text, out double real);
        if (kind is RealTextKind.NotNumeric or RealTextKind.RealPrefix)
        {
            return value;
        }

        if (kind == RealTextKind.Integer)
        {
            // A pure integer literal is INTEGER when it fits (sqlite3's alsoAnInt).
            long whole = RealToInt64(real);
            if (RealSameAsInt(real, whole))
            {
                return SqlValue.FromInt64(whole);
            }

            if (NumericText.ParseInteger(text, out long exact) == IntegerTextKind.Exact)
            {
                return SqlValue.FromInt64(exact);
            }
        }

        return preferInteger ? IntegerAffinity(real) : SqlValue.FromDouble(real);
    }

    /// <summary>
    /// What numeric-only functions see (<c>sqlite3_value_numeric_type</c>): TEXT that is a well-formed number
    /// becomes that number; everything else is unchanged (so other TEXT stays TEXT).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <returns>The value, converted when it is numeric text.</returns>
    public static SqlValue ToNumericType(in SqlValue value) => ApplyNumericAffinity(value, preferInteger: false);

    /// <summary>A REAL that is integral and strictly inside the long range becomes INTEGER (<c>sqlite3VdbeIntegerAffinity</c>).</summary>
    /// <param name="real">The double.</param>
    /// <returns>An INTEGER or the REAL.</returns>
    public static SqlValue IntegerAffinity(double real)
    {
        long whole = RealToInt64(real);

        // The extremes are excluded because a saturated conversion lands on them (SQLite ticket #3922).
        return real == whole && whole > long.MinValue && whole < long.MaxValue
            ? SqlValue.FromInt64(whole)
            : SqlValue.FromDouble(real);
    }

    /// <summary>
    /// SQLite's <c>sqlite3RealSameAsInt</c>: zero, or the same bits as the integer converted back and within ±2^51
    /// (beyond that a text's REAL form may not be its exact value).
    /// </summary>
    /// <param name="real">The double.</param>
    /// <param name="whole">The integer.</param>
    /// <returns>Whether the REAL may be represented by the integer.</returns>
    public static bool RealSameAsInt(double real, long whole) =>
        real == 0.0
        || (BitConverter.DoubleToInt64Bits(real) == BitConverter.DoubleToInt64Bits(whole)
            && whole >= -SameAsIntLimit && whole < SameAsIntLimit);

    /// <summary>SQLite's <c>sqlite3VdbeMemNumerify</c> (CAST AS NUMERIC) on TEXT or BLOB content.</summary>
    /// <typeparam name="T"><see cref="char"/> or <see cref="byte"/>.</typeparam>
    /// <param name="text">The content.</param>
    /// <returns>An INTEGER or REAL.</returns>
    public static SqlValue Numerify<T>(ReadOnlySpan<T> text)
        where T : unmanaged, System.Numerics.IBinaryInteger<T>
    {
        RealTextKind kind = NumericText.ParseReal(text, out double real);
        if (kind is RealTextKind.NotNumeric or RealTextKind.Integer
            && NumericText.ParseInteger(text, out long prefix) <= IntegerTextKind.TrailingText)
        {
            return SqlValue.FromInt64(prefix);
        }

        long whole = RealToInt64(real);
        return RealSameAsInt(real, whole) ? SqlValue.FromInt64(whole) : SqlValue.FromDouble(real);
    }

    private static SqlValue TextToNumber<T>(ReadOnlySpan<T> text)
        where T : unmanaged, System.Numerics.IBinaryInteger<T>
    {
        RealTextKind kind = NumericText.ParseReal(text, out double real);
        switch (kind)
        {
            case RealTextKind.NotNumeric:
                if (NumericText.ParseInteger(text, out long prefix) <= IntegerTextKind.TrailingText)
                {
                    return SqlValue.FromInt64(prefix);
                }

                break;
            case RealTextKind.Integer:
                if (NumericText.ParseInteger(text, out long exact) == IntegerTextKind.Exact)
                {
                    return SqlValue.FromInt64(exact);
                }

                break;
        }

        return SqlValue.FromDouble(real);
    }

    private static SqlValue StripTag(in SqlValue value) => value.WithDeclaredType(SqlDeclaredType.None);
}
