using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>Numeric functions: abs, round, sign, min/max (scalar), random, randomblob, zeroblob.</content>
internal static partial class ScalarFunctions
{
    // Beyond ±2^52 every double is an integer: nothing to round.
    private const double NoFraction = 4503599627370496.0;

    private static void AddNumeric(List<ScalarFunction> all)
    {
        all.Add(new("abs", 1, 1, (a, _) => Abs(a[0])));
        all.Add(new("round", 1, 2, (a, _) => Round(a)));
        all.Add(new("sign", 1, 1, (a, _) => Sign(a[0])));
        all.Add(ScalarFunction.Collated("min", 2, Any, (a, collation) => MinMax(a, collation, max: false)));
        all.Add(ScalarFunction.Collated("max", 2, Any, (a, collation) => MinMax(a, collation, max: true)));
        all.Add(new("random", 0, 0, (_, random) => SqlValue.FromInt64(RandomInt64(random)), deterministic: false));
        all.Add(new("randomblob", 1, 1, (a, random) => RandomBlob(a[0], random), deterministic: false));
        all.Add(new("zeroblob", 1, 1, (a, _) => SqlValue.FromBlob(new byte[CheckedBlobLength(NumericConversion.ToInt64(a[0]))])));
    }

    private static SqlValue Abs(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Null:
                return SqlValue.Null;
            case SqlStorageClass.Integer:
                long x = value.RawBits;
                if (x == long.MinValue)
                {
                    throw ExecutionErrors.IntegerOverflow();
                }

                return SqlValue.FromInt64(Math.Abs(x));
            case SqlStorageClass.Decimal:
                return SqlValue.FromDecimal(Math.Abs(value.RawDecimal));
            default:
                // TEXT and BLOB read as REAL; -0.0 stays as it is (SQLite only negates values below zero).
                double real = NumericConversion.ToDouble(value);
                return SqlValue.FromDouble(real < 0 ? -real : real);
        }
    }

    // round(X [, N]): REAL, except that a DECIMAL stays DECIMAL. N is clamped to 0..30. With N = 0, SQLite adds ±0.5 and truncates; otherwise it
    // prints "%!.Nf" and reads the text back, which is what the digit arithmetic below reproduces.
    private static SqlValue Round(ReadOnlySpan<SqlValue> args)
    {
        long digits = 0;
        if (args.Length == 2)
        {
            if (args[1].IsNull)
            {
                return SqlValue.Null;
            }

            digits = Math.Clamp(NumericConversion.ToInt64(args[1]), 0, 30);
        }

        if (args[0].IsNull)
        {
            return SqlValue.Null;
        }

        if (args[0].StorageClass == SqlStorageClass.Decimal)
        {
            // A DECIMAL stays exact: rounded half away from zero (as SQLite rounds), to at most 28 places.
            decimal exact = args[0].RawDecimal;
            return SqlValue.FromDecimal(Math.Round(exact, (int)Math.Min(digits, exact.Scale), MidpointRounding.AwayFromZero));
        }

        double r = NumericConversion.ToDouble(args[0]);
        if (r is < -NoFraction or > NoFraction)
        {
            return SqlValue.FromDouble(r);
        }

        if (digits == 0)
        {
            return SqlValue.FromDouble((long)(r + (r < 0 ? -0.5 : 0.5)));
        }

        return SqlValue.FromDouble(RoundToDecimals(r, (int)digits));
    }

    private static double RoundToDecimals(double r, int decimals)
    {
        Span<byte> buffer = stackalloc byte[FloatDecoder.BufferLength];
        int first = FloatDecoder.Decode(r, -decimals, 26, buffer, out int count, out int decimalPoint);

        // Only digits down to 10^-decimals are printed; the rest never reach the text that is read back.
        int visible = decimalPoint + decimals;
        if (visible <= 0 || r == 0)
        {
            return r < 0 ? -0.0 : 0.0;
        }

        int kept = Math.Min(count, visible);
        Span<byte> text = stackalloc byte[48];
        int n = 0;
        if (r < 0)
        {
            text[n++] = (byte)'-';
        }

        buffer.Slice(first, kept).CopyTo(text[n..]);
        n += kept;
        text[n++] = (byte)'e';
        int exponent = decimalPoint - kept;
        if (exponent < 0)
        {
            text[n++] = (byte)'-';
            exponent = -exponent;
        }

        exponent.TryFormat(text[n..], out int written, default, System.Globalization.CultureInfo.InvariantCulture);
        n += written;
        NumericText.ParseReal<byte>(text[..n], out double result);
        return result;
    }

    private static SqlValue Sign(in SqlValue value)
    {
        SqlValue number = NumericConversion.ToNumericType(value);
        if (!number.IsNumeric)
        {
            return SqlValue.Null;
        }

        if (number.StorageClass == SqlStorageClass.Decimal)
        {
            return SqlValue.FromInt64(Math.Sign(number.RawDecimal));
        }

        double x = NumericConversion.ToDouble(number);
        return SqlValue.FromInt64(x < 0 ? -1 : x > 0 ? 1 : 0);
    }

    // Scalar min()/max(): NULL if any argument is NULL; ties go to the later argument for min and the earlier one
    // for max (so min(1, 1.0) is 1.0 and max(1, 1.0) is 1), as in SQLite. TEXT compares under the call's collation.
    private static SqlValue MinMax(ReadOnlySpan<SqlValue> args, Collation? collation, bool max)
    {
        int best = 0;
        if (args[0].IsNull)
        {
            return SqlValue.Null;
        }

        for (int i = 1; i < args.Length; i++)
        {
            if (args[i].IsNull)
            {
                return SqlValue.Null;
            }

            int order = SqlValueComparer.CompareValues(args[best], args[i], collation);
            if (max ? order < 0 : order >= 0)
            {
                best = i;
            }
        }

        return args[best];
    }

    private static long RandomInt64(Random random)
    {
        Span<byte> bytes = stackalloc byte[8];
        random.NextBytes(bytes);
        return BitConverter.ToInt64(bytes);
    }

    private static SqlValue RandomBlob(in SqlValue size, Random random)
    {
        long n = NumericConversion.ToInt64(size);
        byte[] bytes = new byte[CheckedBlobLength(Math.Max(n, 1))];
        random.NextBytes(bytes);
        return SqlValue.FromBlob(bytes);
    }

    private static int CheckedBlobLength(long requested)
    {
        ValueLimits.CheckAllocation(requested);
        return (int)Math.Max(requested, 0);
    }
}
