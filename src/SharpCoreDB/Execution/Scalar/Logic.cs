using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// Three-valued logic (true, false, NULL as <c>bool?</c>) and SQLite's truth value of a value: a number is true
/// when non-zero; TEXT and BLOB are read as numbers by their prefix (<c>'0.5'</c> is true, <c>'abc'</c> false).
/// </summary>
internal static class Logic
{
    private static readonly SqlValue s_true = SqlValue.FromInt64(1);
    private static readonly SqlValue s_false = SqlValue.FromInt64(0);

    /// <summary>The truth value of a value as a condition (WHERE, CASE WHEN, iif): null for NULL.</summary>
    /// <param name="value">The value.</param>
    /// <returns>True, false or null.</returns>
    public static bool? Truth(in SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Null => null,
        SqlStorageClass.Integer => value.RawBits != 0,
        _ => NumericConversion.ToDouble(value) != 0.0,
    };

    /// <summary><c>value IS TRUE</c>: whether the value is true (NULL is not).</summary>
    /// <param name="value">The value.</param>
    /// <returns>Whether it is true.</returns>
    public static bool IsTrue(in SqlValue value) => Truth(value) == true;

    /// <summary><c>value IS FALSE</c>: whether the value is false (NULL is not).</summary>
    /// <param name="value">The value.</param>
    /// <returns>Whether it is false.</returns>
    public static bool IsFalse(in SqlValue value) => Truth(value) == false;

    /// <summary>Three-valued AND: false if either is false, else NULL if either is NULL, else true.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The result.</returns>
    public static bool? And(bool? left, bool? right)
    {
        if (left == false || right == false)
        {
            return false;
        }

        return left is null || right is null ? null : true;
    }

    /// <summary>Three-valued OR: true if either is true, else NULL if either is NULL, else false.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The result.</returns>
    public static bool? Or(bool? left, bool? right)
    {
        if (left == true || right == true)
        {
            return true;
        }

        return left is null || right is null ? null : false;
    }

    /// <summary>Three-valued NOT: NULL stays NULL.</summary>
    /// <param name="operand">The operand.</param>
    /// <returns>The result.</returns>
    public static bool? Not(bool? operand) => operand is null ? null : !operand.Value;

    /// <summary><c>NOT value</c> on a SQL value: INTEGER 1/0, or NULL.</summary>
    /// <param name="value">The operand.</param>
    /// <returns>The result.</returns>
    public static SqlValue Not(in SqlValue value) => ToValue(Not(Truth(value)));

    /// <summary>A three-valued result as a SQL value: INTEGER 1 or 0, or NULL.</summary>
    /// <param name="value">The result.</param>
    /// <returns>The value.</returns>
    public static SqlValue ToValue(bool? value) => value is null ? SqlValue.Null : value.Value ? s_true : s_false;
}
