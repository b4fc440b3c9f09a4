using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>Exact arithmetic with DECIMAL operands.</content>
internal static partial class Arithmetic
{
    // Only a DECIMAL operand can make the result a DECIMAL: TEXT never reads as one (ToNumber gives INTEGER or REAL).
    private static bool HasDecimal(in SqlValue left, in SqlValue right) =>
        (left.StorageClass == SqlStorageClass.Decimal) | (right.StorageClass == SqlStorageClass.Decimal);

    // A DECIMAL with an INTEGER or DECIMAL (TEXT read as a number first) is computed in System.Decimal; a DECIMAL
    // with a REAL is REAL. A result beyond decimal's range becomes REAL, as SQLite turns an INTEGER overflow into
    // REAL; a zero divisor gives NULL, as in SQLite.
    private static SqlValue DecimalOperation(in SqlValue left, in SqlValue right, DecimalOperator op)
    {
        if (left.IsNull || right.IsNull)
        {
            return SqlValue.Null;
        }

        SqlValue ln = NumericConversion.ToNumber(left);
        SqlValue rn = NumericConversion.ToNumber(right);
        if (!ln.TryGetExactDecimal(out decimal l) || !rn.TryGetExactDecimal(out decimal r))
        {
            return RealOperation(NumericConversion.ToDouble(ln), NumericConversion.ToDouble(rn), op);
        }

        if (op is DecimalOperator.Divide or DecimalOperator.Remainder && r == 0)
        {
            return SqlValue.Null;
        }

        try
        {
            return SqlValue.FromDecimal(op switch
            {
                DecimalOperator.Add => l + r,
                DecimalOperator.Subtract => l - r,
                DecimalOperator.Multiply => l * r,
                DecimalOperator.Divide => l / r,
                _ => l % r,
            });
        }
        catch (OverflowException)
        {
            // Not an error in SQL: the result leaves decimal's range, so it is computed as REAL instead.
            return RealOperation((double)l, (double)r, op);
        }
    }

    private static SqlValue RealOperation(double l, double r, DecimalOperator op) => op switch
    {
        DecimalOperator.Add => SqlValue.FromDouble(l + r),
        DecimalOperator.Subtract => SqlValue.FromDouble(l - r),
        DecimalOperator.Multiply => SqlValue.FromDouble(l * r),
        DecimalOperator.Divide => r == 0 ? SqlValue.Null : SqlValue.FromDouble(l / r),
        _ => RealRemainder(l, r),
    };

    // SQLite's % with a REAL operand: the integer parts, the remainder as REAL.
    private static SqlValue RealRemainder(double l, double r)
    {
        long dividend = NumericConversion.RealToInt64(l);
        long divisor = NumericConversion.RealToInt64(r);
        return divisor == 0 ? SqlValue.Null : SqlValue.FromDouble(dividend % (divisor == -1 ? 1 : divisor));
    }
}
