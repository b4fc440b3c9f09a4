using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Helpers that turn seek expressions into the values stored in keys (after the column's affinity).</summary>
internal static class SeekValues
{
    /// <summary>
    /// The row id a value selects, after INTEGER affinity: integers as they are, integral reals and numeric text
    /// converted; anything else (NULL, fractional, non-numeric) selects no row.
    /// </summary>
    /// <param name="value">The value compared with the row id.</param>
    /// <param name="rowId">The row id.</param>
    /// <returns>Whether the value can equal a row id.</returns>
    public static bool TryGetRowId(in SqlValue value, out long rowId)
    {
        SqlValue converted = AffinityRules.ApplyAffinity(value.WithDeclaredType(SqlDeclaredType.None), Affinity.Integer);
        if (converted.StorageClass == SqlStorageClass.Integer)
        {
            rowId = converted.RawBits;
            return true;
        }

        rowId = 0;
        return false;
    }

    /// <summary>
    /// The smallest row id that satisfies <c>rowid &gt;= value</c> (or <c>&gt;</c> when not inclusive). Numbers round
    /// toward the range; text and blobs order above every number, so nothing qualifies.
    /// </summary>
    /// <param name="value">The bound (non-NULL).</param>
    /// <param name="inclusive">True for &gt;=.</param>
    /// <param name="bound">The first qualifying row id.</param>
    /// <returns>False when no row id qualifies.</returns>
    public static bool TryLowerRowId(in SqlValue value, bool inclusive, out long bound)
    {
        SqlValue number = NumericConversion.ApplyNumericAffinity(value, preferInteger: false);
        bound = long.MinValue;
        if (number.StorageClass == SqlStorageClass.Decimal)
        {
            // Exactly: the first whole number at or above the decimal.
            decimal exact = number.RawDecimal;
            decimal ceiling = decimal.Ceiling(exact);
            if (ceiling > long.MaxValue)
            {
                return false;
            }

            if (ceiling < long.MinValue)
            {
                return true;
            }

            inclusive |= ceiling != exact;
            number = SqlValue.FromInt64((long)ceiling);
        }

        switch (number.StorageClass)
        {
            case SqlStorageClass.Integer:
                if (inclusive)
                {
                    bound = number.RawBits;
                    return true;
                }

                bound = number.RawBits + 1;
                return number.RawBits != long.MaxValue;
            case SqlStorageClass.Real:
                double real = number.AsDouble();
                double ceiling = Math.Ceiling(real);
                if (ceiling >= 9223372036854775808.0)
                {
                    return false;
                }

                if (ceiling < -9223372036854775808.0)
                {
                    return true;
                }

                bound = (long)ceiling;
                if (!inclusive && ceiling == real)
                {
                    if (bound == long.MaxValue)
                    {
                        return false;
                    }

                    bound++;
                }

                return true;
            default:
                return false;
        }
    }

    /// <summary>The largest row id that satisfies <c>rowid &lt;= value</c> (or <c>&lt;</c>); text and blobs bound nothing.</summary>
    /// <param name="value">The bound (non-NULL).</param>
    /// <param name="inclusive">True for &lt;=.</param>
    /// <param name="bound">The last qualifying row id.</param>
    /// <returns>False when no row id qualifies.</returns>
    public static bool TryUpperRowId(in SqlValue value, bool inclusive, out long bound)
    {
        SqlValue number = NumericConversion.ApplyNumericAffinity(value, preferInteger: false);
        bound = long.MaxValue;
        if (number.StorageClass == SqlStorageClass.Decimal)
        {
            // Exactly: the last whole number at or below the decimal.
            decimal exact = number.RawDecimal;
            decimal floor = decimal.Floor(exact);
            if (floor < long.MinValue)
            {
                return false;
            }

            if (floor > long.MaxValue)
            {
                return true;
            }

            inclusive |= floor != exact;
            number = SqlValue.FromInt64((long)floor);
        }

        switch (number.StorageClass)
        {
            case SqlStorageClass.Integer:
                if (inclusive)
                {
                    bound = number.RawBits;
                    return true;
                }

                bound = number.RawBits - 1;
                return number.RawBits != long.MinValue;
            case SqlStorageClass.Real:
                double real = number.AsDouble();
                double floor = Math.Floor(real);
                if (floor < -9223372036854775808.0)
                {
                    return false;
                }

                if (floor >= 9223372036854775808.0)
                {
                    return true;
                }

                bound = (long)floor;
                if (!inclusive && floor == real)
                {
                    if (bound == long.MinValue)
                    {
                        return false;
                    }

                    bound--;
                }

                return true;
            default:
                // Every row id is a number, and numbers sort below text and blobs.
                return true;
        }
    }

    /// <summary>
    /// Converts a value compared with an indexed column into the form stored in the index, by the conversion the
    /// planner chose: the column's numeric or text affinity, or none.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="conversion">The affinity to apply.</param>
    /// <returns>The converted value.</returns>
    public static SqlValue ForColumn(in SqlValue value, Affinity conversion) => conversion switch
    {
        Affinity.Text => value.IsNumeric ? SqlValue.FromText(TextConversion.ToText(value)) : value,
        Affinity.None => value,
        Affinity.Decimal => NumericConversion.ApplyDecimalAffinity(value),
        _ => NumericConversion.ApplyNumericAffinity(value, preferInteger: false),
    };
}
