using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// SQLite's arithmetic, bitwise and concatenation operators. NULL in, NULL out. TEXT and BLOB operands are read as
/// numbers by their numeric prefix (<see cref="NumericConversion.ToNumber"/>). Two INTEGER operands give an
/// INTEGER unless the result overflows, which turns into REAL; a DECIMAL with an INTEGER or DECIMAL gives an exact
/// DECIMAL (REAL on overflow); anything else is REAL. Division and remainder by zero are NULL, and so is a REAL
/// result that is NaN (∞ − ∞).
/// </summary>
internal static partial class Arithmetic
{
    /// <summary><c>left + right</c>.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The sum.</returns>
    public static SqlValue Add(in SqlValue left, in SqlValue right)
    {
        if (BothIntegers(left, right, out long l, out long r))
        {
            long sum = l + r;

            // Overflow iff both operands have the same sign and the sum's sign differs.
            if (((l ^ sum) & (r ^ sum)) >= 0)
            {
                return SqlValue.FromInt64(sum);
            }
        }
        else if (HasDecimal(left, right))
        {
            return DecimalOperation(left, right, DecimalOperator.Add);
        }
        else if (!Numbers(left, right, out l, out r, out bool integers) || integers)
        {
            return integers ? Add(SqlValue.FromInt64(l), SqlValue.FromInt64(r)) : SqlValue.Null;
        }

        return SqlValue.FromDouble(NumericConversion.ToDouble(left) + NumericConversion.ToDouble(right));
    }

    /// <summary><c>left - right</c>.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The difference.</returns>
    public static SqlValue Subtract(in SqlValue left, in SqlValue right)
    {
        if (BothIntegers(left, right, out long l, out long r))
        {
            long difference = l - r;
            if (((l ^ r) & (l ^ difference)) >= 0)
            {
                return SqlValue.FromInt64(difference);
            }
        }
        else if (HasDecimal(left, right))
        {
            return DecimalOperation(left, right, DecimalOperator.Subtract);
        }
        else if (!Numbers(left, right, out l, out r, out bool integers) || integers)
        {
            return integers ? Subtract(SqlValue.FromInt64(l), SqlValue.FromInt64(r)) : SqlValue.Null;
        }

        return SqlValue.FromDouble(NumericConversion.ToDouble(left) - NumericConversion.ToDouble(right));
    }

    /// <summary><c>left * right</c>.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The product.</returns>
    public static SqlValue Multiply(in SqlValue left, in SqlValue right)
    {
        if (BothIntegers(left, right, out long l, out long r))
        {
            long high = Math.BigMul(l, r, out long low);

            // The 128-bit product fits 64 bits iff the high half is the sign extension of the low half.
            if (high == (low >> 63))
            {
                return SqlValue.FromInt64(low);
            }
        }
        else if (HasDecimal(left, right))
        {
            return DecimalOperation(left, right, DecimalOperator.Multiply);
        }
        else if (!Numbers(left, right, out l, out r, out bool integers) || integers)
        {
            return integers ? Multiply(SqlValue.FromInt64(l), SqlValue.FromInt64(r)) : SqlValue.Null;
        }

        return SqlValue.FromDouble(NumericConversion.ToDouble(left) * NumericConversion.ToDouble(right));
    }

    /// <summary><c>left / right</c>: integer division truncates toward zero; division by zero is NULL.</summary>
    /// <param name="left">The dividend.</param>
    /// <param name="right">The divisor.</param>
    /// <returns>The quotient.</returns>
    public static SqlValue Divide(in SqlValue left, in SqlValue right)
    {
        if (BothIntegers(left, right, out long l, out long r))
        {
            if (r == 0)
            {
                return SqlValue.Null;
            }

            if (!(r == -1 && l == long.MinValue))
            {
                return SqlValue.FromInt64(l / r);
            }
        }
        else if (HasDecimal(left, right))
        {
            return DecimalOperation(left, right, DecimalOperator.Divide);
        }
        else if (!Numbers(left, right, out l, out r, out bool integers) || integers)
        {
            return integers ? Divide(SqlValue.FromInt64(l), SqlValue.FromInt64(r)) : SqlValue.Null;
        }

        double divisor = NumericConversion.ToDouble(right);
        return divisor == 0.0 ? SqlValue.Null : SqlValue.FromDouble(NumericConversion.ToDouble(left) / divisor);
    }

    /// <summary>
    /// <c>left % right</c>: the sign follows the dividend; a REAL operand makes SQLite take the integer parts of
    /// both and return the remainder as REAL; a zero (integer part of the) divisor is NULL.
    /// </summary>
    /// <param name="left">The dividend.</param>
    /// <param name="right">The divisor.</param>
    /// <returns>The remainder.</returns>
    public static SqlValue Remainder(in SqlValue left, in SqlValue right)
    {
        if (BothIntegers(left, right, out long l, out long r))
        {
            return r == 0 ? SqlValue.Null : SqlValue.FromInt64(l % (r == -1 ? 1 : r));
        }

        if (HasDecimal(left, right))
        {
            return DecimalOperation(left, right, DecimalOperator.Remainder);
        }

        if (!Numbers(left, right, out l, out r, out bool integers) || integers)
        {
            return integers ? Remainder(SqlValue.FromInt64(l), SqlValue.FromInt64(r)) : SqlValue.Null;
        }

        long dividend = NumericConversion.ToInt64(left);
        long divisor = NumericConversion.ToInt64(right);
        return divisor == 0 ? SqlValue.Null : SqlValue.FromDouble(dividend % (divisor == -1 ? 1 : divisor));
    }

    /// <summary>Unary minus: SQLite computes it as <c>0 - operand</c> (so <c>-'abc'</c> is 0 and −long.MinValue is REAL).</summary>
    /// <param name="operand">The operand.</param>
    /// <returns>The negation.</returns>
    public static SqlValue Negate(in SqlValue operand) => Subtract(SqlValue.FromInt64(0), operand);

    /// <summary>Unary plus: the operand unchanged, whatever its class (<c>+'abc'</c> is <c>'abc'</c>).</summary>
    /// <param name="operand">The operand.</param>
    /// <returns>The operand.</returns>
    public static SqlValue Plus(in SqlValue operand) => operand;

    /// <summary><c>~operand</c>: the complement of the operand's integer value.</summary>
    /// <param name="operand">The operand.</param>
    /// <returns>An INTEGER, or NULL.</returns>
    public static SqlValue BitNot(in SqlValue operand) =>
        operand.IsNull ? SqlValue.Null : SqlValue.FromInt64(~NumericConversion.ToInt64(operand));

    /// <summary><c>left &amp; right</c> on the operands' integer values.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>An INTEGER, or NULL.</returns>
    public static SqlValue BitAnd(in SqlValue left, in SqlValue right) =>
        left.IsNull || right.IsNull
            ? SqlValue.Null
            : SqlValue.FromInt64(NumericConversion.ToInt64(left) & NumericConversion.ToInt64(right));

    /// <summary><c>left | right</c> on the operands' integer values.</summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>An INTEGER, or NULL.</returns>
    public static SqlValue BitOr(in SqlValue left, in SqlValue right) =>
        left.IsNull || right.IsNull
            ? SqlValue.Null
            : SqlValue.FromInt64(NumericConversion.ToInt64(left) | NumericConversion.ToInt64(right));

    /// <summary><c>left &lt;&lt; right</c>: a negative count shifts right; a count of 64 or more gives 0 (or −1).</summary>
    /// <param name="left">The value.</param>
    /// <param name="right">The shift count.</param>
    /// <returns>An INTEGER, or NULL.</returns>
    public static SqlValue ShiftLeft(in SqlValue left, in SqlValue right) => Shift(left, right, towardLeft: true);

    /// <summary><c>left &gt;&gt; right</c>: arithmetic (sign-extending); a negative count shifts left.</summary>
    /// <param name="left">The value.</param>
    /// <param name="right">The shift count.</param>
    /// <returns>An INTEGER, or NULL.</returns>
    public static SqlValue ShiftRight(in SqlValue left, in SqlValue right) => Shift(left, right, towardLeft: false);

    /// <summary>
    /// <c>left || right</c>: always TEXT (NULL if either is NULL). Numbers are rendered as SQLite renders them;
    /// BLOB bytes are joined as bytes and read as UTF-8.
    /// </summary>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <returns>The concatenation.</returns>
    public static SqlValue Concat(in SqlValue left, in SqlValue right)
    {
        if (left.IsNull || right.IsNull)
        {
            return SqlValue.Null;
        }

        ValueLimits.CheckConcat(left, right, ValueLimits.DefaultMaxLength);
        if (left.StorageClass != SqlStorageClass.Blob && right.StorageClass != SqlStorageClass.Blob)
        {
            return SqlValue.FromText(string.Concat(TextConversion.ToText(left), TextConversion.ToText(right)));
        }

        // SQLite joins the raw bytes, so a UTF-8 sequence split across two blobs comes together.
        byte[] l = TextConversion.ToBytes(left);
        byte[] r = TextConversion.ToBytes(right);
        byte[] joined = new byte[l.Length + r.Length];
        l.CopyTo(joined, 0);
        r.CopyTo(joined, l.Length);
        return SqlValue.FromText(TextConversion.DecodeUtf8(joined));
    }

    private static SqlValue Shift(in SqlValue left, in SqlValue right, bool towardLeft)
    {
        if (left.IsNull || right.IsNull)
        {
            return SqlValue.Null;
        }

        long value = NumericConversion.ToInt64(left);
        long count = NumericConversion.ToInt64(right);
        if (count == 0)
        {
            return SqlValue.FromInt64(value);
        }

        if (count < 0)
        {
            towardLeft = !towardLeft;
            count = count > -64 ? -count : 64;
        }

        if (count >= 64)
        {
            return SqlValue.FromInt64(value >= 0 || towardLeft ? 0 : -1);
        }

        return SqlValue.FromInt64(towardLeft ? (long)((ulong)value << (int)count) : value >> (int)count);
    }

    private static bool BothIntegers(in SqlValue left, in SqlValue right, out long l, out long r)
    {
        l = left.RawBits;
        r = right.RawBits;
        return left.StorageClass == SqlStorageClass.Integer && right.StorageClass == SqlStorageClass.Integer;
    }

    // The slow path for operands that are not both INTEGER. Returns false when either is NULL (integers is then
    // false too). Otherwise integers says whether both read as INTEGER (text like '12' does), with their values.
    private static bool Numbers(in SqlValue left, in SqlValue right, out long l, out long r, out bool integers)
    {
        l = 0;
        r = 0;
        integers = false;
        if (left.IsNull || right.IsNull)
        {
            return false;
        }

        SqlValue ln = NumericConversion.ToNumber(left);
        SqlValue rn = NumericConversion.ToNumber(right);
        if (ln.StorageClass == SqlStorageClass.Integer && rn.StorageClass == SqlStorageClass.Integer)
        {
            l = ln.RawBits;
            r = rn.RawBits;
            integers = true;
        }

        return true;
    }
}
