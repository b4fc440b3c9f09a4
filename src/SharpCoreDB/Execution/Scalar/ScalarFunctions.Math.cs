using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>
/// SQLite's math functions (built with SQLITE_ENABLE_MATH_FUNCTIONS, as the reference build is). Arguments that are
/// not numbers (after numeric-text conversion) give NULL, and so does a NaN result.
/// </content>
internal static partial class ScalarFunctions
{
    private static void AddMath(List<ScalarFunction> all)
    {
        all.Add(new("pi", 0, 0, (_, _) => SqlValue.FromDouble(Math.PI)));
        AddUnary(all, "sqrt", Math.Sqrt);
        AddUnary(all, "exp", Math.Exp);
        AddUnary(all, "ln", x => x <= 0 ? double.NaN : Math.Log(x));
        AddUnary(all, "log2", x => x <= 0 ? double.NaN : Math.Log2(x));
        AddUnary(all, "log10", x => x <= 0 ? double.NaN : Math.Log10(x));
        AddUnary(all, "sin", Math.Sin);
        AddUnary(all, "cos", Math.Cos);
        AddUnary(all, "tan", Math.Tan);
        AddUnary(all, "asin", Math.Asin);
        AddUnary(all, "acos", Math.Acos);
        AddUnary(all, "atan", Math.Atan);
        AddUnary(all, "sinh", Math.Sinh);
        AddUnary(all, "cosh", Math.Cosh);
        AddUnary(all, "tanh", Math.Tanh);
        AddUnary(all, "asinh", Math.Asinh);
        AddUnary(all, "acosh", Math.Acosh);
        AddUnary(all, "atanh", Math.Atanh);
        AddUnary(all, "degrees", x => x * (180.0 / Math.PI));
        AddUnary(all, "radians", x => x * (Math.PI / 180.0));
        AddBinary(all, "pow", Math.Pow);
        AddBinary(all, "power", Math.Pow);
        AddBinary(all, "atan2", Math.Atan2);
        AddBinary(all, "mod", (x, y) => x % y);
        AddRounding(all, "ceil", Math.Ceiling, decimal.Ceiling);
        AddRounding(all, "ceiling", Math.Ceiling, decimal.Ceiling);
        AddRounding(all, "floor", Math.Floor, decimal.Floor);
        AddRounding(all, "trunc", Math.Truncate, decimal.Truncate);
        all.Add(new("log", 1, 2, (a, _) => Log(a)));
    }

    private static void AddUnary(List<ScalarFunction> all, string name, Func<double, double> f) =>
        all.Add(new(name, 1, 1, (a, _) =>
        {
            SqlValue x = NumericConversion.ToNumericType(a[0]);
            return x.IsNumeric ? SqlValue.FromDouble(f(NumericConversion.ToDouble(x))) : SqlValue.Null;
        }));

    private static void AddBinary(List<ScalarFunction> all, string name, Func<double, double, double> f) =>
        all.Add(new(name, 2, 2, (a, _) =>
        {
            SqlValue x = NumericConversion.ToNumericType(a[0]);
            if (!x.IsNumeric)
            {
                return SqlValue.Null;
            }

            SqlValue y = NumericConversion.ToNumericType(a[1]);
            return y.IsNumeric
                ? SqlValue.FromDouble(f(NumericConversion.ToDouble(x), NumericConversion.ToDouble(y)))
                : SqlValue.Null;
        }));

    // ceil/floor/trunc keep an INTEGER argument as it is, and a DECIMAL exact.
    private static void AddRounding(List<ScalarFunction> all, string name, Func<double, double> f, Func<decimal, decimal> exact) =>
        all.Add(new(name, 1, 1, (a, _) =>
        {
            SqlValue x = NumericConversion.ToNumericType(a[0]);
            return x.StorageClass switch
            {
                SqlStorageClass.Integer => SqlValue.FromInt64(x.RawBits),
                SqlStorageClass.Real => SqlValue.FromDouble(f(BitConverter.Int64BitsToDouble(x.RawBits))),
                SqlStorageClass.Decimal => SqlValue.FromDecimal(exact(x.RawDecimal)),
                _ => SqlValue.Null,
            };
        }));

    // log(X) is base 10; log(B, X) is base B. SQLite checks the numeric type of the first argument only (twice),
    // so a non-numeric X in the two-argument form reads as 0 and gives NULL.
    private static SqlValue Log(ReadOnlySpan<SqlValue> args)
    {
        SqlValue first = NumericConversion.ToNumericType(args[0]);
        if (!first.IsNumeric)
        {
            return SqlValue.Null;
        }

        double x = NumericConversion.ToDouble(first);
        if (x <= 0.0)
        {
            return SqlValue.Null;
        }

        if (args.Length == 1)
        {
            return SqlValue.FromDouble(Math.Log10(x));
        }

        double b = Math.Log(x);
        if (b <= 0.0)
        {
            return SqlValue.Null;
        }

        x = NumericConversion.ToDouble(args[1]);
        return x <= 0.0 ? SqlValue.Null : SqlValue.FromDouble(Math.Log(x) / b);
    }
}
