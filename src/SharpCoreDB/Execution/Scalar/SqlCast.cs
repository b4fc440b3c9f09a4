using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// <c>CAST(x AS type)</c> with SQLite's rules (<c>sqlite3VdbeMemCast</c>). The target is the affinity of the type
/// name (<see cref="AffinityRules.FromTypeName(string?)"/>). NULL stays NULL.
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item>INTEGER: the integer value — TEXT/BLOB by leading digits only (<c>'3.9'</c> → 3, <c>'1e5'</c> → 1), REAL
/// truncated toward zero and saturated.</item>
/// <item>REAL: the double value (TEXT/BLOB by numeric prefix).</item>
/// <item>NUMERIC: INTEGER and REAL unchanged; TEXT/BLOB by prefix, INTEGER when the prefix is an integer that fits
/// or a real equal to a small integer (<c>'3.0'</c> → 3), otherwise REAL.</item>
/// <item>DECIMAL (a NUMERIC type named DECIMAL, NUMERIC or MONEY): as NUMERIC, keeping exact values exact
/// (<see cref="NumericConversion.CastToDecimal"/>).</item>
/// <item>TEXT: numbers rendered, BLOB bytes read as UTF-8.</item>
/// <item>BLOB: the bytes of the value's text; a BLOB unchanged.</item>
/// </list>
/// </remarks>
internal static class SqlCast
{
    /// <summary>Casts a value to the type with the given affinity.</summary>
    /// <param name="value">The value.</param>
    /// <param name="target">The target affinity (not <see cref="Affinity.None"/>).</param>
    /// <returns>The converted value (without a declared-type tag).</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="target"/> is <see cref="Affinity.None"/> or undefined.</exception>
    public static SqlValue Cast(in SqlValue value, Affinity target)
    {
        if (value.IsNull)
        {
            return SqlValue.Null;
        }

        switch (target)
        {
            case Affinity.Integer:
                return SqlValue.FromInt64(NumericConversion.ToInt64(value));
            case Affinity.Real:
                return SqlValue.FromDouble(NumericConversion.ToDouble(value));
            case Affinity.Numeric:
                return value.StorageClass switch
                {
                    SqlStorageClass.Text => NumericConversion.Numerify(((string)value.RawReference!).AsSpan()),
                    SqlStorageClass.Blob => NumericConversion.Numerify(((byte[])value.RawReference!).AsSpan()),
                    _ => NumericConversion.ToNumber(value),
                };
            case Affinity.Decimal:
                return NumericConversion.CastToDecimal(value);
            case Affinity.Text:
                return SqlValue.FromText(TextConversion.ToText(value));
            case Affinity.Blob:
                return SqlValue.FromBlob(TextConversion.ToBytes(value));
            default:
                throw new ArgumentOutOfRangeException(nameof(target), target, "CAST needs a type affinity (INTEGER, REAL, NUMERIC, TEXT or BLOB).");
        }
    }

    /// <summary>Casts a value to a type given by name (<c>CAST(x AS VARCHAR(10))</c>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="typeName">The type name as written.</param>
    /// <returns>The converted value.</returns>
    public static SqlValue Cast(in SqlValue value, ReadOnlySpan<char> typeName) =>
        Cast(value, AffinityRules.FromTypeName(typeName));
}
