using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The form in which <c>=</c> compares a value under a comparison affinity, for hashing: two non-NULL values
/// normalized with the same affinity are equal under <see cref="SqlValueComparer"/> exactly when <c>=</c> calls them
/// equal (1 and 1.0 included), so hash tables of normalized values answer equality lookups.
/// </summary>
internal static class EqualityKey
{
    /// <summary>Normalizes a non-NULL value for an equality under <paramref name="affinity"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="affinity">The comparison affinity of the equality.</param>
    /// <returns>The key.</returns>
    public static SqlValue Normalize(in SqlValue value, Affinity affinity)
    {
        if (affinity == Affinity.Decimal)
        {
            return NumericConversion.ApplyDecimalAffinity(value.WithDeclaredType(SqlDeclaredType.None));
        }

        if (affinity >= Affinity.Numeric)
        {
            return NumericConversion.ApplyNumericAffinity(value.WithDeclaredType(SqlDeclaredType.None), preferInteger: false);
        }

        if (affinity == Affinity.Text && value.IsNumeric)
        {
            return SqlValue.FromText(TextConversion.ToText(value));
        }

        return value.WithDeclaredType(SqlDeclaredType.None);
    }
}
