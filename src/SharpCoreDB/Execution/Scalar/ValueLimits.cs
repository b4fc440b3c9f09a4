using System.Diagnostics.CodeAnalysis;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The length limit on TEXT and BLOB values (SQLite's <c>SQLITE_LIMIT_LENGTH</c>), in UTF-8 bytes for TEXT. Every
/// value a statement builds (concatenation, function and aggregate results), reads from its SQL (literals) or binds
/// is checked against the database's limit; functions that size their output from an argument (zeroblob, printf
/// widths, hex, replace) check <see cref="DefaultMaxLength"/> before they allocate. An oversized value therefore
/// fails with <see cref="SharpCoreDBErrorCode.TooBig"/> instead of exhausting memory.
/// </summary>
internal static class ValueLimits
{
    /// <summary>SQLite's default length limit, in bytes; also the ceiling no value may pass whatever the setting.</summary>
    public const long DefaultMaxLength = 1_000_000_000;

    /// <summary>
    /// The smallest limit a database may set: constant folding at plan time, which does not know the database,
    /// folds only values up to this length.
    /// </summary>
    public const long MinimumMaxLength = 1_000;

    // The longest text an INTEGER or REAL renders as ("-9223372036854775808", "-1.79769313486232e+308").
    private const int NumberTextBound = 32;

    /// <summary>Fails when a TEXT or BLOB value is longer than the limit.</summary>
    /// <param name="value">The value.</param>
    /// <param name="maxLength">The limit in bytes.</param>
    /// <exception cref="SharpCoreDBException">TooBig.</exception>
    public static void Check(in SqlValue value, long maxLength)
    {
        // Packed TEXT (a date, time or GUID) is at most PackedText.MaxLength bytes, an inline BLOB 16: below every
        // limit (MinimumMaxLength).
        if (value.IsPackedText || value.IsPackedBlob)
        {
            return;
        }

        switch (value.RawReference)
        {
            case byte[] bytes when bytes.Length > maxLength:
                ThrowTooBig(maxLength);
                break;

            // A UTF-16 code unit takes one to three UTF-8 bytes: count exactly only when the bounds straddle the limit.
            case string text when (long)text.Length * 3 > maxLength && (text.Length > maxLength || Utf8Text.GetByteCount(text) > maxLength):
                ThrowTooBig(maxLength);
                break;
        }
    }

    /// <summary>Fails before <c>left || right</c> is built when the result would be longer than the limit.</summary>
    /// <param name="left">The left operand (not NULL).</param>
    /// <param name="right">The right operand (not NULL).</param>
    /// <param name="maxLength">The limit in bytes.</param>
    /// <exception cref="SharpCoreDBException">TooBig.</exception>
    public static void CheckConcat(in SqlValue left, in SqlValue right, long maxLength)
    {
        if (Upper(left) + Upper(right) <= maxLength)
        {
            return;
        }

        if (Lower(left) + Lower(right) > maxLength || Exact(left) + Exact(right) > maxLength)
        {
            ThrowTooBig(maxLength);
        }
    }

    /// <summary>Fails when a length about to be allocated passes the ceiling.</summary>
    /// <param name="length">The length in bytes (or a lower bound of it).</param>
    /// <exception cref="SharpCoreDBException">TooBig.</exception>
    public static void CheckAllocation(long length)
    {
        if (length > DefaultMaxLength)
        {
            ThrowTooBig(DefaultMaxLength);
        }
    }

    /// <summary>Throws SQLite's "string or blob too big".</summary>
    /// <param name="maxLength">The limit that was passed.</param>
    /// <exception cref="SharpCoreDBException">Always: TooBig.</exception>
    [DoesNotReturn]
    public static void ThrowTooBig(long maxLength) =>
        throw ExecutionErrors.ValueTooBig(maxLength);

    private static long Upper(in SqlValue value) => value.RawReference switch
    {
        byte[] bytes => bytes.Length,
        string text => (long)text.Length * 3,
        _ => NumberTextBound,
    };

    private static long Lower(in SqlValue value) => value.RawReference switch
    {
        byte[] bytes => bytes.Length,
        string text => text.Length,
        _ => 1,
    };

    private static long Exact(in SqlValue value) => value.RawReference switch
    {
        byte[] bytes => bytes.Length,
        string text => Utf8Text.GetByteCount(text),

        // Numbers render as ASCII.
        _ => TextConversion.ToText(value).Length,
    };
}
