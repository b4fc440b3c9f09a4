using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>NULL handling and conditionals: coalesce, ifnull, iif/if, nullif; typeof; likely/unlikely/likelihood.</content>
internal static partial class ScalarFunctions
{
    private static void AddMisc(List<ScalarFunction> all)
    {
        all.Add(new("coalesce", 2, Any, (a, _) => FirstNonNull(a), LazyEvaluation.FirstNonNull));
        all.Add(new("ifnull", 2, 2, (a, _) => FirstNonNull(a), LazyEvaluation.FirstNonNull));
        all.Add(new("iif", 2, Any, (a, _) => Conditional(a), LazyEvaluation.Conditional));
        all.Add(new("if", 2, Any, (a, _) => Conditional(a), LazyEvaluation.Conditional));
        all.Add(ScalarFunction.Collated("nullif", 2, 2, (a, collation) => SqlValueComparer.CompareValues(a[0], a[1], collation) != 0 ? a[0] : SqlValue.Null));
        all.Add(new("typeof", 1, 1, (a, _) => SqlValue.FromText(TypeName(a[0].StorageClass))));
        all.Add(new("likely", 1, 1, (a, _) => a[0]));
        all.Add(new("unlikely", 1, 1, (a, _) => a[0]));
        all.Add(new("likelihood", 2, 2, (a, _) => Likelihood(a)));
    }

    /// <summary>The name <c>typeof()</c> gives a storage class.</summary>
    /// <param name="storageClass">The storage class.</param>
    /// <returns>"null", "integer", "real", "text" or "blob".</returns>
    public static string TypeName(SqlStorageClass storageClass) => storageClass switch
    {
        SqlStorageClass.Null => "null",
        SqlStorageClass.Integer => "integer",
        SqlStorageClass.Real or SqlStorageClass.Decimal => "real",
        SqlStorageClass.Text => "text",
        _ => "blob",
    };

    private static SqlValue FirstNonNull(ReadOnlySpan<SqlValue> args)
    {
        foreach (ref readonly SqlValue arg in args)
        {
            if (!arg.IsNull)
            {
                return arg;
            }
        }

        return SqlValue.Null;
    }

    private static SqlValue Conditional(ReadOnlySpan<SqlValue> args)
    {
        int i = 0;
        for (; i + 1 < args.Length; i += 2)
        {
            if (Logic.IsTrue(args[i]))
            {
                return args[i + 1];
            }
        }

        return i < args.Length ? args[i] : SqlValue.Null;
    }

    private static SqlValue Likelihood(ReadOnlySpan<SqlValue> args)
    {
        double p = args[1].IsNumeric ? NumericConversion.ToDouble(args[1]) : -1;
        if (p is < 0.0 or > 1.0)
        {
            throw ExecutionErrors.LikelihoodArgument();
        }

        return args[0];
    }
}
