using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// SQL comparisons with SQLite's affinity rules and three-valued results. The caller passes the comparison
/// affinity, <see cref="AffinityRules.ForComparison"/> of the two operands' own affinities (a planner computes it
/// once per expression): with a numeric affinity, TEXT operands that are well-formed numbers compare as numbers;
/// with TEXT affinity, numbers compare as their text; then values order as NULL &lt; numbers &lt; TEXT &lt; BLOB
/// (<see cref="SqlValueComparer"/>). A NULL operand makes every operator but IS / IS NOT yield NULL.
/// </summary>
internal static class Comparison
{
    /// <summary>Evaluates a comparison for a filter: true, false, or null for SQL NULL.</summary>
    /// <param name="op">The operator.</param>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <param name="affinity">The comparison affinity (<see cref="AffinityRules.ForComparison"/>).</param>
    /// <param name="collation">The collation for TEXT against TEXT (<see cref="CollationRules"/>), null for BINARY.</param>
    /// <returns>The three-valued result.</returns>
    public static bool? Evaluate(ComparisonOperator op, in SqlValue left, in SqlValue right, Affinity affinity, Collation? collation = null)
    {
        if (left.IsNull || right.IsNull)
        {
            return op switch
            {
                ComparisonOperator.Is => left.IsNull && right.IsNull,
                ComparisonOperator.IsNot => !(left.IsNull && right.IsNull),
                _ => null,
            };
        }

        int order = Compare(left, right, affinity, collation);
        return op switch
        {
            ComparisonOperator.Equal or ComparisonOperator.Is => order == 0,
            ComparisonOperator.NotEqual or ComparisonOperator.IsNot => order != 0,
            ComparisonOperator.Less => order < 0,
            ComparisonOperator.LessOrEqual => order <= 0,
            ComparisonOperator.Greater => order > 0,
            _ => order >= 0,
        };
    }

    /// <summary>Evaluates a comparison as a SQL value: INTEGER 1 or 0, or NULL.</summary>
    /// <param name="op">The operator.</param>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <param name="affinity">The comparison affinity.</param>
    /// <param name="collation">The collation, null for BINARY.</param>
    /// <returns>The result value.</returns>
    public static SqlValue EvaluateToValue(ComparisonOperator op, in SqlValue left, in SqlValue right, Affinity affinity, Collation? collation = null) =>
        Logic.ToValue(Evaluate(op, left, right, affinity, collation));

    /// <summary>
    /// Orders two non-NULL values after applying the comparison affinity to them (SQLite's OP_Eq/OP_Lt family
    /// before <c>sqlite3MemCompare</c>).
    /// </summary>
    /// <param name="left">The left operand (not NULL).</param>
    /// <param name="right">The right operand (not NULL).</param>
    /// <param name="affinity">The comparison affinity.</param>
    /// <param name="collation">The collation for TEXT against TEXT, null for BINARY.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int Compare(in SqlValue left, in SqlValue right, Affinity affinity, Collation? collation = null)
    {
        if (affinity == Affinity.Decimal)
        {
            // A DECIMAL column's affinity turns the other side's text and reals into exact numbers as it would on
            // storage, so price = 0.1 finds the stored 0.1.
            return SqlValueComparer.CompareValues(
                NumericConversion.ApplyDecimalAffinity(left), NumericConversion.ApplyDecimalAffinity(right));
        }

        bool leftText = left.StorageClass == SqlStorageClass.Text;
        bool rightText = right.StorageClass == SqlStorageClass.Text;
        if (leftText || rightText)
        {
            if (affinity >= Affinity.Numeric)
            {
                SqlValue l = NumericConversion.ApplyNumericAffinity(left, preferInteger: false);
                SqlValue r = NumericConversion.ApplyNumericAffinity(right, preferInteger: false);

                // Text the affinity left as text still compares with the collation (c COLLATE NOCASE = 'X' in a
                // NUMERIC column).
                return SqlValueComparer.CompareValues(l, r, collation);
            }

            if (affinity == Affinity.Text)
            {
                if (left.IsNumeric)
                {
                    return CompareNumberAsText(left, right, collation);
                }

                if (right.IsNumeric)
                {
                    return -CompareNumberAsText(right, left, collation);
                }
            }
        }

        return SqlValueComparer.CompareValues(left, right, collation);
    }

    /// <summary>
    /// <c>value BETWEEN low AND high</c>, which SQLite evaluates as <c>value &gt;= low AND value &lt;= high</c>, each
    /// comparison with its own affinity.
    /// </summary>
    /// <param name="value">The tested value.</param>
    /// <param name="low">The lower bound.</param>
    /// <param name="high">The upper bound.</param>
    /// <param name="lowAffinity">The comparison affinity of value and low.</param>
    /// <param name="highAffinity">The comparison affinity of value and high.</param>
    /// <param name="lowCollation">The collation of value and low, null for BINARY.</param>
    /// <param name="highCollation">The collation of value and high, null for BINARY.</param>
    /// <returns>The three-valued result (negate it with <see cref="Logic.Not(bool?)"/> for NOT BETWEEN).</returns>
    public static bool? Between(
        in SqlValue value, in SqlValue low, in SqlValue high, Affinity lowAffinity, Affinity highAffinity, Collation? lowCollation = null, Collation? highCollation = null) =>
        Logic.And(
            Evaluate(ComparisonOperator.GreaterOrEqual, value, low, lowAffinity, lowCollation),
            Evaluate(ComparisonOperator.LessOrEqual, value, high, highAffinity, highCollation));

    /// <summary>
    /// <c>value IN (list)</c>: true when some item equals the value; otherwise NULL when the value or some item is
    /// NULL; otherwise false. An empty list is false even for a NULL value. The affinity is the left operand's own
    /// (SQLite applies only that one to IN lists).
    /// </summary>
    /// <param name="value">The tested value.</param>
    /// <param name="list">The list items.</param>
    /// <param name="valueAffinity">The left operand's affinity.</param>
    /// <param name="collation">The left operand's collation (SQLite applies only that one to IN lists), null for BINARY.</param>
    /// <returns>The three-valued result (negate it with <see cref="Logic.Not(bool?)"/> for NOT IN).</returns>
    public static bool? In(in SqlValue value, ReadOnlySpan<SqlValue> list, Affinity valueAffinity, Collation? collation = null)
    {
        if (list.IsEmpty)
        {
            return false;
        }

        if (value.IsNull)
        {
            return null;
        }

        bool sawNull = false;
        foreach (ref readonly SqlValue item in list)
        {
            if (item.IsNull)
            {
                sawNull = true;
            }
            else if (Compare(value, item, valueAffinity, collation) == 0)
            {
                return true;
            }
        }

        return sawNull ? null : false;
    }

    // A number against TEXT (or BLOB) under TEXT affinity: the number is compared as its rendered text.
    private static int CompareNumberAsText(in SqlValue number, in SqlValue other, Collation? collation)
    {
        if (other.StorageClass != SqlStorageClass.Text)
        {
            // TEXT sorts before BLOB, and the number has become TEXT.
            return -1;
        }

        // Both texts without a string: the number's rendered into one stack buffer, a packed date's into another.
        Span<char> buffer = stackalloc char[TextConversion.MaxIntegerLength];
        Span<char> packed = other.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
        ReadOnlySpan<char> text = TextConversion.AsTextSpan(number, buffer);
        ReadOnlySpan<char> otherText = other.GetTextChars(packed);
        return collation is { IsBinary: false } ? collation.Compare(text, otherText) : TextOrder.Compare(text, otherText);
    }
}
