using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// Which collation a comparison uses, by SQLite's rules (sqlite3BinaryCompareCollSeq): an explicit COLLATE on the
/// left operand, else one on the right, else the left operand's column collation, else the right's, else BINARY.
/// </summary>
internal static class CollationRules
{
    /// <summary>The collation of <c>left op right</c>.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The collation (never null).</returns>
    public static Collation ForComparison(Expr left, Expr right) =>
        ForComparison(left.Collation, left.HasExplicitCollation, right.Collation, right.HasExplicitCollation);

    /// <summary>The collation of a comparison from each side's collation and whether it is explicit.</summary>
    /// <param name="left">The left operand's collation, or null.</param>
    /// <param name="leftExplicit">True when the left operand holds a COLLATE.</param>
    /// <param name="right">The right operand's collation, or null.</param>
    /// <param name="rightExplicit">True when the right operand holds a COLLATE.</param>
    /// <returns>The collation (never null).</returns>
    public static Collation ForComparison(Collation? left, bool leftExplicit, Collation? right, bool rightExplicit)
    {
        if (leftExplicit)
        {
            return left ?? Collation.Binary;
        }

        if (rightExplicit)
        {
            return right ?? Collation.Binary;
        }

        return left ?? right ?? Collation.Binary;
    }

    /// <summary>
    /// The collation of a call of scalar min(), max() or nullif() (SQLite's SQLITE_FUNC_NEEDCOLL): the first argument's,
    /// left to right, that has one. A column always has one (BINARY when it declares none), so unlike a comparison an
    /// explicit COLLATE on a later argument does not win over an earlier column.
    /// </summary>
    /// <param name="arguments">The call's arguments.</param>
    /// <returns>The collation, null for BINARY.</returns>
    public static Collation? ForFunctionCall(IReadOnlyList<Expr> arguments)
    {
        for (int i = 0; i < arguments.Count; i++)
        {
            if (arguments[i].Collation is { } collation)
            {
                return NonBinary(collation);
            }
        }

        return null;
    }

    /// <summary>The collation of a sort, grouping or DISTINCT key: the expression's, else BINARY.</summary>
    /// <param name="key">The key expression.</param>
    /// <returns>The collation, null for BINARY (so the plain comparer runs).</returns>
    public static Collation? ForKey(Expr key) => NonBinary(key.Collation);

    /// <summary>The collation, or null when it is BINARY (the comparers' fast path).</summary>
    /// <param name="collation">A collation, or null.</param>
    /// <returns>The collation, or null.</returns>
    public static Collation? NonBinary(Collation? collation) => collation is { IsBinary: false } ? collation : null;

    /// <summary>The collations of the first <paramref name="count"/> key expressions, or null when all are BINARY.</summary>
    /// <param name="keys">The key expressions.</param>
    /// <param name="count">How many of them form the key.</param>
    /// <returns>Per key, the collation or null for BINARY; null when every key is BINARY.</returns>
    public static Collation?[]? ForKeys(IReadOnlyList<Expr> keys, int count)
    {
        Collation?[]? collations = null;
        for (int i = 0; i < count; i++)
        {
            if (ForKey(keys[i]) is { } collation)
            {
                collations ??= new Collation?[count];
                collations[i] = collation;
            }
        }

        return collations;
    }
}
